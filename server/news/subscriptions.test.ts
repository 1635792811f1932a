import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Store } from "../db/open";
import { NewsEngine, type EngineOptions } from "./engine";
import type { FetchResult } from "./fetcher";
import { SHARED_FEED_ZONE, Subscriptions, type CityFeeds } from "./subscriptions";
import { NewsStore } from "./store";
import { fetchedFeed, rssDocument } from "../../tests/support/rss";

const T0 = Date.parse("2026-11-24T12:00:00Z");
const REFRESH_MS = 600_000;

/** A feed of one story per title, each published at `date`; a <ttl> of `ttl` minutes when told. */
function rss(titles: string[], date = "Tue, 24 Nov 2026 06:00:00 GMT", ttl?: number): FetchResult {
  const xml = rssDocument({
    title: `The ${titles[0]} Times`,
    elements: ttl ? `<ttl>${ttl}</ttl>` : "",
    items: titles.map((title) => ({ title, date })),
  });
  return fetchedFeed(xml, "https://feeds.example.org/x");
}

const dbs: Store[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close()));
});

async function network(
  cities: CityFeeds[],
  answer: (url: string) => FetchResult | Promise<FetchResult>,
  extra: Partial<EngineOptions> = {},
) {
  const db = await openDatabase(":memory:");
  dbs.push(db);
  const clock = { now: T0 };
  const fetch = vi.fn(async (url: string) => answer(url));
  const store = new NewsStore(db);
  const engine = await NewsEngine.open({
    store,
    subscriptions: new Subscriptions(cities),
    log: { info: () => {}, warn: () => {}, error: () => {} },
    userAgent: "test",
    defaultImage: "/d.svg",
    refreshMs: REFRESH_MS,
    // A fixed interval unless a test is about the pace.
    maxRefreshMs: REFRESH_MS,
    now: () => clock.now,
    random: () => 0.5,
    fetch,
    ...extra,
  });
  return { engine, store, fetch, clock };
}

const NATIONAL = "https://national.example.org/rss";
const WORLD = "https://world.example.org/rss";

describe("subscriptions", () => {
  it("list each URL once, whatever the number of cities and categories listing it", async () => {
    const subs = new Subscriptions([
      {
        id: "a",
        timeZone: "America/Anchorage",
        feeds: { national: [NATIONAL], politics: [NATIONAL], local: ["https://a.example/l"] },
      },
      {
        id: "b",
        timeZone: "Pacific/Honolulu",
        feeds: { national: [NATIONAL], local: ["https://b.example/l"] },
      },
    ]);
    expect([...subs.urls()].sort()).toEqual([
      "https://a.example/l",
      "https://b.example/l",
      NATIONAL,
    ]);
    expect(subs.feedsOf("a", "politics")).toEqual([NATIONAL]);
    // One list of URLs for every city and category listing the same ones.
    expect(subs.feedsOf("b", "national")).toBe(subs.feedsOf("a", "national"));
    expect(subs.feedsOf("a", "politics")).toBe(subs.feedsOf("a", "national"));
    expect(subs.feedsOf("b", "politics")).toEqual([]);
    expect(subs.feedsOf("nowhere", "local")).toEqual([]);
  });

  it("read a feed's zoneless dates in its own zone, else its local city's, else UTC", async () => {
    const subs = new Subscriptions([
      {
        id: "a",
        timeZone: "America/Anchorage",
        feeds: {
          national: [NATIONAL],
          local: ["https://a.example/l", { url: "https://a.example/tz", timeZone: "Asia/Tokyo" }],
        },
      },
      {
        id: "b",
        timeZone: "Pacific/Honolulu",
        feeds: { national: [NATIONAL], local: ["https://b.example/l"] },
      },
    ]);
    expect(subs.zoneOf(NATIONAL)).toBe(SHARED_FEED_ZONE);
    expect(subs.zoneOf("https://a.example/l")).toBe("America/Anchorage");
    expect(subs.zoneOf("https://b.example/l")).toBe("Pacific/Honolulu");
    expect(subs.zoneOf("https://a.example/tz")).toBe("Asia/Tokyo");
  });
});

