import { iso6393To1 } from "iso-639-3/iso6393-to-1.js";
import { rankLanguages } from "./franc-rank";

/**
 * canonicalLanguage's answers by what was written: a feed names its language on every entry, and
 * feeds name a few languages in all, while Intl.getCanonicalLocales was a twentieth of reading
 * a feed. Emptied when full, so it never grows past CANONICAL_MAX.
 */
const CANONICAL = new Map<string, string | null>();
const CANONICAL_MAX = 512;

/**
 * A language as a feed writes it ("en-us", "EN_GB", "fr", "x-default" …) as a canonical BCP 47
 * tag ("en-US"), or null when it is none (empty, malformed, or a private or undetermined one).
 */
export function canonicalLanguage(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  let canonical = CANONICAL.get(raw);
  if (canonical === undefined) {
    canonical = canonicalize(raw);
    if (CANONICAL.size >= CANONICAL_MAX) CANONICAL.clear();
    CANONICAL.set(raw, canonical);
  }
  return canonical;
}

function canonicalize(raw: string): string | null {
  const tag = raw.trim().replace(/_/g, "-");
  if (!tag || tag.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical) return null;
    const primary = canonical.split("-")[0] as string;
    // "und" (undetermined), "mul" (several), "zxx" (no language), "x-…" (private use)
    return primary.length < 2 || ["und", "mul", "zxx", "x", "i"].includes(primary)
      ? null
      : canonical;
  } catch {
    return null;
  }
}

/**
 * Shortest text a language is guessed from: the trigram model needs a sentence or so, and a
 * headline alone ("Obama", "Texans beat Colts 24-17") is too little to tell.
 */
export const DETECT_MIN_LENGTH = 40;
/**
 * How far ahead of the runner-up a guess must be (franc scores the best 1, the others by their
 * distance): closer than this, the text is as much one language as the other (English sports
 * headlines full of names came out Portuguese by a few hundredths) and no guess is made.
 */
export const DETECT_MARGIN = 0.1;

/**
 * Individual languages franc names that have no two-letter code of their own, by the
 * macrolanguage's two-letter code that BCP 47 prefers for them.
 */
const MACROLANGUAGES: Record<string, string> = {
  arb: "ar",
  azj: "az",
  cmn: "zh",
  npi: "ne",
  pbu: "ps",
  pes: "fa",
  swh: "sw",
  uzn: "uz",
  zlm: "ms",
};

/**
 * The language text is written in, when it can be told with confidence (text of a story whose
 * feed names no language): a BCP 47 tag, or null when the text is short, or mixed, or too close
 * between two languages to say. A wrong guess would have a screen reader read English with
 * another language's voice, so the guess is cautious.
 */
export function detectLanguage(text: string): string | null {
  if (text.length < DETECT_MIN_LENGTH) return null;
  // (franc's ranking, computed faster: see franc-rank.ts)
  const [best, second] = rankLanguages(text, DETECT_MIN_LENGTH);
  if (!best || best[0] === "und") return null;
  if (second && best[1] - second[1] < DETECT_MARGIN) return null;
  const code = best[0];
  return canonicalLanguage(iso6393To1[code] ?? MACROLANGUAGES[code] ?? code);
}

/** How many of a feed's stories must show one language before the feed is taken to be in it. */
export const FEED_LANGUAGE_MIN = 3;
/** The share of a feed's stories of a known language that must be in that one language. */
export const FEED_LANGUAGE_SHARE = 0.8;

/**
 * The language a feed that names none is written in, from its stories' own (issue 53: a Mint
 * story on /es/ was not marked "en inglés"): a headline full of names ("PM Modi-Xi Jinping
 * informal summit in Varanasi") is too close between languages to guess alone, yet the feed's
 * other stories are plainly English. The language at least FEED_LANGUAGE_MIN stories show, and
 * FEED_LANGUAGE_SHARE of those whose language is known, by its primary subtag; else null (a
 * mixed feed, or too few stories to tell).
 */
export function feedLanguageOf(languages: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  let known = 0;
  for (const tag of languages) {
    if (!tag) continue;
    known++;
    const primary = (tag.split("-")[0] as string).toLowerCase();
    counts.set(primary, (counts.get(primary) ?? 0) + 1);
  }
  for (const [primary, count] of counts) {
    if (count >= FEED_LANGUAGE_MIN && count >= known * FEED_LANGUAGE_SHARE) return primary;
  }
  return null;
}
