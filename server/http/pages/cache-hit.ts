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
 */
export function createCacheHit({ cache, keys, sendHit, notFound }: CacheHitOptions): {
  own: CacheHit;
  spelled: CacheHit;
} {
  const sent = (req: IncomingMessage, res: ServerResponse, page: CachedPage | undefined) =>
    page !== undefined && sendHit(req, res, page);
  const own: CacheHit = (req, res, site) => {
    const raw = req.url ?? "/";
    // Every key is the city's (cityKey).
    return isRead(req) && PLAIN_PATH.test(raw) && sent(req, res, cache.peek(cityKey(site, raw)));
  };
  const spelled: CacheHit = (req, res, site) => {
    const raw = req.url ?? "/";
    const key = isRead(req) ? keys.get(cityKey(site, raw)) : undefined;
    const page = key === undefined ? undefined : cache.peek(key);
    if (!sent(req, res, page)) return false;
    if (page?.notFound) notFound(raw, site);
    return true;
  };
  return { own, spelled };
}
