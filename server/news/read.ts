import { decodeFeed } from "./decode";
import { parseFeedDate } from "./dates";
import { normalizeItem, type Article, type NormalizeOptions } from "./normalize";
import { parseFeed, type RawItem } from "./parse";
import { PER_FEED_LIMIT } from "./store";

/**
 * The newest `limit` items of a feed (SPEC.md §7: up to 15 per feed): by date, newest first;
 * undated items after dated ones, in the feed's order.
 */
export function newestItems(items: RawItem[], limit = PER_FEED_LIMIT, now = Date.now()): RawItem[] {
  return items
    .map((item, index) => ({ item, index, time: parseFeedDate(item.date, now) }))
    .sort((a, b) => {
      if (a.time === null || b.time === null)
        return a.time === b.time ? a.index - b.index : a.time === null ? 1 : -1;
      return b.time - a.time || a.index - b.index;
    })
    .slice(0, limit)
    .map((entry) => entry.item);
}

/**
 * Bytes of a fetched feed → its newest articles, normalized, and how many items the feed held.
 * Throws FeedParseError for a document that is not a readable feed.
 */
export function readFeed(
  body: Uint8Array,
  contentType: string | null,
  options: NormalizeOptions,
): { articles: Article[]; itemCount: number } {
  const feed = parseFeed(decodeFeed(body, contentType));
  const articles = newestItems(feed.items, PER_FEED_LIMIT, options.now)
    .map((item) => normalizeItem(item, options))
    .filter((a): a is Article => a !== null);
  return { articles, itemCount: feed.items.length };
}
