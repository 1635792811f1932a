import type { CategoryNews } from "../../server/news/engine";
import type { StoredArticle } from "../../server/news/store";
import { CACHE_CONTROL } from "./http";
import type { FeedKey } from "../../sites/categories";

/** An article as pages receive it from loaders: small, serializable, ready to show. */
export interface CardArticle {
  /** Stable and opaque (the stored article's id): a key for lists, nothing more. */
  id: string;
  title: string;
  summary: string;
  url: string;
  image: string;
  category: string;
  /** ISO date-time, or null when the feed gave none. */
  publishedAt: string | null;
  /**
   * A search's matches in the title and the summary: each text split at them, even indexes plain,
   * odd ones matched (shown in `<mark>`); absent outside search.
   */
  marks?: { title: string[]; summary: string[] };
}

export interface NewsBlock {
  key: FeedKey;
  state: CategoryNews["state"];
  error: string | null;
  updatedAt: string | null;
  articles: CardArticle[];
  /** How many feeds the articles shown come from (the byline names the count, never the feeds). */
  outlets: number;
}

/** Turns the engine's view of a category into what a page shows (at most `limit` articles). */
export function toNewsBlock(news: CategoryNews, limit = 15): NewsBlock {
  const shown = news.articles.slice(0, limit);
  return {
    key: news.category,
    state: news.state,
    error: news.error,
    updatedAt: news.updatedAt === null ? null : new Date(news.updatedAt).toISOString(),
    articles: shown.map(toCardArticle),
    outlets: new Set(shown.map((a) => a.feedUrl)).size,
  };
}

/** A stored article as a page shows it (the feed it came from stays on the server). */
export function toCardArticle(a: StoredArticle): CardArticle {
  return {
    id: String(a.id),
    title: a.title,
    summary: a.summary,
    url: a.url,
    image: a.image,
    category: a.category,
    publishedAt: a.publishedAt === null ? null : new Date(a.publishedAt).toISOString(),
  };
}

/** Cache-Control for a page made from news: short when ready, none while still loading. */
export function newsCacheControl(blocks: NewsBlock[]): string {
  return blocks.some((b) => b.state === "loading") ? CACHE_CONTROL.none : CACHE_CONTROL.news;
}
