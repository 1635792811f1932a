import type { CategoryNews } from "../../server/news/engine";
import type { Outlet, StoredArticle } from "../../server/news/store";
import { CACHE_CONTROL } from "../../common/cache-control";
import { storyLanguage } from "./language";
import { translatorFor } from "../../common/i18n";
import { storyCategory, type FeedKey } from "../../sites/categories";

/** docs/product.md §7 and §9: a news page shows at most this many stories of a category. */
export const PAGE_STORIES = 15;

/** An article as pages receive it from loaders: small, serializable, ready to show. */
export interface CardArticle {
  /** Stable and opaque (the stored article's id): a key for lists, nothing more. */
  id: string;
  title: string;
  summary: string;
  url: string;
  image: string;
  /** Its category's label in the city's language ("Real Estate", "Bienes raíces"). */
  category: string;
  /** ISO date-time, or null when the feed gave none. */
  publishedAt: string | null;
  /** Its publisher ("The Guardian"): credited on the card and in its link's accessible name. */
  source: string;
  /**
   * Its language and direction when they are not the city's (storyLanguage): set on its
   * headline and summary, so that a screen reader reads them with the right voice.
   */
  lang?: string;
  dir?: "ltr" | "rtl";
  /** That language's name in the city's ("German"), shown beside the publisher: "in German". */
  languageName?: string;
  /** A paid post its feed's listing keeps: labelled "Sponsored" (issue 37). */
  sponsored?: true;
  /** Who wrote it, as its feed names them (issue 53): the card's byline, the JSON-LD's author. */
  authors?: readonly string[];
  /** The other outlets that ran the same story (a wire story), each with its link. */
  alsoAt?: readonly Outlet[];
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
  /** How many publishers the stories shown come from (the byline counts them). */
  outlets: number;
}

/**
 * Turns the engine's view of a category into what a page of a city (its `locale`) shows: at most
 * `limit` articles, from the `from`th.
 */
export function toNewsBlock(
  news: CategoryNews,
  locale: string,
  { limit = PAGE_STORIES, from = 0 }: { limit?: number; from?: number } = {},
): NewsBlock {
  const shown = news.articles.slice(from, from + limit);
  return {
    key: news.category,
    state: news.state,
    error: news.error,
    updatedAt: news.updatedAt === null ? null : new Date(news.updatedAt).toISOString(),
    articles: shown.map((a) => toCardArticle(a, locale)),
    outlets: countOutlets(shown),
  };
}

/** How many publishers `stories` come from, those credited as also running them included. */
export function countOutlets(stories: readonly Pick<StoredArticle, "source" | "alsoAt">[]): number {
  return new Set(stories.flatMap((a) => [a.source, ...(a.alsoAt ?? []).map((o) => o.source)])).size;
}

/**
 * A stored article as a page of a city (its `locale`) shows it: the feed it came from stays on
 * the server; its language shows only where it is not the city's.
 */
export function toCardArticle(a: StoredArticle, locale: string): CardArticle {
  return {
    id: String(a.id),
    title: a.title,
    summary: a.summary,
    url: a.url,
    image: a.image,
    category: storyCategory(a.category, translatorFor(locale)),
    publishedAt: a.publishedAt === null ? null : new Date(a.publishedAt).toISOString(),
    source: a.source,
    ...storyLanguage(a.language, locale),
    ...(a.sponsored ? { sponsored: true as const } : {}),
    ...(a.authors?.length ? { authors: a.authors } : {}),
    ...(a.alsoAt?.length ? { alsoAt: a.alsoAt } : {}),
  };
}

// The home page's lead (common/lead-story.ts: the morning briefing picks it too).
export { leadStory } from "../../common/lead-story";

/** Cache-Control for a page made from news: short when ready, none while still loading. */
export function newsCacheControl(blocks: NewsBlock[]): string {
  return blocks.some((b) => b.state === "loading") ? CACHE_CONTROL.none : CACHE_CONTROL.news;
}
