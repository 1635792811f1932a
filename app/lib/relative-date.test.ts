import { describe, expect, it } from "vitest";
import { relativeDate } from "./relative-date";

const NOW = Date.parse("2026-11-22T18:00:00Z");
// The words are the locale's language's (relativeWordsOf): a zone names only its locale.
const CITY = { locale: "en-US", timeZone: "America/Chicago" };
const SPANISH = { ...CITY, locale: "es-US" };
const ago = (ms: number) => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeDate", () => {
  it.each([
    [0, "ahora mismo"],
    [HOUR, "hace 1 hora"],
    [3 * HOUR, "hace 3 horas"],
    [DAY, "ayer"],
    [3 * DAY, "hace 3 días"],
    [7 * DAY, "15 nov 2026"],
  ])("in Spanish, %i ms ago reads %s", (age, text) => {
    expect(relativeDate(ago(age), NOW, SPANISH)).toBe(text);
  });

  it("in Spanish, news refreshed 12 minutes ago reads 'hace 12 minutos'", () => {
    expect(relativeDate(ago(12 * MIN), NOW, SPANISH, { minutes: true })).toBe("hace 12 minutos");
  });

  it.each([
    [0, "Just now"],
    [59 * MIN, "Just now"],
    [HOUR - 1, "Just now"],
    [HOUR, "1 hour ago"],
    [2 * HOUR - 1, "1 hour ago"],
    [2 * HOUR, "2 hours ago"],
    [DAY - 1, "23 hours ago"],
    [DAY, "Yesterday"],
    [2 * DAY - 1, "Yesterday"],
    [2 * DAY, "2 days ago"],
    [7 * DAY - 1, "6 days ago"],
    [7 * DAY, "Nov 15, 2026"],
    [-5 * MIN, "Just now"],
  ])("%i ms ago reads %s", (age, text) => {
    expect(relativeDate(ago(age), NOW, CITY)).toBe(text);
  });

  it.each([
    [30_000, "Just now"],
    [MIN, "1 minute ago"],
    [12 * MIN + 59_000, "12 minutes ago"],
    [HOUR - 1, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [3 * DAY, "3 days ago"],
  ])("when news was refreshed (minutes), %i ms ago reads %s", (age, text) => {
    expect(relativeDate(ago(age), NOW, CITY, { minutes: true })).toBe(text);
  });

  it("formats old dates in the city's time zone", () => {
    // 03:00 UTC on 1 November is still 31 October in Chicago.
    expect(relativeDate("2026-11-01T03:00:00Z", NOW, CITY)).toBe("Oct 31, 2026");
  });

  it("accepts ISO strings", () => {
    expect(relativeDate(new Date(ago(3 * HOUR)).toISOString(), NOW, CITY)).toBe("3 hours ago");
  });

  it("returns an unparseable input as given, and nothing for no date", () => {
    expect(relativeDate("sometime last week", NOW, CITY)).toBe("sometime last week");
    expect(relativeDate(null, NOW, CITY)).toBe("");
  });
});
