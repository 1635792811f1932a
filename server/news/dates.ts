import { tzOffset } from "@date-fns/tz";
// date-fns's own module for each function: its index loads some 250 modules, and Node 24 reads
// the package's 200 KB package.json again for each (seconds at every start, and in each worker).

/** Zone names that feeds use and Date.parse does not know, as UTC offsets. */
const ZONES: Record<string, string> = {
  BST: "+0100",
  IST: "+0530",
  CET: "+0100",
  CEST: "+0200",
  EET: "+0200",
  EEST: "+0300",
  MSK: "+0300",
  JST: "+0900",
  KST: "+0900",
  HKT: "+0800",
  SGT: "+0800",
  AEST: "+1000",
  AEDT: "+1100",
  NZST: "+1200",
  NZDT: "+1300",
  AKST: "-0900",
  AKDT: "-0800",
  HST: "-1000",
};

/** Day and month names of other languages seen in real feeds (Portuguese, Spanish, French, German). */
const WORDS: Record<string, string> = {
  seg: "Mon",
  ter: "Tue",
  qua: "Wed",
  qui: "Thu",
  sex: "Fri",
  sáb: "Sat",
  sab: "Sat",
  dom: "Sun",
  fev: "Feb",
  abr: "Apr",
  mai: "May",
  ago: "Aug",
  set: "Sep",
  out: "Oct",
  dez: "Dec",
  ene: "Jan",
  dic: "Dec",
  janv: "Jan",
  févr: "Feb",
  mars: "Mar",
  avr: "Apr",
  juin: "Jun",
  juil: "Jul",
  août: "Aug",
  sept: "Sep",
  oct: "Oct",
  nov: "Nov",
  déc: "Dec",
  mär: "Mar",
  okt: "Oct",
};

/** A date further ahead than this is a feed's mistake: it is clamped (see readFeedDate). */
export const FUTURE_TOLERANCE_MS = 24 * 3600 * 1000;

/** A zone at the end of a date: GMT, UTC, Z, an offset, or a North American abbreviation. */
const HAS_ZONE = /(?:GMT|UTC|UT|Z|[+-]\d\d:?\d\d|\b[ECMP][SD]T)$/i;

/**
 * Reads a feed date (RFC 822, ISO 8601 and the variants real feeds write) as epoch milliseconds,
 * or null when it cannot be read. A date that names no zone is read as wall-clock time in
 * `timeZone` (the site's), never in the server process's zone.
 */
export function parseFeedDate(raw: string | undefined | null, timeZone: string): number | null {
  const text = raw?.replace(/\s+/g, " ").trim();
  if (!text) return null;
  // Most feeds write RFC 822 or ISO 8601 with a zone Date.parse knows: take those as they are.
  if (/(?:GMT|UTC|Z|[+-]\d\d:?\d\d|\b[ECMP][SD]T)$/.test(text) && !/^\d{4}\//.test(text)) {
    const direct = Date.parse(text);
    if (!Number.isNaN(direct) && /^(?:\d{4}-|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d)/.test(text)) {
      return direct;
    }
  }
  const candidate = text
    // "Sat, 16 Dec 2023 14:02:33 +0000 (UTC)" and other trailing comments
    .replace(/\s*\(.*\)$/, "")
    .replace(/\b([A-Za-zÀ-ÿ]{3,5})\.?(?=[\s,])/g, (word) => WORDS[word.toLowerCase()] ?? word)
    .replace(/\b([A-Z]{3,4})$/, (zone) => ZONES[zone] ?? zone)
    // 2020/1/10 14:26:00 → 2020-01-10 14:26:00
    .replace(
      /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s+(\d{1,2}:\d{2}(?::\d{2})?))?$/,
      (_m, y, mo, d, t) =>
        `${y}-${mo.padStart(2, "0")}-${d.padStart(2, "0")} ${t ? t.padStart(8, "0") : "00:00:00"}`,
    );
  if (HAS_ZONE.test(candidate)) {
    const ms = Date.parse(candidate);
    return Number.isNaN(ms) ? null : ms;
  }
  // No zone: an ISO 8601 local date-time is placed in the site's zone as it is; other forms are
  // read for their wall-clock fields (as if in UTC, so the process's zone plays no part) first.
  // A wall time the zone skips (spring forward) moves on by the gap; one it repeats is the first.
  if (/^\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?)?$/.test(candidate)) {
    const fields = candidate.replace(" ", "T");
    const wall = Date.parse(fields.length === 10 ? `${fields}T00:00:00Z` : `${fields}Z`);
    return Number.isNaN(wall) ? null : wallTimeIn(wall, timeZone);
  }
  const wall = Date.parse(`${candidate} GMT`);
  if (Number.isNaN(wall)) return null;
  return wallTimeIn(wall, timeZone);
}

const DAY_MS = 86_400_000;

/**
 * The instant (epoch ms) a wall-clock time has in `timeZone`, its fields given as if in UTC
 * (`wall`), by the zone's offsets alone (Intl's data): the process's own zone plays no part. A
 * wall time the zone repeats (fall back) is the first of its two instants; one it skips (spring
 * forward) moves on by the gap, read with the offset before it.
 */
export function wallTimeIn(wall: number, timeZone: string): number {
  const offsetAt = (t: number) => tzOffset(timeZone, new Date(t)) * 60_000;
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  // A zone Intl does not know gives no offset: the wall time is read as UTC.
  if (!Number.isFinite(before) || !Number.isFinite(after)) return wall;
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((t) => offsetAt(t) === wall - t);
  return fits.length > 0 ? Math.min(...fits) : wall - before;
}

/** When an article was published, as shown and sorted, and what its feed claimed if that differs. */
export interface FeedDate {
  /** Epoch ms; null when the feed gave no readable date. */
  publishedAt: number | null;
  /** The feed's own date when it was more than a day ahead of the fetch (then clamped), else null. */
  claimedAt: number | null;
}

/**
 * A feed item's date as the site uses it: read in the site's zone; a date more than a day in the
 * future (feeds do this) is clamped to the fetch time `now`, so it sorts as new and shows as
 * "Just now" rather than floating above every real story, and the feed's claim is kept.
 */
export function readFeedDate(
  raw: string | undefined | null,
  { now, timeZone }: { now: number; timeZone: string },
): FeedDate {
  const parsed = parseFeedDate(raw, timeZone);
  if (parsed !== null && parsed > now + FUTURE_TOLERANCE_MS) {
    return { publishedAt: now, claimedAt: parsed };
  }
  return { publishedAt: parsed, claimedAt: null };
}
