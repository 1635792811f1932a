import { describe, expect, it } from "vitest";
import { FUTURE_TOLERANCE_MS, parseFeedDate, readFeedDate, wallTimeIn } from "./dates";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const CHICAGO = "America/Chicago";

describe("parseFeedDate", () => {
  it.each([
    ["Sat, 07 Jan 2017 01:49:31 GMT", "2017-01-07T01:49:31Z"],
    ["Tue, 21 Aug 2012 11:33:00 EST", "2012-08-21T16:33:00Z"],
    ["Fri, 17 May 2019 06:00:00 BST", "2019-05-17T05:00:00Z"],
    ["Tue, 01 Oct 2019 15:30:00 PST", "2019-10-01T23:30:00Z"],
    ["2023-05-29T00:34:27Z", "2023-05-29T00:34:27Z"],
    ["2017-11-08T18:15:58-05:00", "2017-11-08T23:15:58Z"],
    ["Seg, 24 Set 2018 19:42:40 -0300", "2018-09-24T22:42:40Z"],
    ["  Wed, 29 May 2019 15:46:00 +0530 ", "2019-05-29T10:16:00Z"],
    ["Sat, 16 Dec 2023 14:02:33 +0000 (UTC)", "2023-12-16T14:02:33Z"],
  ])("reads %s, which names its zone", (input, iso) => {
    expect(parseFeedDate(input, CHICAGO)).toBe(Date.parse(iso));
    // Whatever the site's zone: the date names its own.
    expect(parseFeedDate(input, "Asia/Tokyo")).toBe(Date.parse(iso));
  });

  it.each([
    // CST (UTC-6) in winter, CDT (UTC-5) in summer
    ["Sat, Dec 16 2023 02:02:33 PM", CHICAGO, "2023-12-16T20:02:33Z"],
    ["2020/1/10 14:26:00", CHICAGO, "2020-01-10T20:26:00Z"],
    ["2024-07-04T09:00:00", CHICAGO, "2024-07-04T14:00:00Z"],
    ["2024-07-04 09:00", CHICAGO, "2024-07-04T14:00:00Z"],
    ["Thu, 04 Jul 2024 09:00:00", CHICAGO, "2024-07-04T14:00:00Z"],
    // a wall time that does not exist (spring forward) moves on, as clocks do: 2:30 is 3:30 CDT
    ["2024-03-10T02:30:00", CHICAGO, "2024-03-10T08:30:00Z"],
    // one that exists twice (fall back) is the first of them (CDT)
    ["2024-11-03T01:30:00", CHICAGO, "2024-11-03T06:30:00Z"],
    ["2024-07-04T09:00:00", "Asia/Kathmandu", "2024-07-04T03:15:00Z"],
    ["2024-07-04T09:00:00", "UTC", "2024-07-04T09:00:00Z"],
  ])("reads %s, which names no zone, in the site's zone (%s)", (input, zone, iso) => {
    expect(parseFeedDate(input, zone)).toBe(Date.parse(iso));
  });

  it("places a wall time by the zone's offsets alone, whatever the process's zone (TZ)", () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    // Lord Howe's clocks fall back half an hour: 01:45 happens twice; the first is at +11:00.
    expect(wallTimeIn(wall("2024-04-07T01:45:00"), "Australia/Lord_Howe")).toBe(
      Date.parse("2024-04-06T14:45:00Z"),
    );
    // Spring forward in Chicago: 02:30 is skipped and read with the offset before the gap.
    expect(wallTimeIn(wall("2024-03-10T02:30:00"), CHICAGO)).toBe(
      Date.parse("2024-03-10T08:30:00Z"),
    );
    // A zone no one knows: the wall time as UTC, never the process's zone.
    expect(wallTimeIn(wall("2024-07-04T09:00:00"), "Mars/Olympus_Mons")).toBe(
      wall("2024-07-04T09:00:00"),
    );
  });

  it.each([undefined, "", "   ", "not a date", "32/13/2020", "Tomorrow"])(
    "gives null for %j",
    (input) => {
      expect(parseFeedDate(input, CHICAGO)).toBeNull();
    },
  );
});

describe("readFeedDate", () => {
  it("keeps a date up to a day ahead (clocks and zones differ)", () => {
    const soon = NOW + FUTURE_TOLERANCE_MS - 60_000;
    expect(readFeedDate(new Date(soon).toISOString(), { now: NOW, timeZone: CHICAGO })).toEqual({
      publishedAt: soon,
      claimedAt: null,
    });
  });

  it("clamps a date further ahead to the fetch time, and keeps what the feed claimed", () => {
    expect(readFeedDate("2099-01-01T00:00:00Z", { now: NOW, timeZone: CHICAGO })).toEqual({
      publishedAt: NOW,
      claimedAt: Date.parse("2099-01-01T00:00:00Z"),
    });
  });

  it("gives no date for an unreadable one", () => {
    expect(readFeedDate("soon", { now: NOW, timeZone: CHICAGO })).toEqual({
      publishedAt: null,
      claimedAt: null,
    });
  });
});