describe("the network engine", () => {
  const cities: CityFeeds[] = [
    {
      id: "a",
      timeZone: "America/Anchorage",
      feeds: { national: [NATIONAL], world: [WORLD], local: ["https://a.example/l"] },
    },
    {
      id: "b",
      timeZone: "Pacific/Honolulu",
      feeds: { national: [NATIONAL], politics: [NATIONAL], local: ["https://b.example/l"] },
    },
  ];
  const answer = (url: string) =>
    rss(
      url === NATIONAL
        ? ["Senate vote"]
        : url === WORLD
          ? ["Summit"]
          : [`Local ${new URL(url).host}`],
    );

  it("fetches each listed URL once per refresh, stores its items once, and gives each city its own", async () => {
    const n = await network(cities, answer);
    await n.engine.refreshDue();
    expect(n.fetch.mock.calls.map(([url]) => url as string).sort()).toEqual(
      ["https://a.example/l", "https://b.example/l", NATIONAL, WORLD].sort(),
    );
    expect(await n.store.feeds()).toHaveLength(4);
    const a = n.engine.city("a");
    const b = n.engine.city("b");
    expect((await a.getCategory("local")).articles.map((x) => x.title)).toEqual([
      "Local a.example",
    ]);
    expect((await b.getCategory("local")).articles.map((x) => x.title)).toEqual([
      "Local b.example",
    ]);
    // One stored story, the same for both cities, labelled by each city's own category.
    const [na] = (await a.getCategory("national")).articles;
    const [nb] = (await b.getCategory("politics")).articles;
    expect(na?.id).toBe(nb?.id);
    expect([na?.category, nb?.category]).toEqual(["national", "politics"]);
    expect(await b.getCategory("world")).toMatchObject({ state: "ready", articles: [] });
    n.clock.now += REFRESH_MS * 2;
    await n.engine.refreshDue();
    expect(n.fetch).toHaveBeenCalledTimes(4 + 4);
  });

  it("shows every city listing a feed under one category the same article objects, not copies", async () => {
    const n = await network(cities, answer);
    await n.engine.refreshDue();
    const [fromA] = (await n.engine.city("a").getCategory("national")).articles;
    const [fromB] = (await n.engine.city("b").getCategory("national")).articles;
    // Memory at network scale: one object per story and category, whatever the number of cities.
    expect(fromA).toBeDefined();
    expect(fromB).toBe(fromA);
    const [politics] = (await n.engine.city("b").getCategory("politics")).articles;
    expect(politics).not.toBe(fromA);
    expect(politics?.category).toBe("politics");
    expect((await n.engine.city("b").getCategory("politics")).articles[0]).toBe(politics);
    // Nothing private leaves the engine.
    for (const field of ["feedId", "lastSeen", "position"]) expect(fromA).not.toHaveProperty(field);
  });

  it("never fetches a stored feed that no served city lists", async () => {
    const first = await network(cities, answer);
    await first.engine.refreshDue();
    // The same database, served for city "b" alone: a's feeds stay stored, unfetched.
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    await store.addFeeds(["https://a.example/l", WORLD]);
    const fetch = vi.fn(async (url: string) => answer(url));
    const engine = await NewsEngine.open({
      store,
      subscriptions: new Subscriptions(cities.filter((c) => c.id === "b")),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      userAgent: "test",
      defaultImage: "/d.svg",
      refreshMs: REFRESH_MS,
      fetch,
    });
    await engine.refreshDue();
    expect(fetch.mock.calls.map(([url]) => url as string).sort()).toEqual([
      "https://b.example/l",
      NATIONAL,
    ]);
  });

  it("moves a city's category version when one of its feeds changes, and no other city's", async () => {
    let national = "Senate vote";
    const n = await network(cities, (url) => (url === NATIONAL ? rss([national]) : answer(url)));
    await n.engine.refreshDue();
    const before = { a: n.engine.version("a", "local"), b: n.engine.version("b", "politics") };
    national = "House vote";
    n.clock.now += REFRESH_MS * 2;
    await n.engine.refreshDue();
    expect(n.engine.version("b", "politics")).toBeGreaterThan(before.b);
    expect((await n.engine.city("b").getCategory("politics")).articles[0]?.title).toBe(
      "House vote",
    );
    // Local feeds answered the same: a's local page keeps its version.
    expect(n.engine.version("a", "local")).toBe(before.a + 1);
  });

  it("searches only the city's own feeds", async () => {
    const n = await network(cities, (url) =>
      rss(url === NATIONAL ? ["Harbor news"] : [`Harbor ${new URL(url).host}`]),
    );
    await n.engine.refreshDue();
    const titles = async (city: string) =>
      (await n.engine.search(city, "harbor")).hits.map((h) => h.article.title).sort();
    expect(await titles("a")).toEqual([
      "Harbor a.example",
      "Harbor news",
      "Harbor world.example.org",
    ]);
    expect(await titles("b")).toEqual(["Harbor b.example", "Harbor news"]);
  });

  it("keeps the channel's title and schedules a quiet feed later, never sooner than its <ttl>", async () => {
    const n = await network(
      [{ id: "a", timeZone: "UTC", feeds: { world: [WORLD], national: [NATIONAL] } }],
      (url) =>
        url === WORLD
          ? rss(["Summit"], "Sun, 01 Jan 2017 00:00:00 GMT")
          : rss(["Vote"], undefined, 120),
      { maxRefreshMs: 86_400_000 },
    );
    await n.engine.refreshDue();
    expect(n.engine.feedState(WORLD)).toMatchObject({
      title: "The Summit Times",
      intervalMs: 86_400_000,
    });
    // One story this week: a week's interval capped at a day; <ttl> 120 asks for no less than 2 h.
    expect(n.engine.feedState(NATIONAL)?.intervalMs).toBe(86_400_000);
    n.clock.now += 3 * 3600_000;
    await n.engine.refreshDue();
    expect(n.fetch).toHaveBeenCalledTimes(2);
  });

  it("fetches at most `perHostConcurrency` feeds of one host at once", async () => {
    let running = 0;
    let most = 0;
    const urls = Array.from({ length: 6 }, (_, i) => `https://one.example/${i}`);
    const n = await network(
      [{ id: "a", timeZone: "UTC", feeds: { world: urls, national: ["https://other.example/n"] } }],
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return rss(["x"]);
      },
      { perHostConcurrency: 2, concurrency: 4 },
    );
    await n.engine.refreshDue();
    expect(n.fetch).toHaveBeenCalledTimes(7);
    expect(most).toBeLessThanOrEqual(3); // two of one.example, one of other.example
  });
});

