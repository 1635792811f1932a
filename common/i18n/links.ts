import { languageOf } from "./catalogue";
import { links as en } from "./en/links";
import { links as es } from "./es/links";

/** What links say beside their text, and a News Feed's empty list: a catalogue's links area. */
export type LinkArea = { readonly [K in keyof typeof en]: string };

/**
 * Each catalogue's links area, by language (common/i18n/index.ts's CATALOGUES; a test holds
 * the two lists together): what an island that renders links in the browser says (a refreshed
 * News Feed), without a catalogue and without the page carrying the words.
 */
export const LINK_AREAS: Readonly<Record<string, LinkArea>> = { en, es };

/** The links area of a locale's language: English where it has no catalogue (as catalogueFor). */
export function linkAreaOf(locale: string): LinkArea {
  return LINK_AREAS[languageOf(locale)] ?? en;
}
