import type { FeedRow } from "../store";

/**
 * The feeds the served cities list, as this instance knows them: each URL's stored id, each
 * feed's state as last written or read, and which have had a fetch attempt ended (until then
 * a category of them is loading). Shared by the engine's scheduling, refresh and snapshots.
 */
export class FeedBook {
  /** Fetch attempts ended (by this instance, or by another as the database says). */
  readonly attempted = new Set<number>();
  readonly rows = new Map<number, FeedRow>();

  constructor(
    /** Each listed URL's stored id (NewsStore.addFeeds), in the order listed. */
    readonly ids: ReadonlyMap<string, number>,
    rows: readonly FeedRow[],
  ) {
    for (const row of rows) this.rows.set(row.id, row);
  }

  /**
   * Each listed feed's id and last success, as this instance knows them (the metrics' feed ages:
   * an id, never the feed's URL, labels them).
   */
  successes(): { id: number; lastSuccess: number | null }[] {
    return [...this.ids.values()].map((id) => ({
      id,
      lastSuccess: this.rows.get(id)?.lastSuccess ?? null,
    }));
  }

  /** The stored state of a listed feed. */
  stateOf(url: string): FeedRow | undefined {
    const id = this.ids.get(url);
    return id === undefined ? undefined : this.rows.get(id);
  }
}
