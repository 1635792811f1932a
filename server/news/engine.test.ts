import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import { fetchedFeed, rssDocument, type RssItem } from "../../tests/support/rss";
import { startFeedServer, type FeedServer } from "../../tests/fixture-servers/feed-server";
import { startCanary, type Canary } from "../../tests/support/canary";
import { createOutboundGuard } from "../net/outbound";
import { openSqlite } from "../../tests/support/db";
import { LEGACY_SCHEMA_VERSION } from "../db/legacy-schema";
import { openDatabase, type Db, type Store } from "../db/open";
import {
  ALL_FEEDS_FAILED,
  BACKOFF_MAX_MS,
  CATEGORY_POOL,
  NewsEngine,
  backoffMs,
  combineNews,
  type CategoryNews,
  type EngineOptions,
  type NewsReader,
} from "./engine";
import type { FetchResult } from "./fetcher";
import type { ListedFeed } from "./feed-report";
import { Subscriptions, type FeedListing, type NetworkRules } from "./network";
import { parseSearchQuery } from "./search";
import type { SearchQuery } from "./store";
import { NewsStore, type StoredArticle } from "./store";

type FeedSource = ListedFeed;
/** The one city of these tests. */
const CITY = "test";

type CityEngine = Omit<NewsEngine, "getCategory" | "version" | "search"> & NewsReader;

/**
 * An engine over one city listing `sources` (in `timeZone`), read as that city: its NewsReader
 * methods are the city's, the rest the engine's.
 */
async function cityEngine(
  options: Omit<EngineOptions, "subscriptions"> & { sources: FeedSource[]; timeZone: string },
): Promise<CityEngine> {
  const { sources, timeZone, ...rest } = options;
  const feeds: Partial<Record<FeedSource["key"], string[]>> = {};
  for (const { key, url } of sources) (feeds[key] ??= []).push(url);
  const engine = await NewsEngine.open({
    ...rest,
    subscriptions: Subscriptions.of(CITY, timeZone, feeds),
  });
  const city = engine.city(CITY);
  return new Proxy(engine, {
    get(target, property, receiver) {
      if (typeof property === "string" && property in city)
        return city[property as keyof NewsReader];
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  }) as unknown as CityEngine;
}

/** The stored rows of the feeds a test lists under `key`. */
async function rowsOf(store: NewsStore, sources: FeedSource[], key: FeedSource["key"]) {
  const urls = sources.filter((s) => s.key === key).map((s) => s.url);
  return (await store.feeds()).filter((row) => urls.includes(row.url));
}

const T0 = Date.parse("2026-11-22T12:00:00Z");
const REFRESH_MS = 600_000;

function ok(fixture: string): FetchResult {
  return fetchedFeed(readFixture(fixture), "https://feeds.example.org/feed.xml", {
    contentType: null,
    etag: '"v1"',
  });
}

/** A feed of `items` (each linked by its title unless told, dated only when told). */
function rss(items: RssItem[]): FetchResult {
  return fetchedFeed(rssDocument({ items }), "https://news.example.org/feed");
}

interface Harness {
  engine: CityEngine;
  sources: FeedSource[];
  store: NewsStore;
  db: Store;
  clock: { now: number };
  logs: { level: string; obj: object; msg: string }[];
  fetch: ReturnType<typeof vi.fn>;
}

const dbs: Store[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close()));
});

async function harness(
  sources: FeedSource[],
  answer: (url: string) => FetchResult | Promise<FetchResult>,
  given?: Store | Promise<Store>,
  extra: Partial<EngineOptions> = {},
): Promise<Harness> {
  const db = await (given ?? openDatabase(":memory:"));
  dbs.push(db);
  const clock = { now: T0 };
  const logs: Harness["logs"] = [];
  const fetch = vi.fn(async (url: string) => answer(url));
  const store = new NewsStore(db);
  const engine = await cityEngine({
    store,
    sources,
    log: {
      info: (obj, msg) => logs.push({ level: "info", obj, msg }),
      warn: (obj, msg) => logs.push({ level: "warn", obj, msg }),
      error: (obj, msg) => logs.push({ level: "error", obj, msg }),
    },
    userAgent: "test",
    defaultImage: "/images/default-news.svg",
    timeZone: "America/Chicago",
    refreshMs: REFRESH_MS,
    // A fixed interval and no per-host limit unless a test is about them (see "scheduling").
    maxRefreshMs: REFRESH_MS,
    perHostConcurrency: 1_000,
    now: () => clock.now,
    random: () => 0.5,
    fetch,
    ...extra,
  });
  return { engine, sources, store, db, clock, logs, fetch };
}

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
    expect(articles.every((a) => a.category === "Sports")).toBe(true);
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

