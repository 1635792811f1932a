import { describe, expect, it } from "vitest";
import type { FeedKey } from "../../sites/categories";
import type { CategoryNews, NewsReader } from "../news/engine";
import { NewsWatch, type NewsChange } from "./news";

/** A city's news that a test changes: each category's story ids, and its version. */
function changingNews() {
  const ids = new Map<FeedKey, number[]>();
  const versions = new Map<FeedKey, number>();
  const reader = {
    version: (key: FeedKey) => versions.get(key) ?? 0,
    getCategory: async (key: FeedKey) =>
      ({ articles: (ids.get(key) ?? []).map((id) => ({ id })) }) as unknown as CategoryNews,
  } as NewsReader;
  const set = (key: FeedKey, list: number[]) => {
    ids.set(key, list);
    versions.set(key, (versions.get(key) ?? 0) + 1);
  };
  return { reader, set };
}

describe("NewsWatch", () => {
  it("tells a watched city how many stories each changed category shows anew", async () => {
    const news = changingNews();
    news.set("local", [1, 2, 3]);
    const told: [string, NewsChange][] = [];
    const watch = new NewsWatch(
      () => news.reader,
      (city, change) => told.push([city, change]),
    );
    await watch.watch("fixtureville");
    news.set("local", [4, 5, 1, 2]);
    news.set("sports", [9]);
    await watch.changed();
    expect(told).toEqual([
      ["fixtureville", { category: "local", count: 2 }],
      ["fixtureville", { category: "sports", count: 1 }],
    ]);
  });

  it("tells nothing of a category that only lost or reordered stories, nor of a city no page watches", async () => {
    const news = changingNews();
    news.set("local", [1, 2, 3]);
    const told: string[] = [];
    const watch = new NewsWatch(
      () => news.reader,
      (city) => told.push(city),
    );
    await watch.changed();
    await watch.watch("fixtureville");
    news.set("local", [3, 1]);
    await watch.changed();
    expect(told).toEqual([]);
  });

  it("tells of each new story once, however many changes arrive while it reads", async () => {
    const news = changingNews();
    const told: NewsChange[] = [];
    const watch = new NewsWatch(
      () => news.reader,
      (_city, change) => told.push(change),
    );
    await watch.watch("fixtureville");
    news.set("world", [7]);
    await Promise.all([watch.changed(), watch.changed(), watch.changed()]);
    await watch.changed();
    expect(told).toEqual([{ category: "world", count: 1 }]);
  });

  it("reads one city a turn of the event loop: a request is answered between two cities", async () => {
    // Every city's news unchanged but its version: nothing to read but the versions, which a
    // loop would go through for 3,000 cities in one run of the thread.
    const cities = Array.from({ length: 50 }, (_, i) => `city-${i}`);
    const versions = new Map<string, number>();
    const seen: string[] = [];
    const reader = (city: string) =>
      ({
        version: () => {
          if (!seen.includes(city)) seen.push(city);
          return versions.get(city) ?? 0;
        },
        getCategory: async () => ({ articles: [] }) as unknown as CategoryNews,
      }) as unknown as NewsReader;
    const watch = new NewsWatch(reader, () => undefined);
    for (const city of cities) await watch.watch(city);
    seen.length = 0;
    // Something the thread must also do, asked for as the reading starts.
    let turnSeenAt = -1;
    setImmediate(() => (turnSeenAt = seen.length));
    await watch.changed();
    expect(seen).toHaveLength(cities.length);
    // It ran after the first city and long before the last.
    expect(turnSeenAt).toBeGreaterThanOrEqual(0);
    expect(turnSeenAt).toBeLessThan(cities.length);
  });
});
