import type { FeedKey } from "../../sites/categories";
import { ARTICLES_API } from "~/lib/api";
import type { FeedItem } from "./news-feed-block";

/**
 * A News Feed block's refresh, fetched only when its first refresh comes (five minutes after the
 * page loaded, while in view): no reader's first load carries it.
 */

/** The /api/articles query for some categories (several: their articles together). */
export function articlesQuery(categories: readonly FeedKey[]): string {
  const [param] = ARTICLES_API.params;
  return `${ARTICLES_API.path}?${categories.map((c) => `${param}=${encodeURIComponent(c)}`).join("&")}`;
}

/** The newest headlines of `categories`, or null when the refresh failed or found none. */
export async function fetchHeadlines(categories: readonly FeedKey[]): Promise<FeedItem[] | null> {
  try {
    const response = await fetch(articlesQuery(categories), {
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
 * The headlines a block lists after a refresh: the newest of those it had and those it got,
 * each once and none the page shows elsewhere (`shown`: by id or link; the server already
 * merged copies of one story under one id), at most `limit`.
 */
export function mergeHeadlines(
  got: readonly FeedItem[],
  had: readonly FeedItem[],
  shown: readonly { id?: string; url: string }[],
  limit: number,
): FeedItem[] {
  const time = (item: FeedItem) => (item.date === null ? -Infinity : Date.parse(item.date));
  const seen = new Set(shown.flatMap((s) => (s.id ? [s.id, s.url] : [s.url])));
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
