import { tzOffset } from "@date-fns/tz";
import { parseFeedDate } from "../../server/news/dates";
import { feedBytes, sniffEncoding } from "../../server/news/decode";
import { parseFeedBytes } from "../../server/news/parse";

/**
 * The demo's feeds as today's paper: the fixtures were written years ago, so the demo moves every
 * date of a feed by one offset, chosen so that its newest item is a few minutes old (order and
 * spacing kept). Each date is rewritten in its own format (its fields replaced where they stand,
 * every separator kept) and in the feed's own bytes: dates are ASCII, so in any charset where
 * ASCII is ASCII the bytes are handled as Latin-1 (one character a byte, nothing decoded); UTF-16
 * is read and written as UTF-16. A date is moved only when the site would read it as the very
 * instant read here (server/news/dates.ts); any other is left as it is.
 */

/** How old a shifted feed's newest item is at the moment the shift is made. */
export const NEWEST_ITEM_AGE_MS = 5 * 60_000;

const MINUTE = 60_000;
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY = DAYS.join("|");
const MONTH = MONTHS.join("|");
/** A zone after an RFC 822 time: a name (GMT, EST, BST…) or an offset. */
const RFC_ZONE = "[A-Za-z]{1,5}|[+-]\\d{4}";

/**
 * The date formats of real feeds, with named fields (the `d` flag gives where each stands, for
 * rewriting in place): RFC 822 (`Sat, 7 Jan 2017 09:30:00 -0500`), the US order some write
 * (`Sat, Dec 16 2023 02:02:33 PM`), ISO 8601 (`2017-01-07T09:00:01-05:00`, `2018-03-13T16:44:15.104Z`,
 * a date alone) and `2020/1/10 14:26:00`.
 */
const FORMATS = [
  new RegExp(
    `^(?:(?<weekday>${DAY}), *)?(?<day>\\d{1,2}) +(?<month>${MONTH}) +(?<year>\\d{4}) +(?<hour>\\d{1,2}):(?<minute>\\d\\d)(?::(?<second>\\d\\d))?(?: *(?<zone>${RFC_ZONE}))?$`,
    "d",
  ),
  new RegExp(
    `^(?:(?<weekday>${DAY}),? +)?(?<month>${MONTH}) +(?<day>\\d{1,2}),? +(?<year>\\d{4}),? +(?<hour>\\d{1,2}):(?<minute>\\d\\d)(?::(?<second>\\d\\d))?(?: *(?<ampm>[AaPp][Mm]))?(?: +(?<zone>${RFC_ZONE}))?$`,
    "d",
  ),
  /^(?<year>\d{4})-(?<monthNumber>\d\d)-(?<day>\d\d)(?:[T ](?<hour>\d\d):(?<minute>\d\d)(?::(?<second>\d\d)(?<fraction>\.\d+)?)?(?<zone>Z|[+-]\d\d(?::?\d\d)?)?)?$/d,
  /^(?<year>\d{4})\/(?<monthNumber>\d{1,2})\/(?<day>\d{1,2})(?: +(?<hour>\d{1,2}):(?<minute>\d\d)(?::(?<second>\d\d))?)?$/d,
];

/** A date read in its own format: when it is, and that format for another instant. */
interface ReadDate {
  at: number;
  write(at: number): string;
}

/** A number as wide as the field it replaces ("07" stays two digits, "7" grows as it must). */
function field(value: number, like: string): string {
  return String(value).padStart(like.length, "0");
}

/**
 * Milliseconds as a fraction as long as `like` (".104", ".1"): digits past the millisecond are
 * kept while the milliseconds are the same (a date moved by whole minutes), else zeros.
 */
function fractionField(ms: number, like: string): string {
  const digits = like.slice(1);
  const three = field(ms, "000");
  const more = digits.slice(3);
  const rest = digits.startsWith(three) ? more : "0".repeat(more.length);
  return `.${(three + rest).slice(0, digits.length)}`;
}

/** "-0500" for -5 hours. */
function numericZone(offsetMs: number): string {
  const minutes = Math.abs(offsetMs) / MINUTE;
  const hhmm = `${field(Math.floor(minutes / 60), "00")}${field(minutes % 60, "00")}`;
  return `${offsetMs < 0 ? "-" : "+"}${hhmm}`;
}

/** The UTC offset a zone written as an offset names, in ms ("Z", "GMT": 0); null for a name. */
function offsetOf(zone: string): number | null {
  if (/^(?:Z|GMT|UTC?)$/i.test(zone)) return 0;
  const m = /^([+-])(\d\d):?(\d\d)?$/.exec(zone);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return (m[1] === "-" ? -minutes : minutes) * MINUTE;
}

