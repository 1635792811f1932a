import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { FeedOutcome, HttpObserver, Load, RequestSeen, WeatherOutcome } from "./observer";

/**
 * State the metrics read at each scrape rather than being told of: counts that already live in
 * the subsystems (a gauge copied on every change would only drift from them).
 */
export interface MetricSources {
  /** Each listed feed's id and its last success (ms since the epoch; null: never). */
  feeds?: () => Iterable<{ id: number; lastSuccess: number | null }>;
  /** Open live channels (server/live/events.ts `size`). */
  liveConnections?: () => number;
  /** Radio listeners by city id (server/radio/hub.ts `listeners`). */
  radioListeners?: () => Iterable<[city: string, listeners: number]>;
  /** Push subscriptions kept (server/push/store.ts), read at scrape time. */
  pushSubscriptions?: () => number | undefined;
  /** The PostgreSQL pool's connections (pg's totalCount, idleCount, waitingCount); none on SQLite. */
  databasePool?: () => { total: number; idle: number; waiting: number } | undefined;
  now?: () => number;
}

/** Request durations: a cache hit takes well under a millisecond, a cold render up to seconds. */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const RENDER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Page cache answers (send.ts X-Cache); anything else is no cache answer. */
const CACHE_OUTCOMES = new Set(["hit", "stale", "miss", "pass"]);

/**
 * The metrics of one process, in a registry of its own (not prom-client's global one, so that
 * each test makes its own): Node's default process metrics (memory, event-loop lag, GC) and the
 * site's `citynews_` series. `http`, `feedFetched` and `weatherAnswered` are what subsystems are
 * handed; `text()` is the Prometheus exposition a scrape gets.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly http: HttpObserver;
  private readonly counters;
  /** Read at each scrape: `watch` adds what is made after the metrics (the engine, the hubs). */
  private readonly sources: MetricSources;

  constructor(sources: MetricSources = {}) {
    this.sources = { ...sources };
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.counters = {
      feeds: new Counter({
        name: "citynews_feed_fetches_total",
        help: "Feed fetches by outcome: ok, not_modified (304), error (no usable answer), unreadable (not a feed)",
        labelNames: ["outcome"] as const,
        registers,
      }),
      pushes: new Counter({
        name: "citynews_push_sends_total",
        help: "Web Push sends by outcome: sent (the push service took it), failed (refused, or still failing at the end of its TTL), expired (404/410: the subscription was deleted)",
        labelNames: ["outcome"] as const,
        registers,
      }),
      weather: new Counter({
        name: "citynews_weather_answers_total",
        help: "Weather service answers by kind (place, observation, forecast, alerts) and outcome (ok, error)",
        labelNames: ["kind", "outcome"] as const,
        registers,
      }),
    };
    this.http = httpMetrics(this.registry);
    stateGauges(this.registry, this.sources);
    pushGauges(this.registry, this.sources, () => this.lastPush);
  }

  /** When a push was last taken by a push service (ms since the epoch), or undefined. */
  private lastPush: number | undefined;

  /** A push ended so (server/push/delivery.ts). */
  pushed = (outcome: "sent" | "failed" | "expired"): void => {
    this.counters.pushes.inc({ outcome });
    if (outcome === "sent") this.lastPush = (this.sources.now ?? Date.now)();
  };

  /** Adds (or replaces) state read at scrape time, once what holds it exists. */
  watch(sources: MetricSources): void {
    Object.assign(this.sources, sources);
  }

  /** A feed's fetch ended so (the news engine's `onFetch`). */
  feedFetched = (outcome: FeedOutcome): void => {
    this.counters.feeds.inc({ outcome });
  };

  /** A weather answer ended so (the weather service's `onAnswer`). */
  weatherAnswered = (kind: string, outcome: WeatherOutcome): void => {
    this.counters.weather.inc({ kind, outcome });
  };

  /** The exposition text of every series, read now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** The request path's series, and the observer the HTTP app reports to. */
