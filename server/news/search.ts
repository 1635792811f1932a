import type { SearchMatch, SearchQuery, StoredArticle } from "./store";

/** How much of what a reader typed is read; the rest is ignored (a 10 KB query costs nothing). */
export const MAX_QUERY_LENGTH = 200;
/** How many words a search looks for at most (each one is a lookup in the index). */
export const MAX_TERMS = 8;
/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;
/**
 * How many matches a search looks at: the most recently stored ones (the highest row ids, which
 * FTS5 hands out newest first without sorting). A word found in more stories shows "1,000+":
 * one query stays bounded however common its words (docs/decisions/003-search.md).
 */
export const SEARCH_WINDOW = 1000;
/**
 * The shortest last word that is also read as a prefix ("flo" finds "flooding"). A one-letter
 * prefix would match most of the index; the index keeps prefixes of 2 to 8 letters ready
 * (migration 0001), so a prefix query up to that length is as quick as a word.
 */
export const MIN_PREFIX_LENGTH = 2;

/**
 * A word as this module reads one: a letter or digit, then letters, digits and combining marks
 * (so a decomposed "café" is one word). Everything else separates words, which is how quotes,
 * `*`, `^`, `:`, `-`, parentheses and control characters never reach FTS5 as syntax.
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MARKS = /\p{M}+/gu;

/** Text split at matches: even indexes are plain text, odd ones matched words (maybe empty). */
export type Marked = string[];

export interface SearchHit {
  article: StoredArticle;
  title: Marked;
  summary: Marked;
}

export interface SearchResults {
  /** The query as read (see SearchQuery.text); empty when it had no word. */
  query: string;
  /** The page shown (1 when the one asked for does not exist). */
  page: number;
  pageCount: number;
  /** How many stories matched (each story once), of the SEARCH_WINDOW looked at. */
  total: number;
  /** True when the window was full: there may be more than `total` ("1,000+"). */
  more: boolean;
  hits: SearchHit[];
}

/** A search without results: by default the empty state (a query without a word). */
export function noResults(query = ""): SearchResults {
  return { query, page: 1, pageCount: 0, total: 0, more: false, hits: [] };
}

/**
 * Folds a word the way the index does (`unicode61 remove_diacritics 2`), near enough for
 * highlighting: lower case, diacritics removed ("Café" and "cafe" are both "cafe").
 */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize("NFD").replace(MARKS, "");
}

