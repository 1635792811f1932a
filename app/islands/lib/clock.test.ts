// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { withPageVisibility } from "../../../tests/support/page-visibility";
import { CLOCK_TICK_MS, startClock, tellDates } from "./clock";
import { countDateFormats, countNumberFormats } from "../../../tests/support/date-formats";
import { LATIN_DIGITS } from "../../../common/i18n/format";

const { setHidden } = withPageVisibility();

const ZONE = { locale: "en-US", timeZone: "America/Chicago" };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.replaceChildren();
});

/** Relative dates as RelativeTime writes them, `ago` ms before now. */
function dates(...ago: number[]): HTMLTimeElement[] {
  return ago.map((ms, i) => {
    const time = document.createElement("time");
    time.dateTime = new Date(Date.now() - ms).toISOString();
    time.setAttribute("data-relative", i === 0 ? "minutes" : "");
    time.textContent = "(as the server said)";
    document.body.append(time);
    return time;
  });
}

describe("the clock of relative dates", () => {
  it("tells each date as relativeDate does, in minutes where marked so, leaving other times", () => {
    const [updated, story, old] = dates(12 * MINUTE, 3 * HOUR, 9 * 24 * HOUR);
    const plain = document.createElement("time");
    plain.textContent = "November 1";
    document.body.append(plain);
    tellDates(document, Date.now(), ZONE);
    expect(updated?.textContent).toBe("12 minutes ago");
    expect(story?.textContent).toBe("3 hours ago");
    expect(old?.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(plain.textContent).toBe("November 1");
  });

  it("tells them in the words of the locale's language, which the page need not give", () => {
    const [updated, story, yesterday] = dates(12 * MINUTE, 1 * HOUR, 30 * HOUR);
    tellDates(document, Date.now(), { locale: "es-US", timeZone: "America/Chicago" });
    expect(updated?.textContent).toBe("hace 12 minutos");
    expect(story?.textContent).toBe("hace 1 hora");
    expect(yesterday?.textContent).toBe("ayer");
    // A language with no catalogue is told in English, as the server tells it (catalogueFor).
    const [other] = dates(2 * HOUR);
    tellDates(document, Date.now(), { locale: "de-DE", timeZone: "Europe/Berlin" });
    expect(other?.textContent).toBe("2 hours ago");
  });

  it("runs one timer for any number of relative dates, and moves them all together", () => {
    const setInterval = vi.spyOn(window, "setInterval");
    const times = dates(...Array.from({ length: 25 }, () => 50 * MINUTE));
    stop = startClock(document, ZONE);
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);
    expect(times[1]?.textContent).toBe("Just now");
    vi.advanceTimersByTime(10 * CLOCK_TICK_MS);
    expect(times.slice(1).map((t) => t.textContent)).toEqual(Array(24).fill("1 hour ago"));
    expect(times[0]?.textContent).toBe("1 hour ago");
  });

  it("tells the dates a page gains later too", () => {
    stop = startClock(document, ZONE);
    const [later] = dates(2 * HOUR);
    vi.advanceTimersByTime(CLOCK_TICK_MS);
    expect(later?.textContent).toBe("2 hours ago");
  });

  it("stops while the page is hidden and reads the time at once when it is back", () => {
    const [time] = dates(0, 0);
    stop = startClock(document, ZONE);
    expect(time?.textContent).toBe("Just now");
    setHidden(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3 * HOUR);
    expect(time?.textContent).toBe("Just now");
    setHidden(false);
    expect(time?.textContent).toBe("3 hours ago");
    expect(vi.getTimerCount()).toBe(1);
  });

  it("stops when told", () => {
    startClock(document, ZONE)();
    expect(vi.getTimerCount()).toBe(0);
    setHidden(true);
    setHidden(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("what the clock leaves as the server told it", () => {
  /** Counts the Intl formats made while `run` runs. */
  function formatsMadeBy(run: () => void): number {
    const formats = countDateFormats();
    try {
      run();
    } finally {
      formats.restore();
    }
    return formats.made();
  }

  it("leaves a date whose age has not moved since the render, and tells one that has", () => {
    // Told at the render 20 minutes ago: 30 minutes old then ("Just now"), 50 now, still so;
    // 50 minutes old then, 70 now: an hour. (The first date, told in minutes, is not looked at.)
    const [, same, moved] = dates(0, 50 * MINUTE, 70 * MINUTE);
    stop = startClock(document, { ...ZONE, at: Date.now() - 20 * MINUTE });
    expect(same?.textContent).toBe("(as the server said)");
    expect(moved?.textContent).toBe("1 hour ago");
  });

  it("makes no date format for a page of week-old stories read soon after its render", () => {
    const old = dates(...Array.from({ length: 30 }, (_, i) => (8 + i) * 24 * HOUR));
    const made = formatsMadeBy(() => {
      stop = startClock(document, { ...ZONE, at: Date.now() - 5 * MINUTE });
    });
    expect(made).toBe(0);
    expect(old.every((t) => t.textContent === "(as the server said)")).toBe(true);
  });

  it("tells every date at start when the server did not say when it told them, with one format", () => {
    const old = dates(...Array.from({ length: 30 }, (_, i) => (8 + i) * 24 * HOUR));
    const made = formatsMadeBy(() => {
      stop = startClock(document, { ...ZONE, timeZone: "America/Denver" });
    });
    expect(made).toBeLessThanOrEqual(1);
    expect(old.every((t) => /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/.test(t.textContent ?? ""))).toBe(true);
  });

  it("tells a count that moved with the locale's digits, making no Intl.NumberFormat", () => {
    // "Updated Just now" at a render 12 minutes ago: the first tick says "12 minutes ago". The
    // first Intl.NumberFormat a page makes holds its main thread for 10 to 25 ms. (A locale no
    // other test here formats a number in: formats are kept per locale.)
    const [updated] = dates(12 * MINUTE);
    const formats = countNumberFormats();
    stop = startClock(document, {
      ...ZONE,
      locale: "en-NZ",
      at: Date.now() - 12 * MINUTE,
      digits: LATIN_DIGITS,
    });
    expect(updated?.textContent).toBe("12 minutes ago");
    expect(formats.made()).toBe(0);
  });

  it("tells a date again on a tick only when its age moved, and one the page gained at once", () => {
    const [, story] = dates(0, 59 * MINUTE);
    stop = startClock(document, { ...ZONE, at: Date.now() });
    expect(story?.textContent).toBe("(as the server said)");
    if (story) story.textContent = "(changed by hand)";
    const [later] = dates(26 * HOUR);
    vi.advanceTimersByTime(CLOCK_TICK_MS);
    // 60 minutes old now: its age moved, so it is told; the new one is told whatever its age.
    expect(story?.textContent).toBe("1 hour ago");
    expect(later?.textContent).toBe("Yesterday");
    if (story) story.textContent = "(changed by hand)";
    vi.advanceTimersByTime(CLOCK_TICK_MS);
    expect(story?.textContent).toBe("(changed by hand)");
  });
});