describe("combineNews (home's News Feed, /api/articles with several categories)", () => {
  let nextId = 1;
  const article = (title: string, hour: number | null, url = `https://n.example/${title}`) =>
    ({
      id: nextId++,
      uid: title,
      title,
      summary: "",
      url,
      image: "/images/default-news.svg",
      imageIsDefault: true,
      publishedAt: hour === null ? null : T0 + hour * 3600_000,
      claimedAt: null,
      category: "Local",
      feedUrl: "https://feeds.example/x",
      source: "Example News",
      language: null,
    }) satisfies StoredArticle;
  const news = (
    category: CategoryNews["category"],
    articles: StoredArticle[],
    state: CategoryNews["state"] = "ready",
  ): CategoryNews => ({
    category,
    state,
    error: state === "error" ? ALL_FEEDS_FAILED : null,
    updatedAt: articles.length ? T0 : null,
    articles,
  });

  it("lists every category's stories newest first, undated last, each story once", async () => {
    const shared = "https://n.example/shared";
    const combined = combineNews([
      news("local", [article("L1", 1), article("L-undated", null), article("both", 0, shared)]),
      news("world", [article("W2", 2), article("both again", -1, shared), article("W0", -2)]),
    ]);
    expect(combined.categories).toEqual(["local", "world"]);
    expect(combined.articles.map((a) => a.title)).toEqual(["W2", "L1", "both", "W0", "L-undated"]);
    expect(combined.state).toBe("ready");
  });

  it("keeps every story without a link (a hostile feed's non-http links): each is itself, as the pages show it", async () => {
    const combined = combineNews([
      news("local", [
        article("No link one", 3, "#"),
        article("No link two", 2, "#"),
        article("No link three", 1, "#"),
        article("L1", 0),
      ]),
    ]);
    expect(combined.articles.map((a) => a.title)).toEqual([
      "No link one",
      "No link two",
      "No link three",
      "L1",
    ]);
  });

  it("keeps the newest `limit`", async () => {
    const many = Array.from({ length: 20 }, (_, i) => article(`A${i}`, i));
    expect(combineNews([news("local", many)], 8).articles.map((a) => a.title)).toEqual([
      "A19",
      "A18",
      "A17",
      "A16",
      "A15",
      "A14",
      "A13",
      "A12",
    ]);
  });

  it.each([
    [["ready", "error"], "ready", true],
    [["loading", "error"], "loading", false],
    [["error", "error"], "error", false],
    [["ready", "ready"], "ready", false],
  ] as const)("states %j → %s (articles: %s)", (states, expected, withArticles) => {
    const combined = combineNews([
      news("local", withArticles ? [article("x", 1)] : [], states[0]),
      news("world", [], states[1]),
    ]);
    expect(combined.state).toBe(expected);
    expect(combined.error).toBe(expected === "error" ? ALL_FEEDS_FAILED : null);
  });
});

