import { sql, type Selectable, type SelectQueryBuilder } from "kysely";
import type { ArticlesTable, Database } from "../../db/schema";
import type { Article } from "../normalize";

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

/** How long an article is kept after its feed last listed it, and how many of a feed's newest stay anyway. */
export interface Retention {
  days: number;
  minPerFeed: number;
}

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
export function newestFirstOrder<O>(
  query: SelectQueryBuilder<Database, "articles", O>,
): SelectQueryBuilder<Database, "articles", O> {
  return query
    .orderBy(sql`published_at IS NULL`)
    .orderBy("published_at", "desc")
    .orderBy("last_seen", "desc")
    .orderBy("position");
}

/** An article's columns as the store reads them. */
export type ArticleRow = Omit<Selectable<ArticlesTable>, "feed_id" | "first_seen">;

/** A stored article with what the order of several feeds' articles needs. */
export interface FeedArticle extends StoredArticle {
  feedId: number;
  lastSeen: number;
  position: number;
}

/** What a feed's order reads of an article (newestFirst). */
export type NewestKey = Pick<FeedArticle, "publishedAt" | "lastSeen" | "position" | "feedId">;

/** The order of NEWEST_FIRST, then by feed (as one query over the category would give). */
export function newestFirst(a: NewestKey, b: NewestKey): number {
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
export function toStoredArticle(r: SearchRow): StoredArticle {
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
export function lines(stored: string): string[] {
  return stored.split("\n").filter((line) => line !== "");
}

/** A list as stored: one item a line, or null for none. */
export function storedLines(list: readonly string[] | undefined): string | null {
  return list?.length ? list.join("\n") : null;
}

/** A feed's columns as FeedRow names them. */
export const FEED_COLUMNS = [
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
export const ARTICLE_COLUMNS = [
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

/** A stored row with the columns of a feed's order (newest), as the engine keeps it. */
export function toFeedArticle(
  row: ArticleRow & { last_seen: number; position: number },
  feed: Pick<FeedRow, "id" | "url">,
  source: string,
): FeedArticle {
  return {
    ...toStoredArticle({ ...row, feedUrl: feed.url, source }),
    feedId: feed.id,
    lastSeen: row.last_seen,
    position: row.position,
  };
}
