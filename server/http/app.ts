import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { SharedServices } from "../context";
import type { RenderPool } from "../render/pool";
import { cityChooser, siteAt, type CitiesByHost } from "./cities";
import { proxySettings, type TrustProxy } from "./client";
import { BUSY_THRESHOLD, LoadMonitor } from "./event-loop-monitor";
import { pathOf, type CityExchange, type Exchange, type Handler } from "./exchange";
import { healthProbe } from "./health";
import { readinessProbe, type Readiness } from "./ready";
import { startRequestLog } from "./request-log";
import { imageRoute } from "./images";
import { liveChannel } from "./live";
import type { HttpObserver, RouteClass } from "../metrics/observer";
import { observeRequest, type RequestLabels } from "./observe";
import { offlineKit } from "./offline";
import type { LiveChannel } from "../live/events";
import { Limiter, Overloaded } from "../limiter";
import { splitCityKey } from "./pages/cache-key";
import { createPageHandler, pages, type PageAnswer } from "./pages/handler";
import { PageCache, compressIn } from "./pages/page-cache";
import { pushRoutes } from "./push";
import type { PushApi } from "../push/service";
import { briefingRoutes } from "./briefing";
import type { BriefingApi } from "../briefing/service";
import { radioApi, radioStream, type RadioOf } from "./radio";
import { requestChecks, routerUrls } from "./request-checks";
import { socialImage } from "./social-image";
import { staticFiles } from "./static-files";

/** How long a rendered page is served before it is rendered again, if nothing it shows changed. */
export const PAGE_MAX_AGE_MS = 60_000;
/**
 * The most the page cache holds (pages kept compressed: brotli, and gzip once asked for; about
 * 15 KB a news page, so a few thousand pages).
 */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export interface AppOptions {
  /** What every city's pages share (mode, stylesheet). */
  services: SharedServices;
  /** The cities served, by Host (server/cities/served.ts): a host's city id, a city by id. */
  cities: CitiesByHost;
  /**
   * The version of a city's category (the news engine's) or, for WEATHER_DEP, of its weather
   * (the weather service's), for the page cache.
   */
  version: (city: string, key: string) => number;
  /**
   * A count that moves whenever any version may have moved (NewsEngine.changes and
   * WeatherService.changes together): while it stays, a kept page's versions are not asked for on
   * each hit (pages/page-cache.ts). Given the time now (Date.now), which a hit reads anyway: the
   * weather service must be on the same clock.
   */
  changes?: (now: number) => number;
  /** A city's live radio relay (absent in tests that do not need it, or for a city without one). */
  radio?: RadioOf;
  /** Open pages' live channel, `/api/live` (server/live/; absent in tests that do not need it). */
  live?: LiveChannel;
  /** Web Push's API, `/api/push/…` (server/push/; absent in tests that do not need it). */
  push?: PushApi;
  /** The morning briefing's sign-up, confirmation and unsubscribe, `/briefing…` (server/briefing/). */
  briefing?: BriefingApi;
  /** The image route, `/img/<width>/<id>` (server/http/images.ts; absent in tests without it). */
  images?: (req: IncomingMessage, res: ServerResponse, pathname: string, reader?: string) => void;
  logger: Logger;
  /** What /readyz answers (server/http/ready.ts; absent in tests that do not need it). */
  readiness?: Readiness;
  /** Production: the React Router server build and the folder of its client assets. */
  build?: { server: ServerBuild | (() => Promise<ServerBuild>); clientDir: string };
  /** Development: a Vite dev server in middleware mode. */
  vite?: ViteDevServer;
  /** Which proxies' forwarding headers are believed (proxy-addr's trust; loopback by default). */
  trustProxy?: TrustProxy;
  /**
   * Whether a trusted proxy's X-Forwarded-Host names the reader's host (TRUST_FORWARDED_HOST):
   * then its last entry, the one that proxy added, chooses the city. Off by default: the Host
   * header (or an absolute-form target's authority) alone does.
   */
  trustForwardedHost?: boolean;
  /** Page cache settings (tests shorten them). */
  pageCache?: { maxAgeMs?: number; maxBytes?: number };
  /**
   * How many page renders run at once and how many may wait (RENDER_CONCURRENCY, RENDER_QUEUE);
   * beyond, a reader gets 503 with Retry-After. Cache hits, files and /healthz never wait.
   */
  renders?: Limiter | RenderLimits;
  /**
   * The most renders one reader (an IPv4 address, an IPv6 /64) may have running or waiting
   * (RENDER_PER_CLIENT): past it that reader is refused while others still find a place in the
   * queue.
   */
  rendersPerClient?: number;
  /**
   * Form posts' own allowance (WRITE_CONCURRENCY, WRITE_QUEUE), which a flood of reads cannot
   * take: a reader's contact message is made even while every render slot is busy.
   */
  writes?: Limiter | RenderLimits;
  /** Where pages are made (render worker threads, server/render/pool.ts); absent: this thread. */
  pool?: Pick<RenderPool, "render">;
  /** Told of each request, render and page rebuilt (server/metrics/; absent: nobody). */
  observer?: HttpObserver;
}

