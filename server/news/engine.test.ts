import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFeedServer, type FeedServer } from "../../tests/fixture-servers/feed-server";
import { startCanary, type Canary } from "../../tests/support/canary";
import { createOutboundGuard } from "../net/outbound";
import { openSqlite } from "../../tests/support/db";
import { LEGACY_SCHEMA_VERSION } from "../db/legacy-schema";
import { openDatabase } from "../db/open";
import { ALL_FEEDS_FAILED, BACKOFF_MAX_MS, CATEGORY_POOL, backoffMs } from "./engine";
import type { FetchResult } from "./fetcher";
import { NewsStore } from "./store";
import {
  dbs,
  REFRESH_MS,
  T0,
  cityEngine,
  harness,
  ok,
  rowsOf,
  rss,
  type FeedSource,
} from "../../tests/support/engine-harness";

describe("category state", () => {
  it("is loading until the first fetch attempt ends, then ready with the articles", async () => {
    let release: (r: FetchResult) => void = () => {};
    const h = await harness(
      [{ key: "world", url: "https://a.example/world" }],
      () => new Promise((r) => (release = r)),
    );
    const refreshing = h.engine.refreshDue();
    expect(await h.engine.getCategory("world")).toMatchObject({
      state: "loading",
      error: null,
      articles: [],
    });
    await vi.waitFor(() => expect(h.fetch).toHaveBeenCalled());
    expect((await h.engine.getCategory("world")).state).toBe("loading");
    release(ok("guardian-us.rss.xml"));
    await refreshing;
    const news = await h.engine.getCategory("world");
    expect(news.state).toBe("ready");
    expect(news.articles).toHaveLength(15);
    expect(news.updatedAt).toBe(T0);
  });

  it("is the error 'Failed to fetch RSS feed' when every feed failed and nothing is stored", async () => {
    const h = await harness(
      [
        { key: "sports", url: "https://a.example/baseball" },
        { key: "sports", url: "https://a.example/golf" },
      ],
      () => ({ kind: "error", reason: "HTTP 500" }),
    );
    await h.engine.refreshDue();
    expect(await h.engine.getCategory("sports")).toMatchObject({
      state: "error",
      error: ALL_FEEDS_FAILED,
      articles: [],
    });
    expect(ALL_FEEDS_FAILED).toBe("Failed to fetch RSS feed");
  });

  it("skips and logs a single failing feed; the others fill the category", async () => {
    const h = await harness(
      [
        { key: "local", url: "https://a.example/broken" },
        { key: "local", url: "https://a.example/good" },
      ],
      (url) =>
        url.endsWith("broken")
          ? ok("malformed/marketwatch-html-not-a-feed.xml")
          : ok("nyt-homepage.rss.xml"),
    );
    await h.engine.refreshDue();
    expect(await h.engine.getCategory("local")).toMatchObject({ state: "ready", error: null });
    expect(h.logs).toContainEqual(
      expect.objectContaining({
        level: "warn",
        msg: "feed failed",
        obj: expect.objectContaining({
          feed: "https://a.example/broken",
          error: "Not a feed: the document's root is <head>",
        }),
      }),
    );
  });

  it("keeps serving stored articles when a feed later fails", async () => {
    let fail = false;
    const h = await harness([{ key: "health", url: "https://a.example/h" }], () =>
      fail ? { kind: "error", reason: "HTTP 502" } : ok("washingtonpost-wellness.rss.xml"),
    );
    await h.engine.refreshDue();
    fail = true;
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    expect(await h.engine.getCategory("health")).toMatchObject({ state: "ready", error: null });
    expect((await h.engine.getCategory("health")).articles).toHaveLength(15);
  });
});

