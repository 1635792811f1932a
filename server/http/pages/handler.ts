import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import {
  createRequestHandler,
  type RequestHandler,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import type { Logger } from "pino";
import { CACHE_CONTROL } from "../../../common/cache-control";
import { ARTICLES_API, SEARCH_PARAMS, SEARCH_PATH } from "../../../common/urls";
import { FEED_KEYS } from "../../../sites/categories";
import type { CityServices } from "../../cities/network";
import type { SharedServices } from "../../context";
import type { NewsReader } from "../../news/engine";
import { normalizeSearchText } from "../../news/search";
import {
  NOT_FOUND_KEY,
  compress,
  compressIn,
  type CachedPage,
  type Coding,
  type PageCache,
  type RenderedPage,
} from "./page-cache";
import { Abandoned, Overloaded, type Limiter } from "../limiter";
import { LogBudget } from "../log-budget";
import { matchPage, routeTree } from "./route-match";
import { renderPage, renderSettings, type RenderTask } from "../../render/page";
import type { RenderPool } from "../../render/pool";
import { SECURITY_HEADERS } from "../headers";
import { accepts, notModified } from "../static-files";

/** The largest request body the site reads (its one form is a few kilobytes). */
export const MAX_BODY_BYTES = 64 * 1024;
/** A path that is its own cache key: no query, no dot segments, nothing percent-encoded. */
const PLAIN_PATH = /^\/(?:[\w-]+(?:\.[\w-]+)?(?:\/[\w-]+(?:\.[\w-]+)?)*\/?)?$/;

/**
 * How many request URLs' cache keys are remembered (see rememberKey), and the most their text
 * may hold (a URL is at most MAX_TARGET_LENGTH, server/http/app.ts): 10,000 keys of a few hundred bytes, or
 * fewer longer ones, never more than 4 MB.
 */
const MAX_REMEMBERED_KEYS = 10_000;
const MAX_REMEMBERED_BYTES = 4 * 1024 * 1024;

/** The ETag of a cached page in `coding` (each encoding has its own validator). */
function etagOf(page: CachedPage, coding: Coding | undefined): string {
  return coding ? page.etag.replace(/"$/, `-${coding}"`) : page.etag;
}

/** Types worth compressing when a response is sent.*/
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|x-turbo|rss)|image\/svg)/;

/** Whether a response is worth compressing: text of a kilobyte or more. */
function worthCompressing(page: RenderedPage | CachedPage): boolean {
  const length = "etag" in page ? page.length : page.body.length;
  return length >= 1024 && COMPRESSIBLE.test(page.headers["content-type"] ?? "");
}

/** The encoding a reader takes: brotli, else gzip, else none. */
function acceptedCoding(req: IncomingMessage): Coding | undefined {
  const encodings = req.headers["accept-encoding"];
  return accepts(encodings, "br") ? "br" : accepts(encodings, "gzip") ? "gzip" : undefined;
}

/** How long browsers and shared caches keep a redirect to a page's one spelling: a day. */
const SPELLING_REDIRECT_CACHE = "public, max-age=86400";

/** A permanent redirect to `location` (a path of this site). */
function redirect(res: ServerResponse, location: string): void {
  res.writeHead(301, {
    ...SECURITY_HEADERS,
    Location: location,
    "Cache-Control": SPELLING_REDIRECT_CACHE,
    "Content-Type": "text/plain; charset=utf-8",
  });
  res.end(`Moved to ${location}`);
}

export interface PageHandlerOptions {
  /** The React Router server build (or, in development, how to load it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  /** What every city's pages share; each request brings its city's own (pageHandler). */
  services: SharedServices;
  logger: Logger;
  /** Rendered pages kept for other readers; absent in development. */
  cache?: PageCache;
  /** Whether pages carry a CSP (not in development: Vite's HMR injects scripts of its own). */
  csp: boolean;
  /** The reader's address and protocol, as the proxy settings allow them to be read. */
  clientOf: (req: IncomingMessage) => { address: string; protocol: "http" | "https" };
  /** Admission for renders (load shedding); absent: no limit. */
  limiter?: Limiter;
  /** Admission for form posts, apart from reads' (absent: they share `limiter`). */
  writes?: Limiter;
  /** The most renders one reader's address may have running or waiting; absent: no limit. */
  perClient?: number;
  /** The Vary of pages (the headers their content depends on); Accept-Encoding unless told. */
  vary?: string;
  /** Where pages are made (render workers); absent: on this thread. */
  pool?: Pick<RenderPool, "render">;
}

/** How long a reader turned away under load is asked to wait, in seconds. */
export const OVERLOAD_RETRY_AFTER_S = 2;

/** An answer the handler gives itself (a refused request): a status and a short text. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The refusal a request earns before anything of its body is read: a method the site has no use
 * for (405), a POST that is not a form (415), a declared body over MAX_BODY_BYTES (413). Also
 * what a client that sends `Expect: 100-continue` is told instead of "100 Continue"
 * (server/http/server.ts), so that it never sends a body that would be refused.
 */
export function refusalBeforeBody(req: IncomingMessage): Refusal | undefined {
  const method = req.method ?? "GET";
  if (!["GET", "HEAD", "POST"].includes(method)) {
    return new Refusal(405, "Method not allowed", { Allow: "GET, HEAD, POST" });
  }
  if (method === "POST") {
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") {
      return new Refusal(415, "Forms are sent as application/x-www-form-urlencoded", {
        Accept: "application/x-www-form-urlencoded",
      });
    }
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    return new Refusal(413, "Request body too large");
  }
  return undefined;
}

/**
 * Answers a refusal: its status, its short text, never stored. A body too large to read is not
 * read: the connection ends with the answer (413).
 */
export function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  res.writeHead(refusal.status, {
    ...SECURITY_HEADERS,
    ...refusal.headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": CACHE_CONTROL.none,
    ...(refusal.status === 413 ? { Connection: "close" } : {}),
  });
  res.end(refusal.message);
}

/**
 * A form post must come from this site's own pages: one whose Origin names another (or "null",
 * or no URL) is refused (400) before its body is read, as a reader's mistake rather than an
 * error. React Router checks the same (and would log it as an error with its stack); a post
 * without Origin (an old browser, a script) is left to it and to the form's own checks.
 */
function refuseCrossOrigin(req: IncomingMessage, url: URL): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  let from: string | undefined;
  try {
    from = origin === "null" ? undefined : new URL(origin).origin;
  } catch {
    from = undefined;
  }
  if (from !== url.origin) {
    throw new Refusal(400, "Bad request: forms are sent from this site's own pages");
  }
}

/** Reads a request body, refusing one larger than MAX_BODY_BYTES as soon as it is (413). */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, "Request body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

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

/** React Router's own requests (a route's data, its route manifest): their query is theirs. */
function isRouterRequest(pathname: string): boolean {
  return pathname.endsWith(".data") || pathname === "/__manifest";
}

/**
 * The cache key of a GET, which is also the URL the page is made from: its path and the query
 * parameters the page reads (PAGE_QUERY), in order.
 */
export function cacheKey(url: URL): string {
  const route = routeOf(url.pathname);
  const reads = isRouterRequest(url.pathname) ? undefined : (PAGE_QUERY[route] ?? []);
  let params = [...url.searchParams].filter(
    ([name]) => reads === undefined || reads.includes(name),
  );
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
 * and at most MAX_REMEMBERED_BYTES of text, the least recently used forgotten first.
 */
export function rememberedKeys(): LRUCache<string, string> {
  return new LRUCache<string, string>({
    max: MAX_REMEMBERED_KEYS,
    maxSize: MAX_REMEMBERED_BYTES,
    // UTF-16 text: two bytes a character, and the entry's own bookkeeping.
    sizeCalculation: (key, raw) => (raw.length + key.length) * 2 + 64,
  });
}

/** Whether an error only says that the reader went away (a closed connection, an abort). */
export function isClientGone(error: unknown): boolean {
  if (error instanceof Abandoned) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ECONNRESET" || code === "EPIPE" || code === "ERR_STREAM_PREMATURE_CLOSE")
    return true;
  return (error as Error | null)?.message === "aborted";
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

/** A NewsReader that notes which categories a render read, and their versions then. */
function tracking(news: NewsReader, deps: Map<string, number>, city: string): NewsReader {
  // A category's version at its first read in the render: a later read may see it newer, never
  // older, so a page is never kept under a version newer than what it shows.
  const note = (key: Parameters<NewsReader["version"]>[0]) => {
    const dep = cityKey(city, key);
    if (!deps.has(dep)) deps.set(dep, news.version(key));
  };
  return {
    getCategory: (key) => {
      note(key);
      return news.getCategory(key);
    },
    getCategories: (keys, limit) => {
      for (const key of keys) note(key);
      return news.getCategories(keys, limit);
    },
    version: (key) => news.version(key),
    // A search may show any category's stories: its page is made again when any of them changes.
    search: (query, page) => {
      for (const key of FEED_KEYS) note(key);
      return news.search(query, page);
    },
  };
}

/**
 * The pages of the site: each request becomes a Fetch request for React Router's handler, and its
 * answer a RenderedPage with the security headers and, for HTML, a CSP that lists the hashes of
 * the page's own inline scripts (so that the page and its policy can be cached together). GET and
 * HEAD go through the page cache; other methods are rendered for the request alone. Bodies are
 * capped; methods and content types the site has no use for are refused with a 4xx.
 */
export function createPageHandler(options: PageHandlerOptions) {
  // React Router's handler on this thread: for every page without a pool, else for none (the
  // build is loaded only when first needed).
  let handle: RequestHandler | undefined;
  const handler = () => (handle ??= createRequestHandler(options.build, options.mode));
  const settings = renderSettings(options.services, options.csp);
  const vary = options.vary ?? "Accept-Encoding";
  // Lines about readers' mistakes (refusals, unknown paths): a few a minute of each kind at most.
  const budget = new LogBudget();

  // The route table, for knowing a page by its path before rendering it (production only: in
  // development the build is loaded anew with each change, and nothing is cached).
  const routes: RouteObject[] | undefined =
    typeof options.build === "function" ? undefined : routeTree(options.build.routes);

  /**
   * Renders a page once a render slot is free (Limiter: at most so many at once), and
   * compresses it ("fast") for the reader it is rendered for in the same slot: compression is
   * part of the render's cost, and counted so.
   */
  async function render(
    req: IncomingMessage,
    url: URL,
    city: CityServices,
    body?: Buffer,
    coding?: Coding,
  ): Promise<RenderedPage> {
    const limiter = (body ? options.writes : undefined) ?? options.limiter;
    const leave = shareOf(req);
    try {
      const release = limiter ? await limiter.acquire() : undefined;
      try {
        const page = await renderNow(req, url, city, body);
        if (coding && worthCompressing(page)) {
          page.precoded = { coding, body: await compress(page.body, coding, "fast") };
        }
        return page;
      } finally {
        release?.();
      }
    } finally {
      leave();
    }
  }

  /**
   * One reader's share of the renders: their address holds a place while its render runs or
   * waits, and one more past `perClient` is refused at once (Overloaded), before it takes a
   * place in the queue that others need. Returns the place's release.
   */
  const shares = new Map<string, number>();
  function shareOf(req: IncomingMessage): () => void {
    const cap = options.perClient;
    if (cap === undefined) return () => undefined;
    const address = options.clientOf(req).address;
    const held = shares.get(address) ?? 0;
    if (held >= cap) throw new Overloaded("This reader has too many pages in the making");
    shares.set(address, held + 1);
    return () => {
      const now = (shares.get(address) ?? 1) - 1;
      if (now > 0) shares.set(address, now);
      else shares.delete(address);
    };
  }

  /** Compresses outside a render, as render work: refused (Overloaded) under load. */
  const compressLimited = compressIn(options.limiter);

  async function renderNow(
    req: IncomingMessage,
    url: URL,
    city: CityServices,
    body?: Buffer,
  ): Promise<RenderedPage> {
    const started = performance.now();
    const deps = new Map<string, number>();
    const log = options.logger.child({
      site: city.site.id,
      req: { method: req.method, url: req.url },
    });
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name.startsWith(":")) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v]);
    }
    const task: RenderTask = {
      url: url.href,
      method: req.method ?? "GET",
      headers,
      body: body ? new Uint8Array(body) : undefined,
      city: { site: city.site, content: city.content, siteUrl: city.siteUrl, csp: city.csp },
      address: options.clientOf(req).address,
      now: (options.services.clock ?? Date.now)(),
    };
    const io = {
      news: tracking(city.news, deps, city.site.id),
      messages: city.messages,
      // Every page shows the city's urgent weather alerts (the banner): each depends on it.
      weather: {
        get: () => {
          // The version before the first read: a later read (the page reads it in its root and
          // in its own loader) may see newer weather, never older, so a page is never kept
          // under a version newer than what it shows.
          const key = cityKey(city.site.id, WEATHER_DEP);
          if (!deps.has(key)) deps.set(key, city.weather.version());
          return city.weather.get();
        },
      },
      log,
    };
    const made = options.pool
      ? await options.pool.render(task, io)
      : await renderPage(handler(), task, settings, io);
    const page: RenderedPage = {
      status: made.status,
      headers: made.headers,
      body: Buffer.from(made.body.buffer, made.body.byteOffset, made.body.byteLength),
      deps,
    };
    log.info(
      {
        status: page.status,
        ms: Math.round(performance.now() - started),
        ...(made.thread === undefined ? {} : { thread: made.thread }),
      },
      "page rendered",
    );
    return page;
  }

  /** The headers of a page as sent (its own, and those of its encoding and cache outcome). */
  function headersFor(
    page: RenderedPage | CachedPage,
    coding: Coding | undefined,
    cache: string,
    length: number,
  ): Record<string, string> {
    const headers: Record<string, string> = { ...page.headers };
    delete headers["content-length"];
    delete headers["content-encoding"];
    if ("etag" in page) {
      headers["Cache-Control"] = headers["cache-control"] ?? CACHE_CONTROL.news;
      delete headers["cache-control"];
      headers.ETag = etagOf(page, coding);
    }
    if (COMPRESSIBLE.test(headers["content-type"] ?? "")) headers.Vary = vary;
    headers["X-Cache"] = cache;
    if (coding) headers["Content-Encoding"] = coding;
    headers["Content-Length"] = String(length);
    return headers;
  }

  /** The encoding a page is sent in: brotli, else gzip, when accepted and worth it. */
  function codingFor(req: IncomingMessage, page: RenderedPage | CachedPage): Coding | undefined {
    return worthCompressing(page) ? acceptedCoding(req) : undefined;
  }

  /** Answers a conditional request whose validator still holds: true when it was answered. */
  function answeredNotModified(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    coding?: Coding,
  ) {
    const etag = etagOf(page, coding);
    if (!notModified(req.headers["if-none-match"], etag)) return false;
    res.writeHead(304, {
      ETag: etag,
      "Cache-Control": page.headers["cache-control"] ?? CACHE_CONTROL.news,
      Vary: vary,
    });
    res.end();
    return true;
  }

  /**
   * A cache hit, sent at once from headers made the first time (no promise, no header building):
   * false when the page's encoding is not compressed yet (the general path then waits for it).
   */
  function sendHit(req: IncomingMessage, res: ServerResponse, page: CachedPage): boolean {
    const coding = codingFor(req, page);
    const body = coding ? page.ready.get(coding) : page.body;
    if (!body) return false;
    if (answeredNotModified(req, res, page, coding)) return true;
    // Each body (a page's own, or one of its encodings) belongs to one page and one encoding:
    // its headers are made once, and again for a new body (a stronger compression).
    let headers = hits.get(body);
    if (!headers) hits.set(body, (headers = headersFor(page, coding, "hit", body.length)));
    res.writeHead(page.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }
  const hits = new WeakMap<Buffer, Record<string, string>>();

  /**
   * The cache keys of request URLs that are not their own key (a query to put in order): a
   * hit for one of them skips the parsing. Bounded: the oldest go first.
   */
  const keys = rememberedKeys();
  function rememberKey(raw: string, key: string): void {
    if (raw === key || keys.has(raw)) return;
    keys.set(raw, key);
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: RenderedPage | CachedPage,
    cache: string,
  ): Promise<void> {
    let coding = codingFor(req, page);
    const cached = "etag" in page ? page : undefined;
    if (cached && answeredNotModified(req, res, cached, coding)) return;
    // A cached page comes from the cache, which keeps its body compressed (PageCache.plain).
    const store = options.cache;
    let body: Buffer | undefined;
    if (coding) {
      try {
        body =
          "etag" in page
            ? await (store as PageCache).encoded(page, coding)
            : page.precoded?.coding === coding
              ? page.precoded.body
              : await compressLimited(page.body, coding, "fast");
      } catch (error) {
        if (!(error instanceof Overloaded)) throw error;
        // Under load a page is sent as it is rather than made to wait for a compression slot.
        coding = undefined;
      }
    }
    body ??= "etag" in page ? await (store as PageCache).plain(page) : page.body;
    res.writeHead(page.status, headersFor(page, coding, cache, body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The not-found page's log line for a reader it was served to from the cache (SPEC.md §8). */
  function notFound(path: string, site: string): void {
    const suppressed = budget.take("not found");
    if (suppressed === undefined) return;
    options.logger.warn(
      { site, path: path.split("?")[0], ...(suppressed ? { suppressed } : {}) },
      "page not found",
    );
  }

  /**
   * Answers a request of the city `site`. A cache hit needs only its id; its services
   * (`cityOf`, which may throw a Refusal) are asked for only when a page is made: a city whose
   * data has left the directory's cache is not read again for a page already cached.
   */
  return async function pageHandler(
    req: IncomingMessage,
    res: ServerResponse,
    site: string,
    cityOf: () => CityServices,
  ): Promise<void> {
    // The path of a cache hit: a plain path (nothing to normalize), a current page, its encoding
    // ready. Everything else goes the general way below. Every key is the city's (cityKey).
    const method = req.method ?? "GET";
    const raw = req.url ?? "/";
    const notFoundKey = cityKey(site, NOT_FOUND_KEY);
    if ((method === "GET" || method === "HEAD") && options.cache) {
      // A plain path is its own key, unless it names the not-found page or another spelling
      // (then the key remembered for it).
      const rawKey = cityKey(site, raw);
      const plain = PLAIN_PATH.test(raw) ? options.cache.peek(rawKey) : undefined;
      const key = plain ? undefined : keys.get(rawKey);
      const page = plain ?? (key === undefined ? undefined : options.cache.peek(key));
      if (page && sendHit(req, res, page)) {
        if (page.key === notFoundKey) notFound(raw, site);
        return;
      }
    }
    try {
      const early = refusalBeforeBody(req);
      if (early) throw early;
      const { protocol } = options.clientOf(req);
      let url: URL;
      try {
        // A path is a path: "//host/x" names no other host (new URL(raw, base) would read one).
        const origin = `${protocol}://${req.headers.host ?? "localhost"}`;
        url = raw.startsWith("/") ? new URL(`${origin}${raw}`) : new URL(raw, origin);
        decodeURIComponent(url.pathname); // a malformed percent-encoding is the client's mistake
      } catch {
        throw new Refusal(400, "Bad request");
      }
      if (method === "POST") {
        refuseCrossOrigin(req, url);
        const page = await render(req, url, cityOf(), await readBody(req), acceptedCoding(req));
        await send(req, res, page, "pass");
        return;
      }
      const cache = options.cache;
      if (!cache) {
        const page = await render(req, url, cityOf(), undefined, acceptedCoding(req));
        await send(req, res, page, "pass");
        return;
      }
      const match =
        routes && !isRouterRequest(url.pathname) ? matchPage(routes, url.pathname) : undefined;
      let key = cacheKey(url);
      if (match?.kind === "page" && match.path !== url.pathname) {
        // Another spelling of a page (`/Local-News`, `/local-news/`, `/%73earch`): the one
        // spelling, by a redirect that browsers and shared caches keep, and one cache entry.
        redirect(res, match.path + key.slice(url.pathname.length));
        return;
      }
      if (match?.kind === "not-found") {
        // Every path that names no page gets the one not-found page (its HTML names no path).
        key = NOT_FOUND_KEY;
      }
      const stored = cityKey(site, key);
      rememberKey(cityKey(site, raw), stored);
      // Made from its key, so what is kept under the key is what the key says (its query; the
      // path is the request's, never parsed again: a key may start with "//").
      const made = new URL(url);
      if (key !== NOT_FOUND_KEY) made.search = key.slice(url.pathname.length);
      const coding = acceptedCoding(req);
      // The city's services only for a render: a page the cache answers needs its id alone.
      // (A city unavailable now fails the render, and a copy already kept stays in service.)
      const { page, cache: outcome } = await cache.get(stored, async () =>
        render(req, made, cityOf(), undefined, coding),
      );
      if (key === NOT_FOUND_KEY && outcome !== "miss") notFound(raw, site);
      await send(req, res, page, outcome);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (!(error instanceof Refusal) && isClientGone(error)) {
        // The reader went away (a closed connection, an abandoned body): nothing to answer.
        options.logger.debug({ url: req.url }, "reader went away");
        res.destroy();
        return;
      }
      const refusal =
        error instanceof Refusal
          ? error
          : error instanceof Overloaded
            ? new Refusal(503, "The site is busy: please try again in a moment.", {
                "Retry-After": String(OVERLOAD_RETRY_AFTER_S),
              })
            : undefined;
      if (refusal) {
        // A reader's mistake or a shed request: a warning without a stack, a few a minute.
        const { status } = refusal;
        const suppressed = budget.take(`refused ${status}`);
        if (suppressed !== undefined) {
          options.logger.warn(
            { status, method: req.method, url: req.url, ...(suppressed ? { suppressed } : {}) },
            "request refused",
          );
        }
      } else {
        options.logger.error({ err: error, url: req.url }, "request failed");
      }
      sendRefusal(res, refusal ?? new Refusal(500, "Internal server error"));
    }
  };
}
