import { sql, type Kysely } from "kysely";
import type { Store } from "../../db/open";
import type { Database } from "../../db/schema";
import {
  ENGLISH,
  SEARCH_CONFIGS,
  STEMMED_LANGUAGES,
  stemmerFor,
  type Stem,
} from "../../../common/stemming";
import { inList } from "./in-list";
import { lines, type SearchMatch, type SearchQuery } from "./rows";

/** How many of the most recent articles a PostgreSQL search reads first (searchPostgres)... */
const SEARCH_PROBE = 2_000;
/** ...and at most, when the matches among those say that more would hold enough. */
const SEARCH_PROBE_MAX = 50_000;

/**
 * Full-text search: which stored articles of the feeds `feedIds` (a city's) match `query`
 * (search.ts parseSearchQuery: its words, never reader text as syntax), among the `window`
 * most recently stored matches; newest first (dated before undated, newest date first, then
 * the most recently stored). `more` says whether matches were left out. Only what ranking
 * needs is read: `articles` reads the stories a page shows. Each word matches its other forms
 * ("flooding" finds "flooded"), stemmed as the index stemmed the story (stemmerFor).
 *  - SQLite: the FTS5 index articles_fts (migration 0006: the porter tokenizer), which hands
 *    out a match's rows by rowid without sorting: the most recently stored come first and the
 *    LIMIT bounds the work.
 *  - PostgreSQL: the GIN index of the generated tsvector `search` (migration 0006: each story
 *    in its language's configuration), every term required, the last as a prefix when the
 *    query says so (searchPostgres).
 */
export async function searchStored(
  store: Store,
  query: Pick<SearchQuery, "match" | "terms" | "prefix">,
  window: number,
  feedIds: readonly number[],
): Promise<{ matches: SearchMatch[]; more: boolean }> {
  const ids =
    store.dialect === "postgres"
      ? await searchPostgres(store.db, tsQuery(query), window + 1)
      : await searchSqlite(store.db, query.match, window + 1);
  const more = ids.length > window;
  if (more) ids.pop();
  if (ids.length === 0 || feedIds.length === 0) return { matches: [], more };
  return { matches: await matchesOf(store, ids, feedIds), more };
}

