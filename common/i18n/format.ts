/**
 * Interface text as data (issue 38): every string a reader sees or hears comes from a message
 * catalogue per language (common/i18n/<language>/), never from code. A message is a string with
 * `{name}` placeholders, or, for a count, one string per plural category of the language as
 * Intl.PluralRules names them (`one`, `few`, `many`, `other`…; `other` always), with `{count}`
 * written in the locale's digits. This file is the whole of the formatting: pure, no catalogue.
 */

/** The plural forms of one message: the categories the language uses, `other` always. */
export type PluralMessage = { readonly other: string } & Readonly<
  Partial<Record<Exclude<Intl.LDMLPluralRule, "other">, string>>
>;

/** One entry of a catalogue. */
export type Message = string | PluralMessage;

export type MessageValues = Readonly<Record<string, string | number>>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let value = map.get(locale);
  if (value === undefined) map.set(locale, (value = make()));
  return value;
}

/** A number as the locale writes it ("1,234" in English, "1234"/"1.234" in Spanish). */
export function formatNumber(value: number, locale: string): string {
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}

/** The digits 0 to 9 as most locales write them (English's, Spanish's). */
export const LATIN_DIGITS = "0123456789";

/**
 * The digits 0 to 9 as `locale` writes them ("٠١٢٣٤٥٦٧٨٩" in Egyptian Arabic), for a browser
 * that should not make an Intl.NumberFormat to learn them: the first one a page makes costs 10 to
 * 25 ms of its main thread (ICU's number data), and the clock island would make it for a
 * "12 minutes ago".
 */
export function localeDigits(locale: string): string {
  return Array.from({ length: 10 }, (_, digit) => formatNumber(digit, locale)).join("");
}

/**
 * A whole number from 0 to 999 written with `digits` (localeDigits' ten, one code point each):
 * what Intl.NumberFormat writes for it in that locale, as no locale groups below a thousand.
 * Undefined for any other number, or digits that are not ten.
 */
export function smallNumber(value: number, digits: string): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value > 999) return undefined;
  if (digits === LATIN_DIGITS) return String(value);
  const ten = Array.from(digits);
  if (ten.length !== 10) return undefined;
  return Array.from(String(value), (digit) => ten[Number(digit)]).join("");
}

/** The plural form of `message` for `count` in `locale` (its `other` when it has no such form). */
export function pluralForm(message: PluralMessage, count: number, locale: string): string {
  const rule = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
  return message[rule] ?? message.other;
}

/**
 * A message with its values put in: the plural form for `values.count` (a number) when the
 * message has forms, then every `{name}` given a value; numbers in the locale's digits. A
 * placeholder without a value is left as written, so a missing value shows in review. Given the
 * locale's `digits` (localeDigits), a whole number below a thousand is written without Intl.
 */
export function formatMessage(
  message: Message,
  locale: string,
  values: MessageValues = {},
  digits?: string,
): string {
  let text: string;
  if (typeof message === "string") text = message;
  else {
    const count = values.count;
    text = pluralForm(message, typeof count === "number" ? count : Number.NaN, locale);
  }
  if (!text.includes("{")) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    if (typeof value !== "number") return String(value);
    return (
      (digits === undefined ? undefined : smallNumber(value, digits)) ?? formatNumber(value, locale)
    );
  });
}

/** The `{name}` placeholders a message's text (every form of it) uses. */
export function placeholdersOf(message: Message): Set<string> {
  const names = new Set<string>();
  const forms = typeof message === "string" ? [message] : Object.values(message);
  for (const form of forms) {
    for (const match of form.matchAll(/\{(\w+)\}/g)) names.add(match[1] as string);
  }
  return names;
}
