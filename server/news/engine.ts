import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import pLimit from "p-limit";
import { freshWindowMs, type FeedKey } from "../../sites/categories";
import { ShownStories } from "../../common/story-keys";
import { isDatabaseUnavailable } from "../db/health";
import { composeCategory } from "./compose";
import { fetchFeed, type FetchOptions, type FetchResult } from "./fetcher";
import { categoryLabel } from "./normalize";
import { FeedParseError } from "./parse";
import { readFeed } from "./read";
import {
  SEARCH_WINDOW,
  noResults,
  orderResults,
  parseSearchQuery,
  type SearchResults,
} from "./search";
import { LRUCache } from "lru-cache";
import type { FeedOutcome } from "../metrics/observer";
import type { Subscriptions } from "./network";
import { feedInterval } from "./schedule";
import {
  CATEGORY_LIMIT,
  PER_FEED_LIMIT,
  newestFirst,
  type FeedArticle,
  type FeedRow,
  type NewsStore,
  type Retention,
  type StoredArticle,
} from "./store";

/**
 * How many stories a category keeps ready (CategoryNews.articles): a page shows CATEGORY_LIMIT,
 * and its news feed (a sidebar of headlines) those beyond them, never the page's own again.
 */
export const CATEGORY_POOL = 2 * CATEGORY_LIMIT;

/** SPEC.md §8: what a category shows when every feed failed and nothing is stored. */
export const ALL_FEEDS_FAILED = "Failed to fetch RSS feed";
/** The first retry delay of a failing feed (FEED_BACKOFF_BASE_SECONDS); it doubles per failure. */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_MAX_MS = 3600_000;
/** How often the scheduler looks for due feeds. */
export const TICK_MS = 15_000;
export const DEFAULT_CONCURRENCY = 4;

export type CategoryState = "loading" | "ready" | "error";

export interface CategoryNews {
  category: FeedKey;
  state: CategoryState;
  error: string | null;
  /** When a feed of the category last succeeded (epoch ms), or null. */
  updatedAt: number | null;
  /**
   * Its stories as pages show them (compose.ts: each once, recent ones first and alone when
   * there are enough), newest first: up to CATEGORY_POOL, of which a page shows the first
   * CATEGORY_LIMIT and its news feeds those it has not shown.
   */
  articles: StoredArticle[];
}

/** Several categories read as one (home's News Feed): `categories` instead of `category`. */
export interface CombinedNews extends Omit<CategoryNews, "category"> {
  categories: FeedKey[];
}

/** What loaders and API routes read (through the load context): one city's news. */
export interface NewsReader {
  getCategory(key: FeedKey): Promise<CategoryNews>;
  /** The newest articles of several categories together (see combineNews). */
  getCategories(keys: readonly FeedKey[], limit?: number): Promise<CombinedNews>;
  /**
   * How many times what a category shows has changed (a cached page compares it): from memory,
   * at once, since the page cache asks on every hit.
   */
  version(key: FeedKey): number;
  /** One page of the stored stories matching what a reader typed (see NewsEngine.search). */
  search(query: string, page?: number): Promise<SearchResults>;
}

/**
 * Several categories as one: their articles newest first (undated ones last, then in the order
 * of `list`), each story once, at most `limit`. Ready as soon as one has articles; loading while
 * none has and one is still loading; the error only when every one of them failed.
 */
