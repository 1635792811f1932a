import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchedFeed, rssDocument, type RssItem } from "../../../tests/support/rss";
import { openDatabase, type Store } from "../../db/open";
import { NewsEngine } from "../engine";
import type { FetchResult } from "../fetcher";
import { Subscriptions } from "../subscriptions";
import { NewsStore } from "../store";

const CITY = "test";
const URL_ = "https://a.example/w";
const T0 = Date.parse("2026-11-22T12:00:00Z");
const REFRESH_MS = 600_000;

const dbs: Store[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close()));
});

/** A small seeded random (mulberry32), so that a failing sequence can be run again. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An engine over one city listing one feed, answered by `answer`, on `store`. */
function open(store: NewsStore, clock: { now: number }, answer: () => FetchResult) {
  return NewsEngine.open({
    store,
    subscriptions: Subscriptions.of(CITY, "UTC", { world: [URL_] }),
    log: { info: () => {}, warn: () => {}, error: () => {} },
    userAgent: "test",
    defaultImage: "/d.svg",
    refreshMs: REFRESH_MS,
    maxRefreshMs: REFRESH_MS,
    now: () => clock.now,
    random: () => 0.5,
    fetch: vi.fn(async () => answer()),
  });
}

/** A fetch of a random feed: some of 40 stories (a few paid posts), dated or not, moved or not. */
function randomAnswer(random: () => number, clock: { now: number }): FetchResult {
  const roll = random();
  if (roll < 0.1) return { kind: "error", reason: "HTTP 500" };
  if (roll < 0.2) return { kind: "not-modified" };
  const items: RssItem[] = [];
  for (let i = 0; i < 40; i++) {
    if (random() > 0.4) continue;
    const title = i % 7 === 0 ? `Sponsored: Offer ${i}` : `Story ${i}`;
    const dated = random() > 0.15;
    // Dates in the past (a future one is clamped to the fetch time), some moving between fetches.
    const date = dated ? clock.now - Math.floor(random() * 48) * 3600_000 : undefined;
    items.push({ title, date });
  }
  const title = random() < 0.1 ? `Channel ${Math.floor(random() * 3)}` : "Channel";
  return fetchedFeed(rssDocument({ title, items }), URL_);
}

describe("a feed's snapshot after a refresh (engine/snapshots.ts)", () => {
  it.each([1, 2, 3, 4, 5])(
    "is what a read of the store gives, without reading back what was written (seed %i)",
    async (seed) => {
      const db = await openDatabase(":memory:");
      dbs.push(db);
      const store = new NewsStore(db);
      const clock = { now: T0 };
      const random = seeded(seed);
      const engine = await open(store, clock, () => randomAnswer(random, clock));
      const city = engine.city(CITY);
      await engine.refreshDue();
      await city.getCategory("world");
      for (let round = 0; round < 40; round++) {
        clock.now += REFRESH_MS * 2;
        await engine.refreshDue();
        const fresh = await open(store, clock, () => ({ kind: "not-modified" }));
        const read = await fresh.city(CITY).getCategory("world");
        expect((await city.getCategory("world")).articles).toEqual(read.articles);
      }
    },
  );
});

describe("a refresh's write taken in (engine/snapshots.ts takeStored)", () => {
  it("takes a refresh's write in from memory: neither the feed nor its newest are read again", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const clock = { now: T0 };
    let items: RssItem[] = [{ title: "One", date: T0 - 3600_000 }];
    const engine = await open(store, clock, () =>
      fetchedFeed(rssDocument({ title: "Channel", items }), URL_),
    );
    await engine.refreshDue();
    expect((await engine.getCategory(CITY, "world")).articles.map((a) => a.title)).toEqual(["One"]);
    const newest = vi.spyOn(store, "newest");
    const newestOfFeeds = vi.spyOn(store, "newestOfFeeds");
    const feed = vi.spyOn(store, "feed");
    const version = engine.version(CITY, "world");
    items = [{ title: "Two", date: T0 }, ...items];
    clock.now += REFRESH_MS * 2;
    await engine.refreshDue();
    expect((await engine.getCategory(CITY, "world")).articles.map((a) => a.title)).toEqual([
      "Two",
      "One",
    ]);
    expect(engine.version(CITY, "world")).toBe(version + 1);
    expect(newest).not.toHaveBeenCalled();
    expect(newestOfFeeds).not.toHaveBeenCalled();
    expect(feed).not.toHaveBeenCalled();
  });

  it("reads the store when memory cannot tell: a story written further down, one beyond the snapshot rising", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const clock = { now: T0 };
    // Sixteen stories: the snapshot holds the newest fifteen; the sixteenth is stored beyond it.
    let items: RssItem[] = Array.from({ length: 16 }, (_, i) => ({
      title: `Story ${i}`,
      date: T0 - (i + 1) * 3600_000,
    }));
    const engine = await open(store, clock, () => fetchedFeed(rssDocument({ items }), URL_));
    await engine.refreshDue();
    expect((await engine.getCategory(CITY, "world")).articles).toHaveLength(15);
    // The newest story, listed again alone, now dated before all the others.
    items = [{ title: "Story 0", date: T0 - 100 * 3600_000 }];
    const newest = vi.spyOn(store, "newest");
    clock.now += REFRESH_MS * 2;
    await engine.refreshDue();
    expect(newest).toHaveBeenCalledTimes(1);
    // The story written down is out (the sixteenth came in: a read's newest fifteen).
    const titles = (await engine.getCategory(CITY, "world")).articles.map((a) => a.title);
    expect(titles).not.toContain("Story 0");
    const fresh = await open(store, clock, () => ({ kind: "not-modified" }));
    expect((await fresh.getCategory(CITY, "world")).articles.map((a) => a.title)).toEqual(titles);
  });
});

describe("after a lost connection to the other instances' announcements", () => {
  it("reads every feed's newest again: a write merged in the gap missed another instance's", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const clock = { now: T0 };
    const one = { title: "One", date: T0 - 3 * 3600_000 };
    const two = { title: "Two", date: T0 - 2 * 3600_000 };
    const three = { title: "Three", date: T0 - 3600_000 };
    let items: RssItem[] = [one];
    const answer = () => fetchedFeed(rssDocument({ title: "Channel", items }), URL_);
    const here = await open(store, clock, answer);
    const there = await open(store, clock, answer);
    await here.refreshDue();
    expect((await here.getCategory(CITY, "world")).articles.map((a) => a.title)).toEqual(["One"]);
    // Another instance stores Two while this one hears nothing of it (its connection is down).
    items = [two, one];
    clock.now += REFRESH_MS * 2;
    await there.refreshDue();
    // By this one's own refresh the publisher has dropped Two: it writes Three and One, and the
    // store's newest are Three, Two and One.
    items = [three, one];
    clock.now += REFRESH_MS * 2;
    await here.refreshDue();
    await here.syncFromStore({ everyFeed: true });
    const shown = (await here.getCategory(CITY, "world")).articles.map((a) => a.title);
    expect(shown).toEqual(["Three", "Two", "One"]);
    const fresh = await open(store, clock, () => ({ kind: "not-modified" }));
    expect((await fresh.getCategory(CITY, "world")).articles.map((a) => a.title)).toEqual(shown);
  });
});