describe("what the metrics are told", () => {
  it("tells onFetch how each fetch ended, and gives each feed's last success by id", async () => {
    const outcomes: string[] = [];
    let modified = true;
    const h = await harness(
      [
        { key: "local", url: "https://a.example/good" },
        { key: "local", url: "https://a.example/broken" },
        { key: "local", url: "https://a.example/down" },
      ],
      (url) =>
        url.endsWith("good")
          ? modified
            ? ok("nyt-homepage.rss.xml")
            : { kind: "not-modified" }
          : url.endsWith("broken")
            ? ok("malformed/marketwatch-html-not-a-feed.xml")
            : { kind: "error", reason: "HTTP 500" },
      undefined,
      { onFetch: (outcome) => outcomes.push(outcome) },
    );
    await h.engine.refreshDue();
    expect(outcomes.sort()).toEqual(["error", "ok", "unreadable"]);
    const rows = await rowsOf(h.store, h.sources, "local");
    const idOf = (end: string) => rows.find((row) => row.url.endsWith(end))?.id;
    expect(h.engine.feedSuccesses()).toEqual(
      expect.arrayContaining([
        { id: idOf("good"), lastSuccess: T0 },
        { id: idOf("broken"), lastSuccess: null },
        { id: idOf("down"), lastSuccess: null },
      ]),
    );
    modified = false;
    h.clock.now += REFRESH_MS * 2;
    outcomes.length = 0;
    await h.engine.refreshDue();
    expect(outcomes).toContain("not_modified");
  });
});

describe("a refresh and the readers it shares the thread with", () => {
  it("parses, writes and reads each feed in turns of the event loop of their own", async () => {
    const sources = ["world", "national", "local"].map((key, i) => ({
      key: key as FeedSource["key"],
      url: `https://feeds.example.org/${i}.xml`,
    }));
    // One feed at a time, so that each turn holds one slice of one feed's work.
    const h = await harness(sources, () => ok("guardian-us.rss.xml"), undefined, {
      concurrency: 1,
    });
    const events: string[] = [];
    const record = h.store.recordSuccess.bind(h.store);
    h.store.recordSuccess = (...args) => {
      events.push("write");
      return record(...args);
    };
    // A reader's request arrives on every turn of the loop while the refresh runs.
    let serving = true;
    const reader = () => {
      if (!serving) return;
      events.push("reader");
      setImmediate(reader);
    };
    setImmediate(reader);
    await h.engine.refreshDue();
    serving = false;
    const writes = events.flatMap((e, i) => (e === "write" ? [i] : []));
    expect(writes).toHaveLength(3);
    // Between two feeds' writes (each a parse and a write apart), readers were answered.
    for (let i = 1; i < writes.length; i++) {
      expect(events.slice(writes[i - 1], writes[i])).toContain("reader");
    }
  });
});

