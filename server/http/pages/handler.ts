import type { IncomingMessage, ServerResponse } from "node:http";
import type { RouteObject, ServerBuild } from "react-router";
import type { Logger } from "pino";
import type { ViteDevServer } from "vite";
import { publicPath, routePath, type Slugs } from "../../../common/slugs";
import type { SharedServices } from "../../context";
import type { CityExchange, Handler } from "../exchange";
import { redirectHeaders } from "../headers";
import type { Limiter } from "../../limiter";
import { LogBudget } from "../log-budget";
import type { RenderPool } from "../../render/pool";
import { createCacheHit, type CacheHit } from "./cache-hit";
import { cacheKey, cityKey, rememberedKeys } from "./cache-key";
import { NOT_FOUND_KEY, type PageCache } from "./page-cache";
import {
  Refusal,
  answerFailure,
  cityLocale,
  readBody,
  refusalBeforeBody,
  refuseCrossOrigin,
} from "../refusals";
import { isContactRoute, sendFormAgain } from "./form-again";
import { createRenderer } from "./render";
import { matchPage, routeTree } from "./route-match";
import { acceptedCoding, createSender } from "./send";

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
  /** Told how long each page took to make, in seconds (the metrics). */
  onRendered?: (seconds: number) => void;
}

/** A permanent redirect to `location` (a path of this site): the one spelling of a page. */
function redirect(res: ServerResponse, location: string): void {
  res.writeHead(301, redirectHeaders(location));
  res.end(`Moved to ${location}`);
}

/**
 * The URL a request names, on the reader's protocol and host. A path is a path: "//host/x" names
 * no other host (new URL(raw, base) would read one). A target that is no URL, or a malformed
 * percent-encoding, is the client's mistake (400).
 */
function urlOf(req: IncomingMessage, protocol: "http" | "https"): URL {
  const raw = req.url ?? "/";
  try {
    const origin = `${protocol}://${req.headers.host ?? "localhost"}`;
    const url = raw.startsWith("/") ? new URL(`${origin}${raw}`) : new URL(raw, origin);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    throw new Refusal(400, "server.badRequest");
  }
}

/**
 * The URL React Router is given for a request: an edition's translated path as its route's
 * (/es/clima is rendered as /es/weather, common/slugs.ts); any other URL as it is.
 */
function routeUrl(url: URL, base: string, slugs: Slugs | undefined): URL {
  const inner = url.pathname.slice(base.length) || "/";
  const route = routePath(inner, slugs);
  if (route === inner) return url;
  const made = new URL(url);
  made.pathname = base + route;
  return made;
}

/**
 * The not-found page's log line (docs/product.md §8) for a reader it was served to: a few a minute at
 * most (`budget`), with how many were left out.
 */
function notFoundLog(logger: Logger, budget: LogBudget) {
  return (path: string, site: string): void => {
    const suppressed = budget.take("not found");
    if (suppressed === undefined) return;
    logger.warn(
      { site, path: path.split("?")[0], ...(suppressed ? { suppressed } : {}) },
      "page not found",
    );
  };
}

/**
 * The pages of the site (server/http/pages/): a kept page is answered at once (cache-hit.ts);
 * anything else is checked (refusals.ts), keyed (cache-key.ts), made by React Router (render.ts)
 * unless the page cache holds it, and sent in the reader's encoding (send.ts). GET and HEAD go
 * through the page cache; form posts are rendered for the request alone. Bodies are capped;
 * methods and content types the site has no use for are refused with a 4xx.
 */
class PageHandler {
  private readonly render: ReturnType<typeof createRenderer>;
  private readonly sender: ReturnType<typeof createSender>;
  private readonly log: { logger: Logger; budget: LogBudget };
  private readonly notFound: (path: string, site: string) => void;
  private readonly keys = rememberedKeys();
  /**
   * The route table, for knowing a page by its path before rendering it (production only: in
   * development the build is loaded anew with each change, and nothing is cached).
   */
  private readonly routes: RouteObject[] | undefined;
  readonly answeredFromCache: ReturnType<typeof createCacheHit> | undefined;

  constructor(private readonly options: PageHandlerOptions) {
    this.render = createRenderer({ ...options, addressOf: (req) => options.clientOf(req).address });
    const { cache, limiter } = options;
    this.sender = createSender({ vary: options.vary ?? "Accept-Encoding", cache, limiter });
    // Lines about readers' mistakes (refusals, unknown paths): a few a minute of each kind.
    this.log = { logger: options.logger, budget: new LogBudget() };
    this.notFound = notFoundLog(options.logger, this.log.budget);
    this.routes = typeof options.build === "function" ? undefined : routeTree(options.build.routes);
    const { keys, notFound } = this;
    const sendHit = this.sender.sendHit;
    this.answeredFromCache = cache && createCacheHit({ cache, keys, sendHit, notFound });
  }

