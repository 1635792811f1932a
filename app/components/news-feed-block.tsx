import { use } from "react";
import type { FeedKey } from "../../sites/categories";
import type { CardArticle } from "~/lib/news";
import { useSite } from "~/lib/root-data";
import { IslandProps, IslandScript } from "./island";
import type { NewsFeedProps } from "./news-feed-refresh";
import { NewsFeedList, feedWordsOf, type FeedItem } from "./news-feed-list";
import { ClockContext, carriesClock } from "./relative-time";

/**
 * A compact list of the latest headlines of `categories` (the News Feed blocks): rendered on the
 * server from the loader, then kept fresh in the browser every 5 minutes from /api/articles (the
 * news-feed island; news-feed-refresh.ts). A story the page already shows is never listed again:
 * a refresh adds the newer headlines the page links to nowhere else to those it lists (the island
 * reads the page's links from its markup rather than from a list sent beside it).
 */
export function NewsFeedBlock({
  title,
  categories,
  initial,
  limit = 8,
  depth,
  shown = [],
}: {
  title: string;
  categories: readonly FeedKey[];
  initial: readonly CardArticle[];
  limit?: number;
  /** How many of its categories' newest stories reach its last headline (feedDepth). */
  depth?: number | undefined;
  /** Stories the page shows elsewhere without a link: a refresh never lists them (their ids). */
  shown?: readonly string[];
}) {
  const { site, islands, edition } = useSite();
  const clock = use(ClockContext);
  // The island says the same words, by the page's locale (feedWordsOf): the props need not.
  const words = feedWordsOf(site.locale);
  const had = initial.slice(0, limit).map(feedItem);
  // What the island needs that the list's markup does not say plainly.
  const props: NewsFeedProps = {
    categories,
    had: had.map((item) => item.id),
    limit,
    ...(depth === undefined ? {} : { depth }),
    ...(shown.length ? { shown } : {}),
    // The page's clock, where the page does not carry the clock island's props (its list has no
    // date and no date came before it): else the island reads them there (refreshFeeds).
    ...(carriesClock(
      clock,
      had.some((item) => item.date),
    )
      ? {}
      : {
          zone: {
            locale: site.locale,
            timeZone: site.timeZone,
            ...(clock?.digits ? { digits: clock.digits } : {}),
          },
        }),
    ...(edition.path ? { base: edition.path } : {}),
  };
  return (
    <section className="border-t-4 border-ink pt-3" aria-label={title}>
      <h2 className="font-serif text-xl font-bold">{title}</h2>
      {/* The list's container, which the renderer (at its address) renders into. */}
      <div data-news-feed={islands["news-feed-render"]}>
        <NewsFeedList items={had} words={words} />
      </div>
      <IslandProps value={props} />
      <IslandScript name="news-feed" />
    </section>
  );
}

/** A story as the News Feed lists it (NewsFeedList's item). */
function feedItem(a: CardArticle): FeedItem {
  return {
    id: a.id,
    title: a.title,
    url: a.url,
    source: a.source,
    date: a.publishedAt,
    ...(a.lang ? { lang: a.lang } : {}),
    ...(a.dir ? { dir: a.dir } : {}),
    ...(a.languageName ? { languageName: a.languageName } : {}),
    ...(a.sponsored ? { sponsored: a.sponsored } : {}),
  };
}
