import { LRUCache } from "lru-cache";
import { ARTICLES_API, SEARCH_PARAMS, SEARCH_PATH } from "../../../common/urls";
import { normalizeSearchText } from "../../news/search";
import { cityOfSite } from "../../../sites/editions";
import { routePath, type Slugs } from "../../../common/slugs";

/** A path that is its own cache key: no query, no dot segments, nothing percent-encoded. */
export const PLAIN_PATH = /^\/(?:[\w-]+(?:\.[\w-]+)?(?:\/[\w-]+(?:\.[\w-]+)?)*\/?)?$/;

/**
 * How many request URLs' cache keys are remembered (rememberedKeys), and the most their text
 * may hold (a URL is at most MAX_TARGET_LENGTH, server/http/request-checks.ts): 10,000 keys of a
 * few hundred bytes, or fewer longer ones, never more than 4 MB.
 */
const MAX_REMEMBERED_KEYS = 10_000;
const MAX_REMEMBERED_BYTES = 4 * 1024 * 1024;

/**
 * The query parameters a page reads; a page not listed reads none. Any other parameter (a
 * campaign tag, a cache-buster, a bot's `?x=1`, `?x=2`, …) is dropped before the page is made,
 * so it neither changes the page nor makes another render and cache entry of it.
 */
const PAGE_QUERY: Readonly<Record<string, readonly string[]>> = {
  [SEARCH_PATH]: SEARCH_PARAMS,
  [ARTICLES_API.path]: ARTICLES_API.params,
};

/**
 * The page a path names as React Router matches it: percent-decoded, in any case, with or
 * without a trailing slash (`/Search/` and `/%73earch` are `/search`).
 */
function routeOf(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed encoding is refused before a key is made; as it is, it names no page.
  }
  return path.toLowerCase().replace(/(.)\/+$/, "$1");
}

/**
 * The cache key of a GET, which is also the URL the page is made from: its path and the query
 * parameters the page reads (PAGE_QUERY), in order. The path is the reader's (a translated one
 * stays translated: the page handler gives React Router its route's).
 */
export function cacheKey(url: URL, base = "", slugs?: Slugs): string {
  // An edition's page under its prefix (base), at its path in its language (slugs: /es/buscar),
  // reads what its route reads (/search).
  const route = routeOf(routePath(url.pathname.slice(base.length) || "/", slugs));
  // React Router's own URLs (`*.data`, `/__manifest`) never get here in production
  // (request-checks.ts: routerUrls): like any path that names no page, they read no parameter.
  const reads = PAGE_QUERY[route] ?? [];
  let params = [...url.searchParams].filter(([name]) => reads.includes(name));
  if (route === SEARCH_PATH) params = searchKeyParams(params);
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${url.pathname}?${new URLSearchParams(params)}` : url.pathname;
}

/**
 * The search page's parameters as it reads them (app/lib/search.server.ts): the first of each,
 * the query in its one spelling (normalizeSearchText; none when it holds no word), and a page
 * that is not a whole number from 2 up is page 1, named by no parameter at all. So `page=1`,
 * `page=01`, `page=x` and no page are one page and one cache entry.
 */
function searchKeyParams(params: [string, string][]): [string, string][] {
  const first = new Map<string, string>();
  for (const [name, value] of params) if (!first.has(name)) first.set(name, value);
  // Spellings of one query (case, spacing, `+`, word order where it cannot matter) are one.
  const q = normalizeSearchText(first.get("q") ?? "");
  if (q) first.set("q", q);
  else first.delete("q");
  const page = Number(first.get("page") ?? "");
  if (Number.isInteger(page) && page >= 2) first.set("page", String(page));
  else first.delete("page");
  return [...first];
}

/**
 * The memory of request URLs' cache keys (raw URL to key): at most MAX_REMEMBERED_KEYS of them,
 * and at most MAX_REMEMBERED_BYTES of text, the least recently used forgotten first. A hit for a
 * URL that is not its own key (a query to put in order) then skips the parsing.
 */
export function rememberedKeys(): LRUCache<string, string> {
  return new LRUCache<string, string>({
    max: MAX_REMEMBERED_KEYS,
    maxSize: MAX_REMEMBERED_BYTES,
    // UTF-16 text: two bytes a character, and the entry's own bookkeeping.
    sizeCalculation: (key, raw) => (raw.length + key.length) * 2 + 64,
  });
}

/**
 * A key of something of a city: the city's id, then the thing's own key. The page cache keeps a
 * city's pages under it (their own key: path and query) and their dependencies on the city's
 * categories (the category's key, whose version it asks the engine for: splitCityKey). Ids are
 * lower-case letters, digits and dashes and a request target has no space, so no two cities'
 * keys meet.
 */
export function cityKey(city: string, key: string): string {
  return `${city} ${key}`;
}

/** The city and own key of a cityKey. */
export function splitCityKey(cityKeyed: string): { city: string; key: string } {
  const space = cityKeyed.indexOf(" ");
  return { city: cityKeyed.slice(0, space), key: cityKeyed.slice(space + 1) };
}

/** The dependency key of a city's weather (its alerts, conditions, forecast) in the page cache. */
export const WEATHER_DEP = "weather";

/**
 * The page cache's versions of a site's dependencies: its weather (an edition's is its city's:
 * "<city>.es" pages are made again when the city's weather changes) and its news, its own.
 */
export function pageVersions(
  weather: (city: string) => number,
  news: (site: string, key: string) => number,
): (site: string, key: string) => number {
  return (site, key) => (key === WEATHER_DEP ? weather(cityOfSite(site)) : news(site, key));
}