function httpMetrics(registry: Registry): HttpObserver {
  const registers = [registry];
  // No city label here: with one, every city made a series per bucket (3,000 cities, 400,000
  // series, a 40 MB scrape). The durations are by route and status, a fixed set whatever the
  // network's size; the cities' requests are counted below, one series each.
  const requests = new Histogram({
    name: "citynews_http_request_duration_seconds",
    help: "Requests of the public port by route class and status, until the response closed",
    labelNames: ["route", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const byCity = new Counter({
    name: "citynews_http_city_requests_total",
    help: "Requests of the public port by city (a city id, or none when the Host names no city)",
    labelNames: ["city"] as const,
    registers,
  });
  const shed = new Counter({
    name: "citynews_http_shed_total",
    help: "Requests refused under load (503 with Retry-After) by route class",
    labelNames: ["route"] as const,
    registers,
  });
  const cache = new Counter({
    name: "citynews_page_cache_total",
    help: "Pages answered by page cache outcome: hit, stale (served while rebuilt), miss (rendered and kept), pass (not cacheable)",
    labelNames: ["outcome"] as const,
    registers,
  });
  const rebuilds = new Counter({
    name: "citynews_page_cache_rebuilds_total",
    help: "Kept pages rendered again because what they show changed or they grew old",
    registers,
  });
  const renders = new Histogram({
    name: "citynews_render_duration_seconds",
    help: "Time to make one page (React Router render, on a worker or this thread), queue wait excluded",
    buckets: RENDER_BUCKETS,
    registers,
  });
  const watchRenders = renderSlotsGauge(registry);
  return {
    request: (seen: RequestSeen) => {
      requests.observe({ route: seen.route, status: String(seen.status) }, seen.seconds);
      byCity.inc({ city: seen.city });
      if (seen.shed) shed.inc({ route: seen.route });
      if (seen.cache && CACHE_OUTCOMES.has(seen.cache)) cache.inc({ outcome: seen.cache });
    },
    rendered: (seconds) => renders.observe(seconds),
    rebuilt: () => rebuilds.inc(),
    watchRenders,
  };
}

/** The render limiters' slots, read at each scrape once the app has handed them over. */
function renderSlotsGauge(registry: Registry): HttpObserver["watchRenders"] {
  let limits: { reads: () => Load; writes: () => Load } | undefined;
  const queue: Gauge<"limit" | "state"> = new Gauge({
    name: "citynews_render_slots",
    help: "Renders running and waiting for a slot, for reads and for form posts (writes)",
    labelNames: ["limit", "state"] as const,
    registers: [registry],
    collect: () => {
      if (!limits) return;
      for (const [limit, load] of [
        ["reads", limits.reads()],
        ["writes", limits.writes()],
      ] as const) {
        queue.set({ limit, state: "running" }, load.running);
        queue.set({ limit, state: "waiting" }, load.waiting);
      }
    },
  });
  return (watched) => {
    limits = watched;
  };
}

/**
 * Push's gauges: the seconds since a push service last took a push of this process (absent until
 * one has), and the subscriptions kept. With PUSH_MONITOR_SUBSCRIPTION one instance of several
 * sends a test push daily, so the others' ages keep growing: the alert is on the min across
 * instances (past a day, something broke), never the max.
 */
function pushGauges(
  registry: Registry,
  sources: MetricSources,
  last: () => number | undefined,
): void {
  const now = () => (sources.now ?? Date.now)();
  new Gauge({
    name: "citynews_push_last_success_age_seconds",
    help: "Seconds since a push service last accepted a push from this process (absent: none yet); per process, and one instance sends the daily test push: alert on the min across instances",
    registers: [registry],
    collect() {
      const at = last();
      this.reset();
      if (at !== undefined) this.set((now() - at) / 1000);
    },
  });
  new Gauge({
    name: "citynews_push_subscriptions",
    help: "Web Push subscriptions kept (every city's)",
    registers: [registry],
    collect() {
      const count = sources.pushSubscriptions?.();
      this.reset();
      if (count !== undefined) this.set(count);
    },
  });
}

/** Gauges read at scrape time: feeds' ages, connections, the database pool, the event loop. */
function stateGauges(registry: Registry, sources: MetricSources): void {
  const registers = [registry];
  const now = sources.now ?? Date.now;
  const ages: Gauge<"feed"> = new Gauge({
    name: "citynews_feed_last_success_age_seconds",
    help: "Seconds since each listed feed's last successful fetch, by feed id (feeds never fetched successfully are left out)",
    labelNames: ["feed"] as const,
    registers,
    collect: () => {
      ages.reset();
      const at = now();
      for (const { id, lastSuccess } of sources.feeds?.() ?? []) {
        if (lastSuccess !== null) ages.set({ feed: String(id) }, (at - lastSuccess) / 1000);
      }
    },
  });
  const never: Gauge = new Gauge({
    name: "citynews_feeds_never_succeeded",
    help: "Listed feeds with no successful fetch yet",
    registers,
    collect: () => {
      let n = 0;
      for (const feed of sources.feeds?.() ?? []) if (feed.lastSuccess === null) n++;
      never.set(n);
    },
  });
  connectionGauges(registry, sources);
  eventLoopGauge(registry);
}

/** Live channels, radio listeners and the database pool, as their owners count them. */
function connectionGauges(registry: Registry, sources: MetricSources): void {
  const registers = [registry];
  const live: Gauge = new Gauge({
    name: "citynews_live_connections",
    help: "Open live channels (/api/live, Server-Sent Events)",
    registers,
    collect: () => live.set(sources.liveConnections?.() ?? 0),
  });
  const radio: Gauge<"city"> = new Gauge({
    name: "citynews_radio_listeners",
    help: "Radio relay listeners (/api/stream) by city, those whose upstream is connecting included",
    labelNames: ["city"] as const,
    registers,
    collect: () => {
      radio.reset();
      for (const [city, n] of sources.radioListeners?.() ?? []) radio.set({ city }, n);
    },
  });
  const pool: Gauge<"state"> = new Gauge({
    name: "citynews_db_pool_connections",
    help: "PostgreSQL pool connections of the news: in_use, idle, and waiting (queries waiting for one); absent on SQLite",
    labelNames: ["state"] as const,
    registers,
    collect: () => {
      const stats = sources.databasePool?.();
      if (!stats) return;
      pool.set({ state: "in_use" }, stats.total - stats.idle);
      pool.set({ state: "idle" }, stats.idle);
      pool.set({ state: "waiting" }, stats.waiting);
    },
  });
}

/**
 * The event loop's utilization since the previous scrape (0 to 1): what the render limiter sheds
 * on (server/http/event-loop-monitor.ts), where lag alone hides a loop busy in short turns.
 */
function eventLoopGauge(registry: Registry): void {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const gauge: Gauge = new Gauge({
    name: "citynews_event_loop_utilization",
    help: "Share of the time since the previous scrape the event loop spent running code (0 to 1)",
    registers: [registry],
    collect: () => {
      const current = performance.eventLoopUtilization();
      gauge.set(performance.eventLoopUtilization(current, last).utilization);
      last = current;
    },
  });
}
