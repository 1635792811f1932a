import { relativeAge, sameAge, sayAge, type RelativeAge } from "~/lib/relative-date";

/** How often the clock moves (relative dates change by the minute at the finest). */
export const CLOCK_TICK_MS = 60_000;

/**
 * The city's locale and time zone: a date over a week old is told as a date in them, a newer one
 * in the words of the locale's language (relativeWordsOf).
 */
export interface Zone {
  locale: string;
  timeZone: string;
  /** When the server told the page's dates (its render), if it says. */
  at?: number;
  /**
   * The locale's digits 0 to 9 (localeDigits): counts are written with them, since the first
   * Intl.NumberFormat of a page holds its main thread for 10 to 25 ms.
   */
  digits?: string;
}

/** The marker of a relative date (RelativeTime): "minutes" when told in minutes within the hour. */
export const RELATIVE = "data-relative";

/** The age each date was last told with, by this clock. */
const told = new WeakMap<HTMLTimeElement, RelativeAge>();

/**
 * Tells every relative date under `root` as of `now` (relativeDate, as the server did). Dates are
 * looked for at each tick, so that those a page gains later (a refreshed list) move too. A date
 * whose age is still the one its text tells is left alone: told by this clock before, or, when
 * `since` is given, among `since`'s dates, which were told at `since` (the server's render). So
 * a tick costs some arithmetic a date, and the words and the Intl formats that tell them are
 * reached only when an age moved (a fresh page's first tick reaches none).
 */
export function tellDates(
  root: ParentNode,
  now: number,
  zone: Zone,
  since?: { at: number; dates: ReadonlySet<Element> },
): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>(`time[${RELATIVE}]`)) {
    const minutes = time.getAttribute(RELATIVE) === "minutes";
    const age = relativeAge(time.dateTime, now, { minutes });
    const before =
      told.get(time) ??
      (since?.dates.has(time) ? relativeAge(time.dateTime, since.at, { minutes }) : undefined);
    told.set(time, age);
    if (before && sameAge(before, age)) continue;
    const text = sayAge(age, zone);
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
  // The dates the server told at its render (zone.at), as they are when the clock starts: a page
  // read within the hour of its render has none to tell again.
  let since: Parameters<typeof tellDates>[3] =
    zone.at === undefined
      ? undefined
      : { at: zone.at, dates: new Set(root.querySelectorAll(`time[${RELATIVE}]`)) };
  const tick = () => {
    tellDates(root, Date.now(), zone, since);
    since = undefined;
  };
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
