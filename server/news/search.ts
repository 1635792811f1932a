import {
  MAX_QUERY_LENGTH,
  WORD,
  foldWord,
  markText,
  readQuery,
  titleRelevanceOf,
  termMatcher,
  type Marked,
  type TermMatcher,
} from "../../common/search-text";
import type { Stem } from "../../common/stemming";
import type { SearchMatch, SearchQuery, StoredArticle } from "./store";

/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;
/**
 * How many matches a search looks at: the most recently stored ones (the highest row ids, which
 * FTS5 hands out newest first without sorting). A word found in more stories shows "1,000+":
 * one query stays bounded however common its words (docs/decisions/003-search.md).
 */
export const SEARCH_WINDOW = 1000;
/**
 * How recency weighs against relevance: a story's rank halves for each day it is older, so a
 * story twice as relevant ranks as one a day newer, and one holding the words in its title
 * (TITLE_WEIGHT times a summary's) as one two days newer (orderResults).
 */
export const RECENCY_HALF_LIFE_MS = 24 * 3600_000;

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

/** An FTS5 string: double quotes around, a double quote inside doubled (words have none). */
function quote(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * Reads what a reader typed into a search (common/search-text.ts readQuery: its words, at most
 * MAX_TERMS, each once, all required, the last one also as a prefix) as the store looks for it.
 * Reader text never reaches FTS5 as syntax: only words do, each a quoted string. Null when the
 * text holds no word (the page's empty state).
 */
export function parseSearchQuery(input: string): SearchQuery | null {
  const read = readQuery(input);
  if (!read) return null;
  const { text, words, terms, prefix } = read;
  return { text, terms, prefix, match: words.map(quote).join(" ") + (prefix ? "*" : "") };
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

/** Who a story is: its link, or (no link) the stored row. A story stored for two categories is one. */
const identity = (m: SearchMatch) => (m.url === "#" ? `#${m.id}` : m.url);

/** How to read the stories a page shows, and how the store stemmed each story. */
export interface ResultOptions {
  page: number;
  more: boolean;
  load: (ids: number[]) => Promise<StoredArticle[]>;
  /** The stemmer the index used for a story of this language (NewsStore.stemmerFor). */
  stemmerFor: (language: string | null) => Stem;
}

/**
 * One page of results. `matches` come from the store newest first (dated before undated, then
 * the most recently stored); each story counts once (its newest copy). They are ranked by
 * relevance and recency together (rankMatches); a page that does not exist gives page 1. Only
 * the page's stories are read in full (`load`) and marked.
 */
export async function orderResults(
  matches: readonly SearchMatch[],
  query: SearchQuery,
  options: ResultOptions,
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
  const results = { query: query.text, page: shown, pageCount, total: stories.length, more };
  if (stories.length === 0) return { ...results, hits: [] };
  const matcherFor = matchersOf(query, options.stemmerFor);
  const onPage = rankMatches(stories, matcherFor).slice(start, start + SEARCH_PAGE_SIZE);
  const byId = new Map((await options.load(onPage.map((m) => m.id))).map((a) => [a.id, a]));
  return {
    ...results,
    hits: onPage.flatMap((m) => {
      const article = byId.get(m.id);
      if (!article) return [];
      const matcher = matcherFor(article.language);
      const marked = (text: string) => markText(text, matcher);
      return [{ article, title: marked(article.title), summary: marked(article.summary) }];
    }),
  };
}

/** One matcher of the query per stemmer the stories need (each remembers the stems it made). */
function matchersOf(
  query: SearchQuery,
  stemmerFor: (language: string | null) => Stem,
): (language: string | null) => TermMatcher {
  const matchers = new Map<Stem, TermMatcher>();
  return (language) => {
    const stem = stemmerFor(language);
    let matcher = matchers.get(stem);
    if (!matcher) matchers.set(stem, (matcher = termMatcher(query, stem)));
    return matcher;
  };
}

/**
 * The matches ranked by relevance and recency together: a dated story's rank is its date plus
 * RECENCY_HALF_LIFE_MS for each doubling of its relevance (titleRelevanceOf), which is its
 * relevance times 2^(−age / half-life) on a log scale and needs no "now": a story twice as
 * relevant ranks as one a day newer.
 * Undated stories follow the dated ones, the most relevant first. Ties go to the newer date,
 * then the most recently stored.
 */
function rankMatches(
  matches: readonly SearchMatch[],
  matcherFor: (language: string | null) => TermMatcher,
): SearchMatch[] {
  const relevance = new Map<TermMatcher, ReturnType<typeof titleRelevanceOf>>();
  const scored = matches.map((m) => {
    const matcher = matcherFor(m.language);
    let score = relevance.get(matcher);
    if (!score) relevance.set(matcher, (score = titleRelevanceOf(matcher)));
    // At least 1 for each word of the query: a word not in the title is in the summary.
    const doublings = Math.log2(score(m.title));
    const rank =
      m.publishedAt === null ? doublings : m.publishedAt + doublings * RECENCY_HALF_LIFE_MS;
    return { m, rank };
  });
  const undated = (m: SearchMatch) => (m.publishedAt === null ? 1 : 0);
  return scored
    .sort(
      (a, b) =>
        undated(a.m) - undated(b.m) ||
        b.rank - a.rank ||
        (b.m.publishedAt ?? 0) - (a.m.publishedAt ?? 0) ||
        b.m.id - a.m.id,
    )
    .map(({ m }) => m);
}