export function combineNews(list: readonly CategoryNews[], limit = CATEGORY_LIMIT): CombinedNews {
  const seen = new ShownStories();
  const articles = list
    .flatMap((news, order) => news.articles.map((article) => ({ article, order })))
    .sort(
      (a, b) =>
        (b.article.publishedAt ?? -Infinity) - (a.article.publishedAt ?? -Infinity) ||
        a.order - b.order,
    )
    .map(({ article }) => article)
    .filter((a) => {
      // The same story twice (a link, or a wire headline from two feeds, in two categories) is
      // listed once; a story without a link is itself, by its stored id (a URL made of its
      // feed's and a fragment named them all one: linkKey drops the fragment).
      const story = a.url === "#" ? { id: a.id, url: a.url, title: "" } : a;
      if (seen.has(story, a.feedUrl)) return false;
      seen.add(story, a.feedUrl);
      return true;
    })
    .slice(0, limit);
  const updated = list.map((n) => n.updatedAt).filter((t): t is number => t !== null);
  const base = {
    categories: list.map((n) => n.category),
    updatedAt: updated.length ? Math.max(...updated) : null,
    articles,
  };
  if (articles.length > 0) return { ...base, state: "ready", error: null };
  if (list.some((n) => n.state === "loading")) return { ...base, state: "loading", error: null };
  if (list.length > 0 && list.every((n) => n.state === "error")) {
    return { ...base, state: "error", error: ALL_FEEDS_FAILED };
  }
  return { ...base, state: "ready", error: null };
}

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface EngineOptions {
  store: NewsStore;
  /** Which feeds the served cities list (news/network.ts): only those are fetched. */
  subscriptions: Subscriptions;
  log: Logger;
  userAgent: string;
  /** The network's default photo, for stories whose feed gives none. */
  defaultImage: string;
  /** FEED_REFRESH_SECONDS in ms: the shortest interval between two fetches of a feed. */
  refreshMs: number;
  /** FEED_MAX_REFRESH_SECONDS in ms: the longest (a day unless told). */
  maxRefreshMs?: number;
  /** FEED_BACKOFF_BASE_SECONDS in ms (default 1 minute). */
  backoffBaseMs?: number;
  /** Fetches at once, all hosts together. */
  concurrency?: number;
  /** Fetches at once from one host (a publisher's many feeds are not fetched all at once). */
  perHostConcurrency?: number;
  now?: () => number;
  random?: () => number;
  fetch?: (url: string, options: FetchOptions) => Promise<FetchResult>;
  fetchOptions?: Partial<FetchOptions>;
  /** How long old articles are kept (RETENTION_DAYS, RETENTION_MIN_PER_FEED). */
  retention?: Retention;
  /** How many feeds' newest articles are kept in memory (the rest are read again when asked). */
  feedCacheSize?: number;
  /** How many (city, category) reads are kept in memory. */
  categoryCacheSize?: number;
  /** How long an instance holds a feed it refreshes (LEASE_MS unless told). */
  leaseMs?: number;
  /**
   * With a database other instances share: how often to read every listed feed's stored state
   * and take in what changed (the fallback of notifications, which a lost connection misses).
   * Unset: never (one instance, which knows its own writes).
   */
  syncMs?: number;
  /** Told how each fetch of a feed ended (the metrics: server/metrics/observer.ts). */
  onFetch?: (outcome: FeedOutcome) => void;
}

