import { request, type ClientRequest, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCity, fixtureCityFiles, hostOf } from "../../tests/support/fixture-city";
import { servedCitiesOver } from "../../tests/support/fixture-network";
import { viteServerBuild } from "../../tests/support/vite-build";
import { getAs } from "../../tests/support/get-as";
import { serveOnLoopback } from "../../tests/support/serve";
import { fixedNews } from "../../tests/support/news";
import { createApp } from "./app";
import { LiveChannel } from "../live/events";
import { Metrics } from "../metrics/metrics";
import { sampleOf } from "../metrics/sample";
import { Limiter } from "../limiter";
import { WEATHER_DEP } from "./pages/cache-key";

// The public app reporting to the metrics (production mode: its page cache on), one city by Host.

const CITY = fixtureCity();
const HOST = hostOf(CITY);
const FILES = fixtureCityFiles([CITY]);

let vite: ViteDevServer;
let server: Server;
let base: string;
let metrics: Metrics;
let live: LiveChannel;
/** Two renders at once and none waiting: a test holding both slots sheds every other render. */
const renders = new Limiter({ concurrency: 2, queue: 0 });

beforeAll(async () => {
  const served = await viteServerBuild();
  vite = served.vite;
  const cities = servedCitiesOver(FILES, {
    only: [CITY.id],
    news: () => fixedNews({ updatedAt: Date.parse("2026-11-24T10:00:00Z") }),
  });
  live = new LiveChannel({ maxConnections: 10, maxPerClient: 10 });
  metrics = new Metrics({ liveConnections: () => live.size });
  const app = createApp({
    services: { isDev: false },
    cities,
    version: (_city, key) => (key === WEATHER_DEP ? 0 : 1),
    logger: pino({ level: "silent" }),
    build: { server: served.build, clientDir: mkdtempSync(path.join(os.tmpdir(), "client-")) },
    live,
    renders,
    observer: metrics.http,
  });
  ({ server, url: base } = await serveOnLoopback(app));
}, 60_000);

afterAll(async () => {
  live.close();
  await new Promise((r) => server.close(r));
  await vite.close();
  FILES.remove();
});

/** The metrics once every response so far has closed (they are counted then). */
async function scrape(): Promise<string> {
  await new Promise((r) => setTimeout(r, 20));
  return metrics.text();
}

describe("the public app's metrics", () => {
  it("counts requests by route class, status and city, and the page cache's answers", async () => {
    expect((await getAs(base, HOST, "/local-news")).headers["x-cache"]).toBe("miss");
    expect((await getAs(base, HOST, "/local-news")).headers["x-cache"]).toBe("hit");
    expect((await getAs(base, HOST, "/healthz")).status).toBe(200);
    const text = await scrape();
    const page = { route: "page", status: "200" };
    expect(sampleOf(text, "citynews_http_request_duration_seconds_count", page)).toBe(2);
    expect(sampleOf(text, "citynews_http_city_requests_total", { city: CITY.id })).toBe(2);
    expect(sampleOf(text, "citynews_page_cache_total", { outcome: "miss" })).toBe(1);
    expect(sampleOf(text, "citynews_page_cache_total", { outcome: "hit" })).toBe(1);
    expect(sampleOf(text, "citynews_render_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, "citynews_http_request_duration_seconds_count", { route: "health" }),
    ).toBe(1);
  });

  it("labels an unknown Host none, and never puts a URL or a Host in a label", async () => {
    const odd = "/a-path-nobody-names?q=secret-query";
    const noCity = (text: string): number =>
      sampleOf(text, "citynews_http_city_requests_total", { city: "none" }) ?? 0;
    const before = noCity(await scrape());
    expect((await getAs(base, "unknown.example.test", odd)).status).toBe(404);
    expect((await getAs(base, HOST, odd)).status).toBe(404);
    const text = await scrape();
    const unknown = { route: "other", status: "404" };
    expect(sampleOf(text, "citynews_http_request_duration_seconds_count", unknown)).toBe(1);
    expect(noCity(text)).toBe(before + 1);
    for (const leak of ["a-path-nobody-names", "secret-query", "unknown.example.test", HOST]) {
      expect(text).not.toContain(leak);
    }
  });

  it("counts a render refused under load as shed, and the render queue at scrape time", async () => {
    const held = [await renders.acquire(), await renders.acquire()];
    try {
      const text = await metrics.text();
      expect(sampleOf(text, "citynews_render_slots", { limit: "reads", state: "running" })).toBe(2);
      const answer = await getAs(base, HOST, "/world-news");
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBeDefined();
    } finally {
      for (const release of held) release();
    }
    const text = await scrape();
    expect(sampleOf(text, "citynews_http_shed_total", { route: "page" })).toBe(1);
    const shed = { route: "page", status: "503" };
    expect(sampleOf(text, "citynews_http_request_duration_seconds_count", shed)).toBe(1);
  });

  it("does not answer /metrics: it is a path like any unknown one (the not-found page)", async () => {
    const answer = await getAs(base, HOST, "/metrics");
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("citynews_");
    expect(answer.body).not.toContain("# HELP");
  });

  it("counts open live channels at scrape time", async () => {
    const { port } = new URL(base);
    const opened = await new Promise<ClientRequest>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/api/live", headers: { Host: HOST } });
      req
        .on("response", () => resolve(req))
        .on("error", reject)
        .end();
    });
    expect(sampleOf(await scrape(), "citynews_live_connections")).toBe(1);
    opened.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const text = await scrape();
    expect(sampleOf(text, "citynews_live_connections")).toBe(0);
    const closed = { route: "live", status: "200" };
    expect(sampleOf(text, "citynews_http_request_duration_seconds_count", closed)).toBe(1);
  });
});
