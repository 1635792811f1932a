import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from "node:zlib";
import type { Limiter } from "../../limiter";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const unbrotli = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

/**
 * How hard a page is compressed. "strong" is brotli's highest quality (about 80 ms of a core for
 * a 100 KB page here, against 15 at quality 9) and comes out 9 to 11 % smaller: what keeps a news
 * page inside the first round trip of a new connection (server/render/page-css.ts); it is worth it only
 * for a page many readers get. "fast" (brotli 5, gzip 6: 2 to 4 ms) is what a page gets when it
 * is rendered, inside its render slot: a page asked for once (a unique search, a 404) never costs
 * more, and a cached page is compressed again strongly, in the background, once a second reader
 * has asked for it (PageCache).
 */
export type Strength = "fast" | "strong";
const LEVELS: Record<Strength, { br: number; gzip: number }> = {
  fast: { br: 5, gzip: 6 },
  strong: { br: 11, gzip: 9 },
};

export type Coding = "br" | "gzip";

/** The key under which the one not-found page is kept: every path no route names gets it. */
export const NOT_FOUND_KEY = "<not-found>";

/** Whether a key is the not-found page's (of a city: "<city> <not-found>", server/http/pages/cache-key.ts). */
export function isNotFoundKey(key: string): boolean {
  return key === NOT_FOUND_KEY || key.endsWith(` ${NOT_FOUND_KEY}`);
}

/** Types worth compressing when a response is sent. */
export const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|javascript|x-turbo|rss|atom|feed\+json)|image\/svg)/;

/** Whether a response is worth compressing: text of a kilobyte or more. */
export function worthCompressing(page: Pick<RenderedPage, "headers" | "body">): boolean {
  return page.body.length >= 1024 && COMPRESSIBLE.test(page.headers["content-type"] ?? "");
}

/** A response of the app, as the cache keeps it. */
export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** What it was made from: each news category it read, with that category's version then. */
  deps: ReadonlyMap<string, number>;
  /** The body already compressed ("fast") for the reader it was rendered for. */
  precoded?: { coding: Coding; body: Buffer };
}

export interface CachedPage extends Omit<RenderedPage, "body" | "precoded"> {
  key: string;
  /**
   * The body uncompressed: kept only until the page has a compressed copy, then made again from
   * it on demand (PageCache.identity) for the rare reader who takes no compression. A page is
   * kept as brotli (and gzip when asked for): about a fifth of its size.
   */
  body: Buffer | undefined;
  /** The uncompressed body's length. */
  length: number;
  /** A strong validator of the uncompressed body (each encoding adds its suffix). */
  etag: string;
  storedAt: number;
  /** The body compressed, once per encoding, on first demand. */
  encoded: Map<Coding, Promise<Buffer>>;
  /**
   * How many readers took the page uncompressed. From the second, its uncompressed body is
   * kept again (counted in the cache's bytes), so that such readers (wrk, curl, some crawlers
   * and proxies) are answered from memory rather than by a decompression each.
   */
  plainReaders: number;
  /** The same, once compressed (what the synchronous path of a cache hit sends). */
  ready: Map<Coding, Buffer>;
  /** The encodings compressed strongly already, or being so. */
  strong: Set<Coding>;
  bytes: number;
  /** The epoch's count when every dependency was last found current (-1: not yet). */
  checkedAt: number;
  /** The cache's count of moves when it was last moved to the recent end (PageCache.touch). */
  touchedAt: number;
  /** Whether it is a city's not-found page (isNotFoundKey). */
  notFound: boolean;
  /** Whether it is sent compressed to a reader who takes compression (worthCompressing). */
  compressible: boolean;
}

export type CacheOutcome = "hit" | "stale" | "miss" | "pass";

