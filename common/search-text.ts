import type { Stem } from "./stemming";

// A search's words as both sides read them (decision 003): the server searches the stored
// stories with them (server/news/search.ts), the search page the site's own pages
// (app/lib/site-search.server.ts); both mark and rank what they find with the same stemming.

/** How much of what a reader typed is read; the rest is ignored (a 10 KB query costs nothing). */
export const MAX_QUERY_LENGTH = 200;
/** How many words a search looks for at most (each one is a lookup in the index). */
export const MAX_TERMS = 8;
/**
 * The shortest last word that is also read as a prefix ("flo" finds "flooding"). A one-letter
 * prefix would match most of the index; the index keeps prefixes of 2 to 8 letters ready
 * (migration 0006), so a prefix query up to that length is as quick as a word.
 */
export const MIN_PREFIX_LENGTH = 2;

/**
 * A word as search reads one: a letter or digit, then letters, digits and combining marks (so a
 * decomposed "café" is one word). Everything else separates words, which is how quotes, `*`,
 * `^`, `:`, `-`, parentheses and control characters never reach FTS5 or a tsquery as syntax.
 */
export const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MARKS = /\p{M}+/gu;
const NOT_ASCII = /[^\p{ASCII}]/u;

/**
 * Folds a word or a text the way the indexes do (`remove_diacritics 2`, `unaccent`), near enough
 * for marking: lower case, diacritics removed ("Café" and "cafe" are both "cafe").
 */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  // Most text is ASCII: nothing to decompose.
  return NOT_ASCII.test(lower) ? lower.normalize("NFD").replace(MARKS, "") : lower;
}

/** The words a query looks for, folded; the last one also as a prefix when `prefix`. */
export interface QueryTerms {
  terms: string[];
  prefix: boolean;
}

/** A query as read: the text kept (what the page echoes), its words as typed, and its terms. */
export interface ReadQuery extends QueryTerms {
  /** The query as read (at most MAX_QUERY_LENGTH characters, trimmed). */
  text: string;
  /** The words looked for as they were typed (terms are these, folded). */
  words: string[];
}

/**
 * Reads what a reader typed into a search: its words (at most MAX_TERMS, each once), all
 * required, the last one also as a prefix. Null when the text holds no word (the empty state).
 */
export function readQuery(input: string): ReadQuery | null {
  const text = input.slice(0, MAX_QUERY_LENGTH).normalize("NFC").trim();
  const found = [...text.matchAll(WORD)].map((m) => m[0]);
  if (found.length === 0) return null;
  const folded = found.map(foldWord);
  // Each word once; a repeated word keeps its last place (the prefix belongs to the last word).
  const unique = found.filter((_, i) => folded.lastIndexOf(folded[i] as string) === i);
  const words = unique.slice(0, MAX_TERMS);
  const last = words[words.length - 1] as string;
  // Past the cap the last word kept is not the last one typed: no prefix then.
  const prefix = unique.length <= MAX_TERMS && [...last].length >= MIN_PREFIX_LENGTH;
  return { text, words, terms: words.map(foldWord), prefix };
}

/** Which term of a query a word is, by stem, as an index stemmed with the same stemmer finds it. */
export interface TermMatcher {
  readonly query: QueryTerms;
  /** The term a word matches (its index), or -1. */
  termOf(word: string): number;
  /** The same for a word already folded (foldWord). */
  termOfFolded(folded: string): number;
  /**
   * Every word of a folded text that may match a term, and some word ends (a superset:
   * countTerms keeps the words, termOfFolded decides): the words that start as a term or its
   * stem does (startOf).
   */
  readonly candidates: RegExp;
}

const WORD_CHAR = "[\\p{L}\\p{N}\\p{M}]";

/**
 * How a word with the same stem as `stemOrTerm` starts: as it does, less its last two letters
 * (a stemmer may write those differently: "happy" is "happi", "hoping" is "hope"), but at least
 * its first three (so that "cut" does not make every word starting with "c" a candidate; the
 * term's own start is a candidate too: "bay" is "bai").
 */
const startOf = (stemOrTerm: string) =>
  stemOrTerm.slice(0, Math.max(Math.min(3, stemOrTerm.length), stemOrTerm.length - 2));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Matches words to a query's terms as an index stemmed by `stem` does: a word is a term when
 * their stems are the same ("flooded" and "flooding"); the last term, when it is a prefix, is
 * also every word whose stem starts with its stem ("flo" finds "flooding", as `"flo"*` in FTS5
 * and `flo:*` in a tsquery do: the databases stem a prefix too). Stems are remembered, so that
 * one matcher marks and ranks a page of stories cheaply.
 */