describe("the in-memory snapshot of each category", () => {
  it("answers pages from memory: no SQL on a read, whatever the number of reads", async () => {
    const h = await harness([{ key: "world", url: "https://a.example/w" }], () =>
      rss([{ title: "One", date: new Date(T0).toUTCString() }]),
    );
    await h.engine.refreshDue();
    await h.engine.getCategory("world");
    const newest = vi.spyOn(h.store, "newest");
    const feeds = vi.spyOn(h.store, "feeds");
    const prepare = vi.spyOn(h.db.sqlite as Db, "prepare");
    for (let i = 0; i < 100; i++)
      expect((await h.engine.getCategory("world")).articles).toHaveLength(1);
    expect(newest).not.toHaveBeenCalled();
    expect(feeds).not.toHaveBeenCalled();
    expect(prepare).not.toHaveBeenCalled();
  });

  it("is replaced when a refresh changes what the category shows, and its version moves", async () => {
    let title = "First";
    const h = await harness([{ key: "world", url: "https://a.example/w" }], () =>
      rss([{ title, date: new Date(T0).toUTCString() }]),
    );
    const changes: [string, number][] = [];
    h.engine.onChange((url) => changes.push([url, h.engine.version("world")]));
    const loading = h.engine.version("world");
    const changesBefore = h.engine.changes();
    await h.engine.refreshDue();
    const first = h.engine.version("world");
    expect(first).toBe(loading + 1);
    // The engine's count of changes moves with any version (the page cache's epoch).
    expect(h.engine.changes()).toBeGreaterThan(changesBefore);
    const changesAtFirst = h.engine.changes();
    expect((await h.engine.getCategory("world")).articles[0]?.title).toBe("First");
    title = "Second";
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    expect((await h.engine.getCategory("world")).articles.map((a) => a.title)).toEqual([
      "Second",
      "First",
    ]);
    expect(h.engine.version("world")).toBe(first + 1);
    expect(h.engine.changes()).toBeGreaterThan(changesAtFirst);
    expect(changes).toEqual([
      ["https://a.example/w", first],
      ["https://a.example/w", first + 1],
    ]);
  });

  it("keeps its version when a refresh changes nothing it shows", async () => {
    const h = await harness([{ key: "world", url: "https://a.example/w" }], () => ({
      kind: "error",
      reason: "HTTP 500",
    }));
    await h.engine.refreshDue();
    const version = h.engine.version("world");
    const changes = h.engine.changes();
    expect((await h.engine.getCategory("world")).state).toBe("error");
    h.clock.now += 3600_000;
    await h.engine.refreshDue();
    expect(h.engine.version("world")).toBe(version);
    expect(h.engine.changes()).toBe(changes);
  });
});

describe("one fetch per feed URL", () => {
  it("fetches and parses a URL that two categories list once per refresh, and stores it for each", async () => {
    const url = "https://a.example/shared";
    const h = await harness(
      [
        { key: "local", url },
        { key: "business", url },
        { key: "business", url: "https://a.example/own" },
      ],
      (u) =>
        rss([
          { title: u === url ? "Shared story" : "Own story", date: new Date(T0).toUTCString() },
        ]),
    );
    await h.engine.refreshDue();
    expect(h.fetch.mock.calls.map(([u]) => u).sort()).toEqual(["https://a.example/own", url]);
    expect(
      (await h.engine.getCategory("local")).articles.map((a) => [a.title, a.category]),
    ).toEqual([["Shared story", "Local"]]);
    expect(
      (await h.engine.getCategory("business")).articles.map((a) => [a.title, a.category]).sort(),
    ).toEqual([
      ["Own story", "Business"],
      ["Shared story", "Business"],
    ]);
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    expect(h.fetch).toHaveBeenCalledTimes(4);
  });
});

