import { afterEach, describe, expect, it, vi } from "vitest";
import { countNumberFormats } from "../../tests/support/date-formats";
import { formatMessage, LATIN_DIGITS, localeDigits, smallNumber } from "./format";

const ARABIC = "٠١٢٣٤٥٦٧٨٩";
const MINUTES = { one: "{count} minute ago", other: "{count} minutes ago" };

afterEach(() => vi.restoreAllMocks());

describe("a locale's digits, for the browser", () => {
  it("are 0 to 9 in English and Spanish, and the locale's own where it has others", () => {
    expect(localeDigits("en-US")).toBe(LATIN_DIGITS);
    expect(localeDigits("es-US")).toBe(LATIN_DIGITS);
    expect(localeDigits("ar-EG")).toBe(ARABIC);
  });

  it("write a whole number below a thousand as Intl.NumberFormat does", () => {
    for (const locale of ["en-US", "es-US", "ar-EG", "hi-IN-u-nu-deva"]) {
      const digits = localeDigits(locale);
      const format = new Intl.NumberFormat(locale);
      for (const n of [0, 1, 7, 12, 59, 100, 999]) {
        expect(smallNumber(n, digits), `${n} in ${locale}`).toBe(format.format(n));
      }
    }
  });

  it("leave every other number to Intl (grouping, signs, fractions) and refuse a bad table", () => {
    for (const n of [1000, 12345, -1, 1.5, Number.NaN, Infinity]) {
      expect(smallNumber(n, LATIN_DIGITS)).toBeUndefined();
    }
    expect(smallNumber(12, "0123")).toBeUndefined();
    expect(smallNumber(12, "")).toBeUndefined();
  });
});

describe("formatMessage given the locale's digits", () => {
  it("writes a count below a thousand with them and makes no Intl.NumberFormat", () => {
    const formats = countNumberFormats();
    // Locales no other test of this file formats a number in (formats are kept per locale).
    expect(formatMessage(MINUTES, "en-AU", { count: 12 }, LATIN_DIGITS)).toBe("12 minutes ago");
    expect(formatMessage(MINUTES, "ar-SA", { count: 12 }, ARABIC)).toBe("١٢ minutes ago");
    expect(formats.made()).toBe(0);
  });

  it("writes a larger count, or any count without digits, with Intl as before", () => {
    expect(formatMessage(MINUTES, "en-US", { count: 1234 }, LATIN_DIGITS)).toBe(
      "1,234 minutes ago",
    );
    expect(formatMessage(MINUTES, "ar-EG", { count: 12 })).toBe("١٢ minutes ago");
    expect(formatMessage(MINUTES, "en-US", { count: 12 }, "bad")).toBe("12 minutes ago");
  });
});