/** The ids of the `limit` most recently stored articles matching an FTS5 expression (SQLite). */
async function searchSqlite(db: Kysely<Database>, match: string, limit: number): Promise<number[]> {
  const { rows } = await sql<{ rowid: number }>`SELECT rowid FROM articles_fts
    WHERE articles_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.rowid);
}

/** What ranking needs of the articles `ids` of the feeds `feedIds`, newest first. */
async function matchesOf(
  store: Store,
  ids: readonly number[],
  feedIds: readonly number[],
): Promise<SearchMatch[]> {
  const rows = await store.db
    .selectFrom("articles")
    .select([
      "id",
      "published_at as publishedAt",
      "url",
      "title",
      "language",
      "feed_id as feedId",
      "sponsored",
      "categories",
    ])
    .where(inList(store.dialect, "id", ids))
    .where(inList(store.dialect, "feed_id", feedIds))
    .orderBy(sql`published_at IS NULL`)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(({ sponsored, categories, ...match }): SearchMatch => ({
    ...match,
    ...(sponsored ? { sponsored: true } : {}),
    ...(categories ? { categories: lines(categories) } : {}),
  }));
}

/**
 * The stemmer the index used for a story in `language` (BCP 47, or null): on SQLite English
 * for every story (FTS5's porter tokenizer), on PostgreSQL the story's language's, English
 * when it has none or one without a stemmer (migration 0006, common/stemming.ts).
 */
export function storyStemmer(store: Pick<Store, "dialect">, language: string | null): Stem {
  return store.dialect === "postgres" ? stemmerFor(language) : STEMMED_LANGUAGES[ENGLISH].stem;
}

/**
 * The ids of the `limit` most recently stored articles matching `query` (a tsquery's text),
 * newest first. Each story is matched by the query stemmed in its own language's
 * configuration (ownLanguageMatch), among the rows matching it stemmed in any configuration
 * (anyLanguageQuery: what the GIN index is read with, and a cheap first check of a row). PostgreSQL cannot read a GIN index in id order, and it guesses a prefix's frequency
 * badly, so the one plan it picks is wrong for one kind of query: walking the primary key
 * backwards finds a common word at once but reads the whole table for a rare one; the GIN
 * bitmap finds a rare word at once but gathers every row of a common one. So the most recent
 * rows are read first (enough matches among them are exactly the newest ones): SEARCH_PROBE of
 * them, then as many as the matches found there say should hold `limit` (at most
 * SEARCH_PROBE_MAX); only a word too rare for that goes to the index, which then has few rows.
 */
async function searchPostgres(
  db: Kysely<Database>,
  query: string,
  limit: number,
): Promise<number[]> {
  const any = await anyLanguageQuery(db, query);
  if (any === null) return [];
  // The constant first (PostgreSQL orders a row's conditions by cost): a row that does not
  // match, most of them, costs what it did before 0006; only a match pays for the CASE.
  const matching = sql<boolean>`search @@ ${any}::tsquery AND ${ownLanguageMatch(query)}`;
  const probe = async (rows: number) =>
    (
      await sql<{ id: number }>`SELECT id FROM (
            SELECT id, search, language FROM articles ORDER BY id DESC LIMIT ${rows}) recent
          WHERE ${matching}
          ORDER BY id DESC LIMIT ${limit}`.execute(db)
    ).rows.map((r) => r.id);
  const first = await probe(SEARCH_PROBE);
  if (first.length >= limit) return first;
  const needed = first.length > 0 ? Math.ceil((limit / first.length) * SEARCH_PROBE * 1.25) : 0;
  if (needed > 0 && needed <= SEARCH_PROBE_MAX) {
    const wider = await probe(needed);
    if (wider.length >= limit) return wider;
  }
  const all = await sql<{ id: number }>`WITH matches AS MATERIALIZED (
        SELECT id FROM articles WHERE ${matching})
      SELECT id FROM matches ORDER BY id DESC LIMIT ${limit}`.execute(db);
  return all.rows.map((r) => r.id);
}

/**
 * `query` stemmed in every configuration, as one tsquery's text (each different one once, in
 * parentheses, joined by `|`): it holds every story's own stems (and a few more, which
 * ownLanguageMatch drops), and it is one constant, which the GIN index answers and a row is
 * checked against at the cost of one tsquery. Most words stem alike in most languages: the
 * same tsquery fifteen times over cost PostgreSQL 30 ms to plan and 20 ms to run for a rare
 * prefix at 100,000 articles, once 0.5 ms. Null when no configuration makes a lexeme of it.
 */
async function anyLanguageQuery(db: Kysely<Database>, query: string): Promise<string | null> {
  const { rows } = await sql<{ q: string }>`SELECT DISTINCT
        to_tsquery(config, ${query})::text AS q
      FROM unnest(${[...SEARCH_CONFIGS]}::regconfig[]) AS config`.execute(db);
  const variants = rows.map((r) => r.q).filter((q) => q !== "");
  return variants.length === 0 ? null : variants.map((q) => `(${q})`).join(" | ");
}

/** `to_tsquery` of `query` in the configuration `config`, which the planner makes once. */
function tsQueryIn(config: string, query: string) {
  // The configuration's name is a literal (one of SEARCH_CONFIGS, never reader text), so that
  // the call is a constant the planner evaluates once, not once for each row.
  return sql<string>`to_tsquery(${sql.lit(config)}::regconfig, ${query})`;
}

/**
 * Whether a row matches `query` stemmed in the row's own language's configuration, as its
 * `search` column was made (migration 0006: `search_config(language)`): each configuration's
 * query is a constant, so a row costs one comparison, not a parse of the query. PostgreSQL
 * cannot read the GIN index with it: anyLanguageQuery is for that.
 */
function ownLanguageMatch(query: string) {
  const english = STEMMED_LANGUAGES[ENGLISH].config;
  const branches = SEARCH_CONFIGS.filter((config) => config !== english).map(
    (config) => sql`WHEN ${sql.lit(config)}::regconfig THEN ${tsQueryIn(config, query)}`,
  );
  return sql<boolean>`search @@ CASE search_config(language) ${sql.join(branches, sql` `)}
    ELSE ${tsQueryIn(english, query)} END`;
}

/**
 * A search's words as the text of a PostgreSQL tsquery: each term quoted (terms are letters and
 * digits only, folded: search.ts), all required (&), the last a prefix (:*) when the query says.
 * `to_tsquery` stems each in a configuration (tsQueryIn), a prefix too.
 */
export function tsQuery(query: Pick<SearchQuery, "terms" | "prefix">): string {
  const last = query.terms.length - 1;
  return query.terms
    .map((term, i) => `'${term.replaceAll("'", "''")}'${i === last && query.prefix ? ":*" : ""}`)
    .join(" & ");
}
