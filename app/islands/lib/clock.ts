import type { RelativeWords } from "../../../common/i18n/relative";
import { relativeDate } from "~/lib/relative-date";

/** How often the clock moves (relative dates change by the minute at the finest). */
export const CLOCK_TICK_MS = 60_000;

/** The city's locale and time zone: a date over a week old is told as a date in them. */
export interface Zone {
  locale: string;
  timeZone: string;
  /** The edition's words for relative dates. */
  words: RelativeWords;
}

/** The marker of a relative date (RelativeTime): "minutes" when told in minutes within the hour. */
export const RELATIVE = "data-relative";

/**
 * Tells every relative date under `root` as of `now` (relativeDate, as the server did). Dates are
 * looked for at each tick, so that those a page gains later (a refreshed list) move too.
 */
export function tellDates(root: ParentNode, now: number, zone: Zone): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>(`time[${RELATIVE}]`)) {
    const text = relativeDate(time.dateTime, now, zone, {
      minutes: time.getAttribute(RELATIVE) === "minutes",
    });
    if (time.textContent !== text) time.textContent = text;
  }
}

/**
 * One clock for every relative date of the page: a single timer however many dates are shown,
 * running only while the page is in view (Page Visibility). Started, and back in view, it reads
 * the time at once (a page may come from a cache, or have been hidden for hours). Returns what
 * stops it.
 */
export function startClock(root: ParentNode, zone: Zone): () => void {
  let timer: number | undefined;
  const tick = () => tellDates(root, Date.now(), zone);
  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    if (document.hidden) return;
    tick();
    timer = window.setInterval(tick, CLOCK_TICK_MS);
  };
  document.addEventListener("visibilitychange", schedule);
  schedule();
  return () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", schedule);
  };
}