/**
 * `text` (a date alone, trimmed) in one of FORMATS, or null. A date that names no zone is read,
 * as the site reads it, as wall-clock time in `timeZone` (the site's), and written so again.
 */
export function readDate(text: string, timeZone = "UTC"): ReadDate | null {
  for (const format of FORMATS) {
    const m = format.exec(text);
    const g = m?.groups;
    const at = m?.indices?.groups;
    if (!m || !g || !at) continue;
    let hour = Number(g.hour ?? 0);
    if (g.ampm) hour = (hour % 12) + (/p/i.test(g.ampm) ? 12 : 0);
    const month = g.month ? MONTHS.indexOf(g.month) : Number(g.monthNumber) - 1;
    const fraction = Number((g.fraction ?? "").slice(1, 4).padEnd(3, "0"));
    // The date's own wall clock, counted as if it were UTC: the process's zone plays no part.
    const wall = Date.UTC(
      Number(g.year),
      month,
      Number(g.day),
      hour,
      Number(g.minute ?? 0),
      Number(g.second ?? 0),
      fraction,
    );
    const instant = parseFeedDate(text, timeZone);
    if (instant === null || Number.isNaN(wall)) return null;
    // A zone written as an offset is kept; a name (EST, BST…) becomes the offset the site gives
    // it, since a name can be wrong for the new date (EST in May) and the site knows few names.
    // With no zone, the site's zone's offset at each instant (it may change with the season).
    const written = g.zone === undefined ? null : offsetOf(g.zone);
    const named = g.zone === undefined || written !== null ? null : wall - instant;
    const offsetAt = (t: number) => written ?? named ?? tzOffset(timeZone, new Date(t)) * MINUTE;
    const offset = offsetAt(instant);
    if (wall - offset !== instant || offset % MINUTE !== 0 || Math.abs(offset) >= 86_400_000) {
      return null; // read otherwise by the site: not a format known here
    }
    const zone = named === null ? g.zone : numericZone(named);
    return {
      at: instant,
      write(moved) {
        const d = new Date(moved + offsetAt(moved));
        const h = d.getUTCHours();
        const values: Record<string, string> = {
          weekday: DAYS[d.getUTCDay()] ?? "",
          day: field(d.getUTCDate(), g.day ?? ""),
          month: MONTHS[d.getUTCMonth()] ?? "",
          monthNumber: field(d.getUTCMonth() + 1, g.monthNumber ?? ""),
          year: String(d.getUTCFullYear()),
          hour: field(g.ampm ? h % 12 || 12 : h, g.hour ?? ""),
          minute: field(d.getUTCMinutes(), "00"),
          second: field(d.getUTCSeconds(), "00"),
          fraction: fractionField(d.getUTCMilliseconds(), g.fraction ?? ""),
          ampm: /[AP]/.test(g.ampm ?? "") ? (h < 12 ? "AM" : "PM") : h < 12 ? "am" : "pm",
          zone: zone ?? "",
        };
        // Each field replaced where it stands, the last first so the places before stay right.
        const places = Object.entries(at)
          .filter((e): e is [string, [number, number]] => e[1] !== undefined && e[0] in values)
          .sort((a, b) => b[1][0] - a[1][0]);
        let out = text;
        for (const [name, [start, end]] of places) {
          out = out.slice(0, start) + (values[name] ?? "") + out.slice(end);
        }
        return out;
      },
    };
  }
  return null;
}

/** The elements that hold a date: RSS's, Dublin Core's (dc:date, dcterms:*) and Atom's. */
const DATE_ELEMENT =
  /(<((?:[A-Za-z_][\w.-]*:)?(?:pubDate|lastBuildDate|date|published|updated|issued|modified|created|available|lastPublished|[a-z]\w*Date|date[A-Z]\w*))(?:[ \t\r\n][^>]*)?(?<!\/)>)([^]{0,400}?)(<\/\2[ \t\r\n]*>)/g;

/**
 * `run` (an element's text, a CDATA section's, an attribute's value) with the date it holds, if
 * one, replaced by `rewrite`'s: the whitespace around it kept.
 */
function rewriteRun(run: string, timeZone: string, rewrite: (date: ReadDate) => string): string {
  const m = /^([ \t\r\n]*)([^]*?)([ \t\r\n]*)$/.exec(run);
  const date = m ? readDate(m[2] ?? "", timeZone) : null;
  return m && date ? `${m[1]}${rewrite(date)}${m[3]}` : run;
}

/**
 * Every date of `text` (a feed read one character a byte, or as UTF-16), each replaced by what
 * `rewrite` makes of it: an element's text, in CDATA or not, and the `datetime` of markup in a
 * date element (`<pubDate><time datetime="2019-05-03T19:21:28Z">…</time></pubDate>`).
 */
