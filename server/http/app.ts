import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import proxyaddr from "proxy-addr";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { CACHE_CONTROL } from "../../common/cache-control";
import type { CityLookup, CityServices } from "../cities/network";
import type { SharedServices } from "../context";
import { Limiter, Overloaded } from "./limiter";
import type { RenderPool } from "../render/pool";
import { BUSY_THRESHOLD, LoadMonitor } from "./event-loop-monitor";
import { PageCache, compressIn } from "./pages/page-cache";
import {
  Refusal,
  createPageHandler,
  isClientGone,
  sendRefusal,
  splitCityKey,
} from "./pages/handler";
import type { RadioHub } from "../radio/hub";
import { SECURITY_HEADERS } from "./headers";
import { SOCIAL_IMAGE_PATH, SocialImages, serveSocialImage } from "../images/social-image";
import { StaticFiles } from "./static-files";

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
  /** The cities served, by Host (server/cities/network.ts): a host's city id, a city by id. */
  cities: {
    idOf(host: string | undefined): string | undefined;
    city(id: string): Exclude<CityLookup, { kind: "unknown" }>;
  };
  /**
   * The version of a city's category (the news engine's) or, for WEATHER_DEP, of its weather
   * (the weather service's), for the page cache.
   */
  version: (city: string, key: string) => number;
  /** A city's live radio relay (absent in tests that do not need it, or for a city without one). */
  radio?: (city: CityServices) => RadioHub | undefined;
  /** The image route, `/img/<width>/<id>` (server/images/route.ts; absent in tests without it). */
  images?: (req: IncomingMessage, res: ServerResponse, pathname: string) => void;
  logger: Logger;
  /** Production: the React Router server build and the folder of its client assets. */
  build?: { server: ServerBuild | (() => Promise<ServerBuild>); clientDir: string };
  /** Development: a Vite dev server in middleware mode. */
  vite?: ViteDevServer;
  /** Which proxies' forwarding headers are believed (proxy-addr's trust; loopback by default). */
  trustProxy?: string | string[] | number | false;
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
   * The most renders one reader's address may have running or waiting (RENDER_PER_CLIENT):
   * past it that reader is refused while others still find a place in the queue.
   */
  rendersPerClient?: number;
  /**
   * Form posts' own allowance (WRITE_CONCURRENCY, WRITE_QUEUE), which a flood of reads cannot
   * take: a reader's contact message is made even while every render slot is busy.
   */
  writes?: Limiter | RenderLimits;
  /** Where pages are made (render worker threads, server/render/pool.ts); absent: this thread. */
  pool?: Pick<RenderPool, "render">;
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
/** Renders one reader's address may have running or waiting, unless the settings say otherwise. */
export const DEFAULT_RENDERS_PER_CLIENT = 8;
/**
 * The longest a render may wait for a slot, unless the settings say otherwise: a reader kept
 * waiting longer has mostly given up, and a queue that old only makes every later reader wait
 * too (503 with Retry-After instead).
 */
export const RENDER_MAX_WAIT_MS = 2_000;

/**
 * The longest request target (path and query) answered: 4 KB, twice what browsers and CDNs
 * commonly allow in practice and far more than any link of this site; a longer one is refused
 * with 414 before it is parsed or remembered.
 */
export const MAX_TARGET_LENGTH = 4096;

/**
 * The health probe's answer, made once: it is answered before anything else, whatever the Host
 * (a load balancer's probe names the instance, not a city).
 */
function healthAnswer() {
  const body = Buffer.from(JSON.stringify({ status: "ok" }));
  const headers = {
    ...SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": CACHE_CONTROL.none,
    "Content-Length": String(body.length),
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/** A short plain-text answer with the site's headers, never stored. */
function plain(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": CACHE_CONTROL.none,
  });
  res.end(body);
}

/** A small JSON answer with the site's headers. */
function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": CACHE_CONTROL.none,
  });
  res.end(JSON.stringify(body));
}

/** What proxy-addr trusts for a TRUST_PROXY value (false: nobody's forwarding headers). */
function trustOf(setting: AppOptions["trustProxy"]): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting ?? "loopback");
}

/**
 * The network's own not-found page: for a host that names no city of this process. Small, never
 * cached (another host may become a city), and it names no city.
 */
function unknownHost(res: ServerResponse, head: boolean): void {
  const body =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site not found</title>' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    "</head><body><h1>Site not found</h1><p>No publication of this network is served at this address.</p></body></html>";
  res.writeHead(404, {
    ...SECURITY_HEADERS,
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": CACHE_CONTROL.none,
    "Content-Length": String(Buffer.byteLength(body)),
  });
  res.end(head ? undefined : body);
}

/** The radio relay's own paths (a city's hub is made only when one of them is asked for). */
const RADIO_PATHS = new Set(["/api/stream", "/api/radio/now-playing"]);