describe("retention", () => {
  it("deletes what no fetch listed for RETENTION_DAYS beyond each feed's newest RETENTION_MIN_PER_FEED", async () => {
    let batch = 0;
    const h = await harness(
      [{ key: "world", url: "https://a.example/w" }],
      () => {
        batch++;
        return rss(
          Array.from({ length: 15 }, (_, i) => ({
            title: `Batch ${batch} story ${i}`,
            date: new Date(T0 + batch * 86_400_000 - i * 60_000).toUTCString(),
          })),
        );
      },
      undefined,
      { retention: { days: 30, minPerFeed: 20 } },
    );
    // Four daily fetches of 15 new stories each: 60 stored.
    for (let day = 0; day < 4; day++) {
      await h.engine.refreshDue();
      h.clock.now += 86_400_000;
    }
    const [feed] = await rowsOf(h.store, h.sources, "world");
    expect(await h.store.countArticles(feed?.id ?? -1)).toBe(60);
    // Nothing is 30 days old yet: all stay.
    expect(await h.engine.prune()).toBe(0);
    // 31 days on, all are old: the newest 20 stay.
    h.clock.now += 31 * 86_400_000;
    expect(await h.engine.prune()).toBe(40);
    expect(await h.store.countArticles(feed?.id ?? -1)).toBe(20);
    expect((await h.engine.getCategory("world")).articles[0]?.title).toBe("Batch 4 story 0");
  });

  it("runs at start and every hour", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const h = await harness([], () => rss([]));
      const prune = vi.spyOn(h.store, "prune");
      await h.engine.start();
      expect(prune).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(3600_000);
      expect(prune).toHaveBeenCalledTimes(2);
      await h.engine.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the store's reads", () => {
  it("take a feed's newest from the index, never sorting its history", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const id = (await store.addFeeds(["https://a.example/w"])).get("https://a.example/w") ?? -1;
    // The query the store runs (Kysely's text of it), as SQLite plans it.
    const execute = vi.spyOn(db.db.getExecutor(), "executeQuery");
    await store.newest({ id, url: "https://a.example/w", title: null }, 15);
    const query = execute.mock.calls[0]?.[0];
    expect(query?.sql).toMatch(/order by published_at IS NULL/i);
    const plan = (db.sqlite as Db)
      .prepare(`EXPLAIN QUERY PLAN ${query?.sql ?? ""}`)
      .all(...(query?.parameters ?? [])) as { detail: string }[];
    expect(plan.map((p) => p.detail).join("; ")).toMatch(/USING (COVERING )?INDEX articles_newest/);
    expect(plan.map((p) => p.detail).join("; ")).not.toMatch(/TEMP B-TREE/);
  });

  it("prepare each statement once, and reuse it", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const id = (await store.addFeeds(["https://a.example/w"])).get("https://a.example/w") ?? -1;
    const query = parseSearchQuery("x") as SearchQuery;
    const everything = async () => {
      await store.addFeeds(["https://a.example/w"]);
      await store.recordSuccess(id, {
        articles: [],
        etag: null,
        lastModified: null,
        now: T0,
        nextAttempt: T0,
      });
      await store.newest({ id, url: "https://a.example/w", title: null }, 15);
      await store.feeds();
      await store.search(query, 10, [id]);
      await store.articles([1]);
      await store.prune(T0);
    };
    await everything();
    const prepare = vi.spyOn(db.sqlite as Db, "prepare");
    await everything();
    expect(prepare).not.toHaveBeenCalled();
  });
});

describe("leases on a database of one instance (SQLite)", () => {
  it("takes back at start-up what its previous run leased and left mid-refresh", async () => {
    const db = await openDatabase(":memory:");
    const store = new NewsStore(db);
    const url = "https://a.example/w";
    const ids = [...(await store.addFeeds([url])).values()];
    // The previous run leased the feed, then stopped before writing.
    expect(await store.claim(ids, T0, 60_000, "previous run")).toEqual(ids);
    expect(await store.claim(ids, T0 + 1_000, 60_000, "another")).toEqual([]);
    const h = await harness([{ key: "world", url }], () => rss([{ title: "Back" }]), db);
    await h.engine.refreshDue();
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect((await h.store.feeds())[0]?.leaseUntil).toBeNull();
  });
});

