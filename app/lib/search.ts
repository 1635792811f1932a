import { SEARCH_PATH } from "../../common/urls";
import { translatorFor } from "../../common/i18n";
import type { CardArticle } from "./news";

/** What the search page shows: one page of story cards with their matches marked. */
export interface SearchPageData {
  /** The query as searched (the engine's reading of it); empty when it held no word. */
  query: string;
  page: number;
  pageCount: number;
  total: number;
  /** More matches than were looked at: the count is a lower bound ("1,000+"). */
  more: boolean;
  articles: CardArticle[];
}

/** The URL of a page of results. */
export function searchHref(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `${SEARCH_PATH}?${params}`;
}

/**
 * "12 results for “bayou”", "1 result for …", "1,000+ results for …", in the city's language,
 * numbers in its locale.
 */
export function describeCount(
  { total, more, query }: Pick<SearchPageData, "total" | "more" | "query">,
  locale: string,
): string {
  const t = translatorFor(locale);
  return t(more ? "news.search.countMore" : "news.search.count", { count: total, query });
}

/** One of the site's own pages a search found (site-search.server.ts), matches marked. */
export interface SitePageHit {
  path: string;
  /** Its title split at matches (as a story's: even indexes plain, odd ones matched). */
  title: string[];
  /** A passage of it holding the words, split the same way. */
  snippet: string[];
}
