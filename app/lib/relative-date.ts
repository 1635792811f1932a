import { formatMessage, type MessageValues } from "../../common/i18n/format";
import { relativeWordsOf, type RelativeWords } from "../../common/i18n/relative";

const MINUTE_MS = 60_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How old a date is, as relativeDate tells it: the words' key and its count, or "date" (over a
 * week: told as the date itself). Two times at which a date has the same age are told with the
 * same words, so a text need not be formatted again while its age stays (the clock island).
 */
export type RelativeAge =
  | { key: keyof RelativeWords; count?: number }
  | { key: "date"; ms: number }
  | { key: "none"; text: string };

/** The age of `date` at `now` (relativeDate's buckets); "none" for what is not a date. */
export function relativeAge(
  date: string | number | null | undefined,
  now: number,
  { minutes = false }: { minutes?: boolean } = {},
): RelativeAge {
  if (date === null || date === undefined || date === "") return { key: "none", text: "" };
  const ms = typeof date === "number" ? date : Date.parse(date);
  if (Number.isNaN(ms)) return { key: "none", text: String(date) };
  const age = Math.max(0, now - ms);
  // How long ago the news was refreshed is told in minutes within the hour ("Just now" for 50
  // minutes would not be honest); a story's age in the spec's words.
  if (minutes && age >= MINUTE_MS && age < HOUR_MS) {
    return { key: "time.minutesAgo", count: Math.floor(age / MINUTE_MS) };
  }
  if (age < HOUR_MS) return { key: "time.justNow" };
  if (age < DAY_MS) return { key: "time.hoursAgo", count: Math.floor(age / HOUR_MS) };
  const days = Math.floor(age / DAY_MS);
  if (days === 1) return { key: "time.yesterday" };
  if (days < 7) return { key: "time.daysAgo", count: days };
  return { key: "date", ms };
}

/** Whether two ages are told with the same words. */
export function sameAge(a: RelativeAge, b: RelativeAge): boolean {
  if (a.key !== b.key) return false;
  if (a.key === "date" || a.key === "none") return true;
  return a.count === (b as { count?: number }).count;
}

/**
 * The medium date format of each locale and time zone, made once: an Intl.DateTimeFormat costs
 * far more to make than to use (a page of week-old stories made one per date).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_DATE_FORMATS = 64;

function mediumDate(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    if (dateFormats.size >= MAX_DATE_FORMATS) dateFormats.clear();
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * An age in the words of the locale's language (relativeAge's, told as relativeDate tells it);
 * its count in the locale's `digits` when given (formatMessage: no Intl.NumberFormat in the
 * browser).
 */
export function sayAge(
  age: RelativeAge,
  { locale, timeZone, digits }: { locale: string; timeZone: string; digits?: string },
): string {
  if (age.key === "none") return age.text;
  if (age.key === "date") return mediumDate(locale, timeZone).format(age.ms);
  const values: MessageValues = age.count === undefined ? {} : { count: age.count };
  return formatMessage(relativeWordsOf(locale)[age.key], locale, values, digits);
}

/**
 * The friendly date of docs/product.md §9, a pure function of (date, now): under an hour 'Just now',
 * under a day 'N hours ago', one day 'Yesterday', under a week 'N days ago', else a date in the
 * city's locale and time zone; the words are those of the locale's catalogue (relativeWordsOf). An
 * input that is not a date is returned as given. With `minutes` (when news was last refreshed),
 * an age from one minute to an hour is told in minutes.
 */
export function relativeDate(
  date: string | number | null | undefined,
  now: number,
  zone: { locale: string; timeZone: string },
  options: { minutes?: boolean } = {},
): string {
  return sayAge(relativeAge(date, now, options), zone);
}
