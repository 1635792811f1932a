import { useMemo } from "react";
import { useFetcher } from "react-router";
import type { FeedKey } from "../../sites/categories";
import { ARTICLES_API } from "~/lib/api";
import type { CardArticle } from "~/lib/news";
import { ShownStories, notShown } from "~/lib/story-keys";
import { useVisibleInterval } from "~/lib/use-visible-interval";
import type { loader as articlesLoader } from "~/routes/api.articles";
import { StoryLink } from "./external-link";
import { RelativeTime } from "./relative-time";

/** How often the block asks /api/articles for newer headlines (only while the page is in view). */
export const NEWS_FEED_REFRESH_MS = 5 * 60_000;

/** The /api/articles query for some categories (several: their articles together). */
export function articlesQuery(categories: readonly FeedKey[]): string {
  const [param] = ARTICLES_API.params;
  return `${ARTICLES_API.path}?${categories.map((c) => `${param}=${encodeURIComponent(c)}`).join("&")}`;
}

/** A headline as the block lists it. */
export interface FeedItem {
  id: string;
  title: string;
  url: string;
  source: string;
  date: string | null;
  lang?: string;
  dir?: "ltr" | "rtl";
}

/**
 * The headlines a block lists after a refresh: the newest of those it had and those it got,
 * each once and none the page shows elsewhere (`shown`), at most `limit`.
 */
export function mergeHeadlines(
  got: readonly FeedItem[],
  had: readonly FeedItem[],
  shown: readonly (Pick<CardArticle, "url" | "title"> & { source?: string })[],
  limit: number,
): FeedItem[] {
  const time = (item: FeedItem) => (item.date === null ? -Infinity : Date.parse(item.date));
  const newest = [...got, ...had].sort((a, b) => time(b) - time(a));
  const page = new ShownStories();
  for (const story of shown) page.add(story, story.source);
  return notShown(newest, page, limit);
}

/**
 * A compact list of the latest headlines of `categories` (the News Feed blocks): rendered on the
 * server from the loader, then kept fresh in the browser from the same query of /api/articles.
 * A story the page already shows (`shown`) is never listed again: a refresh adds the newer
 * headlines the page does not show to those it lists.
 */
export function NewsFeedBlock({
  title,
  categories,
  initial,
  shown = [],
  limit = 8,
}: {
  title: string;
  categories: readonly FeedKey[];
  initial: readonly CardArticle[];
  /** The stories the page shows elsewhere. */
  shown?: readonly (Pick<CardArticle, "url" | "title"> & { source?: string })[];
  limit?: number;
}) {
  const fetcher = useFetcher<typeof articlesLoader>();
  useVisibleInterval(() => {
    if (fetcher.state === "idle") void fetcher.load(articlesQuery(categories));
  }, NEWS_FEED_REFRESH_MS);

  const had = useMemo(
    () => initial.map((a) => ({ ...a, date: a.publishedAt })).slice(0, limit),
    [initial, limit],
  );
  // A refresh that failed or found nothing keeps what is shown.
  const fresh = fetcher.data && "articles" in fetcher.data ? fetcher.data : undefined;
  const items: readonly FeedItem[] =
    fresh && fresh.state === "ready" && fresh.articles.length > 0
      ? mergeHeadlines(fresh.articles, had, shown, limit)
      : had;

  return (
    <section className="border-t-4 border-ink pt-3" aria-label={title}>
      <h2 className="font-serif text-xl font-bold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No other headlines yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-rule">
          {items.map((item) => (
            <li key={item.id} className="py-2">
              <StoryLink
                href={item.url}
                source={item.source}
                lang={item.lang}
                dir={item.dir}
                className="font-serif text-base leading-snug font-bold text-ink hover:text-accent hover:underline"
              >
                {item.title}
              </StoryLink>
              <p className="text-xs text-muted">
                <span>{item.source}</span>
                {item.date && (
                  <>
                    <span aria-hidden="true"> · </span>
                    <RelativeTime iso={item.date} />
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
