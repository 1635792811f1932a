import type { FeedKey } from "../../sites/categories";
import type { FetchResult } from "../../server/news/fetcher";
import { combineNews, type CategoryNews, type NewsReader } from "../../server/news/engine";
import { noResults } from "../../server/news/search";
import type { StoredArticle } from "../../server/news/store";
import { story } from "./stories";
import { fetchedFeed, rssDocument } from "./rss";

/**
 * A stored story of category `key` as the engine hands it to pages: row `id`, from the feed
 * `https://feeds.example.org/{source}`, credited to `source` ("Fixture Daily" unless told).
 */
export function storedStory(
  id: number,
  key: FeedKey,
  title: string,
  publishedAt: number,
  extra: Partial<StoredArticle> = {},
): StoredArticle {
  const source = extra.source ?? "Fixture Daily";
  return {
    ...story(`${key}-${id}`, title, publishedAt, { category: key }),
    id,
    feedUrl: `https://feeds.example.org/${encodeURIComponent(source)}`,
    source,
    ...extra,
  };
}

export interface FixedNewsOptions {
  /** Each category's stories (none unless told). */
  articles?: (key: FeedKey) => StoredArticle[];
  /** Each category's state and error ("ready" unless told). */
  state?: (key: FeedKey) => Pick<CategoryNews, "state" | "error">;
  /** Each category's version (1 unless told). */
  version?: (key: FeedKey) => number;
  /** When its feeds last answered (null unless told). */
  updatedAt?: number | null;
  /** A search's answer (no results unless told). */
  search?: NewsReader["search"];
}

/**
 * A NewsReader of fixed stories, as a test gives the app: every category ready with its
 * `articles`, several categories combined as the engine combines them (combineNews).
 */
export function fixedNews(options: FixedNewsOptions = {}): NewsReader {
  const category = (key: FeedKey): CategoryNews => ({
    category: key,
    state: "ready",
    error: null,
    ...options.state?.(key),
    updatedAt: options.updatedAt ?? null,
    articles: options.articles?.(key) ?? [],
  });
  return {
    getCategory: async (key) => category(key),
    getCategories: async (keys, limit) => combineNews(keys.map(category), limit),
    version: (key) => options.version?.(key) ?? 1,
    search: options.search ?? (async (query) => noResults(query)),
  };
}

/** A fetched RSS feed of one story, `title`, published at `at`, as the fetcher hands it over. */
export function oneStoryFeed(title: string, at: number, url: string): FetchResult {
  return fetchedFeed(rssDocument({ title: "Wire", items: [{ title, date: at }] }), url);
}
