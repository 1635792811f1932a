import type { Statement } from "better-sqlite3";
import type { Db } from "../db/open";
import type { Article } from "./normalize";

/** SPEC.md §7 and §9: at most 15 items from any one feed and 15 articles overall. */
export const PER_FEED_LIMIT = 15;
export const CATEGORY_LIMIT = 15;

/** How long an article is kept after its feed last listed it, and how many of a feed's newest stay anyway. */
export interface Retention {
  days: number;
  minPerFeed: number;
}
export const DEFAULT_RETENTION: Retention = { days: 30, minPerFeed: 50 };

export interface FeedRow {
  id: number;
  url: string;
  /** The channel's own title, as last fetched (the publisher's name), or null. */
  title: string | null;
  etag: string | null;
  lastModified: string | null;
  lastAttempt: number | null;
  lastSuccess: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextAttempt: number | null;
  /** The interval its publishing pace earned at its last fetch (news/schedule.ts), or null. */
  intervalMs: number | null;
}

export interface StoredArticle extends Article {
  /** The stored row's id: stable and opaque (pages use it as the article's key). */
  id: number;
  /** The feed it came from (private: it never leaves the server). */
  feedUrl: string;
}

const FEED_COLUMNS = `id, url, title, etag, last_modified AS lastModified, last_attempt AS lastAttempt,
  last_success AS lastSuccess, last_error AS lastError, consecutive_failures AS consecutiveFailures,
  next_attempt AS nextAttempt, interval_ms AS intervalMs`;

/**
 * A feed's newest articles first: dated before undated, newest date first, then the most recently
 * seen, then the feed's own order. The index articles_newest (migration 4) holds exactly this
 * order, so a read takes a feed's first rows and never looks at its history.
 */
const NEWEST_FIRST = "published_at IS NULL, published_at DESC, last_seen DESC, position";

interface ArticleRow {
  id: number;
  uid: string;
  title: string;
  summary: string;
  url: string;
  image: string;
  image_is_default: number;
  published_at: number | null;
  claimed_at: number | null;
  last_seen: number;
  position: number;
  category: string;
}

/** A stored article with what the order of several feeds' articles needs. */
export interface FeedArticle extends StoredArticle {
  feedId: number;
  lastSeen: number;
  position: number;
}

/** The order of NEWEST_FIRST, then by feed (as one query over the category would give). */
export function newestFirst(a: FeedArticle, b: FeedArticle): number {
  if ((a.publishedAt === null) !== (b.publishedAt === null)) return a.publishedAt === null ? 1 : -1;
  return (
    (b.publishedAt ?? 0) - (a.publishedAt ?? 0) ||
    b.lastSeen - a.lastSeen ||
    a.position - b.position ||
    a.feedId - b.feedId
  );
}

/** A stored article matching a search, with what ordering its results needs. */
export interface SearchMatch {
  id: number;
  publishedAt: number | null;
  url: string;
}

/** An article's columns and its feed's URL. */
type SearchRow = Omit<ArticleRow, "last_seen" | "position"> & { feedUrl: string };

/** A stored row as the engine hands it on. */
function toStoredArticle(r: SearchRow): StoredArticle {
  return {
    id: r.id,
    uid: r.uid,
    title: r.title,
    summary: r.summary,
    url: r.url,
    image: r.image,
    imageIsDefault: r.image_is_default === 1,
    publishedAt: r.published_at,
    claimedAt: r.claimed_at,
    category: r.category,
    feedUrl: r.feedUrl,
  };
}

/**
 * The news tables: each feed once per URL with its fetch state, and its articles (upserted, so a
 * refetch never duplicates; pruned by the retention policy). Which cities and categories list a
 * feed is not stored: it is the cities' data (news/network.ts). Every statement is prepared once.
 */
export class NewsStore {
  private readonly statements: {
    add: Statement;
    idOf: Statement;
    allFeeds: Statement;
    feed: Statement;
    upsert: Statement;
    success: Statement;
    notModified: Statement;
    failure: Statement;
    newestOfFeed: Statement;
    count: Statement;
    prune: Statement;
    allFeedIds: Statement;
    searchIds: Statement;
    searchMatches: Statement;
    byIds: Statement;
  };

