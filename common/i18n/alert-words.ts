import { translatorFor } from "./index";
import { responseText } from "./alert-response";
import { weatherWords } from "./weather-words";

// A warning told in a reader's language, in a few words: its name, and where, until when and what
// to do. A push says it (server/push/message.ts), and so does the weather alerts' feed (issue 54,
// app/routes/feed.ts): one text in both.

/** The most characters of a warning's title and body together (Wireless Emergency Alerts' 360). */
export const MAX_ALERT_CHARS = 360;

/** An alert as its words need it (server/weather/nws-alerts.ts WeatherAlert has these). */
export interface AlertForWords {
  event: string;
  ends: string | null;
  instruction: string | null;
  response?: Parameters<typeof responseText>[0];
  /** The language of its texts when it is not English. */
  language?: string;
  /** Its texts in other languages, by primary subtag. */
  translations?: Record<string, { event: string; instruction: string | null }>;
}

/** Where the reader is: their language and zone, and their city's alert zones' names. */
export interface AlertPlace {
  locale: string;
  timeZone: string;
  /** The city's alert zones' names in the reader's language, by UGC code. */
  zoneNames: ReadonlyMap<string, string>;
}

/** `text` cut at a word to at most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - 1));
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** A time in the reader's language and the city's zone, with its weekday ("Thu 9:45 PM"). */
function timeText(iso: string, place: AlertPlace): string {
  return new Intl.DateTimeFormat(place.locale, {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: place.timeZone,
  }).format(new Date(iso));
}

/** The names of `zones` in the reader's words, joined ("Inland Harris, Harris County"). */
export function areaOf(zones: readonly string[], place: AlertPlace): string {
  return zones.map((zone) => place.zoneNames.get(zone) ?? zone).join(", ");
}

/**
 * A warning for a reader of `zones` (those it is in force in), in their language: its name as the
 * title; where, until when (or until further notice) and what to do as the body (the service's
 * own words in the reader's language when it issued them, else the response's words), title and
 * body together at most MAX_ALERT_CHARS.
 */
export function alertWords(
  alert: AlertForWords,
  zones: readonly string[],
  place: AlertPlace,
): { title: string; body: string } {
  const t = translatorFor(place.locale);
  const language = t.language;
  const translated = alert.translations?.[language];
  const event =
    translated?.event ??
    (alert.language === language
      ? alert.event
      : weatherWords(place.locale).event(alert.event).text);
  const instruction =
    translated?.instruction ?? ((alert.language ?? "en") === language ? alert.instruction : null);
  const todo = [responseText(alert.response, t) ?? "", instruction ?? ""].filter(Boolean).join(" ");
  const area = areaOf(zones, place);
  const title = clip(event, 80);
  const body = clip(
    (alert.ends
      ? t("pushMessage.body", { area, until: timeText(alert.ends, place), todo })
      : t("pushMessage.bodyNoEnd", { area, todo })
    )
      // A time that ends in a period ("9:45 p.m.") before the sentence's own.
      .replace(/\.\.(\s|$)/g, ".$1")
      .trim(),
    MAX_ALERT_CHARS - title.length,
  );
  return { title, body };
}
