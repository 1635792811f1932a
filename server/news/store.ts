import type { FeedKey } from "../../sites/categories";
import type { Db } from "../db/open";
import type { Article } from "./normalize";

/** SPEC.md §7 and §9: at most 15 items from any one feed and 15 articles overall. */
export const PER_FEED_LIMIT = 15;
export const CATEGORY_LIMIT = 15;

export interface FeedSource {
  key: FeedKey;
  url: string;
}

export interface FeedRow {
  id: number;
  key: FeedKey;
  url: string;
  etag: string | null;
  lastModified: string | null;
  lastAttempt: number | null;
  lastSuccess: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextAttempt: number | null;
}

export interface StoredArticle extends Article {
  /** The stored row's id: stable and opaque (pages use it as the article's key). */
  id: number;
  /** The feed it came from (private: it never leaves the server). */
  feedUrl: string;
}

const FEED_COLUMNS = `id, key, url, etag, last_modified AS lastModified, last_attempt AS lastAttempt,
  last_success AS lastSuccess, last_error AS lastError, consecutive_failures AS consecutiveFailures,
  next_attempt AS nextAttempt`;

/** The news tables: feeds with their fetch state, and every article ever seen (upserted). */
export class NewsStore {
  constructor(private readonly db: Db) {}

  /** Registers the configured feeds; feeds no longer configured stay stored but inactive. */
  syncFeeds(sources: readonly FeedSource[]): void {
    const insert = this.db.prepare(
      "INSERT INTO feeds (key, url) VALUES (?, ?) ON CONFLICT (key, url) DO UPDATE SET active = 1",
    );
    this.db.transaction(() => {
      this.db.prepare("UPDATE feeds SET active = 0").run();
      for (const s of sources) insert.run(s.key, s.url);
    })();
  }

  feeds(key?: FeedKey): FeedRow[] {
    return key
      ? (this.db
          .prepare(`SELECT ${FEED_COLUMNS} FROM feeds WHERE active = 1 AND key = ? ORDER BY id`)
          .all(key) as FeedRow[])
      : (this.db
          .prepare(`SELECT ${FEED_COLUMNS} FROM feeds WHERE active = 1 ORDER BY id`)
          .all() as FeedRow[]);
  }

  feed(id: number): FeedRow | undefined {
    return this.db.prepare(`SELECT ${FEED_COLUMNS} FROM feeds WHERE id = ?`).get(id) as
      FeedRow | undefined;
  }

  /** Active feeds whose next attempt is due at `now`. */
  dueFeeds(now: number): FeedRow[] {
    return this.db
      .prepare(
        `SELECT ${FEED_COLUMNS} FROM feeds WHERE active = 1 AND (next_attempt IS NULL OR next_attempt <= ?) ORDER BY id`,
      )
      .all(now) as FeedRow[];
  }

  /** Stores a successful fetch: upserts its articles (never duplicating) and resets failures. */
  recordSuccess(
    feedId: number,
    result: {
      articles: Article[];
      etag: string | null;
      lastModified: string | null;
      now: number;
      nextAttempt: number;
    },
  ): void {
    const upsert = this.db.prepare(`
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
        category = excluded.category, position = excluded.position, last_seen = excluded.last_seen`);
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
      this.db
        .prepare(
          `UPDATE feeds SET etag = ?, last_modified = ?, last_attempt = ?, last_success = ?, last_error = NULL,
             consecutive_failures = 0, next_attempt = ? WHERE id = ?`,
        )
        .run(result.etag, result.lastModified, result.now, result.now, result.nextAttempt, feedId);
    })();
  }

  /** A 304: the stored articles stay; the feed counts as fresh. */
  recordNotModified(feedId: number, now: number, nextAttempt: number): void {
    this.db
      .prepare(
        `UPDATE feeds SET last_attempt = ?, last_success = ?, last_error = NULL, consecutive_failures = 0,
           next_attempt = ? WHERE id = ?`,
      )
      .run(now, now, nextAttempt, feedId);
  }

  /** A failed fetch or parse: the stored articles stay; the failure is counted for backoff. */
  recordFailure(feedId: number, reason: string, now: number, nextAttempt: number): void {
    this.db
      .prepare(
        `UPDATE feeds SET last_attempt = ?, last_error = ?, consecutive_failures = consecutive_failures + 1,
           next_attempt = ? WHERE id = ?`,
      )
      .run(now, reason, nextAttempt, feedId);
  }

  /**
   * The newest articles of a category: at most `perFeed` from any one feed and `limit` overall.
   * Undated articles sort after dated ones, newest seen first, then in their feed's order.
   */
  latest(key: FeedKey, limit = CATEGORY_LIMIT, perFeed = PER_FEED_LIMIT): StoredArticle[] {
    const rows = this.db
      .prepare(
        `WITH ranked AS (
           SELECT a.*, f.url AS feed_url, ROW_NUMBER() OVER (
             PARTITION BY a.feed_id
             ORDER BY a.published_at IS NULL, a.published_at DESC, a.last_seen DESC, a.position
           ) AS rank
           FROM articles a JOIN feeds f ON f.id = a.feed_id
           WHERE f.key = ? AND f.active = 1
         )
         SELECT id, uid, title, summary, url, image, image_is_default, published_at, claimed_at,
           category, feed_url
         FROM ranked WHERE rank <= ?
         ORDER BY published_at IS NULL, published_at DESC, last_seen DESC, position, feed_id
         LIMIT ?`,
      )
      .all(key, perFeed, limit) as {
      id: number;
      uid: string;
      title: string;
      summary: string;
      url: string;
      image: string;
      image_is_default: number;
      published_at: number | null;
      claimed_at: number | null;
      category: string;
      feed_url: string;
    }[];
    return rows.map((r) => ({
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
      feedUrl: r.feed_url,
    }));
  }

  /** How many articles are stored for a feed (history included). */
  countArticles(feedId: number): number {
    return (
      this.db.prepare("SELECT COUNT(*) AS n FROM articles WHERE feed_id = ?").get(feedId) as {
        n: number;
      }
    ).n;
  }
}