  constructor(private readonly db: Db) {
    const prepare = (sql: string) => db.prepare(sql);
    this.statements = {
      add: prepare("INSERT INTO feeds (url) VALUES (?) ON CONFLICT (url) DO NOTHING"),
      idOf: prepare("SELECT id FROM feeds WHERE url = ?").pluck(),
      allFeeds: prepare(`SELECT ${FEED_COLUMNS} FROM feeds ORDER BY id`),
      feed: prepare(`SELECT ${FEED_COLUMNS} FROM feeds WHERE id = ?`),
      upsert: prepare(`
        INSERT INTO articles (feed_id, uid, title, summary, url, image, image_is_default, published_at,
          claimed_at, category, position, first_seen, last_seen)
        VALUES (@feedId, @uid, @title, @summary, @url, @image, @imageIsDefault, @publishedAt,
          @claimedAt, @category, @position, @now, @now)
        ON CONFLICT (feed_id, uid) DO UPDATE SET title = excluded.title, summary = excluded.summary,
          url = excluded.url, image = excluded.image, image_is_default = excluded.image_is_default,
          -- A date clamped to the fetch time stays where it was first clamped: each later fetch
          -- would otherwise move the story to the top again.
          published_at = CASE
            WHEN excluded.claimed_at IS NOT NULL AND articles.claimed_at IS NOT NULL
              THEN articles.published_at
            ELSE COALESCE(excluded.published_at, articles.published_at) END,
          claimed_at = excluded.claimed_at,
          category = excluded.category, position = excluded.position, last_seen = excluded.last_seen`),
      success: prepare(
        `UPDATE feeds SET etag = ?, last_modified = ?, title = COALESCE(?, title), last_attempt = ?,
           last_success = ?, last_error = NULL, consecutive_failures = 0, next_attempt = ?,
           interval_ms = ? WHERE id = ?`,
      ),
      notModified: prepare(
        `UPDATE feeds SET last_attempt = ?, last_success = ?, last_error = NULL, consecutive_failures = 0,
           next_attempt = ? WHERE id = ?`,
      ),
      failure: prepare(
        `UPDATE feeds SET last_attempt = ?, last_error = ?, consecutive_failures = consecutive_failures + 1,
           next_attempt = ? WHERE id = ?`,
      ),
      newestOfFeed: prepare(
        `SELECT id, uid, title, summary, url, image, image_is_default, published_at, claimed_at,
           last_seen, position, category
         FROM articles WHERE feed_id = ? ORDER BY ${NEWEST_FIRST} LIMIT ?`,
      ),
      count: prepare("SELECT COUNT(*) AS n FROM articles WHERE feed_id = ?"),
      prune: prepare(
        `DELETE FROM articles WHERE feed_id = @feedId AND last_seen < @cutoff AND id NOT IN (
           SELECT id FROM articles WHERE feed_id = @feedId ORDER BY ${NEWEST_FIRST} LIMIT @keep)`,
      ),
      allFeedIds: prepare("SELECT id FROM feeds ORDER BY id"),
      // FTS5 hands out a match's rows by rowid without sorting, so the most recently stored
      // matches are the first ones it reads: the LIMIT bounds the work (search.ts SEARCH_WINDOW).
      searchIds: prepare(
        "SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rowid DESC LIMIT ?",
      ).pluck(),
      // Ids go in as JSON arrays (json_each): one statement for any number of them. Only the
      // feeds of the city searched count.
      searchMatches: prepare(
        `SELECT a.id, a.published_at AS publishedAt, a.url
         FROM articles a
         WHERE a.id IN (SELECT value FROM json_each(?))
           AND a.feed_id IN (SELECT value FROM json_each(?))
         ORDER BY a.published_at IS NULL, a.published_at DESC, a.id DESC`,
      ),
      byIds: prepare(
        `SELECT a.id, a.uid, a.title, a.summary, a.url, a.image, a.image_is_default,
           a.published_at, a.claimed_at, a.category, a.feed_id AS feedId, f.url AS feedUrl
         FROM articles a JOIN feeds f ON f.id = a.feed_id
         WHERE a.id IN (SELECT value FROM json_each(?))`,
      ),
    };
  }

  /** Registers feed URLs (each stored once, whoever lists it); returns each one's id. */
  addFeeds(urls: Iterable<string>): Map<string, number> {
    const ids = new Map<string, number>();
    this.db.transaction(() => {
      for (const url of urls) {
        if (ids.has(url)) continue;
        this.statements.add.run(url);
        ids.set(url, this.statements.idOf.get(url) as number);
      }
    })();
    return ids;
  }