export interface PageCacheOptions {
  /** How long a page is served without asking whether it changed. */
  maxAgeMs: number;
  /** The most the cache may hold, bodies and their compressed copies counted. */
  maxBytes: number;
  /** The current version of a page's dependency (a news category's, a city's weather). */
  version: (key: string) => number;
  now?: () => number;
  /** Told of a render that failed in the background (the stale copy went on being served). */
  onError?: (key: string, error: unknown) => void;
  /**
   * Compresses a body (the page handler counts it as render work, in its limiter, which may
   * refuse it with Overloaded); `compress` itself unless told.
   */
  compress?: (body: Buffer, coding: Coding, strength: Strength) => Promise<Buffer>;
  /** The most pages kept, whatever their size (each costs its headers and key besides its body). */
  maxPages?: number;
  /** Undoes `compress` (`decompress` itself unless told). */
  decompress?: (body: Buffer, coding: Coding) => Promise<Buffer>;
  /** Told when a kept page starts being rendered again (it changed or grew old: the metrics). */
  onRebuild?: () => void;
  /**
   * A count that moves whenever the version of any dependency may have moved (the news engine's
   * and the weather service's changes): while it stays, a kept page is current without asking
   * `version` for each of its dependencies on every hit (home has one per category, and the
   * weather). Without it, each is asked for on every hit. Given the time now (`now`'s), which the
   * cache reads anyway: one reading of the clock a hit (so the weather's count must be on the
   * same clock as the cache: Date.now, both, in the server).
   */
  epoch?: (now: number) => number;
}

/** A compression as render work: in the render limiter's slots, refused (Overloaded) under load. */
export function compressIn(
  limiter: Limiter | undefined,
): NonNullable<PageCacheOptions["compress"]> {
  return limiter
    ? (body, coding, strength) => limiter.run(() => compress(body, coding, strength))
    : compress;
}

/** Pages kept at most unless told: beyond, the least recently used go. */
export const MAX_PAGES = 5_000;
/** What an entry costs besides its bodies (its key, headers, validators and maps), roughly. */
const ENTRY_OVERHEAD_BYTES = 2_048;

/**
 * Whether a response may be kept for other readers: a 200 (or, under NOT_FOUND_KEY, the
 * not-found page's 404) that no header makes private.
 */
export function isCacheable(page: Pick<RenderedPage, "status" | "headers">, key?: string): boolean {
  const cacheControl = (
    page.headers["Cache-Control"] ??
    page.headers["cache-control"] ??
    ""
  ).toLowerCase();
  return (
    (page.status === 200 || (page.status === 404 && key !== undefined && isNotFoundKey(key))) &&
    !/no-store|private|no-cache/.test(cacheControl) &&
    !("set-cookie" in page.headers) &&
    !("Set-Cookie" in page.headers)
  );
}

/** The body compressed with `coding`, off the event loop (zlib's thread pool). */
export function compress(body: Buffer, coding: Coding, strength: Strength): Promise<Buffer> {
  return coding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: LEVELS[strength].br,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: LEVELS[strength].gzip });
}

