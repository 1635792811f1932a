import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { oneStoryFeed } from "../../tests/support/news";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { PostgresListener } from "../db/listen";
import type { Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { LEASE_MS, NewsEngine } from "./engine";
import type { FetchResult } from "./fetcher";
import { Subscriptions } from "./subscriptions";
import { FEED_CHANGES, NewsStore, parseFeedChange } from "./store";

// Several instances on one PostgreSQL database, as behind a load balancer: each a pool, a store
// and an engine of its own, sharing nothing but the database (and, here, a clock).
let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

const T0 = Date.parse("2026-11-25T12:00:00Z");
const REFRESH_MS = 600_000;
const FEEDS = ["https://a.example/local.xml", "https://b.example/world.xml", "https://c.example/x"];

/** A feed of one story, as the fetcher hands it over. */
const rss = (title: string) => oneStoryFeed(title, T0, "https://news.example.org/feed");

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** One instance: its own pool, store and engine over the database at `url`. */
async function instance(
  url: string,
  clock: { now: number },
  answer: (feed: string) => FetchResult | Promise<FetchResult> = (feed) => rss(`Story of ${feed}`),
) {
  const db: Store = await openPostgres(url, { poolSize: 3 });
  closing.push(() => db.close());
  const store = new NewsStore(db);
  const fetch = vi.fn(async (feed: string) => answer(feed));
  const engine = await NewsEngine.open({
    store,
    subscriptions: Subscriptions.of("houston", "America/Chicago", {
      local: [FEEDS[0] as string],
      world: [FEEDS[1] as string, FEEDS[2] as string],
    }),
    log: { info: () => {}, warn: () => {}, error: () => {} },
    userAgent: "test",
    defaultImage: "/d.svg",
    refreshMs: REFRESH_MS,
    maxRefreshMs: REFRESH_MS,
    now: () => clock.now,
    random: () => 0.5,
    fetch,
  });
  closing.push(() => engine.stop());
  return { db, store, engine, fetch, city: engine.city("houston") };
}

/** Listens for the feeds other instances announce, as server/index.ts wires it. */
async function listen(url: string, engine: NewsEngine) {
  const reconnected = vi.fn();
  // What the notifications set going, awaited before the databases close (afterEach).
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const listener = new PostgresListener({
    url,
    channel: FEED_CHANGES,
    onMessage: (payload) => {
      const change = parseFeedChange(payload);
      if (change) track(engine.feedChanged(change.feedId, change.instance));
    },
    onReconnect: () => {
      reconnected();
      track(engine.syncFromStore({ everyFeed: true }));
    },
    log: { warn: () => {} },
    retryMs: 50,
  });
  await listener.start();
  closing.push(async () => {
    await listener.close();
    await Promise.allSettled([...pending]);
  });
  return { listener, reconnected };
}

const titles = async (
  city: { getCategory(key: "world" | "local"): Promise<{ articles: { title: string }[] }> },
  key: "world" | "local",
) => (await city.getCategory(key)).articles.map((a) => a.title);

describe("instances sharing PostgreSQL", () => {
  it("fetch each feed URL once per interval between them, however many refresh at once", async () => {
    const url = postgres.createDatabase();
    const clock = { now: T0 };
    const all = await Promise.all([1, 2, 3].map(() => instance(url, clock)));
    const fetches = () => all.reduce((n, i) => n + i.fetch.mock.calls.length, 0);
    await Promise.all(all.map((i) => i.engine.refreshDue()));
    expect(fetches()).toBe(FEEDS.length);
    // Nothing is due again before the interval has passed, whichever instance asks.
    clock.now += REFRESH_MS / 2;
    await Promise.all(all.map((i) => i.engine.refreshDue()));
    expect(fetches()).toBe(FEEDS.length);
    clock.now += REFRESH_MS;
    await Promise.all(all.map((i) => i.engine.refreshDue()));
    expect(fetches()).toBe(2 * FEEDS.length);
    // No lease is left held once the refreshes are written.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM feeds
      WHERE lease_until IS NOT NULL`.execute((all[0] as { db: Store }).db.db);
    expect(rows[0]?.n).toBe(0);
  });

  it("take over the feeds of an instance that died mid-refresh once its lease runs out (a minute)", async () => {
    const url = postgres.createDatabase();
    const clock = { now: T0 };
    const dead = await instance(url, clock);
    const alive = await instance(url, clock);
    // The dead instance leased every feed, then never wrote.
    const ids = [...(await dead.store.addFeeds(FEEDS)).values()];
    expect(await dead.store.claim(ids, clock.now, LEASE_MS, "dead")).toHaveLength(FEEDS.length);
    clock.now += LEASE_MS - 1_000;
    await alive.engine.refreshDue();
    expect(alive.fetch).not.toHaveBeenCalled();
    clock.now += 1_000;
    await alive.engine.refreshDue();
    expect(alive.fetch).toHaveBeenCalledTimes(FEEDS.length);
  });

  it("keep the feeds whose refresh outlasts its lease: renewed, no other instance fetches them", async () => {
    const url = postgres.createDatabase();
    const clock = { now: T0 };
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow = await instance(url, clock, async (feed) => {
      await answered;
      return rss(`Story of ${feed}`);
    });
    const other = await instance(url, clock);
    const refreshing = slow.engine.refreshDue();
    try {
      await vi.waitFor(() => expect(slow.fetch).toHaveBeenCalledTimes(FEEDS.length));
      // A lease and a half with the answers still to come, renewed every half lease here.
      for (let i = 0; i < 3; i++) {
        clock.now += LEASE_MS / 2;
        await slow.engine.renewLeases();
        await other.engine.refreshDue();
      }
      expect(other.fetch).not.toHaveBeenCalled();
    } finally {
      answer();
    }
    await refreshing;
    // Written: no lease is left held, and nothing is renewed any more.
    await slow.engine.renewLeases();
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM feeds
      WHERE lease_until IS NOT NULL`.execute(slow.db.db);
    expect(rows[0]?.n).toBe(0);
  });

  it("learn by notification that another refreshed a feed: its stories and its version move", async () => {
    const url = postgres.createDatabase();
    const clock = { now: T0 };
    let title = "Levee repairs begin";
    const writer = await instance(url, clock, () => rss(title));
    const reader = await instance(url, clock, () => rss(title));
    await writer.engine.refreshDue();
    await reader.engine.syncFromStore();
    expect(await titles(reader.city, "local")).toEqual(["Levee repairs begin"]);
    const before = reader.city.version("local");
    await listen(url, reader.engine);
    title = "Levee repairs finish early";
    clock.now += REFRESH_MS * 2;
    await writer.engine.refreshDue();
    // The new story first (the old one stays stored, below it).
    await vi.waitFor(async () =>
      expect((await titles(reader.city, "local"))[0]).toBe("Levee repairs finish early"),
    );
    expect(reader.city.version("local")).toBeGreaterThan(before);
    // The reader fetched nothing itself: it read what the writer stored.
    expect(reader.fetch).not.toHaveBeenCalled();
  });

  it("catch up without notifications by reading the feeds' state (syncFromStore)", async () => {
    const url = postgres.createDatabase();
    const clock = { now: T0 };
    const writer = await instance(url, clock, () => rss("Ferry fares rise"));
    const reader = await instance(url, clock);
    expect((await reader.city.getCategory("local")).state).toBe("loading");
    await writer.engine.refreshDue();
    await reader.engine.syncFromStore();
    expect(await reader.city.getCategory("local")).toMatchObject({ state: "ready" });
    expect(await titles(reader.city, "local")).toEqual(["Ferry fares rise"]);
  });

  it("connect again after losing the notifications' connection, and read what they missed", async () => {
    const url = postgres.createDatabase();
    const clock = { now: T0 };
    let title = "Storm season outlook";
    const writer = await instance(url, clock, () => rss(title));
    const reader = await instance(url, clock, () => rss(title));
    await writer.engine.refreshDue();
    const { listener, reconnected } = await listen(url, reader.engine);
    await vi.waitFor(async () =>
      expect(await titles(reader.city, "world")).toContain("Storm season outlook"),
    );
    // The database ends the listener's session (a restart, a failover, an idle timeout).
    const admin = await openPostgres(
      postgres.adminUrl.replace(/\/postgres$/, `/${new URL(url).pathname.slice(1)}`),
      { poolSize: 1 },
    );
    closing.push(() => admin.close());
    title = "Storm season outlook revised";
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'city-news listener'`.execute(admin.db);
    clock.now += REFRESH_MS * 2;
    await writer.engine.refreshDue();
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalled(), { timeout: 5_000 });
    await vi.waitFor(async () =>
      expect(await titles(reader.city, "world")).toContain("Storm season outlook revised"),
    );
    expect(listener.listening).toBe(true);
  });
});
