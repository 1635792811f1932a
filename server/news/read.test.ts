import { describe, expect, it } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import { newestEntries, readFeed } from "./read";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const WHEN = { now: NOW, timeZone: "America/Chicago" };

describe("newestEntries", () => {
  const entries = [
    { id: "undated-1" },
    { id: "old", date: "Mon, 02 Jan 2023 10:00:00 GMT" },
    { id: "newest", date: "2026-11-20T10:00:00Z" },
    { id: "unreadable", date: "sometime" },
    { id: "middle", date: "Sun, 01 Jun 2025 08:00:00 +0000" },
  ];

  it("orders by date, newest first, undated after dated in feed order", () => {
    expect(newestEntries(entries, 15, WHEN).map((e) => e.id)).toEqual([
      "newest",
      "middle",
      "old",
      "undated-1",
      "unreadable",
    ]);
  });

  it("reads a date without a zone in the site's zone, and sorts a far-future one as now", () => {
    const mixed = [
      { id: "chicago-noon", date: "2026-11-20 12:00:00" }, // 18:00 UTC
      { id: "utc-15h", date: "2026-11-20T15:00:00Z" },
      { id: "future", date: "2099-01-01T00:00:00Z" },
    ];
    expect(newestEntries(mixed, 15, WHEN).map((e) => e.id)).toEqual([
      "future",
      "chicago-noon",
      "utc-15h",
    ]);
  });

  it("keeps at most `limit` entries", () => {
    expect(newestEntries(entries, 2, WHEN).map((e) => e.id)).toEqual(["newest", "middle"]);
  });
});

describe("readFeed", () => {
  it("normalizes the newest 15 entries and counts them all", () => {
    const { articles, itemCount } = readFeed(readFixture("giantbomb-podcast.rss.xml"), null, {
      key: "local",
      feedUrl: "https://feeds.example.org/feed.xml",
      defaultImage: "/d.svg",
      ...WHEN,
    });
    expect(itemCount).toBe(730);
    expect(articles).toHaveLength(15);
    const dates = articles.map((a) => a.publishedAt ?? 0);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });
});
