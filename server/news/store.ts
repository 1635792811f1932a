import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql, type Kysely } from "kysely";
import { writeTransaction, type Store } from "../db/open";
import type { Database } from "../db/schema";
import type { Stem } from "../../common/stemming";
import { inList } from "./store/in-list";
import {
  ARTICLE_COLUMNS,
  FEED_COLUMNS,
  newestFirstOrder,
  publisherName,
  toFeedArticle,
  toStoredArticle,
  type ArticleRow,
  type FeedArticle,
  type FeedRow,
  type Retention,
  type SearchMatch,
  type SearchQuery,
  type StoredArticle,
} from "./store/rows";
import { searchStored, storyStemmer } from "./store/search";
import {
  NO_LEASE,
  articleRows,
  endLeaseOf,
  upsertArticles,
  type FetchSuccess,
} from "./store/write";

// The store's parts (store/), exported from here as before: importers name this module only.
export {
  PUBLISHER_MAX,
  newestFirst,
  publisherName,
  type FeedArticle,
  type FeedRow,
  type NewestKey,
  type Outlet,
  type Retention,
  type SearchMatch,
  type SearchQuery,
  type StoredArticle,
} from "./store/rows";
export { tsQuery } from "./store/search";
export type { FetchSuccess } from "./store/write";

/** docs/product.md §7 and §9: at most 15 items from any one feed and 15 articles overall. */
export const PER_FEED_LIMIT = 15;
export const CATEGORY_LIMIT = 15;

export const DEFAULT_RETENTION: Retention = { days: 30, minPerFeed: 50 };

/** How many ids one statement binds at most (SQLite allows 32,766 variables). */
const IDS_PER_STATEMENT = 10_000;

/** The PostgreSQL channel on which instances announce a feed's change (NewsStore.announce). */
export const FEED_CHANGES = "news_feed_changed";

