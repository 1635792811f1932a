import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
} from "kysely";
import { writeTransaction, type Store } from "../db/open";
import type { ArticlesTable, Database } from "../db/schema";
import {
  ENGLISH,
  SEARCH_CONFIGS,
  STEMMED_LANGUAGES,
  stemmerFor,
  type Stem,
} from "../../common/stemming";
import type { Article } from "./normalize";

/** A reader's query as search.ts reads it (parseSearchQuery): what the store looks for. */
export interface SearchQuery {
  /** The query as read (at most search.ts's MAX_QUERY_LENGTH characters, trimmed): what the page echoes. */
  text: string;
  /** The words looked for, folded (lower case, no diacritics), for highlighting and ranking. */
  terms: string[];
  /** Whether the last term also matches longer words. */
  prefix: boolean;
  /** The FTS5 MATCH expression: each word a quoted string, all required. */
  match: string;
}

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
  /** Until when an instance holds its refresh (claim), or null. */
  leaseUntil: number | null;
  /** Which instance holds it (NewsStore.instance), or null. */
  leaseOwner: string | null;
}

export interface StoredArticle extends Article {
  /** The stored row's id: stable and opaque (pages use it as the article's key). */
  id: number;
  /** The feed it came from (private: it never leaves the server). */
  feedUrl: string;
  /**
   * Its publisher's name, as pages credit it: the short name a city's data gives its feed, else
   * the feed's own title (publisherName).
   */
  source: string;
  /**
   * Where else the same story was published (a wire story two feeds of a category carry): it is
   * shown once, crediting the others. Set when a category is built (news/compose.ts).
   */
  alsoAt?: readonly Outlet[];
}

/** Another publisher's copy of a story: its name and its link. */
export interface Outlet {
  source: string;
  url: string;
}

/** How long a publisher's name may be when it comes from a feed's title (bylines stay one line). */
export const PUBLISHER_MAX = 60;

/**
 * A feed's publisher as pages credit it when no city's data names it: the feed's own title, cut
 * at a word within PUBLISHER_MAX characters, else its host without "www.".
 */
export function publisherName(feed: Pick<FeedRow, "title" | "url">): string {
  const title = feed.title?.replace(/\s+/g, " ").trim();
  if (title) {
    if (title.length <= PUBLISHER_MAX) return title;
    const cut = title.slice(0, PUBLISHER_MAX + 1);
    const space = cut.lastIndexOf(" ");
    return `${(space > 0 ? cut.slice(0, space) : cut.slice(0, PUBLISHER_MAX)).replace(/[\s,;:.|–—-]+$/, "")}…`;
  }
  try {
    return new URL(feed.url).hostname.replace(/^www\./, "");
  } catch {
    return feed.url;
  }
}

/**
 * A feed's newest articles first: dated before undated, newest date first, then the most recently
 * seen, then the feed's own order. The index articles_newest (migration 0001) holds exactly this
 * order, so a read takes a feed's first rows and never looks at its history.
 */
function newestFirstOrder<O>(
  query: SelectQueryBuilder<Database, "articles", O>,
): SelectQueryBuilder<Database, "articles", O> {
  return query
    .orderBy(sql`published_at IS NULL`)
    .orderBy("published_at", "desc")
    .orderBy("last_seen", "desc")
    .orderBy("position");
}

/** An article's columns as the store reads them. */
type ArticleRow = Omit<Selectable<ArticlesTable>, "feed_id" | "first_seen">;

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

/**
 * A stored article matching a search, with what ranking its results needs: its date, its link
 * (a story stored twice is one), its title (relevance: search.ts titleRelevanceOf) and its
 * language (how it was stemmed).
 */
export interface SearchMatch {
  id: number;
  publishedAt: number | null;
  url: string;
  title: string;
  language: string | null;
  /**
   * What says whether its listing shows it (engine.ts: paid posts, the rules of what is not
   * news), so that a search counts only what it shows: its feed, and whether it is paid for.
   */
  feedId?: number;
  sponsored?: boolean;
  /** Its categories (absent for none). */
  categories?: string[];
}

/** An article's columns, its feed's URL and its publisher. */
type SearchRow = Omit<ArticleRow, "last_seen" | "position"> & { feedUrl: string; source: string };

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
    language: r.language,
    feedUrl: r.feedUrl,
    // The outlet the entry names, else the feed's publisher.
    source: r.publisher ?? r.source,
    ...(r.publisher ? { publisher: r.publisher } : {}),
    ...(r.sponsored ? { sponsored: true } : {}),
    ...(r.authors ? { authors: lines(r.authors) } : {}),
    ...(r.categories ? { categories: lines(r.categories) } : {}),
  };
}

