/**
 * What the subsystems tell the metrics (server/metrics/metrics.ts), as plain calls: they never
 * import prom-client, and a test or a process without METRICS_PORT passes nothing. Every value
 * here is from a fixed set, so that no series is made per URL or per host a reader typed.
 */

/** The kinds of request the public app answers: the request path's handlers (server/http/app.ts). */
export const ROUTE_CLASSES = [
  "page",
  "static",
  "image",
  "api",
  "live",
  "stream",
  "health",
  "other",
] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

/** The city label of a request whose Host names no city of this process. */
export const NO_CITY = "none";

/** One answered request, as the app saw it when its response closed. */
export interface RequestSeen {
  route: RouteClass;
  /** A city id of the directory, or NO_CITY: never the Host as the reader sent it. */
  city: string;
  status: number;
  seconds: number;
  /** The page cache's answer (its X-Cache header), for pages. */
  cache?: string;
  /** Whether the request was shed under load (503 with Retry-After). */
  shed: boolean;
}

/** Running and waiting holders of a limiter (server/limiter.ts `load`). */
export interface Load {
  running: number;
  waiting: number;
}

/** What the HTTP app reports: each request, each render, each page rebuilt, its render queues. */
export interface HttpObserver {
  request(seen: RequestSeen): void;
  rendered(seconds: number): void;
  /** A kept page rendered again (changed or old), in the background or for its reader. */
  rebuilt(): void;
  /** The render limiters, read at each scrape: reads' and form posts'. */
  watchRenders(limits: { reads: () => Load; writes: () => Load }): void;
}

/** How a feed's fetch ended (server/news/engine.ts). */
export type FeedOutcome = "ok" | "not_modified" | "error" | "unreadable";

/** How a weather answer ended (server/weather/service.ts), by the kind of answer asked for. */
export type WeatherOutcome = "ok" | "error";
