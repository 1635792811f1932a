import { tz } from "@date-fns/tz";
// Each function's own module, not date-fns's index (slow to load: see server/news/dates.ts).
import { formatISO } from "date-fns/formatISO";
import { parseISO } from "date-fns/parseISO";
import type { PageDates } from "./meta";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A content date as an ISO 8601 date-time with the city's offset: a calendar day (YYYY-MM-DD,
 * as content files write them) becomes the start of that day in the city; a date-time with a
 * zone is the same instant, written in the city's offset. Structured data asks for a zone.
 */
export function toCityDateTime(value: string, timeZone: string): string {
  const inCity = { in: tz(timeZone) };
  const instant = DATE_ONLY.test(value) ? parseISO(`${value}T00:00:00`, inCity) : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`not an ISO date: ${value}`);
  // yyyy-MM-ddTHH:mm:ss and the offset (Z for UTC), to the second.
  return formatISO(instant, inCity);
}

/**
 * The published and modified times of a static page from its content's dates: both the newest
 * of them (the content keeps no first-publication date); none for content without a date.
 */
export function contentDates(values: readonly string[], timeZone: string): PageDates | null {
  const times = values.map((v) => toCityDateTime(v, timeZone));
  const newest = times.reduce<string | null>(
    (a, b) => (a === null || Date.parse(b) > Date.parse(a) ? b : a),
    null,
  );
  return newest === null ? null : { published: newest, modified: newest };
}
