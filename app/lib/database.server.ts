import { data } from "react-router";
import type { DatabaseUnavailableError } from "../../server/db/health";

/** The name of the server's error for a database away (server/db/health.ts). */
const UNAVAILABLE: DatabaseUnavailableError["name"] = "DatabaseUnavailableError";

/**
 * Whether a failure of what a loader or action asked the server for (its news, its messages)
 * was the database being away: known by its name, which is all that reaches a page made on a
 * render worker (server/render/channel.ts).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return err instanceof Error && err.name === UNAVAILABLE;
}

/**
 * While the database is away (server/db/health.ts), what is held in memory is still served;
 * what needs the database is answered 503 with these words, and asked again after RETRY_AFTER_S.
 */
export const RETRY_AFTER_S = 30;

/** What a page that needs the database says while it cannot be reached. */
export const DATABASE_UNAVAILABLE =
  "The news database cannot be reached just now. Please try again in a minute.";

/** What a contact form's sender is told when their message could not be stored. */
export const NOT_SENT =
  "Your message was NOT sent: we cannot receive messages just now. Please try again in a few minutes; what you wrote is still here.";

/**
 * `work`'s value; when it failed for want of the database, a 503 thrown instead (the route's
 * error page says DATABASE_UNAVAILABLE), so that a loader that reads the database says so
 * rather than failing with a 500.
 */
export async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isDatabaseUnavailable(err)) {
      throw data(DATABASE_UNAVAILABLE, {
        status: 503,
        headers: { "Retry-After": String(RETRY_AFTER_S) },
      });
    }
    throw err;
  }
}
