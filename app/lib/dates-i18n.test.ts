import { describe, expect, it } from "vitest";
import { cityDate } from "./city-date";
import { contentDates, toCityDateTime } from "./content-dates.server";
import { formatDateLine } from "./site";

// Dates in a Spanish edition (issue 38): the words of a date are Intl's in the site's locale,
// never English; the machine-readable ones (ISO 8601) are the same in every edition.

const spanish = { locale: "es-US", timeZone: "America/Chicago" };
const ENGLISH_MONTHS_AND_DAYS =
  /January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|\b[AP]M\b/;

describe("dates in a Spanish edition", () => {
  it("writes the masthead's date line in Spanish, in the city's zone", () => {
    const line = formatDateLine(Date.parse("2026-11-28T03:00:00Z"), spanish);
    expect(line).toMatch(/^viernes, 27 de noviembre de 2026$/);
    expect(line).not.toMatch(ENGLISH_MONTHS_AND_DAYS);
  });

  it("writes a calendar day and a date-time in Spanish, keeping their ISO values", () => {
    const day = cityDate("2026-11-20", spanish);
    expect(day.iso).toBe("2026-11-20");
    expect(day.text).toMatch(/^20 nov\.? 2026$/);
    const time = cityDate("2026-11-20T18:30:00Z", spanish, true);
    expect(time.text).toMatch(/^20 nov\.? 2026,? 12:30\s?p\.\s?m\.$/);
    expect(`${day.text} ${time.text}`).not.toMatch(ENGLISH_MONTHS_AND_DAYS);
  });

  it("writes structured data's times the same in every language: ISO 8601 with the offset", () => {
    expect(toCityDateTime("2026-11-20", spanish.timeZone)).toBe("2026-11-20T00:00:00-06:00");
    expect(contentDates(["2026-11-20", "2026-11-21"], spanish.timeZone)).toEqual({
      published: "2026-11-21T00:00:00-06:00",
      modified: "2026-11-21T00:00:00-06:00",
    });
  });
});
