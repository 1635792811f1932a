import { z } from "zod";
import type { SearchResults } from "../../server/news/search";
import { toCardArticle } from "./news";
import type { SearchPageData } from "./search";

// Any text is a query (the engine reads only its words); a page that is not a whole number from
// 1 up is page 1, and so is one past the last (the engine checks that).
const SearchParamsSchema = z.object({
  q: z.string(),
  page: z.coerce.number().int().min(1).catch(1),
});

/** The search page's query parameters: the text typed (`q`) and the page asked for. */
export function readSearchParams(params: URLSearchParams): { q: string; page: number } {
  return SearchParamsSchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? "" });
}

/** The engine's results as the page shows them (the feeds' URLs stay on the server). */
export function toSearchPage(results: SearchResults, locale: string): SearchPageData {
  const { query, page, pageCount, total, more } = results;
  return {
    query,
    page,
    pageCount,
    total,
    more,
    articles: results.hits.map((hit) => ({
      ...toCardArticle(hit.article, locale),
      marks: { title: hit.title, summary: hit.summary },
    })),
  };
}
