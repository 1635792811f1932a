import type { FeedKey } from "../../sites/categories";
import { isDatabaseUnavailable } from "../db/health";
import type { SearchResults } from "./search";
import { CATEGORY_LIMIT, type FeedRow } from "./store";
import { combineNews, type CategoryNews, type NewsReader } from "./engine/category-news";
import { searchCity } from "./engine/city-search";
import { FeedBook } from "./engine/feed-book";
import type { EngineOptions } from "./engine/options";
import { refreshFeed, type RefreshContext } from "./engine/refresh";
import { Schedule } from "./engine/schedule";
import { Snapshots } from "./engine/snapshots";

// The engine's parts (engine/), exported from here as before: importers name this module only.
export {
  ALL_FEEDS_FAILED,
  CATEGORY_POOL,
  combineNews,
  type CategoryNews,
  type CategoryState,
  type CombinedNews,
  type NewsReader,
} from "./engine/category-news";
export type { EngineOptions, Logger } from "./engine/options";
export {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_PER_HOST_CONCURRENCY,
  LEASE_MS,
  MAX_REFRESH_MS,
  PRUNE_INTERVAL_MS,
  TICK_MS,
  backoffMs,
} from "./engine/schedule";

/**
 * The network's news engine. Each feed URL that a served city lists is fetched once per interval
 * whatever the number of cities listing it (its interval follows how often it publishes:
 * schedule.ts), stored once, and read by every city that lists it. A feed that fails backs off;
 * fetches are limited at once overall and per host. Reads never wait on a fetch and never run
 * SQL on the hot path: each feed's newest articles are kept in memory (bounded, read when first
 * asked for, then updated from what each refresh writes), a city's category is merged from them
 * (bounded, built when first asked for), and a category's version is the sum of its feeds'
 * versions, which grow whenever what a page shows of them changes. Search queries the full-text
 * index, bounded, over the city's own feeds. The retention policy runs hourly.
 *
 * Its parts: engine/schedule.ts (timers, leases, limits: when each feed is fetched),
 * engine/refresh.ts (one feed fetched, read and stored), engine/snapshots.ts (what pages read).
 */
export class NewsEngine {
  private readonly feeds: FeedBook;
  private readonly schedule: Schedule;
  private readonly snapshots: Snapshots;
  private readonly refreshing: RefreshContext;
  private readonly readers = new Map<string, NewsReader>();
  private readonly now: () => number;

  /** Opens the engine over its store: the listed feeds registered and their state read. */
  static async open(options: EngineOptions): Promise<NewsEngine> {
    // A database of this instance alone: what it leased before a restart is its own again.
    if (!options.store.shared) await options.store.releaseLeases();
    const ids = await options.store.addFeeds(options.subscriptions.urls());
    const listed = new Set(ids.values());
    const rows = (await options.store.feeds()).filter((row) => listed.has(row.id));
    return new NewsEngine(options, ids, rows);
  }

  private constructor(
    private readonly options: EngineOptions,
    ids: Map<string, number>,
    rows: readonly FeedRow[],
  ) {
    this.now = options.now ?? Date.now;
    this.feeds = new FeedBook(ids, rows);
    this.snapshots = new Snapshots(options, this.feeds, this.now);
    this.schedule = new Schedule(options, this.feeds, this.scheduledWork(), this.now);
    this.refreshing = {
      options,
      feeds: this.feeds,
      now: this.now,
      random: options.random ?? Math.random,
      turn: () => this.schedule.turn(),
    };
  }

  /** What the schedule runs: a feed's refresh, and the timers' jobs, each logging its failure. */
  private scheduledWork() {
    const logged = (job: () => Promise<unknown>, msg: string) => async () => {
      try {
        await job();
      } catch (err) {
        this.logFailure(err, msg);
      }
    };
    return {
      refresh: (url: string, id: number) => this.refreshOne(url, id),
      // A failed refresh stays due (what it could not write), its lease, if any, running out.
      refreshDueLogged: logged(() => this.refreshDue(), "refreshing feeds failed"),
      pruneLogged: logged(() => this.prune(), "pruning old articles failed"),
      syncLogged: logged(
        () => this.syncFromStore(),
        "reading the feeds' state from the database failed",
      ),
      renewLeasesLogged: logged(() => this.renewLeases(), "renewing the feeds' leases failed"),
    };
  }

  /** Starts refreshing (every due feed at once, then whatever is due on each tick) and pruning. */
  start(): Promise<void> {
    return this.schedule.start();
  }

  /**
   * Stops refreshing and pruning; resolves once the refreshes under way have stopped (a refresh
   * stops at its next turn: nothing more is written or read), so the store may then be closed.
   */
  stop(): Promise<void> {
    return this.schedule.stop();
  }

  /**
   * Each listed feed's id and last success, as this instance knows them (the metrics' feed ages:
   * an id, never the feed's URL, labels them).
   */
  feedSuccesses(): { id: number; lastSuccess: number | null }[] {
    return this.feeds.successes();
  }

  /** The stored state of a listed feed. */
  feedState(url: string): FeedRow | undefined {
    return this.feeds.stateOf(url);
  }

