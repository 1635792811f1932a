import { describe, expect, it, vi } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import type * as Dates from "./dates";
import { readFeed } from "./read";

// Every call of readFeedDate, counted: readFeed must read each entry's date once (issue 56:
// "dates read once"), not once to choose the newest and again to normalize them.
const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock("./dates", async (importOriginal) => {
  const dates = await importOriginal<typeof Dates>();
  return {
    ...dates,
    readFeedDate: (...args: Parameters<typeof dates.readFeedDate>) => {
      calls.count += 1;
      return dates.readFeedDate(...args);
    },
  };
});

describe("readFeed", () => {
  it("reads each entry's date once, for the sort and the article alike", () => {
    const body = readFixture("nyt-homepage.rss.xml");
    const options = {
      key: "local" as const,
      feedUrl: "https://rss.example/nyt.xml",
      defaultImage: "/default.png",
      now: Date.parse("2026-11-22T12:00:00Z"),
      timeZone: "America/Chicago",
    };
    calls.count = 0;
    const { articles, itemCount } = readFeed(body, "application/rss+xml", options);
    expect(itemCount).toBeGreaterThan(articles.length);
    expect(articles.length).toBeGreaterThan(0);
    expect(calls.count).toBe(itemCount);
    expect(articles.every((a) => typeof a.publishedAt === "number")).toBe(true);
  });
});