function rewriteDates(text: string, timeZone: string, rewrite: (date: ReadDate) => string): string {
  return text.replace(
    DATE_ELEMENT,
    (_m, open: string, _name: string, content: string, close: string) => {
      const moved = content.replace(
        /<!\[CDATA\[([^]*?)\]\]>|<[^>]*>|[^<]+/g,
        (part: string, cdata: string | undefined) => {
          if (cdata !== undefined) return `<![CDATA[${rewriteRun(cdata, timeZone, rewrite)}]]>`;
          if (!part.startsWith("<")) return rewriteRun(part, timeZone, rewrite);
          return part.replace(
            /(\bdatetime[ \t\r\n]*=[ \t\r\n]*)(["'])([^"'<>]*)\2/g,
            (_m, before: string, quote: string, value: string) =>
              `${before}${quote}${rewriteRun(value, timeZone, rewrite)}${quote}`,
          );
        },
      );
      return `${open}${moved}${close}`;
    },
  );
}

/** A feed's bytes as text whose dates can be replaced, and the way back to the same bytes. */
interface Text {
  text: string;
  bytes(text: string): Buffer;
}

function textOf(feed: Buffer): Text | null {
  // As the site sniffs it (no charset is sent with the fixtures): BOM, then the XML declaration.
  const { encoding } = sniffEncoding(feed);
  if (encoding === "UTF-16LE" || encoding === "UTF-16BE") {
    const even = feed.length - (feed.length % 2);
    const units = Buffer.from(feed.subarray(0, even));
    if (encoding === "UTF-16BE") units.swap16();
    // Node's UTF-16 is code unit for code unit both ways (a lone surrogate included): lossless.
    return {
      text: units.toString("utf16le"),
      bytes: (text) => {
        const out = Buffer.from(text, "utf16le");
        if (encoding === "UTF-16BE") out.swap16();
        return Buffer.concat([out, feed.subarray(even)]);
      },
    };
  }
  // Where an ASCII byte may be part of another character, no date is sought.
  if (encoding === "ISO-2022-JP" || encoding === "replacement") return null;
  return { text: feed.toString("latin1"), bytes: (text) => Buffer.from(text, "latin1") };
}

/**
 * When the newest item of `feed` was published, as the site reads items' dates (each item's
 * first date element the parser takes: pubDate, dc:date, dcterms:issued; Atom's published,
 * updated, issued), counting only dates this module can rewrite; with no dated item, the newest
 * date of the feed (a channel's pubDate); null when there is none.
 */
export function newestItemDate(feed: Buffer, timeZone = "UTC"): number | null {
  let newest: number | null = null;
  try {
    for (const { date } of parseFeedBytes(feedBytes(feed)).entries) {
      const at = date === undefined ? undefined : readDate(date.trim(), timeZone)?.at;
      if (at !== undefined && (newest === null || at > newest)) newest = at;
    }
  } catch {
    // Not a feed the site reads: its dates are all there is to go by.
  }
  if (newest !== null) return newest;
  const text = textOf(feed);
  if (!text) return null;
  // (Only read here: what the rewrite makes is thrown away.)
  rewriteDates(text.text, timeZone, (date) => {
    if (newest === null || date.at > newest) newest = date.at;
    return "";
  });
  return newest;
}

/**
 * `feed` with every date it carries moved by `offsetMs` (whole minutes keep every format exact),
 * none past `notAfter`: a date so moved is written as `notAfter`.
 */
export function shiftFeedDates(
  feed: Buffer,
  offsetMs: number,
  { timeZone = "UTC", notAfter = Infinity }: { timeZone?: string; notAfter?: number } = {},
): Buffer {
  const text = textOf(feed);
  if (!text) return feed;
  const moved = rewriteDates(text.text, timeZone, (date) =>
    date.write(Math.min(date.at + offsetMs, notAfter)),
  );
  return moved === text.text ? feed : text.bytes(moved);
}

/**
 * `feed` with its dates moved so that its newest item is NEWEST_ITEM_AGE_MS old at `now` (to the
 * minute), every date by the same offset; as it is when it has no date that can be moved. A date
 * that would then be later than `now` is written as `now`: most are a channel's lastBuildDate (or
 * an entry's `updated`), which the fixture's capture made later than its newest item, and a feed
 * read now cannot have been built in the future.
 */
export function withCurrentDates(
  feed: Buffer,
  { now, timeZone = "UTC" }: { now: number; timeZone?: string },
): Buffer {
  const newest = newestItemDate(feed, timeZone);
  if (newest === null) return feed;
  const offset = Math.round((now - NEWEST_ITEM_AGE_MS - newest) / MINUTE) * MINUTE;
  return shiftFeedDates(feed, offset, { timeZone, notAfter: now });
}
