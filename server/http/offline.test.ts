import { mkdtempSync, writeFileSync } from "node:fs";
import { type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedNews } from "../../tests/support/news";
import { fixtureCity, fixtureCityFiles, hostOf } from "../../tests/support/fixture-city";
import { servedCitiesOver } from "../../tests/support/fixture-network";
import { requestAs, type BytesAnswer } from "../../tests/support/get-as";
import { serveOnLoopback } from "../../tests/support/serve";
import { viteServerBuild } from "../../tests/support/vite-build";
import { createApp } from "./app";
import { WEATHER_DEP } from "./pages/cache-key";

// The offline storm kit over HTTP (issue 52, point 5): each edition's manifest and the city's
// icons, their types and caching; the service worker's file, asked again on each visit; and what
// every page says to the worker (its manifest, the pages to keep, the note's words).

const CITY = fixtureCity({
  brand: { color: "#123456", background: "#fafafa", shortName: "{city} Ledger" },
  editions: [
    {
      locale: "es-US",
      path: "/es",
      slugs: { weather: "clima" },
      data: {
        tagline: "Noticias locales, el clima y radio en vivo para {city}, una ciudad de prueba.",
        keywords: ["noticias de {city}"],
        content: fixtureCity().content,
        cityLinks: [],
      },
    },
  ],
});
const HOST = hostOf(CITY);
const FILES = fixtureCityFiles([CITY], { content: CITY.content });
const WORKER = "self.addEventListener('fetch',()=>{});";

let vite: ViteDevServer;
let server: Server;
let origin: string;

beforeAll(async () => {
  const served = await viteServerBuild();
  vite = served.vite;
  const clientDir = mkdtempSync(path.join(os.tmpdir(), "client-"));
  writeFileSync(path.join(clientDir, "sw.js"), WORKER);
  writeFileSync(path.join(clientDir, "robots.txt"), "User-agent: *\n");
  const app = createApp({
    services: { isDev: false },
    cities: servedCitiesOver(FILES, {
      news: () => fixedNews({ updatedAt: Date.parse("2026-11-24T10:00:00Z"), articles: () => [] }),
    }),
    version: (_city, key) => (key === WEATHER_DEP ? 0 : 1),
    logger: pino({ level: "silent" }),
    build: { server: served.build, clientDir },
  });
  ({ server, url: origin } = await serveOnLoopback(app));
}, 60_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await vite.close();
  FILES.remove();
});

/** A GET of `target` naming the city's host, its body as bytes. */
const get = (target: string, headers: Record<string, string> = {}) =>
  requestAs(origin, HOST, target, { headers });

const json = (answer: BytesAnswer) =>
  JSON.parse(answer.body.toString("utf8")) as Record<string, unknown>;

describe("the web app manifest", () => {
  it("is served per edition as application/manifest+json, kept an hour, with an ETag", async () => {
    const en = await get("/manifest.webmanifest");
    expect(en.status).toBe(200);
    expect(en.headers["content-type"]).toBe("application/manifest+json");
    expect(en.headers["cache-control"]).toBe("public, max-age=3600");
    expect(en.headers["x-content-type-options"]).toBe("nosniff");
    expect(json(en)).toMatchObject({
      name: "Fixtureville Ledger",
      short_name: "Fixtureville Ledger",
      lang: "en-US",
      start_url: "/",
      theme_color: "#123456",
      background_color: "#fafafa",
      display: "standalone",
    });
    const es = await get("/es/manifest.webmanifest");
    expect(json(es)).toMatchObject({
      lang: "es-US",
      start_url: "/es/",
      scope: "/es/",
      description:
        "Noticias locales, el clima y radio en vivo para Fixtureville, una ciudad de prueba.",
      shortcuts: [{ name: "Clima", url: "/es/clima" }],
    });
    const again = await get("/manifest.webmanifest", { "If-None-Match": String(en.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("is named by every page's head, its edition's own", async () => {
    const home = (await get("/")).body.toString("utf8");
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(home).toContain('<meta name="theme-color" content="#123456"/>');
    const clima = (await get("/es/clima")).body.toString("utf8");
    expect(clima).toContain('<link rel="manifest" href="/es/manifest.webmanifest"/>');
  });
});

describe("the app icons", () => {
  it.each([
    ["/icon-192.png", 192],
    ["/icon-512.png", 512],
    ["/icon-maskable-192.png", 192],
    ["/icon-maskable-512.png", 512],
    ["/es/icon-512.png", 512],
  ])("%s is a %i px PNG kept a day", async (target, size) => {
    const icon = await get(target);
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.headers["cache-control"]).toBe("public, max-age=86400");
    const meta = await sharp(icon.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
    const again = await get(target, { "If-None-Match": String(icon.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("has no other size", async () => {
    expect((await get("/icon-64.png")).status).toBe(404);
  });
});

describe("the service worker's file", () => {
  it("is asked again on each visit (no-cache), at the root, with no scope header", async () => {
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.body.toString("utf8")).toBe(WORKER);
    expect(worker.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(worker.headers["service-worker-allowed"]).toBeUndefined();
    const again = await get("/sw.js", { "If-None-Match": String(worker.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers["cache-control"]).toBe("no-cache");
    // Other files keep their hour.
    expect((await get("/robots.txt")).headers["cache-control"]).toBe("public, max-age=3600");
  });
});

describe("what a page tells the worker", () => {
  it("registers it (production pages only) and links its edition's manifest, which has the note's words", async () => {
    const page = (await get("/local-news")).body.toString("utf8");
    expect(page).toContain('navigator.serviceWorker?.register("/sw.js")');
    expect(json(await get("/manifest.webmanifest")).offline_note).toEqual({
      saved_at: "Saved at {time}",
      saved_on: "Saved on {date} at {time}",
      time_zone: "America/Chicago",
    });
    expect(json(await get("/es/manifest.webmanifest")).offline_note).toEqual({
      saved_at: "Guardada a las {time}",
      saved_on: "Guardada el {date} a las {time}",
      time_zone: "America/Chicago",
    });
  });
});
