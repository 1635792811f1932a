import { describe, expect, it } from "vitest";
import { formatDateLine } from "./site";
import { escapeXml } from "../../common/xml";

describe("formatDateLine", () => {
  it("formats the date in the city's time zone, not the server's", () => {
    // 01:30 UTC on 22 November is still the evening of 21 November in Central time.
    const now = Date.UTC(2026, 10, 22, 1, 30);
    expect(formatDateLine(now, { locale: "en-US", timeZone: "America/Chicago" })).toBe(
      "Saturday, November 21, 2026",
    );
    expect(formatDateLine(now, { locale: "en-US", timeZone: "UTC" })).toBe(
      "Sunday, November 22, 2026",
    );
  });
});

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
  });
});
