import { relativeWordsFor } from "~/lib/i18n";
// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { withPageVisibility } from "../../../tests/support/page-visibility";
import { CLOCK_TICK_MS, startClock, tellDates } from "./clock";

const { setHidden } = withPageVisibility();

const ZONE = { locale: "en-US", timeZone: "America/Chicago", words: relativeWordsFor("en-US") };
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