/** A list stored one item a line (authors, categories: each is one line of plain text). */
function lines(stored: string): string[] {
  return stored.split("\n").filter((line) => line !== "");
}

/** A list as stored: one item a line, or null for none. */
function storedLines(list: readonly string[] | undefined): string | null {
  return list?.length ? list.join("\n") : null;
}

/** A feed's columns as FeedRow names them. */
const FEED_COLUMNS = [
  "id",
  "url",
  "title",
  "etag",
  "last_modified as lastModified",
  "last_attempt as lastAttempt",
  "last_success as lastSuccess",
  "last_error as lastError",
  "consecutive_failures as consecutiveFailures",
  "next_attempt as nextAttempt",
  "interval_ms as intervalMs",
  "lease_until as leaseUntil",
  "lease_owner as leaseOwner",
] as const;

/** An article's columns as ArticleRow names them. */
const ARTICLE_COLUMNS = [
  "id",
  "uid",
  "title",
  "summary",
  "url",
  "image",
  "image_is_default",
  "published_at",
  "claimed_at",
  "category",
  "language",
  "publisher",
  "sponsored",
  "authors",
  "categories",
] as const;

/** How many ids one statement binds at most (SQLite allows 32,766 variables). */
const IDS_PER_STATEMENT = 10_000;

/** How many of the most recent articles a PostgreSQL search reads first (searchPostgres)... */
const SEARCH_PROBE = 2_000;
/** ...and at most, when the matches among those say that more would hold enough. */
const SEARCH_PROBE_MAX = 50_000;

/** The PostgreSQL channel on which instances announce a feed's change (NewsStore.announce). */
export const FEED_CHANGES = "news_feed_changed";

/** Every lease ended (releaseLeases). */
const NO_LEASE = { lease_until: null, lease_owner: null } as const;

/**
 * The lease of `owner` ended (record*), and only that one: a late writer whose lease ran out
 * while it stored its refresh, and which another instance has since claimed, leaves the new
 * holder's lease alone (that feed is then only fetched twice). SET expressions all read the
 * row as it was, so both columns test the old owner.
 */
function endLeaseOf(eb: ExpressionBuilder<Database, "feeds">, owner: string) {
  const ours = eb("lease_owner", "=", owner);
  return {
    lease_until: eb.case().when(ours).then(null).else(eb.ref("lease_until")).end(),
    lease_owner: eb.case().when(ours).then(null).else(eb.ref("lease_owner")).end(),
  };
}

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

/** Articles per upsert statement (19 values each: well under either engine's limit). */
const ROWS_PER_UPSERT = 200;

/** A successful fetch, as NewsStore.recordSuccess stores it. */
export interface FetchSuccess {
  articles: Article[];
  etag: string | null;
  lastModified: string | null;
  /** The channel's title, when it gives one. */
  title?: string;
  now: number;
  nextAttempt: number;
  intervalMs?: number;
}

/** A fetch's articles as rows of the articles table, each at its place in the feed. */
function articleRows(
  feedId: number,
  articles: Article[],
  now: number,
): Insertable<ArticlesTable>[] {
  // A feed that lists one item twice: the later one, at its place, as separate upserts in
  // order would leave it (and PostgreSQL refuses one statement that upserts a row twice).
  const last = new Map<string, number>();
  articles.forEach((a, position) => last.set(a.uid, position));
  return articles
    .map((a, position) => ({ a, position }))
    .filter(({ a, position }) => last.get(a.uid) === position)
    .map(({ a, position }) => ({
      feed_id: feedId,
      uid: a.uid,
      title: a.title,
      summary: a.summary,
      url: a.url,
      image: a.image,
      image_is_default: a.imageIsDefault ? 1 : 0,
      published_at: a.publishedAt,
      claimed_at: a.claimedAt,
      category: a.category,
      language: a.language,
      publisher: a.publisher ?? null,
      sponsored: a.sponsored ? 1 : 0,
      authors: storedLines(a.authors),
      categories: storedLines(a.categories),
      position,
      first_seen: now,
      last_seen: now,
    }));
}

