// The news engine's test harness (server/news/engine*.test.ts): an engine over one city listing
// the test's feeds, a fake fetch and clock, and the logs it wrote. Its databases are closed after
// each test of a file that imports it.
import { afterEach, vi } from "vitest";
import { readFixture } from "./fixtures";
import { fetchedFeed, rssDocument, type RssItem } from "./rss";
import { openDatabase, type Store } from "../../server/db/open";
import { NewsEngine, type EngineOptions, type NewsReader } from "../../server/news/engine";
import type { FetchResult } from "../../server/news/fetcher";
import type { ListedFeed } from "../../server/news/feed-report";
import { Subscriptions } from "../../server/news/subscriptions";
import { NewsStore } from "../../server/news/store";

export type FeedSource = ListedFeed;
/** The one city of these tests. */
export const CITY = "test";

export type CityEngine = Omit<NewsEngine, "getCategory" | "version" | "search"> & NewsReader;

/**
 * An engine over one city listing `sources` (in `timeZone`), read as that city: its NewsReader
 * methods are the city's, the rest the engine's.
 */
export async function cityEngine(
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
export async function rowsOf(store: NewsStore, sources: FeedSource[], key: FeedSource["key"]) {
  const urls = sources.filter((s) => s.key === key).map((s) => s.url);
  return (await store.feeds()).filter((row) => urls.includes(row.url));
}

export const T0 = Date.parse("2026-11-22T12:00:00Z");
export const REFRESH_MS = 600_000;

export function ok(fixture: string): FetchResult {
  return fetchedFeed(readFixture(fixture), "https://feeds.example.org/feed.xml", {
    contentType: null,
    etag: '"v1"',
  });
}

/** A feed of `items` (each linked by its title unless told, dated only when told). */
export function rss(items: RssItem[]): FetchResult {
  return fetchedFeed(rssDocument({ items }), "https://news.example.org/feed");
}

export interface Harness {
  engine: CityEngine;
  sources: FeedSource[];
  store: NewsStore;
  db: Store;
  clock: { now: number };
  logs: { level: string; obj: object; msg: string }[];
  fetch: ReturnType<typeof vi.fn>;
}

export const dbs: Store[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close()));
});

export async function harness(
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
