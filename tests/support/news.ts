import type { FeedKey } from "../../sites/categories";
import type { FetchResult } from "../../server/news/fetcher";
import { combineNews, type CategoryNews, type NewsReader } from "../../server/news/engine";
import { noResults } from "../../server/news/search";
import type { StoredArticle } from "../../server/news/store";

export interface FixedNewsOptions {
  /** Each category's stories (none unless told). */
  articles?: (key: FeedKey) => StoredArticle[];
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
  return {
    kind: "ok",
    body: Buffer.from(
      `<rss><channel><title>Wire</title><item><title>${title}</title>` +
        `<link>https://news.example.org/${encodeURIComponent(title)}</link>` +
        `<pubDate>${new Date(at).toUTCString()}</pubDate></item></channel></rss>`,
    ),
    contentType: "application/rss+xml",
    etag: null,
    lastModified: null,
    url,
  };
}