/** An FTS5 string: double quotes around, a double quote inside doubled (words have none). */
function quote(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * Reads what a reader typed into a search: its words (at most MAX_TERMS, each once), all
 * required, the last one also as a prefix. Reader text never reaches FTS5 as syntax: only words
 * do, each a quoted string. Null when the text holds no word (the page's empty state).
 */
export function parseSearchQuery(input: string): SearchQuery | null {
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
  return {
    text,
    terms: words.map(foldWord),
    prefix,
    match: words.map(quote).join(" ") + (prefix ? "*" : ""),
  };
}

/**
 * The one spelling of a query among those that search the same and read the same, for the page
 * cache's key (so "Flood  Bayou", "flood+bayou+" and "FLOOD bayou" are one render): lower
 * case, its words alone (everything else only separates them), each once (at its last place, as
 * parseSearchQuery keeps it), at most MAX_TERMS (all of them when there are more: the first ones
 * are searched, none as a prefix), one space between. The words keep the order they were typed
 * in: the page shows the query, and a reader who typed "flood control bond" must not read
 * "control flood bond". Diacritics are kept for the same reason (the index folds them).
 */
export function normalizeSearchText(input: string): string {
  const text = input.slice(0, MAX_QUERY_LENGTH).normalize("NFC").toLowerCase();
  const found = [...text.matchAll(WORD)].map((m) => m[0]);
  const folded = found.map(foldWord);
  return found.filter((_, i) => folded.lastIndexOf(folded[i] as string) === i).join(" ");
}

/** Which term a word of a text matches (its index), or -1. */
function termOf(word: string, query: Pick<SearchQuery, "terms" | "prefix">): number {
  const folded = foldWord(word);
  const { terms, prefix } = query;
  const exact = terms.indexOf(folded);
  if (exact >= 0) return exact;
  const last = terms.length - 1;
  return prefix && folded.startsWith(terms[last] as string) ? last : -1;
}

/**
 * Splits a text at the words a query matches, for `<mark>`. It folds words as the index does,
 * so "cafe" marks "Café".
 */
export function markText(text: string, query: Pick<SearchQuery, "terms" | "prefix">): Marked {
  const parts: Marked = [];
  let plainFrom = 0;
  for (const m of text.matchAll(WORD)) {
    if (termOf(m[0], query) < 0) continue;
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
const WORD_CHAR = "[\\p{L}\\p{N}\\p{M}]";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * How well stories match a query: per term, BM25's saturated frequency in the title (weighted
 * TITLE_WEIGHT) and in the summary. No inverse document frequency: every result holds every
 * term, and this only orders stories of the same date (see orderResults). One regular
 * expression over each folded text: a run of many stories of one date stays cheap.
 */
export function relevanceOf(
  query: Pick<SearchQuery, "terms" | "prefix">,
): (article: Pick<StoredArticle, "title" | "summary">) => number {
  const last = query.terms.length - 1;
  // One group per term, in order, each a whole word but the last when it is a prefix.
  const alternatives = query.terms.map((term, i) => {
    const wholeWord = i === last && query.prefix ? "" : `(?!${WORD_CHAR})`;
    return `(${escapeRegExp(term)})${wholeWord}`;
  });
  const pattern = new RegExp(`(?<!${WORD_CHAR})(?:${alternatives.join("|")})`, "gu");
  const counts = (text: string) => {
    const found = query.terms.map(() => 0);
    for (const m of foldWord(text).matchAll(pattern)) {
      const term = m.findIndex((group, i) => i > 0 && group !== undefined) - 1;
      found[term] = (found[term] ?? 0) + 1;
    }
    return found;
  };
  return (article) => {
    const summary = counts(article.summary);
    return counts(article.title).reduce(
      (sum, tf, i) => sum + TITLE_WEIGHT * saturate(tf) + saturate(summary[i] ?? 0),
      0,
    );
  };
}

/** Who a story is: its link, or (no link) the stored row. A story stored for two categories is one. */
const identity = (m: SearchMatch) => (m.url === "#" ? `#${m.id}` : m.url);

/**
 * One page of results. `matches` come from the store newest first (dated before undated, then
 * the most recently stored); each story counts once; stories of one date (or all the undated
 * ones) are ordered by relevance, then newest stored; a page that does not exist gives page 1.
 * Only the page and the runs of equal dates reaching into it are read in full (`load`) and
 * ranked, so the work stays within the page's reach.
 */
export async function orderResults(
  matches: readonly SearchMatch[],
  query: SearchQuery,
  options: { page: number; more: boolean; load: (ids: number[]) => Promise<StoredArticle[]> },
): Promise<SearchResults> {
  const seen = new Set<string>();
  const stories = matches.filter((m) => {
    const key = identity(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const pageCount = Math.ceil(stories.length / SEARCH_PAGE_SIZE);
  const { page, more } = options;
  const shown = Number.isInteger(page) && page >= 1 && page <= pageCount ? page : 1;
  const start = (shown - 1) * SEARCH_PAGE_SIZE;
  const end = Math.min(start + SEARCH_PAGE_SIZE, stories.length);
  const results = { query: query.text, page: shown, pageCount, total: stories.length, more };
  if (start >= end) return { ...results, hits: [] };
  // The page widened to whole runs of equal dates.
  const sameDate = (a: number, b: number) => stories[a]?.publishedAt === stories[b]?.publishedAt;
  let from = start;
  while (from > 0 && sameDate(from - 1, start)) from--;
  let to = end;
  while (to < stories.length && sameDate(to, end - 1)) to++;
  const byId = new Map(
    (await options.load(stories.slice(from, to).map((m) => m.id))).map((a) => [a.id, a]),
  );
  const reach = stories.slice(from, to).flatMap((m) => byId.get(m.id) ?? []);
  rankRuns(reach, relevanceOf(query));
  return {
    ...results,
    hits: reach.slice(start - from, end - from).map((article) => ({
      article,
      title: markText(article.title, query),
      summary: markText(article.summary, query),
    })),
  };
}

/** Orders each run of stories of one date by relevance, then newest stored (highest id). */
function rankRuns(stories: StoredArticle[], relevance: (a: StoredArticle) => number): void {
  for (let from = 0; from < stories.length;) {
    let to = from + 1;
    while (to < stories.length && stories[to]?.publishedAt === stories[from]?.publishedAt) to++;
    if (to - from > 1) {
      const run = stories
        .slice(from, to)
        .map((article) => ({ article, score: relevance(article) }))
        .sort((a, b) => b.score - a.score || b.article.id - a.article.id);
      run.forEach(({ article }, i) => (stories[from + i] = article));
    }
    from = to;
  }
}
