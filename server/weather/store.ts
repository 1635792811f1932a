import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { writeTransaction, type Store } from "../db/open";

/** A weather service answer as kept: its JSON body and when it was fetched. */
export interface WeatherDocument {
  body: unknown;
  fetchedAt: number;
}

/** The PostgreSQL channel on which instances announce a weather answer they stored (put). */
export const WEATHER_CHANGES = "weather_document_changed";

/** A notification's payload: the announcing instance, a space, the answer's URL. */
export function parseWeatherChange(payload: string): { instance: string; url: string } | null {
  const space = payload.indexOf(" ");
  if (space <= 0 || space === payload.length - 1) return null;
  return { instance: payload.slice(0, space), url: payload.slice(space + 1) };
}

/**
 * The last good weather answers, by URL (migration 0005): read when an answer is first needed
 * (after a restart, or fetched by another instance), written after each good fetch.
 */
export class WeatherStore {
  /** This process among the instances sharing the database (its own notifications are passed over). */
  readonly instance = randomBytes(6).toString("hex");

  constructor(private readonly store: Store) {}

  async get(url: string): Promise<WeatherDocument | null> {
    const row = await this.store.db
      .selectFrom("weather_documents")
      .select(["body", "fetched_at"])
      .where("url", "=", url)
      .executeTakeFirst();
    if (!row) return null;
    try {
      return { body: JSON.parse(row.body) as unknown, fetchedAt: row.fetched_at };
    } catch {
      return null;
    }
  }

  /**
   * Keeps an answer; on PostgreSQL the other instances are told of it (NOTIFY on WEATHER_CHANGES,
   * delivered at commit), so that an alert one of them fetched reaches every instance's open pages
   * at once rather than at its own next fetch. In one write transaction (writeTransaction: begun
   * again when its BEGIN meets a connection the server just closed).
   */
  async put(url: string, body: string, fetchedAt: number): Promise<void> {
    await writeTransaction(this.store, async (db) => {
      await db
        .insertInto("weather_documents")
        .values({ url, body, fetched_at: fetchedAt })
        .onConflict((oc) => oc.column("url").doUpdateSet({ body, fetched_at: fetchedAt }))
        .execute();
      if (this.store.dialect === "postgres") {
        await sql`SELECT pg_notify(${WEATHER_CHANGES}, ${`${this.instance} ${url}`})`.execute(db);
      }
    });
  }
}
