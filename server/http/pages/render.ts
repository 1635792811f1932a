import type { IncomingMessage } from "node:http";
import type { ServerBuild } from "react-router";
import type { Logger } from "pino";
import { FEED_KEYS } from "../../../sites/categories";
import type { CityServices } from "../../cities/served";
import type { SharedServices } from "../../context";
import type { NewsReader } from "../../news/engine";
import {
  renderPage,
  renderSettings,
  requestHandlers,
  type RequestHandlers,
  type RenderTask,
} from "../../render/page";
import type { RenderPool } from "../../render/pool";
import { Overloaded, type Limiter } from "../../limiter";
import { WEATHER_DEP, cityKey } from "./cache-key";
import { compress, worthCompressing, type Coding, type RenderedPage } from "./page-cache";
import { loggedRequestId } from "../request-log";
import { pageHeaders } from "../headers";
import { clientKey } from "../../net/client-key";

export interface RendererOptions {
  /** The React Router server build (or, in development, how to load it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  /** What every city's pages share; each request brings its city's own. */
  services: SharedServices;
  logger: Logger;
  /** Whether pages carry a CSP (not in development: Vite's HMR injects scripts of its own). */
  csp: boolean;
  /** The reader's address, as the proxy settings allow it to be read. */
  addressOf: (req: IncomingMessage) => string;
  /** Admission for renders (load shedding); absent: no limit. */
  limiter?: Limiter;
  /** Admission for form posts, apart from reads' (absent: they share `limiter`). */
  writes?: Limiter;
  /** The most renders one reader's address may have running or waiting; absent: no limit. */
  perClient?: number;
  /** Where pages are made (render workers); absent: on this thread. */
  pool?: Pick<RenderPool, "render">;
  /** Told how long each page took to make, in seconds (the metrics). */
  onRendered?: (seconds: number) => void;
}

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

/** What a render reads of its city: news and weather noting what the page depends on. */
function readerOf(city: CityServices, deps: Map<string, number>, log: Logger) {
  return {
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
}

/** The request headers as name and value pairs (a repeated header once per value). */
function headerPairs(req: IncomingMessage): [string, string][] {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v]);
  }
  return headers;
}

/**
 * One reader's share of the renders: their address holds a place while its render runs or
 * waits, and one more past `cap` is refused at once (Overloaded), before it takes a place in the
 * queue that others need. `take` returns the place's release. A reader is an IPv4 address or an
 * IPv6 /64 (server/net/client-key.ts): one subscriber's many IPv6 addresses share one share.
 */
function readerShares(cap: number | undefined, addressOf: (req: IncomingMessage) => string) {
  const shares = new Map<string, number>();
  return function take(req: IncomingMessage): () => void {
    if (cap === undefined) return () => undefined;
    const reader = clientKey(addressOf(req));
    const held = shares.get(reader) ?? 0;
    if (held >= cap) throw new Overloaded("This reader has too many pages in the making");
    shares.set(reader, held + 1);
    return () => {
      const now = (shares.get(reader) ?? 1) - 1;
      if (now > 0) shares.set(reader, now);
      else shares.delete(reader);
    };
  };
}

/** What a render on this thread needs besides its request: React Router's handler, settings. */
interface RenderContext {
  options: RendererOptions;
  handler: () => RequestHandlers;
  settings: ReturnType<typeof renderSettings>;
}

/**
 * Makes one page now, on a render worker or on this thread, and logs it: each request becomes a
 * render task for React Router's handler, whose answer is a RenderedPage with the security
 * headers, a CSP that lists the hashes of the page's own inline scripts, and what the page read
 * (its `deps`, for the page cache).
 */
async function renderNow(
  { options, handler, settings }: RenderContext,
  req: IncomingMessage,
  url: URL,
  city: CityServices,
  body?: Buffer,
): Promise<RenderedPage> {
  const started = performance.now();
  const deps = new Map<string, number>();
  // The request's id (request-log.ts) joins this line to the request's own line.
  const log = options.logger.child({
    site: city.site.id,
    req: { method: req.method, url: req.url },
    reqId: loggedRequestId(req),
  });
  const task: RenderTask = {
    url: url.href,
    method: req.method ?? "GET",
    headers: headerPairs(req),
    body: body ? new Uint8Array(body) : undefined,
    city: {
      site: city.site,
      content: city.content,
      siteUrl: city.siteUrl,
      edition: city.edition,
    },
    address: options.addressOf(req),
    now: (options.services.clock ?? Date.now)(),
  };
  const io = readerOf(city, deps, log);
  const made = options.pool
    ? await options.pool.render(task, io)
    : await renderPage(handler(), task, settings, io);
  const took = performance.now() - started;
  options.onRendered?.(took / 1000);
  const ms = Math.round(took);
  const thread = made.thread === undefined ? {} : { thread: made.thread };
  log.info({ status: made.status, ms, ...thread }, "page rendered");
  const { buffer, byteOffset, byteLength } = made.body;
  const headers = pageHeaders(made.headers, made.scriptHashes, city.csp);
  const page = { status: made.status, headers, deps };
  return { ...page, body: Buffer.from(buffer, byteOffset, byteLength) };
}

/** How pages are made: one at a time per render slot, each reader's share bounded. */
export function createRenderer(options: RendererOptions) {
  // React Router's handler on this thread: for every page without a pool, else for none (the
  // build is loaded only when first needed).
  let handle: RequestHandlers | undefined;
  const handler = () => (handle ??= requestHandlers(options.build, options.mode));
  const context = { options, handler, settings: renderSettings(options.services, options.csp) };
  const share = readerShares(options.perClient, options.addressOf);

  /**
   * Renders a page once a render slot is free (Limiter: at most so many at once; a form post
   * takes a slot of its own limit), and compresses it ("fast") for the reader it is rendered for
   * in the same slot: compression is part of the render's cost, and counted so.
   */
  return async function render(
    req: IncomingMessage,
    url: URL,
    city: CityServices,
    body?: Buffer,
    coding?: Coding,
  ): Promise<RenderedPage> {
    const limiter = (body ? options.writes : undefined) ?? options.limiter;
    const leave = share(req);
    try {
      const release = limiter ? await limiter.acquire() : undefined;
      try {
        const page = await renderNow(context, req, url, city, body);
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
  };
}