/** A host name or an IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/**
 * How many Host header fields a request carries (Node keeps only the first in `headers`). RFC
 * 9112 §3.2: a request with more than one is answered 400.
 */
export function hostFieldCount(req: IncomingMessage): number {
  const raw = req.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") count++;
  }
  return count;
}

/** An absolute-form request target (`GET http://host/path HTTP/1.1`, RFC 9112 §3.2.2). */
const ABSOLUTE_FORM = /^https?:\/\//i;

/**
 * Reads an absolute-form request target as RFC 9112 §3.2.2 says a server must: its authority
 * replaces the Host header, and the request goes on as its origin-form (path and query). False
 * when the target is not a URL with a valid host (the client's mistake: 400).
 */
export function adoptAbsoluteTarget(req: IncomingMessage): boolean {
  let target: URL;
  try {
    target = new URL(req.url ?? "");
  } catch {
    return false;
  }
  if (!isValidHost(target.host) || target.username || target.password) return false;
  req.headers.host = target.host;
  req.url = `${target.pathname}${target.search}`;
  return true;
}

/**
 * The host a trusted proxy forwarded: the last entry of X-Forwarded-Host, the one the proxy
 * nearest this server added (entries before it are whatever the client or farther hops wrote).
 */
export function forwardedHost(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const joined = Array.isArray(value) ? value.join(",") : value;
  const last = joined.slice(joined.lastIndexOf(",") + 1).trim();
  return last && isValidHost(last) ? last : undefined;
}

/** Whether a Host header names a host (and, if it has one, a port up to 65535). */
export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  const match = HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/**
 * The HTTP application, as a Node request listener. The hot paths come first and touch nothing
 * else: a static file is a lookup in memory (StaticFiles), a page a lookup in the page cache;
 * only a page that must be rendered reaches React Router. Then the radio relay, the health probe,
 * and, in development, Vite. Access logs record renders and refusals, not cache hits and files.
 */
