import { formatMessage } from "../../common/i18n/format";
import type { RelativeWords } from "../../common/i18n/relative";

const MINUTE_MS = 60_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The friendly date of docs/product.md §9, a pure function of (date, now): under an hour 'Just now',
 * under a day 'N hours ago', one day 'Yesterday', under a week 'N days ago', else a date in the
 * city's locale and time zone; the words are the edition's (`words`, from its catalogue). An
 * input that is not a date is returned as given. With `minutes` (when news was last refreshed),
 * an age from one minute to an hour is told in minutes.
 */
export function relativeDate(
  date: string | number | null | undefined,
  now: number,
  { locale, timeZone, words }: { locale: string; timeZone: string; words: RelativeWords },
  { minutes = false }: { minutes?: boolean } = {},
): string {
  if (date === null || date === undefined || date === "") return "";
  const ms = typeof date === "number" ? date : Date.parse(date);
  if (Number.isNaN(ms)) return String(date);
  const age = Math.max(0, now - ms);
  const say = (key: keyof RelativeWords, count?: number) =>
    formatMessage(words[key], locale, count === undefined ? {} : { count });
  // How long ago the news was refreshed is told in minutes within the hour ("Just now" for 50
  // minutes would not be honest); a story's age in the spec's words.
  if (minutes && age >= MINUTE_MS && age < HOUR_MS) {
    return say("time.minutesAgo", Math.floor(age / MINUTE_MS));
  }
  if (age < HOUR_MS) return say("time.justNow");
  if (age < DAY_MS) return say("time.hoursAgo", Math.floor(age / HOUR_MS));
  const days = Math.floor(age / DAY_MS);
  if (days === 1) return say("time.yesterday");
  if (days < 7) return say("time.daysAgo", days);
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(ms);
}
