import type { Message } from "./format";

/**
 * The messages of relative dates ("3 hours ago", "hace 3 horas"): what a page gives the clock
 * island (app/islands/clock.ts) so that it tells dates in the page's language without loading
 * a catalogue.
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

/** Relative dates' messages read back from a page (the clock's props); null if not them. */
export function asRelativeWords(value: unknown): RelativeWords | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  return RELATIVE_KEYS.every((key) => isMessage(record[key])) ? (value as RelativeWords) : null;
}

function isMessage(value: unknown): value is Message {
  if (typeof value === "string") return true;
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((form) => typeof form === "string") &&
    typeof (value as { other?: unknown }).other === "string"
  );
}
