import type { Store } from "../db/open";

/**
 * The failed-picture memory in the network's database (migration 0003), which every instance
 * sharing it reads: a picture one instance could not get is not asked for again by another
 * until its failure is forgotten. Times are ms since the epoch; a permanent failure is kept as
 * the largest safe integer.
 */
export class PictureFailures {
  constructor(private readonly store: Pick<Store, "db">) {}

  /** Until when `id`'s fallback is served, or undefined when it has not failed lately. */
  async until(id: string, now: number): Promise<number | undefined> {
    const row = await this.store.db
      .selectFrom("picture_failures")
      .select("until")
      .where("id", "=", id)
      .where("until", ">", now)
      .executeTakeFirst();
    return row?.until;
  }

  /** Remembers that `id` failed, until `until` (Infinity: for good), and why. */
  async remember(id: string, until: number, reason: string): Promise<void> {
    const kept = Number.isFinite(until) ? until : Number.MAX_SAFE_INTEGER;
    await this.store.db
      .insertInto("picture_failures")
      .values({ id, until: kept, reason: reason.slice(0, 500) })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({ until: kept, reason: reason.slice(0, 500) }),
      )
      .execute();
  }

  /** Forgets the failures whose time has passed (the retention hour); returns how many. */
  async prune(now: number): Promise<number> {
    const result = await this.store.db
      .deleteFrom("picture_failures")
      .where("until", "<=", now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
