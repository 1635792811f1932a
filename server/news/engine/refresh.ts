import { fetchFeed, type FetchResult } from "../fetcher";
import { FeedParseError } from "../parse";
import { readFeed } from "../read";
import { feedInterval } from "../schedule";
import type { FeedArticle, FeedRow } from "../store";
import type { FeedBook } from "./feed-book";
import type { EngineOptions } from "./options";
import { intervalBounds, nextAttemptAt, retryDelayMs } from "./schedule";

/**
 * What a refresh stored of a feed, as the store's write returned it: the feed's state and, when
 * it stored a fetch's articles, those as written (none after a 304 or a failure: the stored
 * articles stay).
 */
export interface Stored {
  feed: FeedRow | undefined;
  articles?: FeedArticle[];
}

/** What a refresh needs besides the engine's options. */
export interface RefreshContext {
  options: EngineOptions;
  feeds: FeedBook;
  now: () => number;
  random: () => number;
  /** Waits for the next turn of the event loop; false once the engine has been stopped. */
  turn: () => Promise<boolean>;
}

type Fetched = Extract<FetchResult, { kind: "ok" }>;

/**
 * One feed's refresh: fetched (conditionally, with what the last answer gave), read, and stored
 * with when it is due again; returns what was stored, or undefined when the engine stopped
 * before anything was. A failure to fetch or read is stored as one (the backoff); a failure to
 * store is thrown.
 */
export async function refreshFeed(
  context: RefreshContext,
  url: string,
  id: number,
): Promise<Stored | undefined> {
  const { options, feeds } = context;
  const row = feeds.rows.get(id);
  const fetcher = options.fetch ?? fetchFeed;
  const result = await fetcher(url, {
    ...options.fetchOptions,
    userAgent: options.userAgent,
    etag: row?.etag ?? null,
    lastModified: row?.lastModified ?? null,
    now: context.now,
  });
  const now = context.now();
  if (result.kind === "not-modified") {
    const { minMs, maxMs } = intervalBounds(options);
    // The pace earned at the last full fetch stands; the answer may ask for a longer wait.
    const interval = Math.min(
      maxMs,
      Math.max(row?.intervalMs ?? minMs, minMs, result.freshForMs ?? 0),
    );
    const next = nextAttemptAt(now, interval, context.random);
    const feed = await options.store.recordNotModified(id, now, next);
    options.onFetch?.("not_modified");
    options.log.info({ feed: url, status: 304 }, "feed not modified");
    return { feed };
  }
  if (result.kind === "error") {
    options.onFetch?.("error");
    return fail(context, { id, url, reason: result.reason, now }, result.retryAfterMs);
  }
  return storeFetched(context, { id, url, result, now });
}

/** A fetched feed read and its articles stored, at the pace its publishing earns. */
async function storeFetched(
  context: RefreshContext,
  fetched: { id: number; url: string; result: Fetched; now: number },
): Promise<Stored | undefined> {
  const { options } = context;
  const { id, url, result, now } = fetched;
  // A refresh runs on the thread that answers readers: its work is cut into turns of the event
  // loop (the parse of one feed, its write, its read), each a few milliseconds, so that
  // requests arriving meanwhile are answered between them.
  if (!(await context.turn())) return undefined;
  const read = readFetched(options, url, result, now);
  if ("reason" in read) {
    options.onFetch?.("unreadable");
    return fail(context, { id, url, reason: read.reason, now });
  }
  const { feed } = read;
  if (!(await context.turn())) return undefined;
  const { minMs, maxMs } = intervalBounds(options);
  const intervalMs = feedInterval({
    published: feed.articles.map((a) => a.publishedAt),
    now,
    minMs,
    maxMs,
    ttlMinutes: feed.ttlMinutes,
    freshForMs: result.freshForMs,
  });
  const stored = await options.store.recordSuccess(id, {
    articles: feed.articles,
    etag: result.etag,
    lastModified: result.lastModified,
    title: feed.title,
    now,
    nextAttempt: nextAttemptAt(now, intervalMs, context.random),
    intervalMs,
  });
  options.onFetch?.("ok");
  options.log.info({ feed: url, items: feed.articles.length, intervalMs }, "feed refreshed");
  return stored;
}

/** A fetched feed, read; or why it cannot be read (the feed then counts as failed). */
function readFetched(
  options: EngineOptions,
  url: string,
  result: Fetched,
  now: number,
): { feed: ReturnType<typeof readFeed> } | { reason: string } {
  const { subscriptions } = options;
  try {
    const feed = readFeed(result.body, result.contentType, {
      key: subscriptions.keyOf(url),
      feedUrl: result.url,
      defaultImage: options.defaultImage,
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

/** A failed fetch or read stored: the feed is tried again after its backoff. */
async function fail(
  context: RefreshContext,
  failed: { id: number; url: string; reason: string; now: number },
  retryAfterMs?: number,
): Promise<Stored> {
  const { options } = context;
  const { id, url, reason, now } = failed;
  const failures = (context.feeds.rows.get(id)?.consecutiveFailures ?? 0) + 1;
  const delay = retryDelayMs(failures, options.backoffBaseMs, retryAfterMs);
  const feed = await options.store.recordFailure(id, reason, now, now + delay);
  options.log.warn({ feed: url, error: reason, failures, retryInMs: delay }, "feed failed");
  return { feed };
}