describe("store", () => {
  it("never duplicates an article on refetch, and keeps history", async () => {
    const h = await harness([{ key: "technology", url: "https://a.example/t" }], () =>
      ok("theverge-frontpage.atom.xml"),
    );
    await h.engine.refreshDue();
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    const [feed] = await rowsOf(h.store, h.sources, "technology");
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(await h.store.countArticles(feed?.id ?? -1)).toBe(10);
  });

  it("keeps the newest 30 ready (a page shows 15), at most 15 from any one feed, merging sports' five feeds", async () => {
    const sports = ["baseball", "tennis", "golf", "hockey", "soccer"].map((s) => ({
      key: "sports" as const,
      url: `https://a.example/${s}`,
    }));
    const h = await harness(sports, (url) =>
      rss(
        Array.from({ length: 20 }, (_, i) => ({
          title: `${url.split("/").pop()} ${i}`,
          date: new Date(
            T0 - (i * 5 + sports.findIndex((s) => s.url === url)) * 60_000,
          ).toUTCString(),
        })),
      ),
    );
    await h.engine.refreshDue();
    const { articles } = await h.engine.getCategory("sports");
    // The pool a page and its news feed draw from: a page shows the first 15 (toNewsBlock).
    expect(articles).toHaveLength(CATEGORY_POOL);
    expect(new Set(articles.slice(0, 15).map((a) => a.feedUrl)).size).toBe(5);
    for (const feed of sports)
      expect(articles.filter((a) => a.feedUrl === feed.url).length).toBeLessThanOrEqual(15);
    const dates = articles.map((a) => a.publishedAt ?? 0);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(articles.every((a) => a.category === "sports")).toBe(true);
  });

  it("shows a far-future date as its first fetch time, there to stay, and keeps the feed's claim", async () => {
    const h = await harness([{ key: "local", url: "https://a.example/f" }], () =>
      rss([
        { title: "From the future", date: "Fri, 01 Jan 2100 00:00:00 GMT" },
        { title: "An hour old", date: new Date(T0 - 3600_000).toUTCString() },
      ]),
    );
    await h.engine.refreshDue();
    const first = (await h.engine.getCategory("local")).articles;
    expect(first.map((a) => [a.title, a.publishedAt, a.claimedAt])).toEqual([
      ["From the future", T0, Date.parse("2100-01-01T00:00:00Z")],
      ["An hour old", T0 - 3600_000, null],
    ]);
    // Later fetches do not move it to the top again.
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect((await h.engine.getCategory("local")).articles[0]?.publishedAt).toBe(T0);
  });

  it("reads a feed's zone-less dates in the site's zone", async () => {
    const h = await harness([{ key: "local", url: "https://a.example/z" }], () =>
      rss([{ title: "Noon in Chicago", date: "2026-11-20 12:00:00" }]),
    );
    await h.engine.refreshDue();
    expect((await h.engine.getCategory("local")).articles[0]?.publishedAt).toBe(
      Date.parse("2026-11-20T18:00:00Z"),
    );
  });

  it("limits one feed to 15 articles", async () => {
    const h = await harness([{ key: "world", url: "https://a.example/in" }], () =>
      ok("indianexpress.rss.xml"),
    );
    await h.engine.refreshDue();
    expect((await h.engine.getCategory("world")).articles).toHaveLength(15);
  });

  it("sorts undated articles after dated ones", async () => {
    const h = await harness([{ key: "opinion", url: "https://a.example/o" }], () =>
      rss([
        { title: "undated" },
        { title: "dated", date: new Date(T0 - 86_400_000).toUTCString() },
      ]),
    );
    await h.engine.refreshDue();
    expect((await h.engine.getCategory("opinion")).articles.map((a) => a.title)).toEqual([
      "dated",
      "undated",
    ]);
  });

  it("serves stored articles at once after a restart, before any fetch", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "news-"));
    try {
      const file = path.join(dir, "site.db");
      const first = await harness(
        [{ key: "food", url: "https://a.example/f" }],
        () => ok("medium-invironment-food.rss.xml"),
        openDatabase(file),
      );
      await first.engine.refreshDue();
      first.db.close();
      dbs.splice(dbs.indexOf(first.db), 1);

      const second = await harness(
        [{ key: "food", url: "https://a.example/f" }],
        () => new Promise<FetchResult>(() => {}),
        openDatabase(file),
      );
      expect(await second.engine.getCategory("food")).toMatchObject({ state: "ready" });
      expect((await second.engine.getCategory("food")).articles).toHaveLength(7);
      expect(second.fetch).not.toHaveBeenCalled();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("opens the database in WAL mode with the schema version recorded", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "news-"));
    try {
      const db = await openSqlite(path.join(dir, "x.db"));
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("user_version", { simple: true })).toBe(LEGACY_SCHEMA_VERSION);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("scheduling", () => {
  it("backs off exponentially, capped at one hour", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n))).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(backoffMs(50)).toBe(BACKOFF_MAX_MS);
    expect([1, 2, 3].map((n) => backoffMs(n, 2000))).toEqual([2000, 4000, 8000]);
  });

  it("retries a failing feed only after its backoff, and resets it on success", async () => {
    let fail = true;
    const h = await harness([{ key: "business", url: "https://a.example/b" }], () =>
      fail ? { kind: "error", reason: "HTTP 500" } : ok("livemint-news.rss.xml"),
    );
    await h.engine.refreshDue();
    expect((await rowsOf(h.store, h.sources, "business"))[0]).toMatchObject({
      consecutiveFailures: 1,
      nextAttempt: T0 + 60_000,
    });
    h.clock.now = T0 + 59_000;
    await h.engine.refreshDue();
    expect(h.fetch).toHaveBeenCalledTimes(1);
    h.clock.now = T0 + 60_000;
    await h.engine.refreshDue();
    expect((await rowsOf(h.store, h.sources, "business"))[0]).toMatchObject({
      consecutiveFailures: 2,
      nextAttempt: T0 + 60_000 + 120_000,
    });
    fail = false;
    h.clock.now = T0 + 180_000;
    await h.engine.refreshDue();
    expect((await rowsOf(h.store, h.sources, "business"))[0]).toMatchObject({
      consecutiveFailures: 0,
      lastError: null,
      nextAttempt: T0 + 180_000 + REFRESH_MS,
    });
  });

  it("honours Retry-After when it asks for longer than the backoff", async () => {
    const h = await harness([{ key: "politics", url: "https://a.example/p" }], () => ({
      kind: "error",
      reason: "HTTP 429",
      retryAfterMs: 900_000,
    }));
    await h.engine.refreshDue();
    expect((await rowsOf(h.store, h.sources, "politics"))[0]?.nextAttempt).toBe(T0 + 900_000);
  });

  it("keeps the stored items on a 304", async () => {
    let answer: FetchResult = ok("slashdot.rdf.xml");
    const h = await harness([{ key: "technology", url: "https://a.example/s" }], () => answer);
    await h.engine.refreshDue();
    answer = { kind: "not-modified" };
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    expect((await h.engine.getCategory("technology")).articles).toHaveLength(3);
    expect((await rowsOf(h.store, h.sources, "technology"))[0]).toMatchObject({
      etag: '"v1"',
      consecutiveFailures: 0,
    });
  });

  it("refreshes at start and then when due, with jitter, on its timer", async () => {
    vi.useFakeTimers();
    try {
      const h = await harness([{ key: "arts", url: "https://a.example/a" }], () =>
        ok("lefigaro-culture.rss.xml"),
      );
      await h.engine.start();
      expect(h.fetch).toHaveBeenCalledTimes(1);
      expect((await rowsOf(h.store, h.sources, "arts"))[0]?.nextAttempt).toBe(T0 + REFRESH_MS); // random 0.5 → no jitter
      h.clock.now = T0 + REFRESH_MS;
      await vi.advanceTimersByTimeAsync(15_000);
      expect(h.fetch).toHaveBeenCalledTimes(2);
      await h.engine.stop();
      h.clock.now += REFRESH_MS * 3;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(h.fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs at most `concurrency` fetches at once", async () => {
    let active = 0;
    let peak = 0;
    const sources = Array.from({ length: 10 }, (_, i) => ({
      key: "national" as const,
      url: `https://a.example/${i}`,
    }));
    const h = await harness(
      sources,
      async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
        return ok("espn-top.rss.xml");
      },
      undefined,
      { concurrency: 3 },
    );
    await h.engine.refreshDue();
    expect(peak).toBe(3);
    expect(h.fetch).toHaveBeenCalledTimes(10);
  });
});

