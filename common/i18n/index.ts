import { languageOf, makeTranslator, type Translator } from "./catalogue";
import { en } from "./en";
import { es } from "./es";
import type { Message } from "./format";

export { languageOf, type Translator } from "./catalogue";
export { formatMessage, formatNumber } from "./format";

/** Every key of the interface's text. */
export type MessageKey = keyof typeof en;

/** The interface's text in one language. */
export type Catalogue = { readonly [K in MessageKey]: Message };

/** The catalogues there are, by primary language subtag. English is the specification's text. */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = { en, es };

/** Whether the interface can be written in a locale's language. */
export function hasCatalogue(locale: string): boolean {
  return Object.hasOwn(CATALOGUES, languageOf(locale));
}

/**
 * The catalogue of a locale's language; English for a language that has none (a city's data is
 * checked against the catalogues by `npm run city:check`, which names such a locale).
 */
export function catalogueFor(locale: string): Catalogue {
  return CATALOGUES[languageOf(locale)] ?? en;
}

/** A translator for a locale: its language's catalogue, numbers and plurals in the locale. */
export function translatorFor(locale: string): Translator<MessageKey> {
  return makeTranslator(catalogueFor(locale), hasCatalogue(locale) ? locale : "en-US");
}

/** The keys of a catalogue that English has and it lacks (city:check). */
export function missingKeys(catalogue: Partial<Record<string, Message>>): MessageKey[] {
  return (Object.keys(en) as MessageKey[]).filter((key) => !Object.hasOwn(catalogue, key));
}
