/**
 * The weather service's words made safe to show: control characters out, length bounded.
 *
 * The National Weather Service's answers are text written by forecast offices, passed through
 * as they are: nothing keeps an answer from carrying bidirectional overrides ("\u202eNOITAUCAVE"
 * shows as "EVACUATION"), terminal controls or a description of megabytes. Every text the
 * service's answers give (an alert's event, headline, area, description and instruction, a
 * station's name, the sky's words, a forecast period's name and summary) goes through
 * `cleanText` as it is read (server/weather/nws.ts, nws-alerts.ts), and again, cheaply, as a page shows it
 * (app/components/weather-live.tsx).
 */

/**
 * The longest each of the service's texts is kept (characters; a longer one is cut at a word
 * boundary with "…"). An alert's description runs to 1–3 KB, a hurricane's statement a few more;
 * its instruction to a few hundred characters; its event ("Flash Flood Warning") to a few words;
 * its area to a list of counties. Anything longer is not the service's text: the page links to
 * the service for the rest.
 */
export const TEXT_LIMITS = {
  alertId: 200,
  event: 100,
  headline: 300,
  description: 4000,
  instruction: 2000,
  areaDesc: 500,
  /** A station's name (as the service gives it: a city and an airport, say). */
  station: 200,
  /** The sky's words of an observation or a forecast period ("Chance Showers And Thunderstorms"). */
  sky: 200,
  /** A forecast period's name ("Wednesday Night"). */
  period: 60,
} as const;

/**
 * The bidirectional controls (embeddings, overrides, isolates, marks, the Arabic letter mark):
 * U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C. A page isolates each of the service's
 * texts itself (`<bdi>`, `dir="auto"`); none of the text's own is kept.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/**
 * C0 controls but tab and the line breaks (LF, VT, FF, CR); DEL; the C1 controls
 * (U+0080–U+009F).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const OTHER_CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;
/** Line breaks but LF (CR LF, CR, vertical tab, form feed, the line and paragraph separators). */
// eslint-disable-next-line no-control-regex -- vertical tab and form feed are line breaks here
const LINE_BREAKS = /\r\n?|[\u000B\u000C\u2028\u2029]/g;
/** The ellipsis a cut text ends with. */
export const ELLIPSIS = "…";

/**
 * `text` without control characters, trimmed and at most `max` characters long (cut at a word
 * boundary, ending with "…"). A multi-line text (an alert's description, its instruction)
 * keeps its line feeds and tabs (line ends made "\n", blank-line runs kept to one); any other
 * text is one line, its tabs and line breaks made single spaces.
 */
export function cleanText(
  text: string | null | undefined,
  max: number,
  options: { multiline?: boolean } = {},
): string {
  if (!text) return "";
  // Never more work than a few times the length kept: the rest would be cut anyway (what is
  // left out here still shows as cut, "…").
  const sliced = text.length > max * 4 + 16;
  let t = sliced ? text.slice(0, max * 4 + 16) : text;
  t = t.replace(BIDI_CONTROLS, "").replace(OTHER_CONTROLS, "").replace(LINE_BREAKS, "\n");
  t = options.multiline
    ? t
        .replace(/[ \t]+\n/g, "\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim()
    : t.replace(/\s+/g, " ").trim();
  return cutAtWord(t, max, sliced);
}

/**
 * `text` when at most `max` characters long (and not itself the start of a longer text:
 * `more`), else its start up to its last word boundary within `max - 1` characters and "…" (a
 * first word longer than half of that is cut inside it instead, never splitting a surrogate
 * pair). The result is never longer than `max`.
 */
export function cutAtWord(text: string, max: number, more = false): string {
  if (text.length <= max && !more) return text;
  if (max < 2) return ELLIPSIS.slice(0, Math.max(0, max));
  let room = Math.min(max - ELLIPSIS.length, text.length);
  // Not half of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text.charAt(room - 1))) room--;
  const head = text.slice(0, room);
  // The boundary is the space (or line break) after the last word kept, when the cut falls
  // inside a word; a cut falling on a space keeps all of `head` (what follows the end of a
  // text that is only a start is unknown: a word may go on).
  const atBoundary = room < text.length && /\s/.test(text.charAt(room));
  const lastSpace = Math.max(head.lastIndexOf(" "), head.lastIndexOf("\n"), head.lastIndexOf("\t"));
  const kept = atBoundary ? head : lastSpace >= room / 2 ? head.slice(0, lastSpace) : head;
  // No dangling punctuation or space before the ellipsis ("Flooding, …" reads "Flooding…").
  return kept.replace(/[\s,;:.\-–—]+$/u, "") + ELLIPSIS;
}