describe("what a category's pages credit and show", () => {
  /** An engine over one city listing `feeds` for world news, each answering `answers[url]`. */
  async function worldEngine(
    feeds: FeedListing[],
    answers: Record<string, string>,
    clock = { now: T0 },
    network?: NetworkRules,
  ) {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const engine = await NewsEngine.open({
      store: new NewsStore(db),
      subscriptions: Subscriptions.of(CITY, "America/Chicago", { world: feeds }, network),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      userAgent: "test",
      defaultImage: "/images/default-news.svg",
      refreshMs: REFRESH_MS,
      maxRefreshMs: REFRESH_MS,
      now: () => clock.now,
      random: () => 0.5,
      fetch: async (url) => fetchedFeed(answers[url] ?? "", url),
    });
    await engine.refreshDue();
    return { engine, clock, read: () => engine.city(CITY).getCategory("world") };
  }

  /** A channel titled `title` of `items` (title and age in hours, or null: undated). */
  const channel = (title: string, items: [string, number | null][], elements = "") =>
    rssDocument({
      title,
      elements,
      items: items.map(([t, hours], i) => ({
        title: t,
        link: `https://${title.replace(/\W/g, "")}.example/${i}`,
        date: hours === null ? undefined : T0 - hours * 3600_000,
      })),
    });

  it("credits each story to its feed's title, or to the short name and language the city's data give", async () => {
    const { read } = await worldEngine(
      [{ url: "https://a.example/w", name: "The Wire", language: "es" }, "https://b.example/w"],
      {
        "https://a.example/w": channel("A Wire Service - Top Stories - Public RSS", [["Uno", 1]]),
        "https://b.example/w": channel(
          "The Other Paper",
          [["Two", 2]],
          "<language>en-gb</language>",
        ),
      },
    );
    const { articles } = await read();
    expect(articles.map((a) => [a.title, a.source, a.language])).toEqual([
      ["Uno", "The Wire", "es"],
      ["Two", "The Other Paper", "en-GB"],
    ]);
  });

  it("shows a wire story two feeds ran once, the first published, crediting the other outlet", async () => {
    const wire = "Storm knocks out power to thousands across the Gulf Coast";
    const { read } = await worldEngine(["https://a.example/w", "https://b.example/w"], {
      "https://a.example/w": channel("Paper A", [
        [wire, 1],
        ["Council approves the parks budget for next year", 2],
      ]),
      "https://b.example/w": channel("Paper B", [[wire, 3]]),
    });
    const { articles } = await read();
    expect(articles.map((a) => [a.title, a.source])).toEqual([
      ["Council approves the parks budget for next year", "Paper A"],
      [wire, "Paper B"],
    ]);
    expect(articles[1]?.alsoAt).toEqual([{ source: "Paper A", url: "https://papera.example/0" }]);
  });

  it("credits an aggregator's item to the outlet it names, over the feed's title and the listing's name", async () => {
    const item = (title: string, outlet: string, url: string, hours: number) =>
      `<item><title>${title} - ${outlet}</title><link>${url}</link><source url="https://${outlet.toLowerCase()}.example">${outlet}</source><pubDate>${new Date(T0 - hours * 3600_000).toUTCString()}</pubDate></item>`;
    const { read, engine } = await worldEngine(
      [{ url: "https://news.google.example/rss", name: "Google News" }, "https://b.example/w"],
      {
        "https://news.google.example/rss": `<rss><channel><title>Top stories - Google News</title>${item(
          "Senate passes the budget",
          "CNN",
          "https://news.google.example/a/1",
          1,
        )}<item><title>An item naming no outlet</title><link>https://news.google.example/a/2</link><pubDate>${new Date(T0 - 2 * 3600_000).toUTCString()}</pubDate></item></channel></rss>`,
        "https://b.example/w": `<rss><channel><title>Paper B</title>${item(
          "Floods close the port",
          "The Associated Press",
          "https://b.example/3",
          3,
        )}</channel></rss>`,
      },
    );
    const { articles } = await read();
    expect(articles.map((a) => [a.title, a.source, a.feedUrl])).toEqual([
      ["Senate passes the budget", "CNN", "https://news.google.example/rss"],
      ["An item naming no outlet", "Google News", "https://news.google.example/rss"],
      ["Floods close the port", "The Associated Press", "https://b.example/w"],
    ]);
    // A search's result names the same outlet.
    const found = await engine.city(CITY).search("senate");
    expect(found.hits.map((h) => [h.article.title, h.article.source])).toEqual([
      ["Senate passes the budget", "CNN"],
    ]);
  });

  it("leaves paid posts out, unless a listing keeps them: then they are marked to be labelled", async () => {
    const feed = (title: string) =>
      `<rss><channel><title>${title}</title>` +
      `<item><title>[Sponsor] Timing — Automatic Time Tracking</title><link>https://${title}.example/1</link><pubDate>${new Date(T0 - 3600_000).toUTCString()}</pubDate></item>` +
      `<item><title>A mall opens</title><category>Sponsored</category><link>https://${title}.example/2</link><pubDate>${new Date(T0 - 2 * 3600_000).toUTCString()}</pubDate></item>` +
      `<item><title>Council approves the budget</title><link>https://${title}.example/3</link><pubDate>${new Date(T0 - 3 * 3600_000).toUTCString()}</pubDate></item>` +
      `</channel></rss>`;
    const { read } = await worldEngine(
      ["https://a.example/w", { url: "https://b.example/w", sponsored: "keep" }],
      { "https://a.example/w": feed("a"), "https://b.example/w": feed("b") },
    );
    const { articles } = await read();
    expect(articles.map((a) => [a.url, a.title, a.sponsored ?? false])).toEqual([
      ["https://b.example/1", "Timing — Automatic Time Tracking", true],
      ["https://b.example/2", "A mall opens", true],
      ["https://a.example/3", "Council approves the budget", false],
      ["https://b.example/3", "Council approves the budget", false],
    ]);
  });

  it("leaves out what the network's and a listing's rules say is not news, in the category and in search alike", async () => {
    const at = (hours: number) =>
      `<pubDate>${new Date(T0 - hours * 3600_000).toUTCString()}</pubDate>`;
    const item = (site: string, i: number, title: string, extra = "") =>
      // (each feed's headlines its own: the same headline twice is one wire story)
      `<item><title>${title} (${site})</title><link>https://${site}.example/${i}</link>${at(i)}${extra}</item>`;
    const feed = (site: string) =>
      `<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${site}</title>` +
      item(site, 1, "We&apos;re hiring: night editor for our Houston desk") +
      item(site, 2, "Metro reporter (full-time, Houston)", "<category>Jobs</category>") +
      item(
        site,
        3,
        "Hiring freeze at City Hall leaves 300 posts empty",
        "<dc:creator>Ana Pérez</dc:creator>",
      ) +
      item(site, 4, "Promo: two tickets for the price of one") +
      item(site, 5, "City Hall is hiring fewer police officers this year") +
      item(site, 6, "Night market opens", "<category>Sponsored content</category>") +
      item(site, 7, "Hiring fair draws 2,000", "<category>Advertorial</category>") +
      `</channel></rss>`;
    const { read, engine } = await worldEngine(
      ["https://a.example/w", { url: "https://b.example/w", notNews: { titles: ["Promo:"] } }],
      { "https://a.example/w": feed("a"), "https://b.example/w": feed("b") },
      { now: T0 },
      { notNews: { titles: ["We're hiring"], categories: ["Jobs"] } },
    );
    const { articles } = await read();
    expect(articles.map((a) => a.url)).toEqual([
      "https://a.example/3",
      "https://b.example/3",
      "https://a.example/4", // (the listing's own rule is b's alone)
      "https://a.example/5",
      "https://b.example/5",
    ]);
    expect(articles[0]?.authors).toEqual(["Ana Pérez"]);
    // Read by the rules, the categories are not handed on.
    expect(articles.some((a) => "categories" in a)).toBe(false);
    // A search finds the same stories, never what the rules leave out.
    const found = async (q: string) =>
      (await engine.city(CITY).search(q)).hits.map((h) => h.article.url).sort();
    expect(await found("hiring")).toEqual([
      "https://a.example/3",
      "https://a.example/5",
      "https://b.example/3",
      "https://b.example/5",
    ]);
    expect(await found("promo")).toEqual(["https://a.example/4"]);
    // Counted as shown: what the rules leave out is no result.
    expect((await engine.city(CITY).search("hiring")).total).toBe(4);
    expect((await engine.city(CITY).search("reporter")).total).toBe(0);
    expect(await found("reporter")).toEqual([]);
    expect(await found("market")).toEqual([]);
  });

  it("shows the window's stories alone while there are five, and the older ones once time leaves fewer", async () => {
    // Six stories of the last hours, four of last month; world news keeps 3 days.
    const recent: [string, number][] = [1, 2, 3, 4, 5, 60].map((h) => [`Recent ${h}`, h]);
    const old: [string, number][] = [700, 800, 900, 1000].map((h) => [`Old ${h}`, h]);
    const { read, clock } = await worldEngine(["https://a.example/w"], {
      "https://a.example/w": channel("Paper", [...recent, ...old]),
    });
    expect((await read()).articles.map((a) => a.title)).toEqual(recent.map(([t]) => t));
    // Thirteen hours on, the 60-hour-old story has left the window: five remain, alone.
    clock.now = T0 + 13 * 3600_000;
    expect((await read()).articles).toHaveLength(5);
    // At 67.5 hours, "Recent 5" has left too: four recent stories, and the older ones follow
    // them (no refresh in between: time alone changed what the category shows).
    clock.now = T0 + 67.5 * 3600_000;
    expect((await read()).articles.map((a) => a.title)).toEqual(
      [...recent, ...old].map(([t]) => t),
    );
  });
});