/** A compressed body as it was (zlib's thread pool, off the event loop). */
export function decompress(body: Buffer, coding: Coding): Promise<Buffer> {
  return coding === "br" ? unbrotli(body) : gunzipAsync(body);
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
  /** How many times a page was moved to the recent end (touch). */
  private touches = 0;
  private readonly now: () => number;
  private readonly compress: NonNullable<PageCacheOptions["compress"]>;
  private readonly decompress: NonNullable<PageCacheOptions["decompress"]>;
  private readonly maxPages: number;
  /** Encodings of popular pages waiting to be compressed strongly, one at a time. */
  private readonly upgrades: [CachedPage, Coding][] = [];
  private upgrading = false;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.compress = options.compress ?? compress;
    this.decompress = options.decompress ?? decompress;
    this.maxPages = options.maxPages ?? MAX_PAGES;
  }

  /** The page for `key`, and how the cache answered. */
  async get(
    key: string,
    render: () => Promise<RenderedPage>,
  ): Promise<{ page: RenderedPage | CachedPage; cache: CacheOutcome }> {
    const cached = this.pages.get(key);
    if (cached) {
      this.touch(key, cached);
      const now = this.now();
      const changed = !this.current(cached, now);
      const old = now - cached.storedAt >= this.options.maxAgeMs;
      if (!changed && !old) {
        this.served(cached);
        return { page: cached, cache: "hit" };
      }
      if (this.renders.has(key) || !changed) {
        this.renderOnce(key, render).catch((error: unknown) => this.options.onError?.(key, error));
        this.served(cached);
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
    return { page, cache: isCacheable(page, key) ? "miss" : "pass" };
  }

  /**
   * The cached page for `key` when it can be served as it is (present, current and young), at
   * once and without a promise: the path of a cache hit. Anything else is left to get().
   */
  peek(key: string): CachedPage | undefined {
    const cached = this.pages.get(key);
    if (!cached) return undefined;
    const now = this.now();
    if (now - cached.storedAt >= this.options.maxAgeMs || !this.current(cached, now)) {
      return undefined;
    }
    this.touch(key, cached);
    this.served(cached);
    return cached;
  }

  /**
   * Moves a page read now to the recent end of the order pages go in (most recently used last),
   * unless fewer pages than half the cache were moved or kept since it last was: a popular page
   * is not moved on every hit (a Map's delete and set). Pages go in the order of their last use
   * to within half the cache: a page just read has about half of the others before it at least.
   */
  private touch(key: string, page: CachedPage): void {
    if (this.touches - page.touchedAt < this.pages.size / 2) return;
    page.touchedAt = ++this.touches;
    this.pages.delete(key);
    this.pages.set(key, page);
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

  /**
   * The body of a cached page in `coding`, compressed ("fast") the first time it is asked for.
   * Rejects with whatever the compressor throws (Overloaded under load: the caller may send the
   * page uncompressed); the next reader tries again.
   */
  encoded(page: CachedPage, coding: Coding): Promise<Buffer> {
    let body = page.encoded.get(coding);
    if (!body) {
      body = this.identity(page).then((plain) => this.compress(plain, coding, "fast"));
      page.encoded.set(coding, body);
      body.then(
        (b) => this.setEncoding(page, coding, b),
        () => page.encoded.delete(coding),
      );
    }
    return body;
  }

  /**
   * The page's body uncompressed: the one kept, or one made from a compressed copy (off the
   * event loop, in zlib's thread pool; not kept).
   */
  identity(page: CachedPage): Promise<Buffer> {
    if (page.body) return Promise.resolve(page.body);
    const br = page.ready.get("br");
    if (br) return this.decompress(br, "br");
    const gz = page.ready.get("gzip");
    if (gz) return this.decompress(gz, "gzip");
    return Promise.reject(new Error(`Cached page ${page.key} has no body`));
  }

  /**
   * The page's body uncompressed for a reader who takes no compression (identity). A page asked
   * for so a second time keeps that body from then on, while it stays in the cache (its bytes
   * counted, so that the least used pages make room): a cache hit then sends it at once.
   */
  async plain(page: CachedPage): Promise<Buffer> {
    if (page.body) return page.body;
    const body = await this.identity(page);
    page.plainReaders++;
    if (page.plainReaders >= 2 && !page.body && this.pages.get(page.key) === page) {
      page.body = body;
      page.bytes += body.length;
      this.bytes += body.length;
      this.evict();
    }
    return body;
  }

  /** Keeps `body` as the page's `coding` (replacing an earlier one), counting its bytes. */
  private setEncoding(page: CachedPage, coding: Coding, body: Buffer): void {
    const before = page.ready.get(coding)?.length ?? 0;
    page.ready.set(coding, body);
    page.encoded.set(coding, Promise.resolve(body));
    const kept = this.pages.get(page.key) === page;
    if (kept) {
      page.bytes += body.length - before;
      this.bytes += body.length - before;
    }
    this.dropBody(page);
    if (kept) this.evict();
  }

  /** Lets a page's uncompressed body go once a compressed copy holds it (counting the bytes). */
  private dropBody(page: CachedPage): void {
    if (!page.body || page.ready.size === 0 || page.plainReaders >= 2) return;
    const freed = page.body.length;
    page.body = undefined;
    page.bytes -= freed;
    if (this.pages.get(page.key) === page) this.bytes -= freed;
  }

  /**
   * Counts a reader of a cached page. At the second reader (the first had it rendered) it has
   * shown that it is read more than once: its encodings are compressed strongly in the
   * background (one page at a time, as render work: refused under load, and then tried again
   * at a later reader).
   */
  private served(page: CachedPage): void {
    if (page.strong.size === page.ready.size) return; // the usual hit: nothing left to do
    for (const coding of page.ready.keys()) {
      if (page.strong.has(coding) || this.upgrades.length >= MAX_UPGRADES_WAITING) continue;
      page.strong.add(coding);
      this.upgrades.push([page, coding]);
    }
    if (!this.upgrading) void this.upgradeNext();
  }

  private async upgradeNext(): Promise<void> {
    if (this.upgrading) return;
    this.upgrading = true;
    try {
      for (let next = this.upgrades.shift(); next; next = this.upgrades.shift()) {
        const [page, coding] = next;
        if (this.pages.get(page.key) !== page) continue;
        try {
          const plain = await this.identity(page);
          this.setEncoding(page, coding, await this.compress(plain, coding, "strong"));
        } catch {
          page.strong.delete(coding); // refused under load: a later reader asks again
        }
      }
    } finally {
      this.upgrading = false;
    }
  }

  /** Whether a kept page's dependencies are at the versions it was made from, at `now`. */
  private current(page: CachedPage, now: number): boolean {
    const epoch = this.options.epoch;
    if (!epoch) return this.unchanged(page.deps);
    const count = epoch(now);
    if (page.checkedAt === count) return true;
    if (!this.unchanged(page.deps)) return false;
    page.checkedAt = count;
    return true;
  }

  private unchanged(deps: Iterable<readonly [string, number]>): boolean {
    for (const [key, version] of deps) {
      if (this.options.version(key) !== version) return false;
    }
    return true;
  }

  private renderOnce(key: string, render: () => Promise<RenderedPage>) {
    let running = this.renders.get(key);
    if (!running) {
      if (this.pages.has(key)) this.options.onRebuild?.();
      running = render()
        .then((page) => this.store(key, page))
        .finally(() => this.renders.delete(key));
      this.renders.set(key, running);
    }
    return running;
  }

  private store(key: string, page: RenderedPage): RenderedPage | CachedPage {
    if (!isCacheable(page, key)) return page;
    const previous = this.pages.get(key);
    if (previous) {
      this.bytes -= previous.bytes;
      this.pages.delete(key);
    }
    const { precoded, ...rest } = page;
    const cached: CachedPage = {
      ...rest,
      length: page.body.length,
      key,
      etag: `"${createHash("sha1").update(page.body).digest("base64url").slice(0, 22)}"`,
      storedAt: this.now(),
      encoded: new Map(),
      plainReaders: 0,
      ready: new Map(),
      strong: new Set(),
      bytes: page.body.length + key.length * 2 + ENTRY_OVERHEAD_BYTES,
      checkedAt: -1,
      touchedAt: ++this.touches,
      notFound: isNotFoundKey(key),
      compressible: worthCompressing(page),
    };
    if (precoded) {
      cached.ready.set(precoded.coding, precoded.body);
      cached.encoded.set(precoded.coding, Promise.resolve(precoded.body));
      cached.bytes += precoded.body.length;
      this.dropBody(cached);
    }
    if (cached.bytes > this.options.maxBytes / 4) return cached; // too big to keep
    this.pages.set(key, cached);
    this.bytes += cached.bytes;
    this.evict();
    return cached;
  }

  private evict(): void {
    for (const [key, page] of this.pages) {
      if (this.bytes <= this.options.maxBytes && this.pages.size <= this.maxPages) return;
      this.pages.delete(key);
      this.bytes -= page.bytes;
    }
  }
}

/** Strong compressions that may wait at once (beyond, a popular page waits for a later reader). */
const MAX_UPGRADES_WAITING = 256;