/**
 * Inserts the rows, ROWS_PER_UPSERT a statement, or updates the stored article of each (a feed's
 * uid) with what the feed says now; an article's first_seen stays.
 */
async function upsertArticles(
  db: Kysely<Database>,
  rows: Insertable<ArticlesTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_UPSERT) {
    await db
      .insertInto("articles")
      .values(rows.slice(i, i + ROWS_PER_UPSERT))
      .onConflict((oc) =>
        oc.columns(["feed_id", "uid"]).doUpdateSet({
          title: (eb) => eb.ref("excluded.title"),
          summary: (eb) => eb.ref("excluded.summary"),
          url: (eb) => eb.ref("excluded.url"),
          image: (eb) => eb.ref("excluded.image"),
          image_is_default: (eb) => eb.ref("excluded.image_is_default"),
          // A date clamped to the fetch time stays where it was first clamped: each later
          // fetch would otherwise move the story to the top again.
          published_at: sql<number | null>`CASE
            WHEN excluded.claimed_at IS NOT NULL AND articles.claimed_at IS NOT NULL
              THEN articles.published_at
            ELSE COALESCE(excluded.published_at, articles.published_at) END`,
          claimed_at: (eb) => eb.ref("excluded.claimed_at"),
          category: (eb) => eb.ref("excluded.category"),
          language: (eb) => eb.ref("excluded.language"),
          publisher: (eb) => eb.ref("excluded.publisher"),
          sponsored: (eb) => eb.ref("excluded.sponsored"),
          authors: (eb) => eb.ref("excluded.authors"),
          categories: (eb) => eb.ref("excluded.categories"),
          position: (eb) => eb.ref("excluded.position"),
          last_seen: (eb) => eb.ref("excluded.last_seen"),
        }),
      )
      .execute();
  }
}

