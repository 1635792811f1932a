import type { IncomingMessage, ServerResponse } from "node:http";
import type { LRUCache } from "lru-cache";
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
 * The fast path of a page: a GET or HEAD whose page is kept, current, and ready in the reader's
 * encoding, answered before anything of the request is parsed. A plain path is its own key,
 * unless it names the not-found page or another spelling (then the key remembered for it).
 * Returns whether the request was answered; everything else goes the general way.
 */
export function createCacheHit({ cache, keys, sendHit, notFound }: CacheHitOptions) {
  return function answeredFromCache(
    req: IncomingMessage,
    res: ServerResponse,
    site: string,
  ): boolean {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") return false;
    const raw = req.url ?? "/";
    // Every key is the city's (cityKey).
    const rawKey = cityKey(site, raw);
    const plain = PLAIN_PATH.test(raw) ? cache.peek(rawKey) : undefined;
    const key = plain ? undefined : keys.get(rawKey);
    const page = plain ?? (key === undefined ? undefined : cache.peek(key));
    if (!page || !sendHit(req, res, page)) return false;
    if (page.notFound) notFound(raw, site);
    return true;
  };
}
