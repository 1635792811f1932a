// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberAnswer } from "./donation-answer";
import { SNOOZE_KEY, isSnoozed, readerStorage } from "./donation-snooze";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-23T12:00:00Z");
const DAYS = { snoozeDays: 7, afterDonateDays: 30 };

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("the donation prompt's quiet period", () => {
  it("after a dismissal lasts the site's snoozeDays", () => {
    const storage = readerStorage();
    rememberAnswer(storage, "dismissed", NOW, DAYS);
    expect(localStorage.getItem(SNOOZE_KEY)).toBe(String(NOW + 7 * DAY));
    expect(isSnoozed(storage, NOW + 7 * DAY - 1)).toBe(true);
    expect(isSnoozed(storage, NOW + 7 * DAY)).toBe(false);
  });

  it("after Donate Now lasts the site's afterDonateDays", () => {
    const storage = readerStorage();
    rememberAnswer(storage, "donated", NOW, DAYS);
    expect(isSnoozed(storage, NOW + 29 * DAY)).toBe(true);
    expect(isSnoozed(storage, NOW + 30 * DAY)).toBe(false);
  });

  it("is none for a new reader or a value that is not a time", () => {
    expect(isSnoozed(readerStorage(), NOW)).toBe(false);
    localStorage.setItem(SNOOZE_KEY, "tomorrow");
    expect(isSnoozed(readerStorage(), NOW)).toBe(false);
  });

  it("is none where storage cannot be used, and remembering then does nothing", () => {
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(readerStorage()).toBeNull();
    expect(isSnoozed(null, NOW)).toBe(false);
    expect(() => rememberAnswer(null, "dismissed", NOW, DAYS)).not.toThrow();
  });

  it("survives a storage that refuses writes", () => {
    const storage = readerStorage();
    if (!storage) throw new Error("happy-dom has a localStorage");
    vi.spyOn(storage, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(() => rememberAnswer(storage, "donated", NOW, DAYS)).not.toThrow();
    expect(isSnoozed(storage, NOW)).toBe(false);
  });
});