/**
 * The news tables: each feed once per URL with its fetch state, and its articles (upserted, so a
 * refetch never duplicates; pruned by the retention policy). Which cities and categories list a
 * feed is not stored: it is the cities' data (news/network.ts). The same queries on SQLite and
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
   * resets failures.
   */
  async recordSuccess(feedId: number, result: FetchSuccess): Promise<void> {
    const rows = articleRows(feedId, result.articles, result.now);
    await writeTransaction(this.store, async (db) => {
      await upsertArticles(db, rows);
      await db
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
        .execute();
      await this.announce(db, feedId);
    });
  }

  /** A 304: the stored articles stay; the feed counts as fresh. */
  async recordNotModified(feedId: number, now: number, nextAttempt: number): Promise<void> {
    await this.db
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
      .execute();
    await this.announce(this.db, feedId);
  }

  /** A failed fetch or parse: the stored articles stay; the failure is counted for backoff. */
  async recordFailure(
    feedId: number,
    reason: string,
    now: number,
    nextAttempt: number,
  ): Promise<void> {
    await this.db
      .updateTable("feeds")
      .set((eb) => ({
        last_attempt: now,
        last_error: reason,
        consecutive_failures: eb("consecutive_failures", "+", 1),
        next_attempt: nextAttempt,
        ...endLeaseOf(eb, this.instance),
      }))
      .where("id", "=", feedId)
      .execute();
    await this.announce(this.db, feedId);
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
    const due = sql`SELECT id FROM feeds WHERE ${this.inList("id", ids)}
      AND (next_attempt IS NULL OR next_attempt <= ${now})
      AND (lease_until IS NULL OR lease_until <= ${now})`;
    const { rows } = await sql<{ id: number }>`UPDATE feeds
      SET lease_until = ${now + leaseMs}, lease_owner = ${owner}
      WHERE id IN (${due}${this.store.dialect === "postgres" ? sql` FOR UPDATE SKIP LOCKED` : sql``})
      RETURNING id`.execute(this.db);
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
    return this.db.selectFrom("feeds").select(FEED_COLUMNS).where(this.inList("id", ids)).execute();
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
    return rows.map((row) => ({
      ...toStoredArticle({ ...row, feedUrl: feed.url, source }),
      feedId: feed.id,
      lastSeen: row.last_seen,
      position: row.position,
    }));
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
      byId.get(row.feed)?.push({
        ...toStoredArticle({
          ...row,
          feedUrl: byFeed.get(row.feed)?.url ?? "",
          source: byFeed.get(row.feed)?.source ?? "",
        }),
        feedId: row.feed,
        lastSeen: row.last_seen,
        position: row.position,
      });
    }
    return byId;
  }

  /**
   * Full-text search: which stored articles of the feeds `feedIds` (a city's) match `query`
   * (search.ts parseSearchQuery: its words, never reader text as syntax), among the `window`
   * most recently stored matches; newest first (dated before undated, newest date first, then
   * the most recently stored). `more` says whether matches were left out. Only what ranking
   * needs is read: `articles` reads the stories a page shows. Each word matches its other forms
   * ("flooding" finds "flooded"), stemmed as the index stemmed the story (stemmerFor).
   *  - SQLite: the FTS5 index articles_fts (migration 0006: the porter tokenizer), which hands
   *    out a match's rows by rowid without sorting: the most recently stored come first and the
   *    LIMIT bounds the work.
   *  - PostgreSQL: the GIN index of the generated tsvector `search` (migration 0006: each story
   *    in its language's configuration), every term required, the last as a prefix when the
   *    query says so (searchPostgres).
   */
  async search(
    query: Pick<SearchQuery, "match" | "terms" | "prefix">,
    window: number,
    feedIds: readonly number[],
  ): Promise<{ matches: SearchMatch[]; more: boolean }> {
    const ids =
      this.store.dialect === "postgres"
        ? await this.searchPostgres(tsQuery(query), window + 1)
        : (
            await sql<{ rowid: number }>`SELECT rowid FROM articles_fts
              WHERE articles_fts MATCH ${query.match} ORDER BY rowid DESC LIMIT ${window + 1}`.execute(
              this.db,
            )
          ).rows.map((r) => r.rowid);
    const more = ids.length > window;
    if (more) ids.pop();
    if (ids.length === 0 || feedIds.length === 0) return { matches: [], more };
    const rows = await this.db
      .selectFrom("articles")
      .select([
        "id",
        "published_at as publishedAt",
        "url",
        "title",
        "language",
        "feed_id as feedId",
        "sponsored",
        "categories",
      ])
      .where(this.inList("id", ids))
      .where(this.inList("feed_id", feedIds))
      .orderBy(sql`published_at IS NULL`)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const matches = rows.map(({ sponsored, categories, ...match }): SearchMatch => ({
      ...match,
      ...(sponsored ? { sponsored: true } : {}),
      ...(categories ? { categories: lines(categories) } : {}),
    }));
    return { matches, more };
  }

  /**
   * The stemmer the index used for a story in `language` (BCP 47, or null): on SQLite English
   * for every story (FTS5's porter tokenizer), on PostgreSQL the story's language's, English
   * when it has none or one without a stemmer (migration 0006, common/stemming.ts).
   */
  stemmerFor(language: string | null): Stem {
    return this.store.dialect === "postgres"
      ? stemmerFor(language)
      : STEMMED_LANGUAGES[ENGLISH].stem;
  }

  /**
   * The ids of the `limit` most recently stored articles matching `query` (a tsquery's text),
   * newest first. Each story is matched by the query stemmed in its own language's
   * configuration (ownLanguageMatch), among the rows matching it stemmed in any configuration
   * (anyLanguageQuery: what the GIN index is read with, and a cheap first check of a row). PostgreSQL cannot read a GIN index in id order, and it guesses a prefix's frequency
   * badly, so the one plan it picks is wrong for one kind of query: walking the primary key
   * backwards finds a common word at once but reads the whole table for a rare one; the GIN
   * bitmap finds a rare word at once but gathers every row of a common one. So the most recent
   * rows are read first (enough matches among them are exactly the newest ones): SEARCH_PROBE of
   * them, then as many as the matches found there say should hold `limit` (at most
   * SEARCH_PROBE_MAX); only a word too rare for that goes to the index, which then has few rows.
   */
  private async searchPostgres(query: string, limit: number): Promise<number[]> {
    const any = await this.anyLanguageQuery(query);
    if (any === null) return [];
    // The constant first (PostgreSQL orders a row's conditions by cost): a row that does not
    // match, most of them, costs what it did before 0006; only a match pays for the CASE.
    const matching = sql<boolean>`search @@ ${any}::tsquery AND ${ownLanguageMatch(query)}`;
    const probe = async (rows: number) =>
      (
        await sql<{ id: number }>`SELECT id FROM (
            SELECT id, search, language FROM articles ORDER BY id DESC LIMIT ${rows}) recent
          WHERE ${matching}
          ORDER BY id DESC LIMIT ${limit}`.execute(this.db)
      ).rows.map((r) => r.id);
    const first = await probe(SEARCH_PROBE);
    if (first.length >= limit) return first;
    const needed = first.length > 0 ? Math.ceil((limit / first.length) * SEARCH_PROBE * 1.25) : 0;
    if (needed > 0 && needed <= SEARCH_PROBE_MAX) {
      const wider = await probe(needed);
      if (wider.length >= limit) return wider;
    }
    const all = await sql<{ id: number }>`WITH matches AS MATERIALIZED (
        SELECT id FROM articles WHERE ${matching})
      SELECT id FROM matches ORDER BY id DESC LIMIT ${limit}`.execute(this.db);
    return all.rows.map((r) => r.id);
  }

  /**
   * `query` stemmed in every configuration, as one tsquery's text (each different one once, in
   * parentheses, joined by `|`): it holds every story's own stems (and a few more, which
   * ownLanguageMatch drops), and it is one constant, which the GIN index answers and a row is
   * checked against at the cost of one tsquery. Most words stem alike in most languages: the
   * same tsquery fifteen times over cost PostgreSQL 30 ms to plan and 20 ms to run for a rare
   * prefix at 100,000 articles, once 0.5 ms. Null when no configuration makes a lexeme of it.
   */
  private async anyLanguageQuery(query: string): Promise<string | null> {
    const { rows } = await sql<{ q: string }>`SELECT DISTINCT
        to_tsquery(config, ${query})::text AS q
      FROM unnest(${[...SEARCH_CONFIGS]}::regconfig[]) AS config`.execute(this.db);
    const variants = rows.map((r) => r.q).filter((q) => q !== "");
    return variants.length === 0 ? null : variants.map((q) => `(${q})`).join(" | ");
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
      .where(this.inList("a.id", ids))
      .execute();
    return rows.map((row) => ({
      ...toStoredArticle({
        ...row,
        source: publisherName({ title: row.feedTitle, url: row.feedUrl }),
      }),
      feedId: row.feedId,
    }));
  }

  /**
   * `column` is one of `ids`, as one bound value whatever their number: a JSON array read by
   * json_each (SQLite), an integer array (PostgreSQL). A list of a thousand ids as a thousand
   * values would cost Kysely and the database more to compile than the query costs to run.
   */
  private inList(column: "id" | "feed_id" | "a.id", ids: readonly number[]) {
    return this.store.dialect === "postgres"
      ? sql<boolean>`${sql.ref(column)} = ANY(${[...ids]}::int[])`
      : sql<boolean>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
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

/** `to_tsquery` of `query` in the configuration `config`, which the planner makes once. */
function tsQueryIn(config: string, query: string) {
  // The configuration's name is a literal (one of SEARCH_CONFIGS, never reader text), so that
  // the call is a constant the planner evaluates once, not once for each row.
  return sql<string>`to_tsquery(${sql.lit(config)}::regconfig, ${query})`;
}

/**
 * Whether a row matches `query` stemmed in the row's own language's configuration, as its
 * `search` column was made (migration 0006: `search_config(language)`): each configuration's
 * query is a constant, so a row costs one comparison, not a parse of the query. PostgreSQL
 * cannot read the GIN index with it: anyLanguageQuery is for that.
 */
function ownLanguageMatch(query: string) {
  const english = STEMMED_LANGUAGES[ENGLISH].config;
  const branches = SEARCH_CONFIGS.filter((config) => config !== english).map(
    (config) => sql`WHEN ${sql.lit(config)}::regconfig THEN ${tsQueryIn(config, query)}`,
  );
  return sql<boolean>`search @@ CASE search_config(language) ${sql.join(branches, sql` `)}
    ELSE ${tsQueryIn(english, query)} END`;
}

/**
 * A search's words as the text of a PostgreSQL tsquery: each term quoted (terms are letters and
 * digits only, folded: search.ts), all required (&), the last a prefix (:*) when the query says.
 * `to_tsquery` stems each in a configuration (tsQueryIn), a prefix too.
 */
export function tsQuery(query: Pick<SearchQuery, "terms" | "prefix">): string {
  const last = query.terms.length - 1;
  return query.terms
    .map((term, i) => `'${term.replaceAll("'", "''")}'${i === last && query.prefix ? ":*" : ""}`)
    .join(" & ");
}
