import type { Kysely } from "kysely";
import type { Store } from "../db/open";
import type { Database } from "../db/schema";

/** A weather service answer as kept: its JSON body and when it was fetched. */
export interface WeatherDocument {
  body: unknown;
  fetchedAt: number;
}

/**
 * The last good weather answers, by URL (migration 0005): read when an answer is first needed
 * (after a restart, or fetched by another instance), written after each good fetch.
 */
export class WeatherStore {
  private readonly db: Kysely<Database>;

  constructor(store: Store) {
    this.db = store.db;
  }

  async get(url: string): Promise<WeatherDocument | null> {
    const row = await this.db
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

  async put(url: string, body: string, fetchedAt: number): Promise<void> {
    await this.db
      .insertInto("weather_documents")
      .values({ url, body, fetched_at: fetchedAt })
      .onConflict((oc) => oc.column("url").doUpdateSet({ body, fetched_at: fetchedAt }))
      .execute();
  }
}