/** Delay before retrying a feed that failed `failures` times in a row: 1 min doubling, 1 h at most. */
export function backoffMs(failures: number, baseMs = BACKOFF_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/**
 * How long an instance holds a feed it is refreshing (NewsStore.claim): past it, another may
 * take it. A refresh ends far sooner (a fetch gives up after its timeout); an instance that
 * died mid-refresh holds nothing longer than this.
 */
export const LEASE_MS = 60_000;

/** How often the retention policy runs (and once at start). */
export const PRUNE_INTERVAL_MS = 3600_000;
/** The longest interval between two fetches of a feed, unless FEED_MAX_REFRESH_SECONDS says. */
export const MAX_REFRESH_MS = 86_400_000;
export const DEFAULT_PER_HOST_CONCURRENCY = 2;

/** A feed's newest articles as last read from the store, and what a page shows of its state. */
interface FeedSnapshot {
  version: number;
  articles: FeedArticle[];
  /**
   * Its articles as pages show them under a category's label (in the order of `articles`), made
   * once per label: every city and category showing the feed shares the same objects (which
   * also lets pictureLinks link each once), rather than each category keeping copies.
   */
  shown?: Map<string, StoredArticle[]>;
  /** What pages show of the feed (its articles, its last success, whether it fails): a digest. */
  signature: string;
}

/**
 * A city's category as last built, the sum of its feeds' versions it was built at, and when time
 * alone changes it (a recent story leaving its window).
 */
interface CategorySnapshot {
  sum: number;
  news: CategoryNews;
  changesAt: number;
}

/**
 * The network's news engine. Each feed URL that a served city lists is fetched once per interval
 * whatever the number of cities listing it (its interval follows how often it publishes:
 * schedule.ts), stored once, and read by every city that lists it. A feed that fails backs off;
 * fetches are limited at once overall and per host. Reads never wait on a fetch and never run
 * SQL on the hot path: each feed's newest articles are kept in memory (bounded, read when first
 * asked for), a city's category is merged from them (bounded, built when first asked for), and
 * a category's version is the sum of its feeds' versions, which grow whenever what a page shows
 * of them changes. Search queries the full-text index, bounded, over the city's own feeds. The
 * retention policy runs hourly.
 */
export class NewsEngine {
  private readonly attempted = new Set<number>();
  /** Refreshes under way, by feed URL. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly ids: Map<string, number>;
  /** Each served city's feed ids by category (feedIds), made when first asked for. */
  private readonly cityFeedIds = new Map<string, Map<FeedKey, readonly number[]>>();
  private readonly idLists = new WeakMap<readonly string[], readonly number[]>();
  private readonly rows = new Map<number, FeedRow>();
  private readonly versions = new Map<number, number>();
  /** How many times any feed's version moved (changes). */
  private changed = 0;
  private readonly feedSnapshots: LRUCache<number, FeedSnapshot>;
  private readonly categories: LRUCache<string, CategorySnapshot>;
  private readonly readers = new Map<string, NewsReader>();
  private readonly listeners = new Set<(feedUrl: string) => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  private syncTimer: ReturnType<typeof setInterval> | undefined;
  /** Feeds another instance holds, until when (they are not claimed again before). */
  private readonly leasedElsewhere = new Map<number, number>();
  private readonly limit;
  private readonly hostLimits = new Map<string, ReturnType<typeof pLimit>>();
  private stopped = false;
  private readonly now: () => number;
  private readonly random: () => number;

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
    this.limit = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.ids = ids;
    for (const row of rows) this.rows.set(row.id, row);
    this.feedSnapshots = new LRUCache({ max: options.feedCacheSize ?? 2_000 });
    this.categories = new LRUCache({ max: options.categoryCacheSize ?? 10_000 });
  }

  /** Starts refreshing (every due feed at once, then whatever is due on each tick) and pruning. */
  start(): Promise<void> {
    this.stopped = false;
    // Often enough for the shortest wait: the refresh interval, or the first backoff step.
    const tick = Math.min(TICK_MS, this.options.refreshMs, this.options.backoffBaseMs ?? TICK_MS);
    this.timer = setInterval(() => void this.refreshDueLogged(), tick);
    this.timer.unref?.();
    this.pruneTimer = setInterval(() => void this.pruneLogged(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref?.();
    if (this.options.syncMs) {
      this.syncTimer = setInterval(() => void this.syncLogged(), this.options.syncMs);
      this.syncTimer.unref?.();
    }
    void this.pruneLogged();
    return this.refreshDueLogged();
  }

  /**
   * Stops refreshing and pruning; resolves once the refreshes under way have stopped (a refresh
   * stops at its next turn: nothing more is written or read), so the store may then be closed.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.pruneTimer);
    clearInterval(this.syncTimer);
    this.timer = this.pruneTimer = this.syncTimer = undefined;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Waits for the next turn of the event loop; false once the engine has been stopped. */
  private async turn(): Promise<boolean> {
    await nextTurn();
    return !this.stopped;
  }

  /**
   * Each listed feed's id and last success, as this instance knows them (the metrics' feed ages:
   * an id, never the feed's URL, labels them).
   */
  feedSuccesses(): { id: number; lastSuccess: number | null }[] {
    return [...this.ids.values()].map((id) => ({
      id,
      lastSuccess: this.rows.get(id)?.lastSuccess ?? null,
    }));
  }

  /** The stored state of a listed feed. */
  feedState(url: string): FeedRow | undefined {
    const id = this.ids.get(url);
    return id === undefined ? undefined : this.rows.get(id);
  }

  /**
   * Refreshes every listed feed that is due now and that this instance could lease (another
   * instance sharing the database may hold it, or have refreshed it already), each once;
   * resolves when they have finished.
   */
  async refreshDue(): Promise<void> {
    const now = this.now();
    const due = new Map<number, string>();
    for (const [url, id] of this.ids) {
      if (this.running.has(url) || (this.leasedElsewhere.get(id) ?? 0) > now) continue;
      const next = this.rows.get(id)?.nextAttempt;
      if (next === null || next === undefined || next <= now) due.set(id, url);
    }
    if (due.size === 0) return;
    const { store } = this.options;
    const claimed = new Set(
      await store.claim([...due.keys()], now, this.options.leaseMs ?? LEASE_MS, store.instance),
    );
    // The others: read again, to know when they are due now (or until when they are held).
    const others = [...due.keys()].filter((id) => !claimed.has(id));
    for (const row of await store.feedsByIds(others)) {
      this.rows.set(row.id, row);
      if (row.leaseUntil !== null && row.leaseUntil > now)
        this.leasedElsewhere.set(row.id, row.leaseUntil);
      else this.leasedElsewhere.delete(row.id);
    }
    await Promise.all(
      [...due].filter(([id]) => claimed.has(id)).map(([, url]) => this.refresh(url)),
    );
  }

  /**
   * Another instance changed a feed's stored state (a notification): it is read again when this
   * instance lists it, and what pages show of it gets a new version if it changed.
   */
  async feedChanged(feedId: number, instance: string): Promise<void> {
    if (instance === this.options.store.instance || !this.rows.has(feedId)) return;
    this.leasedElsewhere.delete(feedId);
    this.attempted.add(feedId);
    await this.reread(feedId);
  }

  /**
   * Reads every listed feed's stored state and takes in what changed since this instance last
   * read it (the fallback of notifications: run every syncMs, and after a lost connection).
   */
  async syncFromStore(): Promise<void> {
    const rows = await this.options.store.feedsByIds([...this.rows.keys()]);
    for (const row of rows) {
      const known = this.rows.get(row.id);
      if (known?.lastAttempt === row.lastAttempt && known.lastSuccess === row.lastSuccess) {
        this.rows.set(row.id, row);
        continue;
      }
      if (row.lastAttempt !== null) this.attempted.add(row.id);
      await this.reread(row.id, row);
    }
  }

  /** syncFromStore() from the timer: a failure is logged, and the next round tries again. */
  private async syncLogged(): Promise<void> {
    try {
      await this.syncFromStore();
    } catch (err) {
      this.logFailure(err, "reading the feeds' state from the database failed");
    }
  }

  /**
   * refreshDue() from the timer (and start()): a failure is logged, and the next tick tries
   * again (what a refresh could not write stays due; its lease, if any, runs out).
   */
  private async refreshDueLogged(): Promise<void> {
    try {
      await this.refreshDue();
    } catch (err) {
      this.logFailure(err, "refreshing feeds failed");
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

  /** Refreshes one feed URL (at most one refresh of a URL at a time). */
  private refresh(url: string): Promise<void> {
    const running = this.running.get(url);
    if (running) return running;
    const id = this.ids.get(url) as number;
    const host = hostOf(url);
    let hostLimit = this.hostLimits.get(host);
    if (!hostLimit) {
      hostLimit = pLimit(this.options.perHostConcurrency ?? DEFAULT_PER_HOST_CONCURRENCY);
      this.hostLimits.set(host, hostLimit);
    }
    // The host's limit outside the overall one: a feed waiting for its host holds no slot.
    const task = hostLimit(() =>
      this.limit(async () => {
        const failed = await this.fetchAndStore(url, id).then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
        // Whatever the refresh did, the feed counts as attempted and is read again.
        this.attempted.add(id);
        if (await this.turn()) await this.reread(id);
        if (failed) throw failed.error;
      }),
    ).finally(() => {
      this.running.delete(url);
      if (hostLimit.activeCount === 0 && hostLimit.pendingCount === 0) this.hostLimits.delete(host);
    });
    this.running.set(url, task);
    return task;
  }

  /** Now plus `intervalMs`, ±10 % so that feeds sharing a host do not fall into step. */
  private nextAttempt(now: number, intervalMs: number): number {
    return now + Math.round(intervalMs * (0.9 + 0.2 * this.random()));
  }

  private async fetchAndStore(url: string, id: number): Promise<void> {
    const { store, log } = this.options;
    const row = this.rows.get(id);
    const fetcher = this.options.fetch ?? fetchFeed;
    const result = await fetcher(url, {
      ...this.options.fetchOptions,
      userAgent: this.options.userAgent,
      etag: row?.etag ?? null,
      lastModified: row?.lastModified ?? null,
      now: this.now,
    });
    const now = this.now();
    if (result.kind === "not-modified") {
      const { minMs, maxMs } = this.intervalBounds();
      // The pace earned at the last full fetch stands; the answer may ask for a longer wait.
      const interval = Math.min(
        maxMs,
        Math.max(row?.intervalMs ?? minMs, minMs, result.freshForMs ?? 0),
      );
      await store.recordNotModified(id, now, this.nextAttempt(now, interval));
      this.options.onFetch?.("not_modified");
      log.info({ feed: url, status: 304 }, "feed not modified");
      return;
    }
    if (result.kind === "error") {
      this.options.onFetch?.("error");
      await this.fail(id, url, result.reason, now, result.retryAfterMs);
      return;
    }
    await this.storeFetched(url, id, result, now);
  }

  /** The shortest and longest interval between a feed's fetches (refreshMs, maxRefreshMs). */
  private intervalBounds(): { minMs: number; maxMs: number } {
    const minMs = this.options.refreshMs;
    return { minMs, maxMs: Math.max(minMs, this.options.maxRefreshMs ?? MAX_REFRESH_MS) };
  }

  /** A fetched feed read and its articles stored, at the pace its publishing earns. */
  private async storeFetched(
    url: string,
    id: number,
    result: Extract<FetchResult, { kind: "ok" }>,
    now: number,
  ): Promise<void> {
    // A refresh runs on the thread that answers readers: its work is cut into turns of the event
    // loop (the parse of one feed, its write, its read), each a few milliseconds, so that
    // requests arriving meanwhile are answered between them.
    if (!(await this.turn())) return;
    const read = this.readFetched(url, result, now);
    if ("reason" in read) {
      this.options.onFetch?.("unreadable");
      await this.fail(id, url, read.reason, now);
      return;
    }
    const { feed } = read;
    if (!(await this.turn())) return;
    const { minMs, maxMs } = this.intervalBounds();
    const intervalMs = feedInterval({
      published: feed.articles.map((a) => a.publishedAt),
      now,
      minMs,
      maxMs,
      ttlMinutes: feed.ttlMinutes,
      freshForMs: result.freshForMs,
    });
    await this.options.store.recordSuccess(id, {
      articles: feed.articles,
      etag: result.etag,
      lastModified: result.lastModified,
      title: feed.title,
      now,
      nextAttempt: this.nextAttempt(now, intervalMs),
      intervalMs,
    });
    this.options.onFetch?.("ok");
    this.options.log.info({ feed: url, items: feed.articles.length, intervalMs }, "feed refreshed");
  }

  /** A fetched feed, read; or why it cannot be read (the feed then counts as failed). */
  private readFetched(
    url: string,
    result: Extract<FetchResult, { kind: "ok" }>,
    now: number,
  ): { feed: ReturnType<typeof readFeed> } | { reason: string } {
    const { subscriptions } = this.options;
    try {
      const feed = readFeed(result.body, result.contentType, {
        key: subscriptions.keyOf(url),
        feedUrl: result.url,
        defaultImage: this.options.defaultImage,
        timeZone: subscriptions.zoneOf(url),
        now,
      });
      return { feed };
    } catch (error) {
      return {
        reason:
          error instanceof FeedParseError
            ? error.message
            : `Parser error: ${(error as Error).message}`,
      };
    }
  }

  private async fail(
    id: number,
    url: string,
    reason: string,
    now: number,
    retryAfterMs?: number,
  ): Promise<void> {
    const failures = (this.rows.get(id)?.consecutiveFailures ?? 0) + 1;
    const delay = Math.max(
      backoffMs(failures, this.options.backoffBaseMs),
      Math.min(retryAfterMs ?? 0, BACKOFF_MAX_MS),
    );
    await this.options.store.recordFailure(id, reason, now, now + delay);
    this.options.log.warn({ feed: url, error: reason, failures, retryInMs: delay }, "feed failed");
  }

  /** Runs the retention policy; the feeds in memory are read again when it deleted anything. */
  async prune(): Promise<number> {
    const deleted = await this.options.store.prune(this.now(), this.options.retention);
    if (deleted > 0) {
      this.options.log.info({ deleted }, "old articles pruned");
      for (const id of [...this.feedSnapshots.keys()]) await this.reread(id);
    }
    return deleted;
  }

  /** prune() from the timer: a failure is logged, and the next hour tries again. */
  private async pruneLogged(): Promise<void> {
    try {
      await this.prune();
    } catch (err) {
      this.logFailure(err, "pruning old articles failed");
    }
  }

  /**
   * Reads a feed's state (unless given, just read) and newest articles again; what a page shows
   * changed: a new version.
   */
  private async reread(id: number, given?: FeedRow): Promise<void> {
    const row = given ?? (await this.options.store.feed(id));
    if (!row) return;
    this.rows.set(id, row);
    const previous = this.feedSnapshots.get(id);
    const snapshot = await this.readFeedSnapshot(id, previous?.version ?? this.versionOf(id));
    if (previous?.signature === snapshot.signature && this.versions.has(id)) return;
    const version = this.versionOf(id) + 1;
    this.versions.set(id, version);
    this.changed++;
    this.feedSnapshots.set(id, { ...snapshot, version });
    for (const listener of this.listeners) listener(row.url);
  }

  private async readFeedSnapshot(id: number, version: number): Promise<FeedSnapshot> {
    const row = this.rows.get(id) as FeedRow;
    return this.snapshotFrom(id, version, await this.options.store.newest(row, PER_FEED_LIMIT));
  }

  /** A feed's snapshot of `articles` (its newest, as read from the store). */
  private snapshotFrom(id: number, version: number, read: FeedArticle[]): FeedSnapshot {
    const row = this.rows.get(id) as FeedRow;
    const articles = this.credited(row.url, read);
    const failing = row.consecutiveFailures > 0;
    // Kept as a digest: thousands of feeds' snapshots would otherwise each hold their text twice.
    const signature = createHash("sha1")
      .update(JSON.stringify([row.lastSuccess, failing, this.attempted.has(id), articles]))
      .digest("base64");
    return { version, articles, signature };
  }

  /**
   * A feed's articles as its listing credits them: under the publisher's name and in the
   * language that the cities' data give it, when they do (else the outlet the entry names or the
   * feed's title, and the story's own language, as stored); paid posts only where kept, and
   * nothing the rules of what is not news match (not-news.ts).
   */
  private credited<T extends StoredArticle>(url: string, articles: T[]): T[] {
    const { subscriptions } = this.options;
    const name = subscriptions.nameOf(url);
    const language = subscriptions.languageOf(url);
    const shows = this.shows(url);
    const shown = shows === SHOWS_ALL ? articles : articles.filter(shows);
    // Read by the rules, the categories go: no page shows them, and no snapshot need keep them.
    const bare = shown.some((a) => a.categories) ? shown.map(withoutCategories) : shown;
    if (name === undefined && language === undefined) return bare;
    return bare.map((a) => ({
      ...a,
      // An outlet the entry names (an aggregator's item) is credited over the listing's name.
      source: a.publisher ? a.source : (name ?? a.source),
      language: language ?? a.language,
    }));
  }

  /**
   * Which of a feed's stories its listing shows: paid posts only where the listing keeps them
   * (then labelled: `sponsored`), and never what the network's and the listing's rules say is not
   * news (job ads, marketing: not-news.ts).
   */
  private shows(url: string): (story: ShownStory) => boolean {
    const { subscriptions } = this.options;
    const keepsSponsored = subscriptions.keepsSponsored(url);
    const notNews = subscriptions.notNewsOf(url);
    if (keepsSponsored && notNews.empty) return SHOWS_ALL;
    return (story) => (keepsSponsored || !story.sponsored) && notNews.isNews(story);
  }

  /** A feed's version: how many times what pages show of it changed in this process. */
  private versionOf(id: number): number {
    return this.versions.get(id) ?? 0;
  }

  /** A feed's snapshot (its newest articles), from memory (read from the store when not there). */
  private async snapshotOf(id: number): Promise<FeedSnapshot> {
    let snapshot = this.feedSnapshots.get(id);
    if (!snapshot || snapshot.version !== this.versionOf(id)) {
      const version = this.versionOf(id);
      snapshot = await this.readFeedSnapshot(id, version);
      // Kept unless a newer version came meanwhile (a refresh that ended during the read).
      if (version === this.versionOf(id)) this.feedSnapshots.set(id, snapshot);
    }
    return snapshot;
  }

  /**
   * The ids of the feeds a city lists for a category: made once per (city, category), since the
   * page cache asks for a category's version on every hit and subscriptions never change.
   */
  private feedIds(city: string, key: FeedKey): readonly number[] {
    let byKey = this.cityFeedIds.get(city);
    if (!byKey) this.cityFeedIds.set(city, (byKey = new Map()));
    let ids = byKey.get(key);
    if (!ids) {
      // Cities listing the same URLs (Subscriptions shares their list) share one list of ids.
      const urls = this.options.subscriptions.feedsOf(city, key);
      ids = this.idLists.get(urls);
      if (!ids) {
        ids = urls.map((url) => this.ids.get(url)).filter((id): id is number => id !== undefined);
        this.idLists.set(urls, ids);
      }
      byKey.set(key, ids);
    }
    return ids;
  }

  /** The sum of the versions of `ids`: a category's version. */
  private versionSum(ids: readonly number[]): number {
    let sum = 0;
    for (const id of ids) sum += this.versionOf(id);
    return sum;
  }

  /**
   * A count that moves whenever any feed's version does: while it stays, every version() answer
   * stays too (the page cache then need not ask for each of a page's categories).
   */
  changes(): number {
    return this.changed;
  }

  /** How many times what a city's category shows has changed (pages cached from it compare it). */
  version(city: string, key: FeedKey): number {
    return this.versionSum(this.feedIds(city, key));
  }

  /** A city's category: its feeds' newest articles merged (15 per feed, 15 in all). */
  async getCategory(city: string, key: FeedKey): Promise<CategoryNews> {
    const ids = this.feedIds(city, key);
    const sum = this.versionSum(ids);
    const cacheKey = `${city}\u0000${key}`;
    const cached = this.categories.get(cacheKey);
    if (cached && cached.sum === sum && this.now() < cached.changesAt) return cached.news;
    const { news, changesAt } = await this.build(key, ids);
    // Kept under the versions it was built at: a refresh meanwhile makes the next read build again.
    this.categories.set(cacheKey, { sum, news, changesAt });
    return news;
  }

  /**
   * The snapshots of feeds `ids`: from memory, and those missing read from the store in one
   * query (one round trip to PostgreSQL, whatever the number of feeds).
   */
  private async snapshotsOf(ids: readonly number[]): Promise<FeedSnapshot[]> {
    const current = (id: number) => {
      const snapshot = this.feedSnapshots.get(id);
      return snapshot?.version === this.versionOf(id) ? snapshot : undefined;
    };
    const missing = ids.filter((id) => !current(id));
    if (missing.length > 0) {
      const versions = new Map(missing.map((id) => [id, this.versionOf(id)]));
      const rows = missing.map((id) => this.rows.get(id) as FeedRow);
      const read = await this.options.store.newestOfFeeds(rows, PER_FEED_LIMIT);
      for (const id of missing) {
        const version = versions.get(id) ?? 0;
        // Kept unless a newer version came meanwhile (a refresh that ended during the read).
        if (version === this.versionOf(id))
          this.feedSnapshots.set(id, this.snapshotFrom(id, version, read.get(id) ?? []));
      }
    }
    return Promise.all(ids.map(async (id) => current(id) ?? this.snapshotOf(id)));
  }

  private async build(
    key: FeedKey,
    ids: readonly number[],
  ): Promise<{ news: CategoryNews; changesAt: number }> {
    const label = categoryLabel(key);
    const snapshots = await this.snapshotsOf(ids);
    const sorted = snapshots
      .flatMap((snapshot) => {
        const shown = shownAs(snapshot, label);
        return snapshot.articles.map((article, i) => ({ article, shown: shown[i] }));
      })
      .sort((a, b) => newestFirst(a.article, b.article))
      .map(({ article, shown }) => ({ article: shown as StoredArticle, feedId: article.feedId }));
    const { articles, changesAt } = composeCategory(sorted, {
      now: this.now(),
      windowMs: freshWindowMs(key),
      limit: CATEGORY_POOL,
    });
    const rows = ids.map((id) => this.rows.get(id)).filter((r): r is FeedRow => !!r);
    const successes = rows.map((f) => f.lastSuccess).filter((t): t is number => t !== null);
    const updatedAt = successes.length ? Math.max(...successes) : null;
    const base = { category: key, updatedAt, articles };
    const state = (news: Omit<CategoryNews, keyof typeof base>) => ({
      news: { ...base, ...news },
      changesAt,
    });
    if (articles.length > 0) return state({ state: "ready", error: null });
    if (rows.some((f) => !this.attempted.has(f.id)))
      return state({ state: "loading", error: null });
    if (rows.length > 0 && rows.every((f) => f.consecutiveFailures > 0)) {
      return state({ state: "error", error: ALL_FEEDS_FAILED });
    }
    return state({ state: "ready", error: null });
  }

  /**
   * One page of a city's stored stories (its feeds, every category) matching what a reader
   * typed: each word required in any of its forms (stemmed), the last also as a prefix,
   * diacritics ignored; ranked by relevance and recency together; matches marked. Unlike the
   * category reads it runs SQL, bounded to the SEARCH_WINDOW most recently stored matches (a few
   * milliseconds at 100,000 stories). Any text is safe: only its words reach FTS5 or a tsquery,
   * quoted. A page that does not exist gives page 1.
   */
  async search(city: string, query: string, page = 1): Promise<SearchResults> {
    const parsed = parseSearchQuery(query);
    if (!parsed) return noResults();
    const { store, subscriptions } = this.options;
    // Each of the city's feeds, with the category the city lists it in first.
    const labels = new Map<number, string>();
    for (const key of subscriptions.keysOf(city)) {
      for (const id of this.feedIds(city, key))
        if (!labels.has(id)) labels.set(id, categoryLabel(key));
    }
    const found = await store.search(parsed, SEARCH_WINDOW, [...labels.keys()]);
    // What the listings leave out is neither counted nor shown (as in the categories).
    const matches = found.matches.filter((m) => {
      const url = m.feedId === undefined ? undefined : this.rows.get(m.feedId)?.url;
      return url === undefined || this.shows(url)(m);
    });
    const { more } = found;
    return orderResults(matches, parsed, {
      page,
      more,
      stemmerFor: (language) => store.stemmerFor(language),
      load: async (ids) =>
        (await store.articles(ids)).flatMap(({ feedId, ...stored }) =>
          // (none for a paid post its listing leaves out)
          this.credited(stored.feedUrl, [stored]).map((article) => {
            const category = labels.get(feedId) ?? article.category;
            return category === article.category ? article : { ...article, category };
          }),
        ),
    });
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
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The host a feed is fetched from (its URL's, lower-case), for the per-host limit. */
/** A feed snapshot's articles as shown under `label` (FeedSnapshot.shown), made on first use. */
function shownAs(snapshot: FeedSnapshot, label: string): StoredArticle[] {
  snapshot.shown ??= new Map();
  let shown = snapshot.shown.get(label);
  if (!shown) {
    shown = snapshot.articles.map(
      ({ feedId: _feed, lastSeen: _seen, position: _position, ...article }) =>
        article.category === label ? article : { ...article, category: label },
    );
    snapshot.shown.set(label, shown);
  }
  return shown;
}

/** What says whether a listing shows a story (NewsEngine.shows). */
type ShownStory = Pick<StoredArticle, "title" | "sponsored" | "categories">;
/** A listing that shows every story of its feed. */
const SHOWS_ALL = (): boolean => true;

/** An article without its categories (once the rules of what is not news have read them). */
function withoutCategories<T extends StoredArticle>(article: T): T {
  if (!article.categories) return article;
  const copy = { ...article };
  delete copy.categories;
  return copy;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
