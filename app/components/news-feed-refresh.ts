import type { ClockProps } from "./relative-time";
import type { FeedKey } from "../../sites/categories";
import { ARTICLES_API } from "../../common/urls";
import type { FeedItem } from "./news-feed-list";

/**
 * A News Feed block's refresh (the news-feed island): every five minutes while the page is in
 * view, it asks /api/articles for its categories and lists the newest headlines the page does not
 * show elsewhere.
 */

/** How often the block asks /api/articles for newer headlines (only while the page is in view). */
export const NEWS_FEED_REFRESH_MS = 5 * 60_000;

/**
 * What a refreshed list is rendered with: the city's locale (whose language's words it says:
 * relativeWordsOf, feedWordsOf, linkWordsOf) and time zone, and the locale's digits where they
 * are not 0 to 9; the page's clock (the clock island's props, ClockProps).
 */
export type FeedClock = Omit<ClockProps, "at">;

/** What a News Feed's island is told (IslandProps, after the list's container). */
export interface NewsFeedProps {
  categories: readonly FeedKey[];
  /**
   * The ids of the headlines it lists now: their text is in its markup, and in /api/articles'
   * answer when it asks for `depth` stories (listedNow).
   */
  had: readonly string[];
  limit: number;
  /**
   * How many of its categories' newest stories, together, reach the last headline it lists (the
   * page's own stories come before them): what a refresh asks /api/articles for, so that a
   * headline it lists is missing from the answer only when the server no longer keeps it. Absent
   * (an older page's props): the API's default, 15.
   */
  depth?: number;
  /**
   * The ids of stories the page shows without a link (which the island cannot find among the
   * page's links): a refresh never lists them again. Absent when there are none.
   */
  shown?: readonly string[];
  /**
   * The page's clock (FeedClock), only where the page does not carry the clock island's props,
   * which give it (NewsFeedBlock): the island reads them there (refreshFeeds). The list's words
   * are the island's own, by the clock's locale (feedWordsOf, linkWordsOf).
   */
  zone?: Partial<FeedClock>;
  /** The edition's path prefix (/es): it asks the edition's own /api/articles. Absent: none. */
  base?: string;
}

/**
 * A News Feed's depth (NewsFeedProps.depth): how many stories of `all`, its categories' stories
 * newest first as /api/articles gives them, reach the last of those it lists. Undefined when it
 * lists none.
 */
export function feedDepth(
  all: readonly { id: string | number }[],
  listed: readonly { id: string }[],
): number | undefined {
  const last = listed.at(-1);
  if (!last) return undefined;
  const at = all.findIndex((story) => String(story.id) === last.id);
  return at === -1 ? all.length : at + 1;
}

/**
 * The /api/articles query for some categories (several: their articles together), and at most
 * `limit` of their stories (kept within the API's 1 to maxLimit; absent: the API's default).
 */
export function articlesQuery(categories: readonly FeedKey[], limit?: number): string {
  const [param, limitParam] = ARTICLES_API.params;
  const query = categories.map((c) => `${param}=${encodeURIComponent(c)}`);
  if (limit !== undefined && Number.isFinite(limit)) {
    query.push(`${limitParam}=${Math.min(ARTICLES_API.maxLimit, Math.max(1, Math.ceil(limit)))}`);
  }
  return `${ARTICLES_API.path}?${query.join("&")}`;
}

/** The newest headlines of `categories`, or null when the refresh failed or found none. */
export async function fetchHeadlines(
  categories: readonly FeedKey[],
  base = "",
  limit?: number,
): Promise<FeedItem[] | null> {
  try {
    const response = await fetch(`${base}${articlesQuery(categories, limit)}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { state?: string; articles?: FeedItem[] };
    return body.state === "ready" && body.articles?.length ? body.articles : null;
  } catch {
    return null;
  }
}

/**
 * The headlines a block lists now (`ids`), as a refresh's answer gives them: one the server no
 * longer keeps is not among them, and goes at the block's next change.
 */
export function listedNow(ids: readonly string[], got: readonly FeedItem[]): FeedItem[] {
  const byId = new Map(got.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The headlines a block lists after a refresh: the newest of those it had and those it got,
 * each once and none the page shows elsewhere (`shown`: their ids and links; the server already
 * merged copies of one story under one id), at most `limit`.
 */
export function mergeHeadlines(
  got: readonly FeedItem[],
  had: readonly FeedItem[],
  shown: Iterable<string>,
  limit: number,
): FeedItem[] {
  const time = (item: FeedItem) => (item.date === null ? -Infinity : Date.parse(item.date));
  const seen = new Set(shown);
  const kept: FeedItem[] = [];
  for (const item of [...got, ...had].sort((a, b) => time(b) - time(a))) {
    if (kept.length >= limit || seen.has(item.id) || (item.url !== "#" && seen.has(item.url)))
      continue;
    seen.add(item.id);
    if (item.url !== "#") seen.add(item.url);
    kept.push(item);
  }
  return kept;
}
