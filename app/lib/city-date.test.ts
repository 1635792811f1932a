import { describe, expect, it } from "vitest";
import { cityDate } from "./city-date";

const HOUSTON = { locale: "en-US", timeZone: "America/Chicago" };
/** ICU versions differ in the space before AM/PM (U+202F or U+0020). */
const words = (text: string) => text.replace(/\s/g, " ");

describe("cityDate", () => {
  it("shows a date alone as that calendar day, whatever the server's zone", () => {
    expect(cityDate("2026-11-12", HOUSTON)).toEqual({ iso: "2026-11-12", text: "Nov 12, 2026" });
    expect(cityDate("2026-01-01", { locale: "en-US", timeZone: "Pacific/Kiritimati" }).text).toBe(
      "Jan 1, 2026",
    );
  });

  it("shows a date-time in the city's zone, with its time when asked", () => {
    // 02:30 UTC on the 13th is the evening of the 12th in Houston (CST, UTC−6).
    expect(cityDate("2026-11-13T02:30:00Z", HOUSTON).text).toBe("Nov 12, 2026");
    expect(words(cityDate("2026-11-13T02:30:00Z", HOUSTON, true).text)).toBe(
      "Nov 12, 2026, 8:30 PM",
    );
    const game = cityDate("2026-07-04T19:05:00-05:00", HOUSTON, true);
    expect(game.iso).toBe("2026-07-04T19:05:00-05:00");
    expect(words(game.text)).toBe("Jul 4, 2026, 7:05 PM");
  });
});
