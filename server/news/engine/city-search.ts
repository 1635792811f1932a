import type { FeedKey } from "../../../sites/categories";
import {
  SEARCH_WINDOW,
  noResults,
  orderResults,
  parseSearchQuery,
  type SearchResults,
} from "../search";
import { credited, showsOf } from "./credit";
import type { FeedBook } from "./feed-book";
import type { EngineOptions } from "./options";
import type { Snapshots } from "./snapshots";

/** What a city's search reads: the store, the city's feeds and how their listings show them. */
export interface SearchContext {
  options: Pick<EngineOptions, "store" | "subscriptions">;
  feeds: FeedBook;
  snapshots: Pick<Snapshots, "feedIds">;
}

/**
 * One page of a city's stored stories (its feeds, every category) matching what a reader
 * typed: each word required in any of its forms (stemmed), the last also as a prefix,
 * diacritics ignored; ranked by relevance and recency together; matches marked. Unlike the
 * category reads it runs SQL, bounded to the SEARCH_WINDOW most recently stored matches (a few
 * milliseconds at 100,000 stories). Any text is safe: only its words reach FTS5 or a tsquery,
 * quoted. A page that does not exist gives page 1.
 */
export async function searchCity(
  context: SearchContext,
  city: string,
  query: string,
  page = 1,
): Promise<SearchResults> {
  const parsed = parseSearchQuery(query);
  if (!parsed) return noResults();
  const { store, subscriptions } = context.options;
  const categories = categoriesOf(context, city);
  const found = await store.search(parsed, SEARCH_WINDOW, [...categories.keys()]);
  // What the listings leave out is neither counted nor shown (as in the categories).
  const matches = found.matches.filter((m) => {
    const url = m.feedId === undefined ? undefined : context.feeds.rows.get(m.feedId)?.url;
    return url === undefined || showsOf(subscriptions, url)(m);
  });
  const { more } = found;
  return orderResults(matches, parsed, {
    page,
    more,
    stemmerFor: (language) => store.stemmerFor(language),
    load: async (ids) =>
      (await store.articles(ids)).flatMap(({ feedId, ...stored }) =>
        // (none for a paid post its listing leaves out)
        credited(subscriptions, stored.feedUrl, [stored]).map((article) => {
          const category = categories.get(feedId) ?? article.category;
          return category === article.category ? article : { ...article, category };
        }),
      ),
  });
}

/**
 * Each of the city's feeds, with the key of the category the city lists it in first: its stories
 * are shown under it (as its label), whatever category their rows hold.
 */
function categoriesOf(context: SearchContext, city: string): Map<number, FeedKey> {
  const categories = new Map<number, FeedKey>();
  for (const key of context.options.subscriptions.keysOf(city)) {
    for (const id of context.snapshots.feedIds(city, key))
      if (!categories.has(id)) categories.set(id, key);
  }
  return categories;
}
