import pLimit from "p-limit";
import type { FeedKey } from "../../sites/categories";
import { fetchFeed, type FetchOptions, type FetchResult } from "./fetcher";
import type { Article } from "./normalize";
import { FeedParseError } from "./parse";
import { readFeed } from "./read";
import {
  CATEGORY_LIMIT,
  type FeedRow,
  type FeedSource,
  type NewsStore,
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
}

/** Delay before retrying a feed that failed `failures` times in a row: 1 min doubling, 1 h at most. */
export function backoffMs(failures: number, baseMs = BACKOFF_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/**
 * The news engine: refreshes every feed at start and then on its interval (jittered), with
 * backoff for failing feeds, through the store; serves categories from the store alone, so a
 * request never waits on a fetch.
 */
export class NewsEngine implements NewsReader {
  private readonly attempted = new Set<number>();
  private readonly running = new Map<number, Promise<void>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly limit;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: EngineOptions) {
    this.limit = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    options.store.syncFeeds(options.sources);
  }

  /** Starts refreshing: every feed at once, then whatever is due on each tick. */
  start(): Promise<void> {
    // Often enough for the shortest wait: the refresh interval, or the first backoff step.
    const tick = Math.min(TICK_MS, this.options.refreshMs, this.options.backoffBaseMs ?? TICK_MS);
    this.timer = setInterval(() => void this.refreshDue(), tick);
    this.timer.unref?.();
    return this.refreshDue();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Refreshes every feed that is due now; resolves when they have all finished. */
  async refreshDue(): Promise<void> {
    const due = this.options.store.dueFeeds(this.now());
    await Promise.all(due.map((feed) => this.refresh(feed)));
  }

  /** Refreshes one feed (at most one refresh of a feed at a time). */
  refresh(feed: FeedRow): Promise<void> {
    const running = this.running.get(feed.id);
    if (running) return running;
    const task = this.limit(() => this.fetchAndStore(feed)).finally(() => {
      this.running.delete(feed.id);
      this.attempted.add(feed.id);
    });
    this.running.set(feed.id, task);
    return task;
  }

  private nextRefresh(now: number): number {
    // ±10 % jitter so that feeds sharing a host do not fall into step.
    return now + Math.round(this.options.refreshMs * (0.9 + 0.2 * this.random()));
  }

  private async fetchAndStore(feed: FeedRow): Promise<void> {
    const { store, log } = this.options;
    const fetcher = this.options.fetch ?? fetchFeed;
    const result = await fetcher(feed.url, {
      ...this.options.fetchOptions,
      userAgent: this.options.userAgent,
      etag: feed.etag,
      lastModified: feed.lastModified,
      now: this.now,
    });
    const now = this.now();
    if (result.kind === "not-modified") {
      store.recordNotModified(feed.id, now, this.nextRefresh(now));
      log.info({ feed: feed.url, key: feed.key, status: 304 }, "feed not modified");
      return;
    }
    if (result.kind === "error") {
      this.fail(feed, result.reason, now, result.retryAfterMs);
      return;
    }
    let articles: Article[];
    try {
      ({ articles } = readFeed(result.body, result.contentType, {
        key: feed.key,
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
      this.fail(feed, reason, now);
      return;
    }
    store.recordSuccess(feed.id, {
      articles,
      etag: result.etag,
      lastModified: result.lastModified,
      now,
      nextAttempt: this.nextRefresh(now),
    });
    log.info({ feed: feed.url, key: feed.key, items: articles.length }, "feed refreshed");
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

  getCategories(keys: readonly FeedKey[], limit = CATEGORY_LIMIT): CombinedNews {
    return combineNews(
      keys.map((key) => this.getCategory(key)),
      limit,
    );
  }

  getCategory(key: FeedKey): CategoryNews {
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