export function createApp({
  services,
  cities,
  version,
  logger,
  build,
  vite,
  radio,
  images,
  trustProxy,
  trustForwardedHost = false,
  pageCache,
  renders,
  rendersPerClient,
  writes,
  pool,
}: AppOptions): RequestListener {
  const isDev = services.isDev;
  const serverBuild =
    vite !== undefined
      ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : build?.server;
  if (!serverBuild) throw new Error("createApp needs either a build or a Vite dev server");
  const trust = trustOf(trustProxy);
  const clientOf = (req: IncomingMessage) => {
    const address = proxyaddr(req, trust);
    const forwarded = trust(req.socket.remoteAddress ?? "", 0)
      ? String(req.headers["x-forwarded-proto"] ?? "")
          .split(",")[0]
          ?.trim()
      : undefined;
    const encrypted = "encrypted" in req.socket && req.socket.encrypted === true;
    const protocol: "http" | "https" =
      forwarded === "https" || (!forwarded && encrypted) ? "https" : "http";
    return { address, protocol };
  };
  // Renders (and their compression) share one limit; it sheds new ones while the event loop
  // has lately been busier than BUSY_THRESHOLD, so that cache hits and /healthz stay fast.
  const limiter =
    renders instanceof Limiter
      ? renders
      : new Limiter({
          maxWaitMs: RENDER_MAX_WAIT_MS,
          ...(renders ?? DEFAULT_RENDER_LIMITS),
          busy: new LoadMonitor({ threshold: BUSY_THRESHOLD }).busy,
        });
  const cache = isDev
    ? undefined
    : new PageCache({
        maxAgeMs: pageCache?.maxAgeMs ?? PAGE_MAX_AGE_MS,
        maxBytes: pageCache?.maxBytes ?? PAGE_CACHE_BYTES,
        version: (dep) => {
          const { city, key } = splitCityKey(dep);
          return version(city, key);
        },
        onError: (key, err) =>
          err instanceof Overloaded
            ? logger.warn({ key }, "page not rendered again: overloaded")
            : logger.error({ err, key }, "page render failed"),
        compress: compressIn(limiter),
      });
  const pages = createPageHandler({
    build: serverBuild,
    mode: isDev ? "development" : "production",
    services,
    logger,
    cache,
    csp: !isDev,
    clientOf,
    limiter,
    writes:
      writes instanceof Limiter
        ? writes
        : new Limiter({ maxWaitMs: RENDER_MAX_WAIT_MS, ...(writes ?? DEFAULT_WRITE_LIMITS) }),
    perClient: rendersPerClient ?? DEFAULT_RENDERS_PER_CLIENT,
    // Pages differ by X-Forwarded-Host when it chooses the city: shared caches are told so.
    vary: trustForwardedHost ? "Accept-Encoding, X-Forwarded-Host" : "Accept-Encoding",
    pool,
  });
  const health = healthAnswer();
  const files = build ? new StaticFiles(build.clientDir) : undefined;
  const socialImages = new SocialImages();
  // Which host a request names: its Host (an absolute-form target's authority has replaced it),
  // or, only when TRUST_FORWARDED_HOST says a trusted proxy sets it, that proxy's X-Forwarded-Host.
  const hostOf = (req: IncomingMessage): string | undefined => {
    if (trustForwardedHost && trust(req.socket.remoteAddress ?? "", 0)) {
      const forwarded = forwardedHost(req.headers["x-forwarded-host"]);
      if (forwarded) {
        // The page is made for the host the reader asked for (its links, its Origin check).
        req.headers.host = forwarded;
        return forwarded;
      }
    }
    return req.headers.host;
  };

  const reported = new Set<string>();
  let lastHost: string | undefined;
  return (req, res) => {
    let url = req.url ?? "/";
    // The health probe first: whatever else is going on, it answers at once.
    if (url === "/healthz" && (req.method === "GET" || req.method === "HEAD")) {
      health(req, res);
      return;
    }
    if (url.length > MAX_TARGET_LENGTH) {
      plain(res, 414, "URI too long");
      return;
    }
    // Two Host fields are refused (RFC 9112 §3.2): which one names the city would be a guess.
    if (hostFieldCount(req) > 1) {
      plain(res, 400, "Bad request");
      return;
    }
    // An absolute-form target names its host itself, and that authority wins over Host.
    if (url.charCodeAt(0) !== 47 /* "/" */ && ABSOLUTE_FORM.test(url)) {
      if (!adoptAbsoluteTarget(req)) {
        plain(res, 400, "Bad request");
        return;
      }
      url = req.url ?? "/";
    }
    // A Host that names no host is the client's mistake, whatever it asks for (also on the paths
    // that never parse a URL). Readers send the same one: the last good one is remembered.
    const host = req.headers.host;
    if (host !== lastHost) {
      if (!isValidHost(host)) {
        plain(res, 400, "Bad request");
        return;
      }
      lastHost = host;
    }
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const method = req.method;
    if (method === "GET" || method === "HEAD") {
      // Static files are the same for every city.
      if (files?.serve(req, res, pathname)) return;
      if (pathname.startsWith("/assets/") && files) {
        res.writeHead(404, { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" });
        res.end("Not found");
        return;
      }
      if (pathname === "/healthz") {
        health(req, res);
        return;
      }
    }
    const site = cities.idOf(hostOf(req));
    if (site === undefined) {
      unknownHost(res, method === "HEAD");
      return;
    }
    // The city's services, asked for only by what needs more than its id (a cache hit does not).
    const cityOf = (): CityServices => {
      const found = cities.city(site);
      if (found.kind === "city") return found.city;
      // A city whose data is invalid: its own readers get a 503, every other city is served. Its
      // problem is logged once (a Set as large as the cities served, never a reader's text).
      if (!reported.has(found.problem.file)) {
        reported.add(found.problem.file);
        logger.error(
          { file: found.problem.file, error: found.problem.message },
          "city unavailable",
        );
      }
      throw new Refusal(503, "This publication is unavailable right now.");
    };
    if (
      (method === "GET" || method === "HEAD") &&
      (pathname === SOCIAL_IMAGE_PATH || (radio && RADIO_PATHS.has(pathname)))
    ) {
      let city: CityServices;
      try {
        city = cityOf();
      } catch (error) {
        sendRefusal(res, error as Refusal);
        return;
      }
      if (pathname === SOCIAL_IMAGE_PATH) {
        socialImages.get(city.site.id, city.site).then(
          (image) => serveSocialImage(req, res, image),
          (err: unknown) => {
            logger.error({ err, site: city.site.id }, "social image failed");
            plain(res, 500, "Internal server error");
          },
        );
        return;
      }
      const hub = radio?.(city);
      if (hub && pathname === "/api/stream") {
        // Audio is never compressed (Cache-Control: no-transform) and never cached.
        hub.stream(req, res).catch((err: unknown) => {
          if (isClientGone(err)) {
            logger.debug({ url: req.url }, "listener went away");
            res.destroy();
            return;
          }
          logger.error({ err }, "radio stream failed");
          if (!res.headersSent) json(res, 500, { error: "Internal server error" });
          else res.destroy();
        });
        return;
      }
      if (hub && pathname === "/api/radio/now-playing") {
        json(res, 200, hub.nowPlaying());
        return;
      }
    }
    // Pictures are the network's (ids signed by URL), whichever city's page names them.
    if ((method === "GET" || method === "HEAD") && images && pathname.startsWith("/img/")) {
      images(req, res, pathname);
      return;
    }
    if (vite) {
      vite.middlewares(req, res, () => void pages(req, res, site, cityOf));
      return;
    }
    void pages(req, res, site, cityOf);
  };
}