  /**
   * Refreshes every listed feed that is due now and that this instance could lease (another
   * instance sharing the database may hold it, or have refreshed it already), each once;
   * resolves when they have finished.
   */
  refreshDue(): Promise<void> {
    return this.schedule.refreshDue();
  }

  /** Renews the leases of the feeds this instance is still refreshing (the start's timer does). */
  renewLeases(): Promise<void> {
    return this.schedule.renewLeases();
  }

  /**
   * One feed's refresh (engine/refresh.ts), then what it stored taken in (engine/snapshots.ts:
   * from what the write returned, not read back). Whatever the refresh did, the feed counts as
   * attempted; when its write failed, what is stored is read again.
   */
  private async refreshOne(url: string, id: number): Promise<void> {
    const outcome = await refreshFeed(this.refreshing, url, id).then(
      (stored) => ({ stored }),
      (error: unknown) => ({ error }),
    );
    this.feeds.attempted.add(id);
    if (await this.schedule.turn()) {
      if ("stored" in outcome && outcome.stored)
        await this.snapshots.takeStored(id, outcome.stored);
      else await this.snapshots.reread(id);
    }
    if ("error" in outcome) throw outcome.error;
  }

  /**
   * Another instance changed a feed's stored state (a notification): it is read again when this
   * instance lists it, and what pages show of it gets a new version if it changed.
   */
  async feedChanged(feedId: number, instance: string): Promise<void> {
    if (instance === this.options.store.instance || !this.feeds.rows.has(feedId)) return;
    this.schedule.released(feedId);
    this.feeds.attempted.add(feedId);
    await this.snapshots.reread(feedId);
  }

  /**
   * Reads every listed feed's stored state and takes in what changed since this instance last
   * read it (the fallback of notifications: run every syncMs, and after a lost connection).
   * `everyFeed` (after a lost connection): every feed's newest read again, whatever its state
   * says. A refresh of this instance in the gap merged its write into a window that missed
   * another instance's unannounced one, and then wrote the very state the store has, so the
   * state alone cannot tell that feed from an unchanged one.
   */
  async syncFromStore({ everyFeed = false }: { everyFeed?: boolean } = {}): Promise<void> {
    const rows = await this.options.store.feedsByIds([...this.feeds.rows.keys()]);
    for (const row of rows) {
      const known = this.feeds.rows.get(row.id);
      const same = known?.lastAttempt === row.lastAttempt && known.lastSuccess === row.lastSuccess;
      if (same && !everyFeed) {
        this.feeds.rows.set(row.id, row);
        continue;
      }
      if (row.lastAttempt !== null) this.feeds.attempted.add(row.id);
      await this.snapshots.reread(row.id, row);
    }
  }

  /**
   * A background job's failure: an error, but the database being away is logged once by its
   * health tracker (db/health.ts), not by every tick meanwhile (debug only).
   */
  private logFailure(err: unknown, msg: string): void {
    if (isDatabaseUnavailable(err)) this.options.log.debug?.({ err }, msg);
    else this.options.log.error({ err }, msg);
  }

  /** Runs the retention policy; the feeds in memory are read again when it deleted anything. */
  async prune(): Promise<number> {
    const deleted = await this.options.store.prune(this.now(), this.options.retention);
    if (deleted > 0) {
      this.options.log.info({ deleted }, "old articles pruned");
      for (const id of this.snapshots.cachedFeeds()) await this.snapshots.reread(id);
    }
    return deleted;
  }

  /**
   * A count that moves whenever any feed's version does: while it stays, every version() answer
   * stays too (the page cache then need not ask for each of a page's categories).
   */
  changes(): number {
    return this.snapshots.changes();
  }

  /** How many times what a city's category shows has changed (pages cached from it compare it). */
  version(city: string, key: FeedKey): number {
    return this.snapshots.version(city, key);
  }

  /** A city's category: its feeds' newest articles merged (15 per feed, 15 in all). */
  getCategory(city: string, key: FeedKey): Promise<CategoryNews> {
    return this.snapshots.getCategory(city, key);
  }

  /** One page of a city's stored stories matching what a reader typed (engine/city-search.ts). */
  search(city: string, query: string, page = 1): Promise<SearchResults> {
    const { options, feeds, snapshots } = this;
    return searchCity({ options, feeds, snapshots }, city, query, page);
  }

  /** One city's news, as loaders read it. */
  city(id: string): NewsReader {
    let reader = this.readers.get(id);
    if (!reader) {
      reader = {
        getCategory: (key) => this.getCategory(id, key),
        getCategories: async (keys, limit = CATEGORY_LIMIT) =>
          combineNews(await Promise.all(keys.map((key) => this.getCategory(id, key))), limit),
        version: (key) => this.version(id, key),
        search: (query, page) => this.search(id, query, page),
      };
      // Readers are small and one per served city: kept while the process runs.
      this.readers.set(id, reader);
    }
    return reader;
  }

  /** Calls `listener` with a feed's URL whenever what pages show of it changes; returns how to stop. */
  onChange(listener: (feedUrl: string) => void): () => void {
    return this.snapshots.onChange(listener);
  }
}