describe("with the fixture feed server", () => {
  let server: FeedServer;
  let canary: Canary;
  // The fixture server listens on 127.0.0.1, which the fetcher refuses unless allowed.
  const guard = createOutboundGuard({ allowPrivateHosts: ["127.0.0.1"] });
  beforeAll(async () => {
    server = await startFeedServer();
    canary = await startCanary();
  });
  afterAll(async () => {
    await Promise.all([server.close(), canary.close(), guard.close()]);
  });

  it("fills a category over real HTTP and revalidates with a 304", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    let now = T0;
    const engine = await cityEngine({
      store,
      sources: [
        { key: "local", url: `${server.url}/feeds/nbc-newyork.rss.xml` },
        { key: "local", url: `${server.url}/status/500` },
      ],
      log: { info: () => {}, warn: () => {}, error: () => {} },
      userAgent: "test",
      defaultImage: "/d.svg",
      timeZone: "America/Chicago",
      refreshMs: REFRESH_MS,
      maxRefreshMs: REFRESH_MS,
      now: () => now,
      fetchOptions: { guard },
    });
    await engine.refreshDue();
    expect(await engine.getCategory("local")).toMatchObject({ state: "ready" });
    expect((await engine.getCategory("local")).articles[0]?.title).toMatch(/^NYC cops search/);
    now += REFRESH_MS * 2;
    await engine.refreshDue();
    expect(server.lastHeaders.get("/feeds/nbc-newyork.rss.xml")?.["if-none-match"]).toMatch(/^"/);
    expect((await engine.getCategory("local")).articles).toHaveLength(1);
  });

  it.each([
    ["wrong-type", "a feed labelled text/html is still read", "ready", null],
    ["truncated", "a truncated feed fails with its reason", "error", /^Malformed XML/],
  ] as const)("%s: %s", async (mode, _what, state, reason) => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const logs: { obj: object; msg: string }[] = [];
    const engine = await cityEngine({
      store,
      sources: [{ key: "archives", url: `${server.url}/${mode}/feeds/guardian-us.rss.xml` }],
      log: { info: () => {}, warn: (obj, msg) => logs.push({ obj, msg }), error: () => {} },
      userAgent: "test",
      defaultImage: "/d.svg",
      timeZone: "America/Chicago",
      refreshMs: REFRESH_MS,
      fetchOptions: { guard },
    });
    await engine.refreshDue();
    expect((await engine.getCategory("archives")).state).toBe(state);
    if (reason) {
      expect((await store.feeds())[0]?.lastError).toMatch(reason);
      expect(logs[0]?.msg).toBe("feed failed");
    }
  });

  it("fails a feed redirected to a private address alone: the category's other feed still stores its items", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const warnings: object[] = [];
    const viaLocalhost = createOutboundGuard({ allowPrivateHosts: ["localhost"] });
    const base = server.url.replace("127.0.0.1", "localhost");
    const redirected = `${base}/redirect-to?location=${encodeURIComponent(`http://127.1:${canary.port}/`)}`;
    const engine = await cityEngine({
      store,
      sources: [
        { key: "local", url: redirected },
        { key: "local", url: `${base}/feeds/nbc-newyork.rss.xml` },
      ],
      log: { info: () => {}, warn: (obj) => warnings.push(obj), error: () => {} },
      userAgent: "test",
      defaultImage: "/d.svg",
      timeZone: "America/Chicago",
      refreshMs: REFRESH_MS,
      fetchOptions: { guard: viaLocalhost },
    });
    await engine.refreshDue();
    await viaLocalhost.close();
    expect(canary.connections).toBe(0);
    const news = await engine.getCategory("local");
    expect(news.state).toBe("ready");
    expect(news.articles[0]?.title).toMatch(/^NYC cops search/);
    const feeds = await store.feeds();
    expect(feeds.find((f) => f.url === redirected)).toMatchObject({
      lastError: "Refused a private address (127.0.0.1)",
      consecutiveFailures: 1,
    });
    expect(feeds.find((f) => f.url !== redirected)).toMatchObject({ consecutiveFailures: 0 });
    expect(warnings).toEqual([
      expect.objectContaining({ feed: redirected, error: "Refused a private address (127.0.0.1)" }),
    ]);
  });
});
