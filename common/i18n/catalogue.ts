import { formatMessage, type Message, type MessageValues, type PluralMessage } from "./format";

/**
 * One area of a catalogue in another language than English: the same keys as English's area,
 * each a message of the same kind (a plural message where English has one, since its forms
 * are chosen by count). A missing or extra key fails the typecheck; common/i18n/catalogue.test.ts
 * checks the same at test time, with the placeholders each message uses.
 */
export type Area<English> = {
  readonly [K in keyof English]: English[K] extends string ? string : PluralMessage;
};

/** A whole catalogue: each key of English's, as a message. */
export type CatalogueOf<English> = { readonly [K in keyof English]: Message };

/** A function that gives a key's text in one language, its values put in. */
export interface Translator<Key extends string> {
  (key: Key, values?: MessageValues): string;
  /** The BCP 47 locale it writes in (numbers, dates, plural rules). */
  readonly locale: string;
  /** Its language's primary subtag ("en", "es"), as `lang` attributes name it. */
  readonly language: string;
}

/** The primary language subtag of a BCP 47 locale, lower-case ("es-US" → "es"). */
export function languageOf(locale: string): string {
  return (locale.split("-")[0] ?? locale).toLowerCase();
}

/** A translator over `catalogue`, writing in `locale`. */
export function makeTranslator<Key extends string>(
  catalogue: { readonly [K in Key]: Message },
  locale: string,
): Translator<Key> {
  const translate = (key: Key, values?: MessageValues) =>
    formatMessage(catalogue[key], locale, values);
  return Object.assign(translate, { locale, language: languageOf(locale) });
}
