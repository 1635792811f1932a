import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality for pages: the highest. A page is compressed once per render, off the event loop
 * (about 80 ms for a 100 KB page here, against 15 at quality 9), and comes out 9 to 11% smaller:
 * what keeps a news page inside the first round trip of a new connection (server/page-css.ts).
 */
const BROTLI_QUALITY = 11;

export type Coding = "br" | "gzip";

/** A response of the app, as the cache keeps it. */
export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** What it was made from: each news category it read, with that category's version then. */
  deps: ReadonlyMap<string, number>;
}

export interface CachedPage extends RenderedPage {
  key: string;
  /** A strong validator of the uncompressed body (each encoding adds its suffix). */
  etag: string;
  storedAt: number;
  /** The body compressed, once per encoding, on first demand. */
  encoded: Map<Coding, Promise<Buffer>>;
  /** The same, once compressed (what the synchronous path of a cache hit sends). */
  ready: Map<Coding, Buffer>;
  bytes: number;
}

export type CacheOutcome = "hit" | "stale" | "miss" | "pass";

export interface PageCacheOptions {
  /** How long a page is served without asking whether it changed. */
  maxAgeMs: number;
  /** The most the cache may hold, bodies and their compressed copies counted. */
  maxBytes: number;
  /** The current version of a news category (NewsEngine.version). */
  version: (key: string) => number;
  now?: () => number;
  /** Told of a render that failed in the background (the stale copy went on being served). */
  onError?: (key: string, error: unknown) => void;
}

/** Whether a response may be kept for other readers: a 200 that no header makes private. */
export function isCacheable(page: RenderedPage): boolean {
  const cacheControl = (
    page.headers["Cache-Control"] ??
    page.headers["cache-control"] ??
    ""
  ).toLowerCase();
  return (
    page.status === 200 &&
    !/no-store|private|no-cache/.test(cacheControl) &&
    !("set-cookie" in page.headers) &&
    !("Set-Cookie" in page.headers)
  );
}

/** The body compressed with `coding`. */
export function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  return coding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 9 });
}

/**
 * Rendered pages, kept per key (path and query) and served again until what they were made from
 * changes (a news category's version) or they reach maxAgeMs:
 *  - a page that is missing is rendered once, however many readers ask at the same time (they
 *    all wait for that one render);
 *  - a page whose news changed is rendered again for the reader who finds it so, while readers
 *    arriving during that render get the previous copy;
 *  - a page that is merely old is served as it is to everyone while one render replaces it in
 *    the background (stale-while-revalidate).
 * A response that is not cacheable (isCacheable) is passed through and not kept. The least
 * recently used pages go first when the cache is full.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly renders = new Map<string, Promise<RenderedPage | CachedPage>>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The page for `key`, and how the cache answered. */
  async get(
    key: string,
    render: () => Promise<RenderedPage>,
  ): Promise<{ page: RenderedPage | CachedPage; cache: CacheOutcome }> {
    const cached = this.pages.get(key);
    if (cached) {
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, cached);
      const changed = !this.current(cached);
      const old = this.now() - cached.storedAt >= this.options.maxAgeMs;
      if (!changed && !old) return { page: cached, cache: "hit" };
      if (this.renders.has(key) || !changed) {
        this.renderOnce(key, render).catch((error: unknown) => this.options.onError?.(key, error));
        return { page: cached, cache: "stale" };
      }
    }
    let page: RenderedPage | CachedPage;
    try {
      page = await this.renderOnce(key, render);
    } catch (error) {
      // A render that failed (or was refused under load) leaves the previous copy in service.
      if (!cached) throw error;
      this.options.onError?.(key, error);
      return { page: cached, cache: "stale" };
    }
    return { page, cache: isCacheable(page) ? "miss" : "pass" };
  }

  /**
   * The cached page for `key` when it can be served as it is (present, current and young), at
   * once and without a promise: the path of a cache hit. Anything else is left to get().
   */
  peek(key: string): CachedPage | undefined {
    const cached = this.pages.get(key);
    if (!cached || this.now() - cached.storedAt >= this.options.maxAgeMs || !this.current(cached)) {
      return undefined;
    }
    this.pages.delete(key);
    this.pages.set(key, cached);
    return cached;
  }

  /** Forgets every page (a change of what every page shows). */
  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  /** How many pages are kept, and their bytes. */
  stats(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** The body of a cached page in `coding`, compressed the first time it is asked for. */
  encoded(page: CachedPage, coding: Coding): Promise<Buffer> {
    let body = page.encoded.get(coding);
    if (!body) {
      body = compress(page.body, coding);
      page.encoded.set(coding, body);
      void body.then((b) => {
        page.ready.set(coding, b);
        if (this.pages.get(page.key) === page) {
          page.bytes += b.length;
          this.bytes += b.length;
          this.evict();
        }
      });
    }
    return body;
  }

  private current(page: CachedPage): boolean {
    for (const [key, version] of page.deps) {
      if (this.options.version(key) !== version) return false;
    }
    return true;
  }

  private renderOnce(key: string, render: () => Promise<RenderedPage>) {
    let running = this.renders.get(key);
    if (!running) {
      running = render()
        .then((page) => this.store(key, page))
        .finally(() => this.renders.delete(key));
      this.renders.set(key, running);
    }
    return running;
  }

  private store(key: string, page: RenderedPage): RenderedPage | CachedPage {
    if (!isCacheable(page)) return page;
    const previous = this.pages.get(key);
    if (previous) {
      this.bytes -= previous.bytes;
      this.pages.delete(key);
    }
    const cached: CachedPage = {
      ...page,
      key,
      etag: `"${createHash("sha1").update(page.body).digest("base64url").slice(0, 22)}"`,
      storedAt: this.now(),
      encoded: new Map(),
      ready: new Map(),
      bytes: page.body.length,
    };
    if (cached.bytes > this.options.maxBytes / 4) return cached; // too big to keep
    this.pages.set(key, cached);
    this.bytes += cached.bytes;
    this.evict();
    return cached;
  }

  private evict(): void {
    for (const [key, page] of this.pages) {
      if (this.bytes <= this.options.maxBytes) return;
      this.pages.delete(key);
      this.bytes -= page.bytes;
    }
  }
}
