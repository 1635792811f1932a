import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { openDatabase, type Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import type { Article } from "./normalize";
import { story as storyAt } from "../../tests/support/stories";
import { NewsStore } from "./store";

// The news store's writes and reads, the same on both databases.

let postgres: TestPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

const T0 = Date.parse("2026-11-25T12:00:00Z");

/** An article of the feeds' parse, published at T0 unless `extra` says otherwise. */
const story = (uid: string, title: string, extra: Partial<Article> = {}): Article =>
  storyAt(uid, title, T0, extra);

describe.each(["sqlite", "postgres"] as const)("NewsStore on %s", (dialect) => {
  async function open(): Promise<Store> {
    const store =
      dialect === "postgres"
        ? await openPostgres((postgres as TestPostgres).createDatabase(), { poolSize: 2 })
        : await openDatabase(":memory:");
    stores.push(store);
    return store;
  }

  async function fresh(): Promise<NewsStore> {
    return new NewsStore(await open());
  }

  const success = (articles: Article[], now = T0) => ({
    articles,
    etag: null,
    lastModified: null,
    now,
    nextAttempt: now + 600_000,
  });

  it("stores an item a feed lists twice once, where the feed lists it last", async () => {
    const store = await fresh();
    const id = (await store.addFeeds(["https://a.example/f"])).get("https://a.example/f") ?? -1;
    await store.recordSuccess(
      id,
      success([
        story("x", "First copy", { publishedAt: T0 - 1 }),
        story("y", "Other"),
        story("x", "Second copy", { publishedAt: T0 - 1 }),
      ]),
    );
    const newest = await store.newest({ id, url: "https://a.example/f", title: null }, 15);
    expect(newest.map((a) => [a.uid, a.title, a.position])).toEqual([
      ["y", "Other", 1],
      ["x", "Second copy", 2],
    ]);
    expect(await store.countArticles(id)).toBe(2);
  });

  it("keeps a clamped date where it was first clamped, and takes a later real date", async () => {
    const store = await fresh();
    const id = (await store.addFeeds(["https://a.example/f"])).get("https://a.example/f") ?? -1;
    const feed = { id, url: "https://a.example/f", title: null };
    await store.recordSuccess(id, success([story("x", "Ahead", { claimedAt: T0 + 9e7 })]));
    await store.recordSuccess(
      id,
      success(
        [story("x", "Ahead", { publishedAt: T0 + 60_000, claimedAt: T0 + 9e7 })],
        T0 + 60_000,
      ),
    );
    expect((await store.newest(feed, 15))[0]?.publishedAt).toBe(T0);
    await store.recordSuccess(id, success([story("x", "Ahead", { publishedAt: T0 - 5 })]));
    expect((await store.newest(feed, 15))[0]?.publishedAt).toBe(T0 - 5);
  });

  it("reads several feeds' newest at once as each feed's own read would", async () => {
    const store = await fresh();
    const urls = ["https://a.example/1", "https://a.example/2", "https://a.example/3"];
    const ids = await store.addFeeds(urls);
    for (const [n, url] of urls.entries()) {
      await store.recordSuccess(
        ids.get(url) ?? -1,
        success(
          Array.from({ length: 20 }, (_, i) =>
            story(`${n}-${i}`, `Story ${n}.${i}`, { publishedAt: i % 4 === 0 ? null : T0 - i }),
          ),
        ),
      );
    }
    // The first feed has a title; the others credit their host.
    const feeds = urls.map((url, n) => ({
      id: ids.get(url) ?? -1,
      url,
      title: n === 0 ? "The Example Times" : null,
    }));
    const together = await store.newestOfFeeds(feeds, 15);
    for (const feed of feeds) {
      expect(together.get(feed.id)).toEqual(await store.newest(feed, 15));
      expect(together.get(feed.id)).toHaveLength(15);
    }
    expect(together.get(feeds[0]?.id ?? -1)?.[0]?.source).toBe("The Example Times");
    expect(together.get(feeds[1]?.id ?? -1)?.[0]?.source).toBe("a.example");
    expect(await store.newestOfFeeds([], 15)).toEqual(new Map());
  });

  it("keeps a story's authors and categories, reads them back every way, and takes a refetch's", async () => {
    const store = await fresh();
    const url = "https://a.example/f";
    const id = (await store.addFeeds([url])).get(url) ?? -1;
    const feed = { id, url, title: "Metro" };
    await store.recordSuccess(
      id,
      success([
        story("x", "Hiring freeze at City Hall leaves 300 posts empty", {
          authors: ["Ana Pérez", "Sam Lee"],
          categories: ["City Hall", "Politics"],
        }),
        story("y", "Unsigned", { publishedAt: T0 - 1 }),
      ]),
    );
    const read = (articles: readonly { authors?: string[]; categories?: string[] }[]) =>
      articles.map((a) => [a.authors, a.categories]);
    const expected = [
      [
        ["Ana Pérez", "Sam Lee"],
        ["City Hall", "Politics"],
      ],
      [undefined, undefined],
    ];
    expect(read(await store.newest(feed, 15))).toEqual(expected);
    expect(read((await store.newestOfFeeds([feed], 15)).get(id) ?? [])).toEqual(expected);
    const ids = (await store.newest(feed, 15)).map((a) => a.id);
    const byId = new Map((await store.articles(ids)).map((a) => [a.uid, a]));
    expect(read(["x", "y"].map((uid) => byId.get(uid) ?? {}))).toEqual(expected);
    // A refetch says what the feed says now: no author any more.
    await store.recordSuccess(
      id,
      success([story("x", "Hiring freeze at City Hall leaves 300 posts empty")]),
    );
    expect((await store.newest(feed, 15)).find((a) => a.uid === "x")?.authors).toBeUndefined();
  });
  describe("a refresh's write ends its own lease, never another instance's", () => {
    const LEASE = 3_000;
    const URL = "https://a.example/f";

    /**
     * Instance A leased the feed; its lease ran out while it still stored its refresh, and B
     * claimed the feed again: A's late write comes after B's claim.
     */
    async function overtaken(): Promise<{ a: NewsStore; b: NewsStore; id: number }> {
      const db = await open();
      const a = new NewsStore(db, "instance-a");
      const b = new NewsStore(db, "instance-b");
      const id = (await a.addFeeds([URL])).get(URL) ?? -1;
      expect(await a.claim([id], T0, LEASE, a.instance)).toEqual([id]);
      expect(await b.claim([id], T0 + LEASE, LEASE, b.instance)).toEqual([id]);
      return { a, b, id };
    }

    const lease = async (store: NewsStore, id: number) => {
      const row = await store.feed(id);
      return [row?.leaseUntil ?? null, row?.leaseOwner ?? null];
    };

    const writes = {
      success: (s: NewsStore, id: number) => s.recordSuccess(id, success([story("x", "X")])),
      "not modified": (s: NewsStore, id: number) => s.recordNotModified(id, T0, T0 + 600_000),
      failure: (s: NewsStore, id: number) => s.recordFailure(id, "HTTP 503", T0, T0 + 60_000),
    };

    it.each(Object.keys(writes) as (keyof typeof writes)[])(
      "a late %s leaves the lease of the instance that holds it now",
      async (kind) => {
        const { a, b, id } = await overtaken();
        await writes[kind](a, id);
        expect(await lease(a, id)).toEqual([T0 + 2 * LEASE, "instance-b"]);
        // Still held: nobody else may take it before B's lease runs out...
        expect(await a.claim([id], T0 + LEASE + 1, LEASE, a.instance)).toEqual([]);
        // ...and B's own write ends it.
        await writes[kind](b, id);
        expect(await lease(b, id)).toEqual([null, null]);
      },
    );

    it("the holder's own write ends its lease", async () => {
      const db = await open();
      const a = new NewsStore(db, "instance-a");
      const id = (await a.addFeeds([URL])).get(URL) ?? -1;
      await a.claim([id], T0, LEASE, a.instance);
      expect(await lease(a, id)).toEqual([T0 + LEASE, "instance-a"]);
      await writes.success(a, id);
      expect(await lease(a, id)).toEqual([null, null]);
    });
  });
});
