import { feedBytes } from "./decode";
import { readFeedDate, type FeedDate } from "./dates";
import { feedLanguageOf } from "./language";
import { normalizeItem, plainText, type Article, type NormalizeOptions } from "./normalize";
import { parseFeedBytes } from "./parse";
import { PER_FEED_LIMIT } from "./store";

/**
 * The newest `limit` entries of a feed (docs/product.md §7: up to 15 per feed): by date (read in the
 * site's zone, a far-future one as `now`), newest first; undated entries after dated ones, in
 * the feed's order.
 */
export function newestEntries<T extends { date?: string }>(
  entries: T[],
  limit: number,
  when: { now: number; timeZone: string },
): T[] {
  return newestDated(entries, limit, when).map(({ entry }) => entry);
}

/** newestEntries, each entry with its date as read for the sort, so that it is read once. */
function newestDated<T extends { date?: string }>(
  entries: T[],
  limit: number,
  when: { now: number; timeZone: string },
): { entry: T; date: FeedDate }[] {
  return entries
    .map((entry, index) => ({ entry, index, date: readFeedDate(entry.date, when) }))
    .sort(({ date: a, index: i }, { date: b, index: j }) => {
      if (a.publishedAt === null || b.publishedAt === null) {
        return a.publishedAt === b.publishedAt ? i - j : a.publishedAt === null ? 1 : -1;
      }
      return b.publishedAt - a.publishedAt || i - j;
    })
    .slice(0, limit)
    .map(({ entry, date }) => ({ entry, date }));
}

/**
 * Bytes of a fetched feed → its newest articles, normalized, how many items the feed held, and
 * its channel's title and `<ttl>`.
 * Throws FeedParseError for a document that is not a readable feed.
 */
export function readFeed(
  body: Uint8Array,
  contentType: string | null,
  options: NormalizeOptions,
): { articles: Article[]; itemCount: number; title?: string; ttlMinutes?: number } {
  const feed = parseFeedBytes(feedBytes(body, contentType));
  const itemOptions = { ...options, feedLanguage: options.feedLanguage ?? feed.language };
  const articles = newestDated(feed.entries, PER_FEED_LIMIT, options)
    .map(({ entry, date }) => normalizeItem(entry.read(), itemOptions, date))
    .filter((a): a is Article => a !== null);
  return {
    articles: withFeedLanguage(articles),
    itemCount: feed.entries.length,
    // The channel's title names the publisher: read as a story's title is (entities, mojibake).
    title: feed.title === undefined ? undefined : plainText(feed.title) || undefined,
    ttlMinutes: feed.ttlMinutes,
  };
}

/**
 * A feed's stories whose language could not be told from their own text given the language of
 * the feed's others, when they plainly share one (feedLanguageOf): so that each is marked on a
 * page in another language ("en inglés") as its neighbours are.
 */
function withFeedLanguage(articles: Article[]): Article[] {
  if (articles.every((a) => a.language !== null)) return articles;
  const language = feedLanguageOf(articles.map((a) => a.language));
  if (language === null) return articles;
  return articles.map((a) => (a.language === null ? { ...a, language } : a));
}
