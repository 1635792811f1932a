import type { IncomingMessage, ServerResponse } from "node:http";
import type { LRUCache } from "lru-cache";
import { isRead } from "../exchange";
import { PLAIN_PATH, cityKey } from "./cache-key";
import type { CachedPage, PageCache } from "./page-cache";

export interface CacheHitOptions {
  cache: PageCache;
  /** Request URLs that are not their own key, and the key each was kept under. */
  keys: LRUCache<string, string>;
  /** Sends a kept page at once; false when its encoding is not ready yet. */
  sendHit: (req: IncomingMessage, res: ServerResponse, page: CachedPage) => boolean;
  /** Told of each reader the not-found page was served to from the cache (its log line). */
  notFound: (path: string, site: string) => void;
}

/**
 * The most URLs remembered as their page's own key (createCacheHit's `own`): a site's pages are
 * some thirty, and only a page kept under its URL is remembered; past it all are forgotten at
 * once and found again.
 */
export const MAX_OWN_KEYS = 10_000;

/** Answers a request of the site `site` from the page cache at once: whether it did. */
export type CacheHit = (req: IncomingMessage, res: ServerResponse, site: string) => boolean;

/**
 * The fast path of a page: a GET or HEAD whose page is kept, current, and ready in the reader's
 * encoding, answered before anything of the request is parsed. A plain path is its own key
 * (`own`), unless it names the not-found page or another spelling: then the key remembered for
 * it (`spelled`). Only a page's own URL is ever kept under its own key (the not-found page and
 * other spellings are kept under the key they stand for), so `own` answers nothing but a page of
 * the site's routes: the request path asks it before the city's handlers, whose paths are never
 * a page's (app.ts), and `spelled` among the pages. Each returns whether the request was
 * answered; everything else goes the general way (which finds a kept page too, more slowly).
 * `remembered` is how many URLs `own` remembers with their key.
 */
export function createCacheHit({ cache, keys, sendHit, notFound }: CacheHitOptions): {
  own: CacheHit;
  spelled: CacheHit;
  remembered: () => number;
} {
  const sent = (req: IncomingMessage, res: ServerResponse, page: CachedPage | undefined) =>
    page !== undefined && sendHit(req, res, page);
  // The URLs found kept under their own key, by site: a hit then asks two maps, neither the
  // path's pattern nor a key made anew (and its hash computed again) on each request.
  const ownKeys = new Map<string, Map<string, string>>();
  let remembered = 0;
  const own: CacheHit = (req, res, site) => {
    if (!isRead(req)) return false;
    const raw = req.url ?? "/";
    const known = ownKeys.get(site)?.get(raw);
    if (known !== undefined) return sent(req, res, cache.peek(known));
    if (!PLAIN_PATH.test(raw)) return false;
    // Every key is the city's (cityKey).
    const key = cityKey(site, raw);
    const page = cache.peek(key);
    if (page === undefined) return false;
    if (remembered >= MAX_OWN_KEYS) {
      ownKeys.clear();
      remembered = 0;
    }
    let urls = ownKeys.get(site);
    if (!urls) ownKeys.set(site, (urls = new Map()));
    urls.set(raw, key);
    remembered++;
    return sendHit(req, res, page);
  };
  const spelled: CacheHit = (req, res, site) => {
    const raw = req.url ?? "/";
    const key = isRead(req) ? keys.get(cityKey(site, raw)) : undefined;
    const page = key === undefined ? undefined : cache.peek(key);
    if (!sent(req, res, page)) return false;
    if (page?.notFound) notFound(raw, site);
    return true;
  };
  return { own, spelled, remembered: () => remembered };
}
