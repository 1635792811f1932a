import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/open";
import { NO_FEEDS, describeFeeds, formatFeeds, relative, type ListedFeed } from "./feed-report";
import { NewsStore } from "./store";

const NOW = Date.parse("2026-11-23T12:00:00Z");

/** The feeds the tests' city lists, by category. */
const LISTED: ListedFeed[] = [
  { key: "world", url: "https://a.example/world.xml" },
  { key: "local", url: "https://b.example/local.xml" },
  { key: "local", url: "https://c.example/new.xml" },
];

async function storeWithFeeds() {
  const store = new NewsStore(await openDatabase(":memory:"));
  const ids = await store.addFeeds(LISTED.map((f) => f.url));
  const [world, local] = [ids.get(LISTED[0]?.url ?? ""), ids.get(LISTED[1]?.url ?? "")];
  await store.recordSuccess(world ?? -1, {
    articles: [
      {
        uid: "1",
        title: "A",
        summary: "",
        url: "https://a.example/1",
        image: "/i.svg",
        imageIsDefault: true,
        publishedAt: NOW - 3_600_000,
        claimedAt: null,
        category: "world",
        language: null,
      },
    ],
    etag: null,
    lastModified: null,
    now: NOW - 120_000,
    nextAttempt: NOW + 480_000,
  });
  await store.recordFailure(local ?? -1, "HTTP 503", NOW - 60_000, NOW + 60_000);
  await store.recordFailure(local ?? -1, "Timed out after 10 s", NOW - 30_000, NOW + 120_000);
  return store;
}

describe("describeFeeds", () => {
  it("gives each feed's state, last success and error, failures in a row, next attempt and items", async () => {
    const feeds = await describeFeeds(await storeWithFeeds(), LISTED);
    expect(feeds.map((f) => [f.key, f.state, f.consecutiveFailures, f.itemsStored])).toEqual([
      ["local", "failing", 2, 0],
      ["local", "new", 0, 0],
      ["world", "ok", 0, 1],
    ]);
    expect(feeds[0]).toMatchObject({
      lastError: "Timed out after 10 s",
      lastSuccess: null,
      nextAttempt: NOW + 120_000,
    });
    expect(feeds[2]).toMatchObject({ lastSuccess: NOW - 120_000, nextAttempt: NOW + 480_000 });
  });

  it("reports only the feeds listed, one never stored as new", async () => {
    const store = await storeWithFeeds();
    const feeds = await describeFeeds(store, [
      { key: "world", url: "https://a.example/world.xml" },
      { key: "sports", url: "https://d.example/never-stored.xml" },
    ]);
    expect(feeds).toEqual([
      {
        key: "sports",
        url: "https://d.example/never-stored.xml",
        state: "new",
        lastAttempt: null,
        lastSuccess: null,
        lastError: null,
        consecutiveFailures: 0,
        nextAttempt: null,
        itemsStored: 0,
      },
      expect.objectContaining({ key: "world", state: "ok", itemsStored: 1 }),
    ]);
    expect((await store.feeds()).map((f) => f.url)).not.toContain(
      "https://d.example/never-stored.xml",
    );
  });

  it("gives a feed listed twice (two categories, two cities) the one state stored for its URL", async () => {
    const url = "https://b.example/local.xml";
    const feeds = await describeFeeds(await storeWithFeeds(), [
      { key: "local", url },
      { key: "politics", url },
    ]);
    expect(feeds.map((f) => [f.key, f.state, f.lastError, f.consecutiveFailures])).toEqual([
      ["local", "failing", "Timed out after 10 s", 2],
      ["politics", "failing", "Timed out after 10 s", 2],
    ]);
  });
});

describe("formatFeeds", () => {
  const plain = { paint: (_s: string, t: string) => t, escape: (t: string) => t };

  it("prints a block per feed and a summary that counts the failing", async () => {
    const text = formatFeeds(await describeFeeds(await storeWithFeeds(), LISTED), NOW, plain);
    expect(text).toContain("local  FAILING  https://b.example/local.xml");
    expect(text).toContain("  last error    Timed out after 10 s (2 in a row)");
    expect(text).toContain("  last success  2026-11-23T11:58:00.000Z (2 min ago)");
    expect(text).toContain("  next attempt  2026-11-23T12:08:00.000Z (in 8 min)");
    expect(text).toContain("  items stored  1");
    expect(text.trimEnd().split("\n").at(-1)).toBe("3 feeds: 2 ok or new, 1 failing");
  });

  it("colours states through paint and passes remote text through escape", async () => {
    const feeds = await describeFeeds(await storeWithFeeds(), LISTED);
    const text = formatFeeds(feeds, NOW, {
      paint: (style, t) => `<${style}>${t}</${style}>`,
      escape: (t) => t.toUpperCase(),
    });
    expect(text).toContain("<red>FAILING</red>");
    expect(text).toContain("<green>ok</green>");
    expect(text).toContain("<yellow>new</yellow>");
    expect(text).toContain("<red>TIMED OUT AFTER 10 S</red>");
  });

  it("says so when no feed is configured", async () => {
    expect(formatFeeds([], NOW, plain)).toBe(
      "No feeds configured: the cities served (and FEEDS_FILE) list none, so every news page stays empty.\n",
    );
    expect(formatFeeds(await describeFeeds(await storeWithFeeds(), []), NOW, plain)).toBe(
      `${NO_FEEDS}\n`,
    );
  });
});

describe("relative", () => {
  it.each([
    [NOW + 40_000, "in 40 s"],
    [NOW - 5 * 60_000, "5 min ago"],
    [NOW + 3 * 3_600_000, "in 3 h"],
    [NOW - 3 * 86_400_000, "3 d ago"],
  ])("%i reads %s", (time, text) => {
    expect(relative(time, NOW)).toBe(text);
  });
});
