import { useFetcher } from "react-router";
import type { FeedKey } from "../../sites/categories";
import { ARTICLES_API } from "~/lib/api";
import type { CardArticle } from "~/lib/news";
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

/**
 * A compact list of the latest headlines of `categories` (the News Feed blocks): rendered on the
 * server from the loader, then kept fresh in the browser from the same query of /api/articles,
 * so that what it lists means the same before and after a refresh.
 */
export function NewsFeedBlock({
  title,
  categories,
  initial,
  limit = 8,
}: {
  title: string;
  categories: readonly FeedKey[];
  initial: CardArticle[];
  limit?: number;
}) {
  const fetcher = useFetcher<typeof articlesLoader>();
  useVisibleInterval(() => {
    if (fetcher.state === "idle") void fetcher.load(articlesQuery(categories));
  }, NEWS_FEED_REFRESH_MS);

  // A refresh that failed or found nothing keeps what is shown.
  const fresh = fetcher.data && "articles" in fetcher.data ? fetcher.data : undefined;
  const items: readonly { id: string; title: string; url: string; date?: string | null }[] =
    fresh && fresh.state === "ready" && fresh.articles.length > 0
      ? fresh.articles
      : initial.map((a) => ({ ...a, date: a.publishedAt }));

  return (
    <section className="border-t-4 border-ink pt-3" aria-label={title}>
      <h2 className="font-serif text-xl font-bold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No headlines yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-rule">
          {items.slice(0, limit).map((item) => (
            <li key={item.id} className="py-2">
              <StoryLink
                href={item.url}
                className="font-serif text-base leading-snug font-bold text-ink hover:text-accent hover:underline"
              >
                {item.title}
              </StoryLink>
              {item.date && (
                <p className="text-xs text-muted">
                  <RelativeTime iso={item.date} />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
