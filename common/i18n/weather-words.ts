import { languageOf } from "./catalogue";
import {
  AND_ES,
  CONDITIONS_ES,
  NIGHT_OF_ES,
  NWS_EVENTS_ES,
  PERIODS_ES,
  PHENOMENA_ES,
  QUALIFIERS_ES,
  THEN_ES,
  TRAILING_QUALIFIERS_ES,
  type WeatherNoun,
} from "./es/nws";

/**
 * The National Weather Service's words in the page's language. The service writes English: an
 * alert's type ("Hurricane Warning"), a forecast period's name ("This Afternoon") and the sky's
 * words, which it composes from a small set of phrases ("Chance Showers And Thunderstorms then
 * Mostly Sunny"). A Spanish page shows them in Spanish, from the tables of common/i18n/es/nws.ts:
 * a type and a period by name, a forecast phrase by phrase (never word by word). A text the
 * tables do not know is shown as the service gave it, marked as English (`lang`), and reported
 * once (onUnknownWeatherText) so that the tables can grow.
 */

/** A text to show, and its language when that is not the page's. */
export interface ShownText {
  text: string;
  /** Its language when not the page's ("en": the service's English on a Spanish page). */
  lang?: string;
}

/** The service's words a page shows, in the page's language where the tables know them. */
export interface WeatherWords {
  /** An alert's type ("Hurricane Warning": "Aviso de huracán"). */
  event(name: string): ShownText;
  /** A forecast's or an observation's words for the sky ("Patchy Fog then Sunny"). */
  sky(text: string): ShownText;
  /** A forecast period's name ("Wednesday Night": "Miércoles por la noche"). */
  period(name: string): ShownText;
}

/** What kind of the service's text a table did not know. */
export type WeatherTextKind = "event" | "sky" | "period";

/** Who hears of a text no table knows. */
export type WeatherTextReporter = (kind: WeatherTextKind, text: string, language: string) => void;

declare global {
  // The one reporter of every copy of this module in a thread (see onUnknownWeatherText).
  var __cityNewsWeatherTextReporter:
    { report: WeatherTextReporter; reported: Set<string> } | undefined;
}

/** The most distinct texts reported: a service answering nonsense cannot grow the set. */
export const MAX_REPORTED = 1000;

/**
 * Who hears of a text no table knows, each text once (the server logs it: "weather text not
 * translated"; a render worker hands it to the request thread with the page). This module is
 * bundled twice, into the React Router build (the pages say the words) and into the server's own
 * bundle (which sets the reporter): the reporter is kept on globalThis, so both copies in a
 * thread share it. Returns a function that restores the one before (tests).
 */
export function onUnknownWeatherText(report: WeatherTextReporter): () => void {
  const before = globalThis.__cityNewsWeatherTextReporter;
  globalThis.__cityNewsWeatherTextReporter = { report, reported: new Set() };
  return () => {
    globalThis.__cityNewsWeatherTextReporter = before;
  };
}

/** Tells the thread's reporter of a text no table knows, unless it was told of it already. */
export function reportUnknownWeatherText(
  kind: WeatherTextKind,
  text: string,
  language: string,
): void {
  const hook = globalThis.__cityNewsWeatherTextReporter;
  const key = `${language}\u0000${kind}\u0000${text}`;
  if (hook && !hook.reported.has(key) && hook.reported.size < MAX_REPORTED) {
    hook.reported.add(key);
    hook.report(kind, text, language);
  }
}

function unknown(kind: WeatherTextKind, text: string, language: string): ShownText {
  reportUnknownWeatherText(kind, text, language);
  return { text, lang: "en" };
}

/** The first letter upper-case (Spanish writes the rest as the tables do). */
function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase("es") + text.slice(1);
}

