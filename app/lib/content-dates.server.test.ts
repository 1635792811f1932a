import { describe, expect, it } from "vitest";
import { contentDates, toCityDateTime } from "./content-dates.server";

describe("toCityDateTime", () => {
  it.each([
    ["2026-07-04", "America/Chicago", "2026-07-04T00:00:00-05:00"],
    ["2026-12-01", "America/Chicago", "2026-12-01T00:00:00-06:00"],
    // The day daylight saving time ends (at 2:00): its midnight is still daylight time.
    ["2026-11-01", "America/Chicago", "2026-11-01T00:00:00-05:00"],
    ["2026-11-02", "Asia/Kathmandu", "2026-11-02T00:00:00+05:45"],
    ["2026-11-02", "UTC", "2026-11-02T00:00:00Z"],
  ])("starts %s at midnight in %s", (date, zone, expected) => {
    expect(toCityDateTime(date, zone)).toBe(expected);
  });

  it("writes a date-time with a zone as the same instant in the city's offset", () => {
    expect(toCityDateTime("2026-11-22T18:30:00Z", "America/Chicago")).toBe(
      "2026-11-22T12:30:00-06:00",
    );
  });

  it("refuses what is not a date", () => {
    expect(() => toCityDateTime("soon", "America/Chicago")).toThrow(RangeError);
  });
});

describe("contentDates", () => {
  it("dates a page by the newest of its content's dates", () => {
    expect(contentDates(["2026-10-15", "2026-11-12", "2026-11-02"], "America/Chicago")).toEqual({
      published: "2026-11-12T00:00:00-06:00",
      modified: "2026-11-12T00:00:00-06:00",
    });
  });

  it("gives no dates for content without one", () => {
    expect(contentDates([], "America/Chicago")).toBeNull();
  });
});
