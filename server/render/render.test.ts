import { noWeather } from "../weather/city-weather";
import { request as httpRequest, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { pino } from "pino";
import { createRequestHandler } from "react-router";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hostOf } from "../../tests/support/fixture-city";
import { servedCitiesOver, writeFixtureCities } from "../../tests/support/fixture-network";
import { acceptingMessages } from "../../tests/support/cities";
import { viteServerBuild } from "../../tests/support/vite-build";
import { getAs } from "../../tests/support/get-as";
import { serveOnLoopback } from "../../tests/support/serve";
import { fixedNews } from "../../tests/support/news";
import type { FeedKey } from "../../sites/categories";
import { createApp } from "../http/app";
import { CityDirectory } from "../cities/directory";
import { CONTACT_LIMITS, type CityMessages } from "../messages/store";
import type { CategoryNews, NewsReader } from "../news/engine";
import { borrowIo, lendIo, type LentIo } from "./channel";
import { renderPage, type RenderSettings, type RenderTask } from "./page";
import { WEATHER_DEP } from "../http/pages/cache-key";
import type { RenderPool } from "./pool";

/** The cities served: the fixture city (also the city of hosts that name none), and another. */
const {
  cities: [CITY, OTHER],
  files: FILES,
} = writeFixtureCities("Stubport");
afterAll(() => FILES.remove());

/** News whose every category has one story, titled `title()` when read. */
function newsTitled(title: () => string, version?: () => number): NewsReader {
  return fixedNews({
    updatedAt: Date.parse("2026-11-24T10:00:00Z"),
    version,
    articles: () => [
      {
        id: 7,
        uid: "a",
        title: title(),
        summary: "A story.",
        url: "https://news.example/a",
        image: "/images/default-news.svg",
        imageIsDefault: true,
        publishedAt: Date.parse("2026-11-24T09:00:00Z"),
        claimedAt: null,
        category: "local",
        feedUrl: "https://news.example/feed.xml",
        source: "Example News",
        language: null,
      },
    ],
  });
}

/** A category of one story titled `title`. */
function categoryOf(key: FeedKey, title: string): Promise<CategoryNews> {
  return newsTitled(() => title).getCategory(key);
}

/** Two ends of a render's port: the request thread's io lent, the render's borrowed. */
function connected(io: Partial<LentIo>) {
  const quiet = () => undefined;
  const { port1, port2 } = new MessageChannel();
  lendIo(port1, {
    news: io.news ?? fixedNews(),
    messages: io.messages ?? acceptingMessages(),
    weather: io.weather ?? noWeather(CITY),
    log: io.log ?? { info: quiet, warn: quiet, error: quiet, debug: quiet },
  });
  const borrowed = borrowIo(port2, CONTACT_LIMITS);
  return { borrowed, close: () => port1.close() };
}

