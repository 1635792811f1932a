import { setImmediate as nextTurn } from "node:timers/promises";
import pLimit from "p-limit";
import type { FeedKey } from "../../sites/categories";
import { fetchFeed, type FetchOptions, type FetchResult } from "./fetcher";
import { categoryLabel, type Article } from "./normalize";
import { FeedParseError } from "./parse";
import { readFeed } from "./read";
import {
  SEARCH_WINDOW,
  noResults,
  orderResults,
  parseSearchQuery,
  type SearchResults,
} from "./search";
import {
  CATEGORY_LIMIT,
  type FeedRow,
  type FeedSource,
  type NewsStore,
  type Retention,
  type StoredArticle,
} from "./store";

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
  articles: StoredArticle[];
}

/** Several categories read as one (home's News Feed): `categories` instead of `category`. */
export interface CombinedNews extends Omit<CategoryNews, "category"> {
  categories: FeedKey[];
}

/** What loaders and API routes read (through the load context). */
export interface NewsReader {
  getCategory(key: FeedKey): CategoryNews;
  /** The newest articles of several categories together (see combineNews). */
  getCategories(keys: readonly FeedKey[], limit?: number): CombinedNews;
  /** How many times what a category shows has changed (a cached page compares it). */
  version(key: FeedKey): number;
  /** One page of the stored stories matching what a reader typed (see NewsEngine.search). */
  search(query: string, page?: number): SearchResults;
}

/**
 * Several categories as one: their articles newest first (undated ones last, then in the order
 * of `list`), each story once, at most `limit`. Ready as soon as one has articles; loading while
 * none has and one is still loading; the error only when every one of them failed.
 */
