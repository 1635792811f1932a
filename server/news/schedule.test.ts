import { describe, expect, it } from "vitest";
import { WEEK_MS, feedInterval } from "./schedule";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const MIN = 5 * 60_000;
const MAX = 86_400_000;
const hoursAgo = (h: number) => NOW - h * 3600_000;

describe("a feed's interval", () => {
  it("is a week divided by the items of the last week, within the shortest and longest", () => {
    // 7 a week: once a day.
    const daily = Array.from({ length: 7 }, (_, i) => hoursAgo(24 * i + 1));
    expect(feedInterval({ published: daily, now: NOW, minMs: MIN, maxMs: MAX })).toBe(WEEK_MS / 7);
    // 168 a week: hourly.
    const hourly = Array.from({ length: 168 }, (_, i) => hoursAgo(i + 0.5));
    expect(feedInterval({ published: hourly, now: NOW, minMs: MIN, maxMs: MAX })).toBe(3600_000);
    // Thousands a week: never sooner than the shortest.
    const busy = Array.from({ length: 5000 }, (_, i) => NOW - i * 60_000);
    expect(feedInterval({ published: busy, now: NOW, minMs: MIN, maxMs: MAX })).toBe(MIN);
  });

  it("is the longest for a feed with nothing this week, and the shortest for an undated one", () => {
    const stale = [Date.parse("2017-01-01T00:00:00Z")];
    expect(feedInterval({ published: stale, now: NOW, minMs: MIN, maxMs: MAX })).toBe(MAX);
    expect(feedInterval({ published: [null, null], now: NOW, minMs: MIN, maxMs: MAX })).toBe(MIN);
  });

  it("ignores dates ahead of now", () => {
    const ahead = Array.from({ length: 100 }, () => NOW + 3600_000);
    expect(feedInterval({ published: ahead, now: NOW, minMs: MIN, maxMs: MAX })).toBe(MAX);
  });

  it("is never sooner than the feed's <ttl> or its answer's freshness, capped at the longest", () => {
    const hourly = Array.from({ length: 168 }, (_, i) => hoursAgo(i + 0.5));
    const base = { published: hourly, now: NOW, minMs: MIN, maxMs: MAX };
    expect(feedInterval({ ...base, ttlMinutes: 180 })).toBe(3 * 3600_000);
    expect(feedInterval({ ...base, freshForMs: 2 * 3600_000 })).toBe(2 * 3600_000);
    expect(feedInterval({ ...base, freshForMs: 30 * 86_400_000 })).toBe(MAX);
    // A shorter one than the pace changes nothing.
    expect(feedInterval({ ...base, ttlMinutes: 1 })).toBe(3600_000);
  });

  it("keeps the shortest when the longest is set below it", () => {
    expect(feedInterval({ published: [], now: NOW, minMs: MIN, maxMs: 1000 })).toBe(MIN);
  });
});