/** A lookup key: lower-case, single spaces. */
function keyOf(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The endings' index for a noun phrase: masculine/feminine, singular/plural. */
function agreeing(forms: readonly [string, string, string, string], nouns: WeatherNoun[]): string {
  // Spanish: a mixed list is masculine; more than one noun is plural.
  const feminine = nouns.every((n) => n.gender === "f");
  const plural = nouns.length > 1 || nouns.some((n) => n.plural);
  return forms[(plural ? 2 : 0) + (feminine ? 1 : 0)] as string;
}

/** The longest entry of `table` that `text` starts (or ends) with, and what is left of it. */
function affix<V>(
  text: string,
  table: Readonly<Record<string, V>>,
  where: "start" | "end",
): { value: V; rest: string } | null {
  let best: { value: V; rest: string; length: number } | null = null;
  for (const [words, value] of Object.entries(table)) {
    const matches = where === "start" ? text.startsWith(`${words} `) : text.endsWith(` ${words}`);
    if (matches && (!best || words.length > best.length)) {
      const rest =
        where === "start" ? text.slice(words.length + 1) : text.slice(0, -words.length - 1);
      best = { value, rest, length: words.length };
    }
  }
  return best && { value: best.value, rest: best.rest };
}

/**
 * Phenomena with their qualifiers in Spanish, lower-case ("chance showers and thunderstorms":
 * "probabilidad de chubascos y tormentas eléctricas"), or null when a word of them is unknown.
 */
function phenomenaEs(text: string): string | null {
  const lead = affix(text, QUALIFIERS_ES, "start");
  const afterLead = lead ? lead.rest : text;
  const trail = affix(afterLead, TRAILING_QUALIFIERS_ES, "end");
  const nouns = (trail ? trail.rest : afterLead).split(" and ").map((item) => PHENOMENA_ES[item]);
  if (!nouns.every((n) => n !== undefined)) return null;
  const known = nouns as WeatherNoun[];
  let said = known.map((n) => n.es).join(AND_ES);
  for (const q of [trail?.value, lead?.value]) {
    if (!q) continue;
    if ("around" in q) said = q.around.replace("{x}", said);
    else if ("after" in q) said = `${said} ${agreeing(q.after, known)}`;
    else said = `${agreeing(q.before, known)} ${said}`;
  }
  return said;
}

/**
 * One part of a forecast in Spanish, lower-case: phenomena with their qualifiers, followed by
 * the sky's or the wind's words ("showers likely and breezy": "chubascos probables y con
 * brisa"), or those words alone ("sunny and hot"); null when a phrase of it is unknown.
 */
function partEs(part: string): string | null {
  const items = part.split(" and ");
  // The sky's and the wind's words at the end, never qualified.
  const conditions: string[] = [];
  while (items.length > 0) {
    const last = items[items.length - 1] as string;
    const condition = PHENOMENA_ES[last] === undefined ? CONDITIONS_ES[last] : undefined;
    if (condition === undefined) break;
    conditions.unshift(condition);
    items.pop();
  }
  if (items.length === 0) return conditions.join(AND_ES);
  const phenomena = phenomenaEs(items.join(" and "));
  return phenomena === null ? null : [phenomena, ...conditions].join(AND_ES);
}

/**
 * A forecast's or an observation's words in Spanish ("Patchy Fog then Mostly Sunny": "Niebla en
 * algunos sectores, luego mayormente soleado"), or null when a phrase of it is unknown. Its
 * sentences ("Breezy. Partly Sunny") each begin with a capital.
 */
export function skyEs(text: string): string | null {
  const sentences = keyOf(text)
    .split(/\.\s+/)
    .map((s) => s.replace(/\.$/, ""))
    .filter(Boolean);
  if (sentences.length === 0) return null;
  const out: string[] = [];
  for (const sentence of sentences) {
    const parts = sentence.split(" then ").map(partEs);
    if (parts.some((p) => p === null)) return null;
    out.push(capitalized(parts.join(THEN_ES)));
  }
  return out.join(". ");
}

/** A period's name in Spanish ("Wednesday Night": "Miércoles por la noche"), or null. */
export function periodEs(name: string): string | null {
  const key = keyOf(name);
  const day = PERIODS_ES[key];
  if (day !== undefined) return capitalized(day);
  const night = key.endsWith(" night") ? PERIODS_ES[key.slice(0, -" night".length)] : undefined;
  return night === undefined ? null : capitalized(NIGHT_OF_ES.replace("{day}", night));
}

/** An alert type in Spanish ("Hurricane Warning": "Aviso de huracán"), or null. */
export function eventEs(name: string): string | null {
  const known = NWS_EVENTS_ES[keyOf(name)];
  return known === undefined ? null : capitalized(known);
}

const ENGLISH: WeatherWords = {
  event: (text) => ({ text }),
  sky: (text) => ({ text }),
  period: (text) => ({ text }),
};

/** For each language with tables, how it says the service's words. */
const TABLES: Record<string, Record<WeatherTextKind, (text: string) => string | null>> = {
  es: { event: eventEs, sky: skyEs, period: periodEs },
};

/**
 * The service's words for a page in `locale`'s language: English as given; a language with
 * tables in its words, or the English marked and reported where they have none; a language
 * without tables, the English marked.
 */
export function weatherWords(locale: string): WeatherWords {
  const language = languageOf(locale);
  if (language === "en") return ENGLISH;
  const tables = TABLES[language];
  const say =
    (kind: WeatherTextKind) =>
    (text: string): ShownText => {
      if (!text) return { text };
      // A language without tables: the English, marked (nothing to report: no table to grow).
      if (!tables) return { text, lang: "en" };
      const said = tables[kind](text);
      return said !== null ? { text: said } : unknown(kind, text, language);
    };
  return { event: say("event"), sky: say("sky"), period: say("period") };
}