export function combineNews(list: readonly CategoryNews[], limit = CATEGORY_LIMIT): CombinedNews {
  const seen = new Set<string>();
  const articles = list
    .flatMap((news, order) => news.articles.map((article) => ({ article, order })))
    .sort(
      (a, b) =>
        (b.article.publishedAt ?? -Infinity) - (a.article.publishedAt ?? -Infinity) ||
        a.order - b.order,
    )
    .map(({ article }) => article)
    .filter((a) => {
      const identity = a.url === "#" ? `${a.feedUrl}#${a.uid}` : a.url;
      if (seen.has(identity)) return false;
      seen.add(identity);
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
}

export interface EngineOptions {
  store: NewsStore;
  sources: readonly FeedSource[];
  log: Logger;
  userAgent: string;
  defaultImage: string;
  /** The site's IANA time zone: feed dates that name no zone are read in it. */
  timeZone: string;
  /** FEED_REFRESH_SECONDS in ms. */
  refreshMs: number;
  /** FEED_BACKOFF_BASE_SECONDS in ms (default 1 minute). */
  backoffBaseMs?: number;
  concurrency?: number;
  now?: () => number;
  random?: () => number;
  fetch?: (url: string, options: FetchOptions) => Promise<FetchResult>;
  fetchOptions?: Partial<FetchOptions>;
  /** How long old articles are kept (RETENTION_DAYS, RETENTION_MIN_PER_FEED). */
  retention?: Retention;
}

/** Delay before retrying a feed that failed `failures` times in a row: 1 min doubling, 1 h at most. */
export function backoffMs(failures: number, baseMs = BACKOFF_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/** How often the retention policy runs (and once at start). */
export const PRUNE_INTERVAL_MS = 3600_000;

/** A category as last read from the store, and how many times what it shows has changed. */
interface Snapshot {
  news: CategoryNews;
  version: number;
  /** What it shows, as text: a refresh that changes nothing keeps the version. */
  signature: string;
}

/**
 * The news engine: refreshes every feed at start and then on its interval (jittered), with
 * backoff for failing feeds, through the store. A feed URL that several categories list is
 * fetched and parsed once per refresh, its articles stored for each. Each category is read from
 * the store when a refresh of it ends, and kept in memory: pages and the API read that snapshot,
 * so a request never waits on a fetch and never runs SQL (search aside: it queries the full-text
 * index, bounded). The retention policy runs hourly.
 */
export class NewsEngine implements NewsReader {
  private readonly attempted = new Set<number>();
  /** Refreshes under way, by feed URL. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly snapshots = new Map<FeedKey, Snapshot>();
  private readonly listeners = new Set<(key: FeedKey, version: number) => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  private readonly limit;
  private stopped = false;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: EngineOptions) {
    this.limit = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    options.store.syncFeeds(options.sources);
  }

  /** Starts refreshing (every feed at once, then whatever is due on each tick) and pruning. */
  start(): Promise<void> {
    this.stopped = false;
    // Often enough for the shortest wait: the refresh interval, or the first backoff step.
    const tick = Math.min(TICK_MS, this.options.refreshMs, this.options.backoffBaseMs ?? TICK_MS);
    this.timer = setInterval(() => void this.refreshDue(), tick);
    this.timer.unref?.();
    this.pruneTimer = setInterval(() => this.prune(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref?.();
    this.prune();
    return this.refreshDue();
  }

  /**
   * Stops refreshing and pruning; resolves once the refreshes under way have stopped (a refresh
   * stops at its next turn: nothing more is written or read), so the store may then be closed.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.pruneTimer);
    this.timer = this.pruneTimer = undefined;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Waits for the next turn of the event loop; false once the engine has been stopped. */
  private async turn(): Promise<boolean> {
    await nextTurn();
    return !this.stopped;
  }

  /**
   * Refreshes every feed URL that is due now (for every category that lists it, due or not);
   * resolves when they have all finished.
   */
  async refreshDue(): Promise<void> {
    const dueUrls = new Set(this.options.store.dueFeeds(this.now()).map((f) => f.url));
    const byUrl = new Map<string, FeedRow[]>();
    for (const feed of this.options.store.feeds()) {
      if (dueUrls.has(feed.url)) byUrl.set(feed.url, [...(byUrl.get(feed.url) ?? []), feed]);
    }
    await Promise.all([...byUrl.values()].map((feeds) => this.refresh(feeds)));
  }

  /** Refreshes one feed URL for the categories listing it (at most one refresh of a URL at a time). */
  private refresh(feeds: FeedRow[]): Promise<void> {
    const url = (feeds[0] as FeedRow).url;
    const running = this.running.get(url);
    if (running) return running;
    const task = this.limit(async () => {
      // Whatever the refresh did, its feeds count as attempted and their categories are read.
      const failed = await this.fetchAndStore(feeds).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      for (const feed of feeds) this.attempted.add(feed.id);
      // Each category read again in a turn of its own (see fetchAndStore).
      for (const key of new Set(feeds.map((f) => f.key))) {
        if (!(await this.turn())) break;
        this.readCategory(key);
      }
      if (failed) throw failed.error;
    }).finally(() => this.running.delete(url));
    this.running.set(url, task);
    return task;
  }

  private nextRefresh(now: number): number {
    // ±10 % jitter so that feeds sharing a host do not fall into step.
    return now + Math.round(this.options.refreshMs * (0.9 + 0.2 * this.random()));
  }

  private async fetchAndStore(feeds: FeedRow[]): Promise<void> {
    const { store, log } = this.options;
    const [first] = feeds as [FeedRow, ...FeedRow[]];
    const fetcher = this.options.fetch ?? fetchFeed;
    // Validators only when every category's copy has the same ones (else one would miss news).
    const same = feeds.every((f) => f.etag === first.etag && f.lastModified === first.lastModified);
    const result = await fetcher(first.url, {
      ...this.options.fetchOptions,
      userAgent: this.options.userAgent,
      etag: same ? first.etag : null,
      lastModified: same ? first.lastModified : null,
      now: this.now,
    });
    const now = this.now();
    const keys = feeds.map((f) => f.key);
    if (result.kind === "not-modified") {
      for (const feed of feeds) store.recordNotModified(feed.id, now, this.nextRefresh(now));
      log.info({ feed: first.url, keys, status: 304 }, "feed not modified");
      return;
    }
    if (result.kind === "error") {
      for (const feed of feeds) this.fail(feed, result.reason, now, result.retryAfterMs);
      return;
    }
    // A refresh runs on the thread that answers readers: its work is cut into turns of the event
    // loop (the parse of one feed, the write of one category, the read of one category), each a
    // few milliseconds, so that requests arriving meanwhile are answered between them.
    if (!(await this.turn())) return;
    let articles: Article[];
    try {
      ({ articles } = readFeed(result.body, result.contentType, {
        key: first.key,
        feedUrl: result.url,
        defaultImage: this.options.defaultImage,
        timeZone: this.options.timeZone,
        now,
      }));
    } catch (error) {
      const reason =
        error instanceof FeedParseError
          ? error.message
          : `Parser error: ${(error as Error).message}`;
      for (const feed of feeds) this.fail(feed, reason, now);
      return;
    }
    for (const feed of feeds) {
      if (!(await this.turn())) return;
      const category = categoryLabel(feed.key);
      store.recordSuccess(feed.id, {
        articles: articles.map((a) => (a.category === category ? a : { ...a, category })),
        etag: result.etag,
        lastModified: result.lastModified,
        now,
        nextAttempt: this.nextRefresh(now),
      });
    }
    log.info({ feed: first.url, keys, items: articles.length }, "feed refreshed");
  }

  private fail(feed: FeedRow, reason: string, now: number, retryAfterMs?: number): void {
    const failures = feed.consecutiveFailures + 1;
    const delay = Math.max(
      backoffMs(failures, this.options.backoffBaseMs),
      Math.min(retryAfterMs ?? 0, BACKOFF_MAX_MS),
    );
    this.options.store.recordFailure(feed.id, reason, now, now + delay);
    this.options.log.warn(
      { feed: feed.url, key: feed.key, error: reason, failures, retryInMs: delay },
      "feed failed",
    );
  }

  /** Runs the retention policy; the categories are read again when it deleted anything. */
  prune(): number {
    const deleted = this.options.store.prune(this.now(), this.options.retention);
    if (deleted > 0) {
      this.options.log.info({ deleted }, "old articles pruned");
      for (const key of this.snapshots.keys()) this.readCategory(key);
    }
    return deleted;
  }

  getCategories(keys: readonly FeedKey[], limit = CATEGORY_LIMIT): CombinedNews {
    return combineNews(
      keys.map((key) => this.getCategory(key)),
      limit,
    );
  }

  /** A category as last read from the store (read now if it never was). */
  getCategory(key: FeedKey): CategoryNews {
    return (this.snapshots.get(key) ?? this.readCategory(key)).news;
  }

  /** How many times what a category shows has changed (pages cached from it compare it). */
  version(key: FeedKey): number {
    return (this.snapshots.get(key) ?? this.readCategory(key)).version;
  }

  /**
   * One page of the stored stories (every category) matching what a reader typed: each word
   * required, the last also as a prefix, diacritics ignored; newest first, relevance among
   * stories of the same date; matches marked. Unlike the category reads it runs SQL, bounded to
   * the SEARCH_WINDOW most recently stored matches (a few milliseconds at 100,000 stories).
   * Any text is safe: only its words reach FTS5, quoted. A page that does not exist gives page 1.
   */
  search(query: string, page = 1): SearchResults {
    const parsed = parseSearchQuery(query);
    if (!parsed) return noResults();
    const { store } = this.options;
    const { matches, more } = store.search(parsed.match, SEARCH_WINDOW);
    return orderResults(matches, parsed, { page, more, load: (ids) => store.articles(ids) });
  }

  /** Calls `listener` whenever what a category shows changes; returns how to stop. */
  onChange(listener: (key: FeedKey, version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads a category from the store into its snapshot; a change bumps its version. */
  private readCategory(key: FeedKey): Snapshot {
    const news = this.fromStore(key);
    const signature = JSON.stringify(news);
    const previous = this.snapshots.get(key);
    if (previous && previous.signature === signature) return previous;
    const snapshot = { news, signature, version: (previous?.version ?? 0) + 1 };
    this.snapshots.set(key, snapshot);
    if (previous) for (const listener of this.listeners) listener(key, snapshot.version);
    return snapshot;
  }

  private fromStore(key: FeedKey): CategoryNews {
    const { store } = this.options;
    const feeds = store.feeds(key);
    const articles = store.latest(key);
    const successes = feeds.map((f) => f.lastSuccess).filter((t): t is number => t !== null);
    const updatedAt = successes.length ? Math.max(...successes) : null;
    const base = { category: key, updatedAt, articles };
    if (articles.length > 0) return { ...base, state: "ready", error: null };
    if (feeds.some((f) => !this.attempted.has(f.id)))
      return { ...base, state: "loading", error: null };
    if (feeds.length > 0 && feeds.every((f) => f.consecutiveFailures > 0)) {
      return { ...base, state: "error", error: ALL_FEEDS_FAILED };
    }
    return { ...base, state: "ready", error: null };
  }
}