  /** Every stored feed, listed or not. */
  feeds(): FeedRow[] {
    return this.statements.allFeeds.all() as FeedRow[];
  }

  feed(id: number): FeedRow | undefined {
    return this.statements.feed.get(id) as FeedRow | undefined;
  }

  /** Stores a successful fetch: upserts its articles (never duplicating) and resets failures. */
  recordSuccess(
    feedId: number,
    result: {
      articles: Article[];
      etag: string | null;
      lastModified: string | null;
      /** The channel's title, when it gives one. */
      title?: string;
      now: number;
      nextAttempt: number;
      intervalMs?: number;
    },
  ): void {
    const { upsert, success } = this.statements;
    this.db.transaction(() => {
      result.articles.forEach((a, position) =>
        upsert.run({
          ...a,
          imageIsDefault: a.imageIsDefault ? 1 : 0,
          feedId,
          position,
          now: result.now,
        }),
      );
      success.run(
        result.etag,
        result.lastModified,
        result.title ?? null,
        result.now,
        result.now,
        result.nextAttempt,
        result.intervalMs ?? null,
        feedId,
      );
    })();
  }

  /** A 304: the stored articles stay; the feed counts as fresh. */
  recordNotModified(feedId: number, now: number, nextAttempt: number): void {
    this.statements.notModified.run(now, now, nextAttempt, feedId);
  }

  /** A failed fetch or parse: the stored articles stay; the failure is counted for backoff. */
  recordFailure(feedId: number, reason: string, now: number, nextAttempt: number): void {
    this.statements.failure.run(now, reason, nextAttempt, feedId);
  }

  /**
   * A feed's newest `limit` articles (the index articles_newest holds this order: the read takes
   * its first rows and never looks at the feed's history).
   */
  newest(feed: Pick<FeedRow, "id" | "url">, limit: number): FeedArticle[] {
    return (this.statements.newestOfFeed.all(feed.id, limit) as ArticleRow[]).map((row) => ({
      ...toStoredArticle({ ...row, feedUrl: feed.url }),
      feedId: feed.id,
      lastSeen: row.last_seen,
      position: row.position,
    }));
  }

  /**
   * Full-text search (articles_fts, migration 6): which stored articles of the feeds `feedIds`
   * (a city's) match `match`, an FTS5 expression made by search.ts parseSearchQuery (never
   * reader text), among the `window` most recently stored matches; newest first (dated before
   * undated, newest date first, then the most recently stored). `more` says whether matches
   * were left out. Only what ordering needs is read: `articles` reads the stories a page shows.
   */
  search(
    match: string,
    window: number,
    feedIds: readonly number[],
  ): { matches: SearchMatch[]; more: boolean } {
    const ids = this.statements.searchIds.all(match, window + 1) as number[];
    const more = ids.length > window;
    if (more) ids.pop();
    if (ids.length === 0 || feedIds.length === 0) return { matches: [], more };
    return {
      matches: this.statements.searchMatches.all(
        JSON.stringify(ids),
        JSON.stringify(feedIds),
      ) as SearchMatch[],
      more,
    };
  }

  /** The stored articles with these ids, in no particular order, each with its feed's id. */
  articles(ids: readonly number[]): (StoredArticle & { feedId: number })[] {
    if (ids.length === 0) return [];
    return (
      this.statements.byIds.all(JSON.stringify(ids)) as (SearchRow & { feedId: number })[]
    ).map((row) => ({ ...toStoredArticle(row), feedId: row.feedId }));
  }

  /** How many articles are stored for a feed (history included). */
  countArticles(feedId: number): number {
    return (this.statements.count.get(feedId) as { n: number }).n;
  }

  /**
   * Deletes what the retention policy no longer keeps: articles that no fetch of their feed has
   * listed for `days`, beyond the newest `minPerFeed` of that feed. One feed per transaction, so
   * that a large prune never holds the database (or the event loop) for long at once. Returns
   * how many were deleted.
   */
  prune(now: number, retention: Retention = DEFAULT_RETENTION): number {
    const cutoff = now - retention.days * 86_400_000;
    let deleted = 0;
    for (const { id } of this.statements.allFeedIds.all() as { id: number }[]) {
      deleted += this.statements.prune.run({
        feedId: id,
        cutoff,
        keep: retention.minPerFeed,
      }).changes;
    }
    return deleted;
  }
}