describe("the rules of what is not news each feed is read with (issue 53)", () => {
  it("are the network's, with every listing's own rules of that feed besides", () => {
    const jobs = "https://jobs.example/feed";
    const plain = "https://plain.example/feed";
    const subscriptions = new Subscriptions(
      [
        {
          id: "a",
          timeZone: "UTC",
          feeds: { local: [{ url: jobs, notNews: { titles: ["Promo:"] } }, plain] },
        },
        {
          id: "b",
          timeZone: "UTC",
          feeds: { business: [{ url: jobs, notNews: { categories: ["Deals"] } }] },
        },
      ],
      { notNews: { titles: ["We're hiring"] } },
    );
    const news = (url: string, title: string, categories?: string[]) =>
      subscriptions.notNewsOf(url).isNews({ title, categories });
    expect(news(plain, "We're hiring: night editor")).toBe(false);
    expect(news(plain, "Promo: two for one")).toBe(true);
    expect(news(jobs, "We're hiring: night editor")).toBe(false);
    expect(news(jobs, "Promo: two for one")).toBe(false);
    expect(news(jobs, "Two for one", ["Deals"])).toBe(false);
    expect(news(jobs, "Hiring freeze at City Hall leaves 300 posts empty")).toBe(true);
    // Without network rules, a feed without its own has none.
    expect(Subscriptions.of("c", "UTC", { local: [plain] }).notNewsOf(plain).empty).toBe(true);
  });
});
