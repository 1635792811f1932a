import { languageOf } from "./catalogue";
import { core as en } from "./en/core";
import { core as es } from "./es/core";
import type { Message } from "./format";

/**
 * The messages of relative dates ("3 hours ago", "hace 3 horas"), in every language there is a
 * catalogue of: what tells a date, on the server and in the islands (the clock, a refreshed News
 * Feed) without loading a catalogue. A page says only its locale: the words are in the islands'
 * script (about 250 B brotli, cached a year), not in every page (50 to 110 B each).
 */
export const RELATIVE_KEYS = [
  "time.justNow",
  "time.minutesAgo",
  "time.hoursAgo",
  "time.yesterday",
  "time.daysAgo",
] as const;

export type RelativeWords = { readonly [K in (typeof RELATIVE_KEYS)[number]]: Message };

/** The relative dates' messages of a catalogue. */
export function relativeWords(catalogue: RelativeWords): RelativeWords {
  return Object.fromEntries(RELATIVE_KEYS.map((key) => [key, catalogue[key]])) as RelativeWords;
}

/**
 * Each catalogue's words for relative dates, by language: those of the catalogues' own core
 * (common/i18n/index.ts's CATALOGUES; a test holds the two lists together).
 */
const ENGLISH = relativeWords(en);
export const RELATIVE_WORDS: Readonly<Record<string, RelativeWords>> = {
  en: ENGLISH,
  es: relativeWords(es),
};

/** The words of relative dates in a locale's language: English where it has no catalogue. */
export function relativeWordsOf(locale: string): RelativeWords {
  return RELATIVE_WORDS[languageOf(locale)] ?? ENGLISH;
}
