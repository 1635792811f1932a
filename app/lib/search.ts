import type { CardArticle } from "./news";

/** The search page's path and route id (app/routes.ts). */
export const SEARCH_PATH = "/search";
export const SEARCH_ROUTE_ID = "search";
/** The query parameters it reads (searchHref writes them, readSearchParams reads them). */
export const SEARCH_PARAMS = ["q", "page"] as const;

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

/** "12 results for “bayou”", "1 result for …", "1,000+ results for …" (numbers in the city's locale). */
export function describeCount(
  { total, more, query }: Pick<SearchPageData, "total" | "more" | "query">,
  locale: string,
): string {
  const count = `${total.toLocaleString(locale)}${more ? "+" : ""}`;
  return `${count} ${total === 1 && !more ? "result" : "results"} for “${query}”`;
}