export function termMatcher(query: QueryTerms, stem: Stem): TermMatcher {
  const stems = new Map<string, string>();
  const stemOf = (folded: string) => {
    let stemmed = stems.get(folded);
    if (stemmed === undefined) stems.set(folded, (stemmed = stem(folded)));
    return stemmed;
  };
  const targets = query.terms.map(stemOf);
  const last = targets.length - 1;
  const termOfFolded = (folded: string) => {
    const stemmed = stemOf(folded);
    const exact = targets.indexOf(stemmed);
    if (exact >= 0) return exact;
    return query.prefix && stemmed.startsWith(targets[last] as string) ? last : -1;
  };
  const starts = [...new Set([...targets, ...query.terms].map(startOf))];
  return {
    query,
    termOf: (word) => termOfFolded(foldWord(word)),
    termOfFolded,
    // No lookbehind for a word's start: one at its head keeps the engine from skipping ahead to
    // the letters it looks for, which made ranking a search's thousand matches several times
    // slower (countTerms checks the start).
    candidates: new RegExp(`(?:${starts.map(escapeRegExp).join("|")})${WORD_CHAR}*`, "gu"),
  };
}

/** Text split at matches: even indexes are plain text, odd ones matched words (maybe empty). */
export type Marked = string[];

/**
 * Splits a text at the words a query matches, for `<mark>`: the words it finds by stem
 * ("flooded" for "flooding"), whatever their case and diacritics ("cafe" marks "Café").
 */
export function markText(text: string, matcher: TermMatcher): Marked {
  const parts: Marked = [];
  let plainFrom = 0;
  for (const m of text.matchAll(WORD)) {
    if (matcher.termOf(m[0]) < 0) continue;
    parts.push(text.slice(plainFrom, m.index), m[0]);
    plainFrom = m.index + m[0].length;
  }
  parts.push(text.slice(plainFrom));
  return parts;
}

/** BM25's saturation of a term's frequency (k1 = 1.2): the third match adds less than the first. */
const saturate = (tf: number) => (tf * 2.2) / (tf + 1.2);
/** A match in the title counts this many times one in the summary. */
export const TITLE_WEIGHT = 4;

const IS_WORD_CHAR = new RegExp(WORD_CHAR, "u");

/** How many times each term of the matcher's query is in a text. */
export function countTerms(text: string, matcher: TermMatcher): number[] {
  const found = matcher.query.terms.map(() => 0);
  const folded = foldWord(text);
  for (const m of folded.matchAll(matcher.candidates)) {
    // A word's end, not a word.
    if (m.index > 0 && IS_WORD_CHAR.test(folded.charAt(m.index - 1))) continue;
    const term = matcher.termOfFolded(m[0]);
    if (term >= 0) found[term] = (found[term] ?? 0) + 1;
  }
  return found;
}

/**
 * How well a story the index found matches its query, from its title alone: per term, BM25's
 * saturated frequency in the title weighted TITLE_WEIGHT, or, for a term not in the title, one
 * match in the summary, where the index found it. relevanceOf but for the summary's counts: a
 * search ranks its whole window of stories with it, reading no summary.
 */
export function titleRelevanceOf(matcher: TermMatcher): (title: string) => number {
  return (title) =>
    countTerms(title, matcher).reduce(
      (sum, tf) => sum + (tf > 0 ? TITLE_WEIGHT * saturate(tf) : saturate(1)),
      0,
    );
}

/**
 * How well a text matches a query: per term, BM25's saturated frequency in the title (weighted
 * TITLE_WEIGHT) and in the body. No inverse document frequency: every result holds every term.
 * Only the words that may match are stemmed (TermMatcher.candidates), so that ranking the
 * whole window of a search's matches stays cheap.
 */
export function relevanceOf(
  matcher: TermMatcher,
): (text: { title: string; summary: string }) => number {
  return ({ title, summary }) => {
    const inSummary = countTerms(summary, matcher);
    return countTerms(title, matcher).reduce(
      (sum, tf, i) => sum + TITLE_WEIGHT * saturate(tf) + saturate(inSummary[i] ?? 0),
      0,
    );
  };
}