describe("a render's port (channel.ts)", () => {
  it("answers news and messages from the request thread's, as copies", async () => {
    const local = await categoryOf("local", "Harbor reopens");
    const submitted: unknown[] = [];
    const { borrowed, close } = connected({
      news: {
        getCategory: async () => local,
        getCategories: async (keys) => ({ ...local, categories: [...keys] }),
        search: async (query, page) => ({ query, page }) as never,
        version: () => 1,
      },
      messages: {
        submit: async (input, address) => {
          submitted.push([input, address]);
          return { ok: true, id: 41 };
        },
        limits: CONTACT_LIMITS,
      },
    });
    const got = await borrowed.news.getCategory("local");
    expect(got).toEqual(local);
    expect(got).not.toBe(local);
    expect((await borrowed.news.getCategories(["local", "national"])).categories).toEqual([
      "local",
      "national",
    ]);
    expect(await borrowed.news.search("harbor", 2)).toEqual({ query: "harbor", page: 2 });
    const input = { name: "Ana", email: "ana@example.com", subject: "Hi", message: "Hello" };
    expect(await borrowed.messages.submit(input, "203.0.113.9")).toEqual({ ok: true, id: 41 });
    expect(submitted).toEqual([[input, "203.0.113.9"]]);
    expect(borrowed.messages.limits).toBe(CONTACT_LIMITS);
    close();
  });

  it("rejects a call whose answer failed, with its message, and goes on answering", async () => {
    let calls = 0;
    const { borrowed, close } = connected({
      news: {
        ...fixedNews(),
        getCategory: async () => {
          calls++;
          if (calls === 1) throw new Error("database is locked");
          return categoryOf("local", "Second try");
        },
      },
    });
    await expect(borrowed.news.getCategory("local")).rejects.toThrow("database is locked");
    expect((await borrowed.news.getCategory("local")).articles[0]?.title).toBe("Second try");
    close();
  });

  it("rejects the calls still waiting when the port closes (a render never hangs)", async () => {
    const { port1, port2 } = new MessageChannel();
    // Nobody answers on port1: the request thread has gone.
    const borrowed = borrowIo(port2, CONTACT_LIMITS);
    const waiting = borrowed.news.getCategory("local");
    port1.close();
    await expect(waiting).rejects.toThrow(/closed/);
  });

  it("writes the render's log lines with the request thread's logger, errors whole", async () => {
    const lines: unknown[][] = [];
    const record =
      (level: string) =>
      (...args: unknown[]) =>
        lines.push([level, ...args]);
    const done = new Promise<void>((resolve) => {
      const log = {
        info: record("info"),
        warn: record("warn"),
        debug: record("debug"),
        error: (...args: unknown[]) => {
          record("error")(...args);
          resolve();
        },
      };
      const { borrowed } = connected({ log: log as LentIo["log"] });
      borrowed.log.warn("plain words");
      borrowed.log.info({ form: "contact", fn: () => 1 }, "with fields");
      borrowed.log.error({ err: new TypeError("bad thing") }, "failed");
    });
    await done;
    expect(lines[0]).toEqual(["warn", {}, "plain words"]);
    expect(lines[1]).toEqual(["info", { form: "contact", fn: "() => 1" }, "with fields"]);
    const [, fields, msg] = lines[2] as [string, { err: Record<string, string> }, string];
    expect(msg).toBe("failed");
    expect(fields.err).toMatchObject({ type: "TypeError", message: "bad thing" });
    expect(fields.err.stack).toContain("bad thing");
  });
});

// The app with pages made as a render worker makes them: the task cloned, news and messages
// over a port (the worker's own module, worker.ts, is exercised by every end-to-end test).

let vite: ViteDevServer;
let server: Server;
let base: string;
/** The version of every category of the lent news, and the title of its one story. */
let version = 1;
let title = "First edition";
/** Messages stored through the port: [site, address]. */
const stored: [string, string][] = [];
/** Tasks the pool was given. */
let tasks = 0;
/** React Router's handler of the Vite build. */
let handle: ReturnType<typeof createRequestHandler>;

beforeAll(async () => {
  const served = await viteServerBuild();
  vite = served.vite;
  const { build } = served;
  handle = createRequestHandler(build, "production");
  const settings: RenderSettings = {
    isDev: false,
    embedPlaceholders: false,
    stormAds: false,
    csp: true,
  };
  const pool: Pick<RenderPool, "render"> = {
    async render(task, io) {
      tasks++;
      const { port1, port2 } = new MessageChannel();
      lendIo(port1, io);
      try {
        // As piscina sends it: a structured clone.
        const copy = structuredClone(task) as RenderTask;
        return await renderPage(() => handle, copy, settings, borrowIo(port2, CONTACT_LIMITS));
      } finally {
        port1.close();
        port2.close();
      }
    },
  };
  const news = () =>
    newsTitled(
      () => title,
      () => version,
    );
  const messages = (id: string): CityMessages => ({
    submit: async (_input, address) => {
      stored.push([id, address]);
      return { ok: true, id: stored.length };
    },
    limits: CONTACT_LIMITS,
  });
  const cities = servedCitiesOver(FILES, { defaultSite: CITY.id, news, messages });
  const app = createApp({
    services: { isDev: false },
    cities,
    // No weather service here (noWeather: version 0).
    version: (_city, key) => (key === WEATHER_DEP ? 0 : version),
    logger: pino({ level: "silent" }),
    build: { server: build, clientDir: mkdtempSync(path.join(os.tmpdir(), "client-")) },
    pool,
  });
  ({ server, url: base } = await serveOnLoopback(app));
}, 60_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await vite.close();
});