  /**
   * Answers a request of a city's site that the page cache did not answer at once
   * (createPageHandler asks it first, without a promise). Its services (`exchange.city`, which
   * may throw a Refusal) are asked for only when a page is made: a city whose data has left the
   * directory's cache is not read again for a page already cached.
   */
  async answer(exchange: CityExchange): Promise<void> {
    const { req, res, base, slugs, city: cityOf } = exchange;
    // A contact post refused under load is answered with its form again (form-again.ts).
    let shed: ((res: ServerResponse) => void) | undefined;
    try {
      const early = refusalBeforeBody(req);
      if (early) throw early;
      const url = urlOf(req, this.options.clientOf(req).protocol);
      if (req.method !== "POST" && this.options.cache) {
        await this.answerKept(exchange, url);
        return;
      }
      if (req.method === "POST") refuseCrossOrigin(req, url);
      const body = req.method === "POST" ? await readBody(req) : undefined;
      const made = routeUrl(url, base, slugs);
      if (body && isContactRoute(made.pathname.slice(base.length))) {
        const action = url.pathname;
        shed = (res) => sendFormAgain(res, { body, action, locale: cityLocale(cityOf) });
      }
      const page = await this.render(req, made, cityOf(), body, acceptedCoding(req));
      await this.sender.send(req, res, page, "pass");
    } catch (error) {
      answerFailure(req, res, error, this.log, cityLocale(cityOf), shed);
    }
  }

  /**
   * A GET or HEAD through the page cache: another spelling of a page is redirected to its one
   * spelling, any path that names no page is the one not-found page, and the page is made from
   * its key, so that what is kept under the key is what the key says.
   */
  private async answerKept(exchange: CityExchange, url: URL): Promise<void> {
    const { req, res, site, base, slugs, city: cityOf } = exchange;
    const { routes, keys } = this;
    // An edition's pages are the same routes under its prefix (/es/weather is /weather's), at
    // their paths in its language when it translates them (/es/clima).
    const inner = url.pathname.slice(base.length) || "/";
    const route = routePath(inner, slugs);
    const match = routes && matchPage(routes, route);
    let key = cacheKey(url, base, slugs);
    const spelling = match?.kind === "page" ? base + publicPath(match.path, slugs) : undefined;
    if (spelling !== undefined && spelling !== url.pathname) {
      // `/Local-News`, `/local-news/`, `/%73earch`, `/es`, an edition's untranslated
      // `/es/weather`: a redirect browsers and shared caches keep (an edition's home is its
      // prefix and a slash, /es/).
      redirect(res, spelling + key.slice(url.pathname.length));
      return;
    }
    // Every path that names no page gets the one not-found page (its HTML names no path).
    if (match?.kind === "not-found") key = NOT_FOUND_KEY;
    const stored = cityKey(site, key);
    const raw = req.url ?? "/";
    const rawKey = cityKey(site, raw);
    if (stored !== rawKey && !keys.has(rawKey)) keys.set(rawKey, stored);
    // The path is the request's, never parsed again: a key may start with "//".
    const made = new URL(routeUrl(url, base, slugs));
    if (key !== NOT_FOUND_KEY) made.search = key.slice(url.pathname.length);
    const coding = acceptedCoding(req);
    // The city's services only for a render: a page the cache answers needs its id alone.
    // (A city unavailable now fails the render, and a copy already kept stays in service.)
    const { page, cache: outcome } = await (this.options.cache as PageCache).get(stored, () =>
      this.render(req, made, cityOf(), undefined, coding),
    );
    if (key === NOT_FOUND_KEY && outcome !== "miss") this.notFound(raw, site);
    await this.sender.send(req, res, page, outcome);
  }
}

/** The page handler of a city's request (createPageHandler's `answer`). */
export type PageAnswer = (exchange: CityExchange) => Promise<void> | undefined;

/**
 * The page handler. `kept` (with a page cache) answers a page kept under the request's own URL,
 * for the request path to ask before the city's handlers and before a city's request is even
 * made (cache-hit.ts). `answer(exchange)` answers the rest of a request of a city's site:
 * another spelling of a kept page at once, returning nothing (no promise made for
 * it), anything else returning the promise of its answer (a kept page `kept` was not asked for
 * is found there too).
 */
export function createPageHandler(options: PageHandlerOptions): {
  answer: PageAnswer;
  kept: CacheHit | undefined;
} {
  const handler = new PageHandler(options);
  const hit = handler.answeredFromCache;
  return {
    answer: (exchange) =>
      hit?.spelled(exchange.req, exchange.res, exchange.site)
        ? undefined
        : handler.answer(exchange),
    kept: hit?.own,
  };
}

/**
 * The pages as the request path's last step: everything no handler before took is a page of the
 * city, or its not-found page. In development, Vite's middleware comes first (its client modules,
 * its HMR), and what it passes on is a page.
 */
export function pages(handler: PageAnswer, vite?: ViteDevServer): Handler<CityExchange> {
  if (vite) {
    return (exchange) => {
      vite.middlewares(exchange.req, exchange.res, () => void handler(exchange));
      return true;
    };
  }
  return (exchange) => {
    void handler(exchange);
    return true;
  };
}
