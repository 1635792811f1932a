import type { FeedKey } from "../../../sites/categories";
import { ShownStories } from "../../../common/story-keys";
import type { SearchResults } from "../search";
import { CATEGORY_LIMIT, type StoredArticle } from "../store";

/**
 * How many stories a category keeps ready (CategoryNews.articles): a page shows CATEGORY_LIMIT,
 * and its news feed (a sidebar of headlines) those beyond them, never the page's own again.
 */
export const CATEGORY_POOL = 2 * CATEGORY_LIMIT;

/** docs/product.md §8: what a category shows when every feed failed and nothing is stored. */
export const ALL_FEEDS_FAILED = "Failed to fetch RSS feed";

export type CategoryState = "loading" | "ready" | "error";

export interface CategoryNews {
  category: FeedKey;
  state: CategoryState;
  error: string | null;
  /** When a feed of the category last succeeded (epoch ms), or null. */
  updatedAt: number | null;
  /**
   * Its stories as pages show them (compose.ts: each once, recent ones first and alone when
   * there are enough), newest first: up to CATEGORY_POOL, of which a page shows the first
   * CATEGORY_LIMIT and its news feeds those it has not shown.
   */
  articles: StoredArticle[];
}

/** Several categories read as one (home's News Feed): `categories` instead of `category`. */
export interface CombinedNews extends Omit<CategoryNews, "category"> {
  categories: FeedKey[];
}

/** What loaders and API routes read (through the load context): one city's news. */
export interface NewsReader {
  getCategory(key: FeedKey): Promise<CategoryNews>;
  /** The newest articles of several categories together (see combineNews). */
  getCategories(keys: readonly FeedKey[], limit?: number): Promise<CombinedNews>;
  /**
   * How many times what a category shows has changed (a cached page compares it): from memory,
   * at once, since the page cache asks on every hit.
   */
  version(key: FeedKey): number;
  /** One page of the stored stories matching what a reader typed (see NewsEngine.search). */
  search(query: string, page?: number): Promise<SearchResults>;
}

/**
 * Several categories as one: their articles newest first (undated ones last, then in the order
 * of `list`), each story once, at most `limit`. Ready as soon as one has articles; loading while
 * none has and one is still loading; the error only when every one of them failed.
 */
export function combineNews(list: readonly CategoryNews[], limit = CATEGORY_LIMIT): CombinedNews {
  const seen = new ShownStories();
  const articles = list
    .flatMap((news, order) => news.articles.map((article) => ({ article, order })))
    .sort(
      (a, b) =>
        (b.article.publishedAt ?? -Infinity) - (a.article.publishedAt ?? -Infinity) ||
        a.order - b.order,
    )
    .map(({ article }) => article)
    .filter((a) => {
      // The same story twice (a link, or a wire headline from two feeds, in two categories) is
      // listed once; a story without a link is itself, by its stored id (a URL made of its
      // feed's and a fragment named them all one: linkKey drops the fragment).
      const story = a.url === "#" ? { id: a.id, url: a.url, title: "" } : a;
      if (seen.has(story, a.feedUrl)) return false;
      seen.add(story, a.feedUrl);
      return true;
    })
    .slice(0, limit);
  const updated = list.map((n) => n.updatedAt).filter((t): t is number => t !== null);
  const base = {
    categories: list.map((n) => n.category),
    updatedAt: updated.length ? Math.max(...updated) : null,
    articles,
  };
  if (articles.length > 0) return { ...base, state: "ready", error: null };
  if (list.some((n) => n.state === "loading")) return { ...base, state: "loading", error: null };
  if (list.length > 0 && list.every((n) => n.state === "error")) {
    return { ...base, state: "error", error: ALL_FEEDS_FAILED };
  }
  return { ...base, state: "ready", error: null };
}
