import { describe, expect, it } from "vitest";
import type { FeedItem } from "./news-feed-list";
import { articlesQuery, feedDepth, mergeHeadlines } from "./news-feed-refresh";

describe("a news feed block's refresh (mergeHeadlines)", () => {
  const item = (id: string, minutesAgo: number | null): FeedItem => ({
    id,
    title: `Headline ${id}`,
    url: `https://news.example/${id}`,
    source: "Example",
    date:
      minutesAgo === null
        ? null
        : new Date(Date.UTC(2026, 10, 25, 12) - minutesAgo * 60_000).toISOString(),
  });

  it("adds the newer headlines the page does not show to those it listed, newest first", () => {
    const shown = ["page", item("page", 0).url];
    const got = [item("page", 0), item("new", 1)];
    const had = [item("old1", 30), item("old2", 60)];
    expect(mergeHeadlines(got, had, shown, 3).map((i) => i.id)).toEqual(["new", "old1", "old2"]);
  });

  it("passes over a story the page shows under another id, by its link", () => {
    const shown = [item("page", 0).url];
    expect(mergeHeadlines([{ ...item("page", 0), id: "other" }], [], shown, 3)).toEqual([]);
  });

  it("lists a headline it had and got again once", () => {
    expect(
      mergeHeadlines([item("a", 5)], [item("a", 5), item("b", null)], [], 8).map((i) => i.id),
    ).toEqual(["a", "b"]);
  });
});

describe("how far a News Feed's refresh looks (feedDepth, articlesQuery)", () => {
  it("reaches the last headline it lists, among its categories' stories newest first", () => {
    const all = [{ id: 7 }, { id: 3 }, { id: 9 }, { id: 4 }, { id: 1 }];
    expect(feedDepth(all, [{ id: "9" }, { id: "4" }])).toBe(4);
    expect(feedDepth(all, [{ id: "7" }])).toBe(1);
    // Listing nothing, it asks as the API answers by default.
    expect(feedDepth(all, [])).toBeUndefined();
    // One not among them (it cannot be, but): all of them.
    expect(feedDepth(all, [{ id: "8" }])).toBe(5);
  });

  it("asks for that many, within the API's 1 to 100", () => {
    expect(articlesQuery(["local"])).toBe("/api/articles?category=local");
    expect(articlesQuery(["local", "sports"], 28)).toBe(
      "/api/articles?category=local&category=sports&limit=28",
    );
    expect(articlesQuery(["local"], 250)).toBe("/api/articles?category=local&limit=100");
    expect(articlesQuery(["local"], 0)).toBe("/api/articles?category=local&limit=1");
    expect(articlesQuery(["local"], Number.NaN)).toBe("/api/articles?category=local");
  });
});