/**
 * A limit of renders (or form posts): how many run at once, how many may wait, and the longest
 * one may wait (RENDER_MAX_WAIT_MS; RENDER_MAX_WAIT_MS's default when absent).
 */
export interface RenderLimits {
  concurrency: number;
  queue: number;
  maxWaitMs?: number;
}

/** Renders at once and waiting, unless the settings say otherwise. */
export const DEFAULT_RENDER_LIMITS = { concurrency: 4, queue: 64 };
/** Form posts at once and waiting, unless the settings say otherwise. */
export const DEFAULT_WRITE_LIMITS = { concurrency: 2, queue: 16 };
/**
 * Renders one reader (an IPv4 address, an IPv6 /64) may have running or waiting, unless the
 * settings say otherwise.
 */
export const DEFAULT_RENDERS_PER_CLIENT = 8;
/**
 * The longest a render may wait for a slot, unless the settings say otherwise: a reader kept
 * waiting longer has mostly given up, and a queue that old only makes every later reader wait
 * too (503 with Retry-After instead).
 */
export const RENDER_MAX_WAIT_MS = 2_000;

/**
 * The admission of renders and of form posts. Renders (and their compression) share one limit;
 * it sheds new ones while the event loop has lately been busier than BUSY_THRESHOLD, so that
 * cache hits and /healthz stay fast. Form posts have their own, which reads cannot take.
 */
function admission({ renders, writes }: AppOptions): { limiter: Limiter; writes: Limiter } {
  return {
    limiter:
      renders instanceof Limiter
        ? renders
        : new Limiter({
            maxWaitMs: RENDER_MAX_WAIT_MS,
            ...(renders ?? DEFAULT_RENDER_LIMITS),
            busy: new LoadMonitor({ threshold: BUSY_THRESHOLD }).busy,
          }),
    writes:
      writes instanceof Limiter
        ? writes
        : new Limiter({ maxWaitMs: RENDER_MAX_WAIT_MS, ...(writes ?? DEFAULT_WRITE_LIMITS) }),
  };
}

/**
 * The version of a page's dependency (a cityKey: pages/cache-key.ts), its city and key split once
 * per dependency rather than on every cache hit, which asks for the version of each of its
 * page's. As many as the network's cities times their categories and weather.
 */
function depVersions(version: AppOptions["version"]): (dep: string) => number {
  const readers = new Map<string, () => number>();
  return (dep) => {
    let read = readers.get(dep);
    if (!read) {
      const { city, key } = splitCityKey(dep);
      read = () => version(city, key);
      readers.set(dep, read);
    }
    return read();
  };
}

/** The page cache (none in development), its pages made again when what they show changes. */
function pageCacheOf(
  { services, pageCache, version, changes, logger, observer }: AppOptions,
  limiter: Limiter,
) {
  if (services.isDev) return undefined;
  return new PageCache({
    maxAgeMs: pageCache?.maxAgeMs ?? PAGE_MAX_AGE_MS,
    maxBytes: pageCache?.maxBytes ?? PAGE_CACHE_BYTES,
    version: depVersions(version),
    ...(changes ? { epoch: changes } : {}),
    onError: (key, err) =>
      err instanceof Overloaded
        ? logger.warn({ key }, "page not rendered again: overloaded")
        : logger.error({ err, key }, "page render failed"),
    compress: compressIn(limiter),
    onRebuild: observer && (() => observer.rebuilt()),
  });
}

/** The React Router build pages are made with: the production build, or Vite's in development. */
function serverBuildOf({ build, vite }: AppOptions): ServerBuild | (() => Promise<ServerBuild>) {
  if (vite)
    return () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  if (build) return build.server;
  throw new Error("createApp needs either a build or a Vite dev server");
}

/**
 * The HTTP application, as a Node request listener: the request path as two ordered tables of
 * handlers, each answering its own requests and passing on the rest (server/http/exchange.ts).
 *
 * The network's, for any host, cheapest first:
 * 1. the health probe, before anything else, so that it answers whatever the Host and however
 *    busy the site is (health.ts), and beside it the readiness probe (ready.ts);
 * 2. the request checks: a target too long, two Hosts, a Host that names no host or a path the
 *    URL parser would read otherwise (a dot segment, a backslash) is refused before anything
 *    reads it, so that the site (its edition's prefix) and the page come from one path
 *    (request-checks.ts);
 * 3. static files, the same for every city: a lookup in memory (static-files.ts);
 * 4. in production, React Router's own URLs (`*.data`, `/__manifest`), for a client-side router
 *    the site never sends: a plain 404, never a render (request-checks.ts);
 * 5. the most common request of all, a page kept under its own URL: answered from the page cache
 *    with the site its Host and path prefix name (siteAt), before a city's request is made (no
 *    handler of the city's below takes a page's URL).
 *
 * Then the Host names a city (cities.ts; an unknown host gets the network's not-found page), and
 * the city's, most specific path first, pages last since they take everything else:
 * 6. the social image, `/social.png` (social-image.ts), and the edition's web app manifest and
 *    the city's app icons, `/manifest.webmanifest` and `/icon-*.png` (offline.ts);
 * 7. the radio stream, `/api/stream` (radio.ts), and 8. the live channel, `/api/live`
 *    (live.ts): the two answers that last as long as their reader stays;
 * 9. the API outside React Router, the radio's now playing (radio.ts) and Web Push's key and
 *    subscriptions (push.ts);
 * 10. the image route, `/img/…` (images.ts);
 * 11. pages, through the page cache: a hit is a lookup, and only a page that must be made
 *    reaches React Router (pages/); in development Vite's middleware comes first.
 *
 * Each request gets one log line when its response is done (request-log.ts), its route class
 * the handler's that took it; renders and refusals log their own details besides.
 */
