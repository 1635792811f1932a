import { useState } from "react";
import type { FeedKey } from "../../sites/categories";
import type { CardArticle } from "~/lib/news";
import { useVisibleInterval } from "~/lib/use-visible-interval";
import { StoryLink } from "./external-link";
import { RelativeTime } from "./relative-time";

/** How often the block asks /api/articles for newer headlines (only while the page is in view). */
export const NEWS_FEED_REFRESH_MS = 5 * 60_000;

/** A headline as the block lists it (and /api/articles gives it). */
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
 * A compact list of the latest headlines of `categories` (the News Feed blocks): rendered on the
 * server from the loader, then kept fresh in the browser from /api/articles (news-feed-refresh,
 * fetched when first needed). A story the page already shows (`shown`) is never listed again:
 * a refresh adds the newer headlines the page does not show to those it lists.
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
  shown?: readonly { id?: string; url: string }[];
  limit?: number;
}) {
  const had = initial.slice(0, limit).map((a) => ({ ...a, date: a.publishedAt }));
  // A refresh that failed or found nothing keeps what is shown.
  const [fresh, setFresh] = useState<FeedItem[] | null>(null);
  useVisibleInterval(() => {
    void import("./news-feed-refresh").then(async (refresh) => {
      const got = await refresh.fetchHeadlines(categories);
      if (got) setFresh(refresh.mergeHeadlines(got, had, shown, limit));
    });
  }, NEWS_FEED_REFRESH_MS);
  const items: readonly FeedItem[] = fresh ?? had;

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
                story={item}
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
