import { readFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:net";
import { createMetricsServer, listenForMetrics, type ListenerLog } from "./listener";
import { Metrics } from "./metrics";
import { sampleOf } from "./sample";

describe("Metrics", () => {
  it("counts requests by route class, status and city, with their durations", async () => {
    const metrics = new Metrics();
    metrics.http.request({
      route: "page",
      city: "houston",
      status: 200,
      seconds: 0.003,
      shed: false,
    });
    metrics.http.request({ route: "page", city: "houston", status: 200, seconds: 2, shed: false });
    metrics.http.request({
      route: "other",
      city: "none",
      status: 404,
      seconds: 0.001,
      shed: false,
    });
    const text = await metrics.text();
    const page = { route: "page", status: "200" };
    expect(sampleOf(text, "citynews_http_request_duration_seconds_count", page)).toBe(2);
    expect(
      sampleOf(text, "citynews_http_request_duration_seconds_bucket", { ...page, le: "0.005" }),
    ).toBe(1);
    const unknown = { route: "other", status: "404" };
    expect(sampleOf(text, "citynews_http_request_duration_seconds_count", unknown)).toBe(1);
    expect(text).toContain("# HELP citynews_http_request_duration_seconds ");
    expect(text).not.toMatch(/^citynews_http_request_duration_seconds\w*\{[^}]*city=/m);
    expect(sampleOf(text, "citynews_http_city_requests_total", { city: "houston" })).toBe(2);
    expect(sampleOf(text, "citynews_http_city_requests_total", { city: "none" })).toBe(1);
  });

  /** The exposition after requests to `cities` cities, each on several routes and statuses. */
  async function scrapeAfter(cities: number): Promise<string> {
    const metrics = new Metrics({
      radioListeners: () => [["city-0", 2]],
    });
    const answers = [
      { route: "page", status: 200 },
      { route: "page", status: 404 },
      { route: "static", status: 304 },
      { route: "image", status: 200 },
      { route: "api", status: 200 },
      { route: "live", status: 200 },
      { route: "stream", status: 503 },
    ] as const;
    for (let i = 0; i < cities; i++) {
      answers.forEach(({ route, status }, j) => {
        const seconds = [0.0004, 0.003, 0.04, 0.3, 4, 30][(i + j) % 6] ?? 0;
        metrics.http.request({ route, city: `city-${i}`, status, seconds, shed: status === 503 });
      });
    }
    return metrics.text();
  }

  /** The samples (lines) of the metric family `name` in an exposition text. */
  function samples(text: string, name: string): string[] {
    return text
      .split("\n")
      .filter((line) => line.startsWith(`${name}_`) || line.startsWith(`${name}{`));
  }

  it("keeps the scrape small and the histogram's series fixed at 3,000 cities", async () => {
    const few = await scrapeAfter(10);
    const many = await scrapeAfter(3000);
    expect(Buffer.byteLength(many)).toBeLessThan(1_000_000);
    const histogram = "citynews_http_request_duration_seconds";
    expect(samples(few, histogram).length).toBeGreaterThan(0);
    expect(samples(many, histogram).length).toBe(samples(few, histogram).length);
    expect(sampleOf(many, `${histogram}_count`, { route: "page", status: "200" })).toBe(3000);
    // A city is one sample at most in any series with a city label: never one per bucket.
    const cityLines = many.split("\n").filter((line) => /^\w+\{[^}]*\bcity="/.test(line));
    expect(cityLines.length).toBe(3000 + 1);
    expect(sampleOf(many, "citynews_http_city_requests_total", { city: "city-2999" })).toBe(7);
  });

  it("counts page cache outcomes, rebuilds, renders and shed requests", async () => {
    const metrics = new Metrics();
    const base = { route: "page" as const, city: "houston", seconds: 0.01 };
    for (const cache of ["hit", "hit", "stale", "miss", "pass", "bogus"]) {
      metrics.http.request({ ...base, status: 200, cache, shed: false });
    }
    metrics.http.request({ ...base, status: 503, shed: true });
    metrics.http.rebuilt();
    metrics.http.rendered(0.04);
    metrics.http.watchRenders({
      reads: () => ({ running: 3, waiting: 7 }),
      writes: () => ({ running: 1, waiting: 0 }),
    });
    const text = await metrics.text();
    expect(sampleOf(text, "citynews_page_cache_total", { outcome: "hit" })).toBe(2);
    expect(sampleOf(text, "citynews_page_cache_total", { outcome: "stale" })).toBe(1);
    expect(sampleOf(text, "citynews_page_cache_total", { outcome: "miss" })).toBe(1);
    expect(sampleOf(text, "citynews_page_cache_total", { outcome: "bogus" })).toBeUndefined();
    expect(sampleOf(text, "citynews_page_cache_rebuilds_total")).toBe(1);
    expect(sampleOf(text, "citynews_render_duration_seconds_count")).toBe(1);
    expect(sampleOf(text, "citynews_render_slots", { limit: "reads", state: "waiting" })).toBe(7);
    expect(sampleOf(text, "citynews_http_shed_total", { route: "page" })).toBe(1);
  });

  it("counts feed fetches and weather answers by outcome, and reads feed ages at scrape time", async () => {
    let now = 100_000;
    const metrics = new Metrics({
      now: () => now,
      feeds: () => [
        { id: 1, lastSuccess: 40_000 },
        { id: 2, lastSuccess: null },
      ],
    });
    metrics.feedFetched("ok");
    metrics.feedFetched("error");
    metrics.feedFetched("error");
    metrics.weatherAnswered("alerts", "ok");
    let text = await metrics.text();
    expect(sampleOf(text, "citynews_feed_fetches_total", { outcome: "error" })).toBe(2);
    expect(
      sampleOf(text, "citynews_weather_answers_total", { kind: "alerts", outcome: "ok" }),
    ).toBe(1);
    expect(sampleOf(text, "citynews_feed_last_success_age_seconds", { feed: "1" })).toBe(60);
    expect(sampleOf(text, "citynews_feeds_never_succeeded")).toBe(1);
    now += 30_000;
    text = await metrics.text();
    expect(sampleOf(text, "citynews_feed_last_success_age_seconds", { feed: "1" })).toBe(90);
  });

  it("reads connections, the database pool and the event loop at scrape time", async () => {
    let live = 2;
    const metrics = new Metrics({
      liveConnections: () => live,
      radioListeners: () => [["houston", 5]],
      databasePool: () => ({ total: 10, idle: 4, waiting: 3 }),
    });
    expect(sampleOf(await metrics.text(), "citynews_live_connections")).toBe(2);
    live = 0;
    const text = await metrics.text();
    expect(sampleOf(text, "citynews_live_connections")).toBe(0);
    expect(sampleOf(text, "citynews_radio_listeners", { city: "houston" })).toBe(5);
    expect(sampleOf(text, "citynews_db_pool_connections", { state: "in_use" })).toBe(6);
    expect(sampleOf(text, "citynews_db_pool_connections", { state: "waiting" })).toBe(3);
    const utilization = sampleOf(text, "citynews_event_loop_utilization");
    expect(utilization).toBeGreaterThanOrEqual(0);
    expect(utilization).toBeLessThanOrEqual(1);
    expect(sampleOf(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("ages the last push per process, so docs/operations.md alerts on the min across instances, not the max", async () => {
    // Two instances: both pushed a warning three days ago; one sent today's test push since.
    let now = Date.parse("2026-12-03T12:00:00Z");
    const sender = new Metrics({ now: () => now });
    const other = new Metrics({ now: () => now });
    sender.pushed("sent");
    other.pushed("sent");
    now += 3 * 86_400_000;
    sender.pushed("sent");
    const name = "citynews_push_last_success_age_seconds";
    const ages = await Promise.all(
      [sender, other].map(async (m) => sampleOf(await m.text(), name) ?? NaN),
    );
    // The pipeline works: the freshest age is the one to alert on; the other's would fire.
    expect(Math.min(...ages)).toBe(0);
    expect(Math.max(...ages)).toBeGreaterThan(26 * 3600);
    const help = (await sender.text()).split("\n").find((l) => l.startsWith(`# HELP ${name} `));
    expect(help).toMatch(/this process/);
    expect(help).toMatch(/\bmin\b across instances/);
    const operations = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
    const alerting = operations.slice(operations.indexOf("What to alert on for warnings"));
    expect(alerting.slice(0, 1200)).toContain(`min(${name})`);
    expect(operations).not.toContain(`max(${name})`);
  });

  it("keeps a registry per instance", async () => {
    const one = new Metrics();
    one.feedFetched("ok");
    expect(sampleOf(await new Metrics().text(), "citynews_feed_fetches_total")).toBeUndefined();
  });
});

describe("createMetricsServer", () => {
  let server: ReturnType<typeof createMetricsServer> | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  /** GET `path` on the listener, on a free loopback port. */
  async function get(path: string, method = "GET"): Promise<{ status: number; body: string }> {
    const metrics = new Metrics({ liveConnections: () => 4 });
    server ??= createMetricsServer(metrics);
    const listening = server;
    if (!listening.listening) await new Promise<void>((r) => listening.listen(0, "127.0.0.1", r));
    const { port } = listening.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, method }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject).end();
    });
  }

  it("answers GET /metrics with the exposition text on its own loopback port", async () => {
    const { status, body } = await get("/metrics");
    expect(status).toBe(200);
    expect(sampleOf(body, "citynews_live_connections")).toBe(4);
  });

  it.each(["/", "/metrics/x", "/healthz"])("answers 404 to %s", async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it("refuses other methods", async () => {
    expect((await get("/metrics", "POST")).status).toBe(405);
  });
});

describe("listenForMetrics", () => {
  const opened: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      opened.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
    );
  });

  /** A log that keeps what it was told. */
  function recordingLog(): ListenerLog & { lines: { level: string; message: string }[] } {
    const lines: { level: string; message: string }[] = [];
    return {
      lines,
      info: (_fields, message) => lines.push({ level: "info", message }),
      error: (_fields, message) => lines.push({ level: "error", message }),
    };
  }

  it("logs a taken port and resolves false, with no unhandled error", async () => {
    const taken = createServer();
    opened.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    const log = recordingLog();
    const server = createMetricsServer(new Metrics());
    await expect(listenForMetrics(server, { port, host: "127.0.0.1", log })).resolves.toBe(false);
    expect(server.listening).toBe(false);
    expect(log.lines).toEqual([
      { level: "error", message: `metrics port ${port} on 127.0.0.1 is in use: metrics are off` },
    ]);
    // Closing a listener that never opened (as shutdown does) is harmless too.
    server.close();
  });

  it("listens on a free port and logs it", async () => {
    const log = recordingLog();
    const server = createMetricsServer(new Metrics());
    opened.push(server);
    await expect(listenForMetrics(server, { port: 0, host: "127.0.0.1", log })).resolves.toBe(true);
    expect(server.listening).toBe(true);
    expect(log.lines).toEqual([{ level: "info", message: "metrics listening" }]);
  });
});