export function createApp(options: AppOptions): RequestListener {
  const { services, logger, observer } = options;
  const { limiter, writes } = admission(options);
  observer?.watchRenders({ reads: () => limiter.load, writes: () => writes.load });
  const { clientOf, hostOf } = proxySettings(
    options.trustProxy,
    options.trustForwardedHost ?? false,
  );
  const handler = createPageHandler({
    build: serverBuildOf(options),
    mode: services.isDev ? "development" : "production",
    services,
    logger,
    cache: pageCacheOf(options, limiter),
    csp: !services.isDev,
    clientOf,
    limiter,
    writes,
    perClient: options.rendersPerClient ?? DEFAULT_RENDERS_PER_CLIENT,
    // Pages differ by X-Forwarded-Host when it chooses the city: shared caches are told so.
    vary: options.trustForwardedHost ? "Accept-Encoding, X-Forwarded-Host" : "Accept-Encoding",
    pool: options.pool,
    onRendered: observer && ((seconds) => observer.rendered(seconds)),
  });
  const { network, city } = handlerTables(options, handler.answer, (req) => {
    const client = clientOf(req);
    return { address: client.address, origin: `${client.protocol}://${hostOf(req) ?? ""}` };
  });
  const { cities } = options;
  const { kept } = handler;
  const chooseCity = cityChooser(cities, logger);

  return (req: IncomingMessage, res: ServerResponse) => {
    // The log line's and the metrics' labels: the route class of the handler that took it, and
    // its city's id.
    const log = startRequestLog(req, res, logger);
    const labels = observeRequest(observer, res);
    // The path, read here once: the request checks refuse one the URL parser would read
    // otherwise (request-checks.ts), so the site chosen from it and the URL its page is made
    // from are one path.
    const exchange: Exchange = { req, res, pathname: pathOf(req.url ?? "/") };
    if (tookBy(network, exchange, labels)) return log.route(labels.route);
    // The site, once: for a page kept under its own URL, answered before a city's request is
    // made (no handler of the city's takes a page's URL), and for the city's handlers.
    const at = siteAt(cities, hostOf(req), exchange.pathname);
    if (at) {
      labels.city = at.site;
      log.city(at.site);
    }
    if (at && kept?.(req, res, at.site)) {
      labels.route = "page";
      return log.route("page");
    }
    const ofCity = chooseCity(exchange, at);
    if (ofCity && tookBy(city, ofCity, labels)) log.route(labels.route);
  };
}

/** Whether a handler of `table` took the request, in order; its route class then labels it. */
function tookBy<E extends Exchange>(
  table: readonly [RouteClass, Handler<E>][],
  exchange: E,
  labels: RequestLabels,
): boolean {
  for (const [route, handle] of table) {
    if (handle(exchange)) {
      labels.route = route;
      return true;
    }
  }
  return false;
}

/**
 * The two ordered tables of handlers (createApp), each with its route class: the metrics' one
 * bounded label of what a request was (the request checks' refusals count as other).
 */
function handlerTables(
  options: AppOptions,
  handler: PageAnswer,
  clientOf: (req: IncomingMessage) => { address: string; origin: string },
) {
  const { logger } = options;
  const addressOf = (req: IncomingMessage) => clientOf(req).address;
  const network: [RouteClass, Handler][] = [["health", healthProbe()]];
  if (options.readiness) network.push(["health", readinessProbe(options.readiness)]);
  network.push(["other", requestChecks()]);
  if (options.build) network.push(["static", staticFiles(options.build.clientDir)]);
  if (!options.services.isDev) network.push(["other", routerUrls()]);
  const city: [RouteClass, Handler<CityExchange>][] = [
    ["image", socialImage(logger)],
    ["static", offlineKit(logger)],
  ];
  if (options.radio) city.push(["stream", radioStream(options.radio, logger)]);
  if (options.live) city.push(["live", liveChannel(options.live, addressOf)]);
  if (options.radio) city.push(["api", radioApi(options.radio)]);
  if (options.push) city.push(["api", pushRoutes(options.push, clientOf, logger)]);
  if (options.briefing) city.push(["api", briefingRoutes(options.briefing, clientOf, logger)]);
  if (options.images) city.push(["image", imageRoute(options.images, addressOf)]);
  city.push(["page", pages(handler, options.vite)]);
  return { network, city };
}