describe("pages made through a render pool", () => {
  it("shows the city's news read over the port, with a CSP, and caches the page", async () => {
    const first = await getAs(base, hostOf(CITY), "/local-news");
    expect(first.status).toBe(200);
    expect(first.body).toContain("First edition");
    expect(first.body).toContain(CITY.name);
    expect(first.headers["content-security-policy"]).toMatch(/script-src [^;]*'sha256-/);
    expect(first.headers["x-cache"]).toBe("miss");
    const again = await getAs(base, hostOf(CITY), "/local-news");
    expect(again.headers["x-cache"]).toBe("hit");
  });

  it("makes the page again when a category it read over the port changes", async () => {
    await getAs(base, hostOf(OTHER), "/world-news");
    const before = tasks;
    expect((await getAs(base, hostOf(OTHER), "/world-news")).headers["x-cache"]).toBe("hit");
    version++;
    title = "Second edition";
    const changed = await getAs(base, hostOf(OTHER), "/world-news");
    expect(changed.body).toContain("Second edition");
    expect(changed.headers["x-cache"]).toBe("miss");
    expect(tasks).toBe(before + 1);
  });

  it("stores a contact message of the right city through the port", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${base}/contact?index`,
        {
          method: "POST",
          headers: {
            Host: hostOf(OTHER),
            "Content-Type": "application/x-www-form-urlencoded",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end("name=Ana&email=ana%40example.com&subject=Hi&message=Hello");
    });
    expect(status).toBe(200);
    expect(stored).toEqual([[OTHER.id, "127.0.0.1"]]);
  });
});

describe("a render once whole", () => {
  it("leaves no abort timer behind to hold it in memory", async () => {
    const set = vi.spyOn(globalThis, "setTimeout");
    const cleared = vi.spyOn(globalThis, "clearTimeout");
    try {
      const loaded = new CityDirectory(FILES).load(CITY.id);
      if (!("city" in loaded)) throw new Error("The fixture city's data is invalid");
      const quiet = () => undefined;
      const page = await renderPage(
        () => handle,
        {
          url: "http://localhost/contact",
          method: "GET",
          headers: [],
          city: {
            site: loaded.city,
            content: loaded.city.content,
            siteUrl: `https://${hostOf(CITY)}`,
            edition: { path: "", alternates: [] },
          },
          address: "127.0.0.1",
          now: Date.parse("2026-11-24T12:00:00Z"),
        },
        { isDev: false, embedPlaceholders: false, stormAds: false, csp: false },
        {
          news: {} as never,
          messages: { submit: () => Promise.reject(new Error("unused")), limits: CONTACT_LIMITS },
          weather: noWeather(CITY),
          log: { info: quiet, warn: quiet, error: quiet, debug: quiet },
        },
      );
      expect(page.status).toBe(200);
      // entry.server.tsx arms one timer per render (streamTimeout + 1 s) to abort a stuck one;
      // left running, each would keep its whole render in memory for six seconds.
      const aborts = set.mock.calls
        .map((call, i) => ({ delay: call[1], timer: set.mock.results[i]?.value as unknown }))
        .filter(({ delay }) => delay === 6_000);
      expect(aborts).toHaveLength(1);
      expect(cleared.mock.calls.map(([timer]) => timer)).toContain(aborts[0]?.timer);
    } finally {
      set.mockRestore();
      cleared.mockRestore();
    }
  });
});