/** This process's name among the instances: host, process id and a random part. */
function defaultInstance(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** A notification's payload (announce): the feed's id and the announcing instance. */
export function parseFeedChange(payload: string): { feedId: number; instance: string } | null {
  const space = payload.indexOf(" ");
  const feedId = Number(space === -1 ? payload : payload.slice(0, space));
  if (!Number.isSafeInteger(feedId) || feedId <= 0) return null;
  return { feedId, instance: space === -1 ? "" : payload.slice(space + 1) };
}

/** What a write of a feed's fetch left stored: the feed's state, and its articles as written. */
export interface FeedWrite {
  /** The feed's row after the write (undefined: the feed is not stored). */
  feed: FeedRow | undefined;
  /** The articles the fetch listed, as stored (their ids, and dates an earlier fetch clamped). */
  articles: FeedArticle[];
}

/**
 * The news tables: each feed once per URL with its fetch state, and its articles (upserted, so a
 * refetch never duplicates; pruned by the retention policy). Which cities and categories list a
 * feed is not stored: it is the cities' data (news/subscriptions.ts). The same queries on SQLite and
 * PostgreSQL (Kysely), but for search, which each engine's own full-text index answers.
 */
export class NewsStore {
  private readonly db: Kysely<Database>;

  /**
   * `instance` names this process among those sharing the database (leases, notifications):
   * unique per process by default.
   */
  constructor(
    private readonly store: Store,
    readonly instance: string = defaultInstance(),
  ) {
    this.db = store.db;
  }

  /** Registers feed URLs (each stored once, whoever lists it); returns each one's id. */
  async addFeeds(urls: Iterable<string>): Promise<Map<string, number>> {
    const unique = [...new Set(urls)];
    const ids = new Map<string, number>();
    for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) {
      const chunk = unique.slice(i, i + IDS_PER_STATEMENT);
      await this.db
        .insertInto("feeds")
        .values(chunk.map((url) => ({ url })))
        .onConflict((oc) => oc.column("url").doNothing())
        .execute();
      const rows = await this.db
        .selectFrom("feeds")
        .select(["id", "url"])
        .where("url", "in", chunk)
        .execute();
      for (const row of rows) ids.set(row.url, row.id);
    }
    // In the order given, as callers list them.
    return new Map(unique.map((url) => [url, ids.get(url) as number]));
  }

  /** Every stored feed, listed or not. */
  feeds(): Promise<FeedRow[]> {
    return this.db.selectFrom("feeds").select(FEED_COLUMNS).orderBy("id").execute();
  }

  feed(id: number): Promise<FeedRow | undefined> {
    return this.db.selectFrom("feeds").select(FEED_COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  /**
   * Stores a successful fetch in one transaction: upserts its articles (never duplicating) and
   * resets failures. Returns what it stored (the feed's row, the articles as written).
   */
  async recordSuccess(feedId: number, result: FetchSuccess): Promise<FeedWrite> {
    const rows = articleRows(feedId, result.articles, result.now);
    return writeTransaction(this.store, async (db) => {
      const written = await upsertArticles(db, rows);
      const feed = await db
        .updateTable("feeds")
        .set((eb) => ({
          etag: result.etag,
          last_modified: result.lastModified,
          title: eb.fn.coalesce(eb.val(result.title ?? null), eb.ref("title")),
          last_attempt: result.now,
          last_success: result.now,
          last_error: null,
          consecutive_failures: 0,
          next_attempt: result.nextAttempt,
          interval_ms: result.intervalMs ?? null,
          ...endLeaseOf(eb, this.instance),
        }))
        .where("id", "=", feedId)
        .returning(FEED_COLUMNS)
        .executeTakeFirst();
      await this.announce(db, feedId);
      const source = feed ? publisherName(feed) : "";
      const url = feed?.url ?? "";
      return {
        feed,
        articles: written.map((row) => toFeedArticle(row, { id: feedId, url }, source)),
      };
    });
  }

  /** A 304: the stored articles stay; the feed counts as fresh. Returns the feed's row. */
  async recordNotModified(
    feedId: number,
    now: number,
    nextAttempt: number,
  ): Promise<FeedRow | undefined> {
    const feed = await this.db
      .updateTable("feeds")
      .set((eb) => ({
        last_attempt: now,
        last_success: now,
        last_error: null,
        consecutive_failures: 0,
        next_attempt: nextAttempt,
        ...endLeaseOf(eb, this.instance),
      }))
      .where("id", "=", feedId)
      .returning(FEED_COLUMNS)
      .executeTakeFirst();
    await this.announce(this.db, feedId);
    return feed;
  }

  /**
   * A failed fetch or parse: the stored articles stay; the failure is counted for backoff.
   * Returns the feed's row.
   */
  async recordFailure(
    feedId: number,
    reason: string,
    now: number,
    nextAttempt: number,
  ): Promise<FeedRow | undefined> {
    const feed = await this.db
      .updateTable("feeds")
      .set((eb) => ({
        last_attempt: now,
        last_error: reason,
        consecutive_failures: eb("consecutive_failures", "+", 1),
        next_attempt: nextAttempt,
        ...endLeaseOf(eb, this.instance),
      }))
      .where("id", "=", feedId)
      .returning(FEED_COLUMNS)
      .executeTakeFirst();
    await this.announce(this.db, feedId);
    return feed;
  }

  /**
   * Leases, for `leaseMs` from `now`, those of the feeds `ids` that are due (their next attempt
   * has come) and that no instance holds (no lease, or one run out: its instance died); returns
   * the ids leased. Among instances claiming at once each feed goes to one: PostgreSQL locks
   * the rows it takes and skips those another claim holds (FOR UPDATE SKIP LOCKED); SQLite has
   * one writer. The refresh's write (record*) ends the lease, if it is still `owner`'s.
   * From: https://www.postgresql.org/docs/15/sql-select.html#SQL-FOR-UPDATE-SHARE
   */
  async claim(
    ids: readonly number[],
    now: number,
    leaseMs: number,
    owner: string,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const due = sql`SELECT id FROM feeds WHERE ${inList(this.store.dialect, "id", ids)}
      AND (next_attempt IS NULL OR next_attempt <= ${now})
      AND (lease_until IS NULL OR lease_until <= ${now})`;
    const { rows } = await sql<{ id: number }>`UPDATE feeds
      SET lease_until = ${now + leaseMs}, lease_owner = ${owner}
      WHERE id IN (${due}${this.store.dialect === "postgres" ? sql` FOR UPDATE SKIP LOCKED` : sql``})
      RETURNING id`.execute(this.db);
    return rows.map((r) => r.id);
  }

  /**
   * Extends to `now + leaseMs` the leases `owner` still holds among the feeds `ids` (a refresh
   * that outlasts its lease: Schedule.renewLeases); a lease another instance has taken since is
   * left alone. Returns the ids renewed.
   */
  async renew(
    ids: readonly number[],
    now: number,
    leaseMs: number,
    owner: string,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable("feeds")
      .set({ lease_until: now + leaseMs })
      .where(inList(this.store.dialect, "id", ids))
      .where("lease_owner", "=", owner)
      .returning("id")
      .execute();
    return rows.map((r) => r.id);
  }

  /** Whether other instances may share this database (PostgreSQL). */
  get shared(): boolean {
    return this.store.dialect === "postgres";
  }

  /**
   * Ends every lease (SQLite, at start-up: the database is this one instance's, so a lease
   * stored is one its previous run left when it stopped mid-refresh).
   */
  async releaseLeases(): Promise<void> {
    await this.db.updateTable("feeds").set(NO_LEASE).where("lease_until", "is not", null).execute();
  }

  /** The stored state of the feeds `ids` (those that exist). */
  feedsByIds(ids: readonly number[]): Promise<FeedRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("feeds")
      .select(FEED_COLUMNS)
      .where(inList(this.store.dialect, "id", ids))
      .execute();
  }

  /**
   * Tells the other instances sharing the database that a feed's stored state changed
   * (PostgreSQL: NOTIFY on FEED_CHANGES, delivered at commit; the payload is the feed's id and
   * this store's instance, so that an instance can pass over its own). Nothing on SQLite: one
   * instance.
   */
  private async announce(db: Kysely<Database>, feedId: number): Promise<void> {
    if (this.store.dialect !== "postgres") return;
    await sql`SELECT pg_notify(${FEED_CHANGES}, ${`${feedId} ${this.instance}`})`.execute(db);
  }

  /**
   * A feed's newest `limit` articles (the index articles_newest holds this order: the read takes
   * its first rows and never looks at the feed's history).
   */
  async newest(feed: Pick<FeedRow, "id" | "url" | "title">, limit: number): Promise<FeedArticle[]> {
    const source = publisherName(feed);
    const rows = await newestFirstOrder(
      this.db
        .selectFrom("articles")
        .select([...ARTICLE_COLUMNS, "last_seen", "position"])
        .where("feed_id", "=", feed.id),
    )
      .limit(limit)
      .execute();
    return rows.map((row) => toFeedArticle(row, feed, source));
  }

  /**
   * The newest `limit` articles of each of `feeds`, by feed id: on PostgreSQL in one query (one
   * round trip; each feed's read takes the first rows of the index, as `newest`), on SQLite one
   * read a feed (no round trip to save).
   */
  async newestOfFeeds(
    feeds: readonly Pick<FeedRow, "id" | "url" | "title">[],
    limit: number,
  ): Promise<Map<number, FeedArticle[]>> {
    const byId = new Map<number, FeedArticle[]>(feeds.map((feed) => [feed.id, []]));
    if (this.store.dialect !== "postgres") {
      for (const feed of feeds) byId.set(feed.id, await this.newest(feed, limit));
      return byId;
    }
    if (feeds.length === 0) return byId;
    const byFeed = new Map(
      feeds.map((feed) => [feed.id, { url: feed.url, source: publisherName(feed) }]),
    );
    const { rows } = await sql<ArticleRow & { feed: number }>`SELECT f.id AS feed, a.*
      FROM unnest(${feeds.map((feed) => feed.id)}::int[]) AS f(id)
      CROSS JOIN LATERAL (
        SELECT id, uid, title, summary, url, image, image_is_default, published_at, claimed_at,
          last_seen, position, category, language, publisher, sponsored, authors, categories
        FROM articles WHERE feed_id = f.id
        ORDER BY published_at IS NULL, published_at DESC, last_seen DESC, position
        LIMIT ${limit}) a`.execute(this.db);
    for (const row of rows) {
      const feed = byFeed.get(row.feed);
      byId
        .get(row.feed)
        ?.push(toFeedArticle(row, { id: row.feed, url: feed?.url ?? "" }, feed?.source ?? ""));
    }
    return byId;
  }
  async search(
    query: Pick<SearchQuery, "match" | "terms" | "prefix">,
    window: number,
    feedIds: readonly number[],
  ): Promise<{ matches: SearchMatch[]; more: boolean }> {
    return searchStored(this.store, query, window, feedIds);
  }

  /**
   * The stemmer the index used for a story in `language` (BCP 47, or null): on SQLite English
   * for every story (FTS5's porter tokenizer), on PostgreSQL the story's language's, English
   * when it has none or one without a stemmer (migration 0006, common/stemming.ts).
   */
  stemmerFor(language: string | null): Stem {
    return storyStemmer(this.store, language);
  }

  /** The stored articles with these ids, in no particular order, each with its feed's id. */
  async articles(ids: readonly number[]): Promise<(StoredArticle & { feedId: number })[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("articles as a")
      .innerJoin("feeds as f", "f.id", "a.feed_id")
      .select([
        "a.id",
        "a.uid",
        "a.title",
        "a.summary",
        "a.url",
        "a.image",
        "a.image_is_default",
        "a.published_at",
        "a.claimed_at",
        "a.category",
        "a.language",
        "a.publisher",
        "a.sponsored",
        "a.authors",
        "a.categories",
        "a.feed_id as feedId",
        "f.url as feedUrl",
        "f.title as feedTitle",
      ])
      .where(inList(this.store.dialect, "a.id", ids))
      .execute();
    return rows.map((row) => ({
      ...toStoredArticle({
        ...row,
        source: publisherName({ title: row.feedTitle, url: row.feedUrl }),
      }),
      feedId: row.feedId,
    }));
  }

  /** How many articles are stored for a feed (history included). */
  async countArticles(feedId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom("articles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("feed_id", "=", feedId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** An article's picture (its own, not the default), for the image route; null when none. */
  async articleImage(id: number): Promise<string | null> {
    const row = await this.db
      .selectFrom("articles")
      .select(["image", "image_is_default"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row && row.image_is_default === 0 ? row.image : null;
  }

  /**
   * Deletes what the retention policy no longer keeps: articles that no fetch of their feed has
   * listed for `days`, beyond the newest `minPerFeed` of that feed. One feed per statement, so
   * that a large prune never holds the database for long at once. Returns how many were deleted.
   */
  async prune(now: number, retention: Retention = DEFAULT_RETENTION): Promise<number> {
    const cutoff = now - retention.days * 86_400_000;
    let deleted = 0;
    const feeds = await this.db.selectFrom("feeds").select("id").orderBy("id").execute();
    for (const { id } of feeds) {
      const kept = newestFirstOrder(
        this.db.selectFrom("articles").select("id").where("feed_id", "=", id),
      ).limit(retention.minPerFeed);
      const result = await this.db
        .deleteFrom("articles")
        .where("feed_id", "=", id)
        .where("last_seen", "<", cutoff)
        .where("id", "not in", kept)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }
}
