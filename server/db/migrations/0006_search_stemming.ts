import { sql, type Kysely, type RawBuilder } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Search finds a word's other forms ("flooding" finds "flooded", "Trumps" finds "Trump"):
 * the index keeps each word's stem instead of the word (decision 003). Diacritics stay folded.
 * Both databases rebuild their index from the stored articles, in the migration's transaction
 * (seconds at 100,000 articles; the tsvector column's rewrite is the longest part on PostgreSQL).
 *
 * SQLite: articles_fts is made again with FTS5's porter tokenizer over unicode61 (Martin Porter's
 * English stemmer, for every story: SQLite has no other), the prefixes of 2 to 8 letters kept
 * ready as before, and refilled ('rebuild'). Its triggers stay: they name the table and its
 * columns, which are the same.
 * From: https://sqlite.org/fts5.html#porter_tokenizer
 *
 * PostgreSQL: a text search configuration per language below, `search_<subtag>`: words folded
 * (`unaccent`, as simple_unaccent does) then stemmed by that language's Snowball stemmer (for
 * English Porter's, the one FTS5 runs, so that both databases find the same). Their dictionaries
 * have no stop words: a query of "the" or "or" finds what it finds on SQLite instead of nothing.
 * `search_config(language)` maps a story's BCP 47 tag by its primary subtag to its configuration,
 * English when it is unknown or has no stemmer here; it is IMMUTABLE, as a generated column
 * needs (to_tsvector with a configuration is), and its body is SQL-standard (RETURN), parsed
 * once here, so that its configurations are found whatever the search_path (a restore's is
 * empty). `search` is made again from it (PostgreSQL 15 cannot change a generated column's
 * expression), with its GIN index and statistics target, and analyzed so that the planner knows
 * its words at once. simple_unaccent stays: an older release's queries still run.
 * From: https://www.postgresql.org/docs/15/textsearch-dictionaries.html#TEXTSEARCH-SNOWBALL-DICTIONARY,
 * https://www.postgresql.org/docs/15/sql-createfunction.html
 *
 * The list is this migration's own (common/stemming.ts holds the same for the code: a test
 * compares them); a language added later is a migration of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = dialectOf(db) === "postgres" ? POSTGRES : SQLITE;
  for (const statement of statements) await statement.execute(db);
}

/** Each stemmed language's primary subtag and the Snowball stemmer PostgreSQL names it by. */
const LANGUAGES: readonly (readonly [string, string])[] = [
  ["en", "porter"],
  ["da", "danish"],
  ["de", "german"],
  ["es", "spanish"],
  ["fi", "finnish"],
  ["fr", "french"],
  ["hu", "hungarian"],
  ["it", "italian"],
  ["nl", "dutch"],
  ["no", "norwegian"],
  ["pt", "portuguese"],
  ["ro", "romanian"],
  ["ru", "russian"],
  ["sv", "swedish"],
  ["tr", "turkish"],
];

/** Subtags stemmed as another one's language: Norwegian Bokmål and Nynorsk. */
const ALIASES: readonly (readonly [string, string])[] = [
  ["nb", "no"],
  ["nn", "no"],
];

const SQLITE: readonly RawBuilder<unknown>[] = [
  sql`DROP TABLE articles_fts`,
  sql`CREATE VIRTUAL TABLE articles_fts USING fts5(
        title, summary, content = 'articles', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
      )`,
  sql`INSERT INTO articles_fts (articles_fts) VALUES ('rebuild')`,
];

/** The configuration, and its dictionary, of a language (its primary subtag). */
const config = (subtag: string) => sql.id(`search_${subtag}`);
const dictionary = (subtag: string) => sql.id(`search_stem_${subtag}`);

/** The language's configuration: simple's mappings, its words folded then stemmed. */
function configuration([subtag, stemmer]: readonly [string, string]): RawBuilder<unknown>[] {
  return [
    sql`CREATE TEXT SEARCH DICTIONARY ${dictionary(subtag)}
          (TEMPLATE = snowball, Language = ${sql.raw(stemmer)})`,
    sql`CREATE TEXT SEARCH CONFIGURATION ${config(subtag)} (COPY = simple)`,
    sql`ALTER TEXT SEARCH CONFIGURATION ${config(subtag)}
          ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
          WITH unaccent, ${dictionary(subtag)}`,
  ];
}

/** `'search_xx'::regconfig` */
const regconfig = (subtag: string) => sql`${sql.lit(`search_${subtag}`)}::regconfig`;

/** Each subtag search_config knows (but English, its ELSE) and the language it is stemmed as. */
const WHENS = [...LANGUAGES.map(([subtag]) => [subtag, subtag] as const), ...ALIASES].flatMap(
  ([subtag, language]) =>
    subtag === "en" ? [] : [sql`WHEN ${sql.lit(subtag)} THEN ${regconfig(language)}`],
);

const POSTGRES: readonly RawBuilder<unknown>[] = [
  ...LANGUAGES.flatMap(configuration),
  sql`CREATE FUNCTION search_config(language text) RETURNS regconfig
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN CASE lower(split_part(language, '-', 1)) ${sql.join(WHENS, sql` `)}
          ELSE ${regconfig("en")} END`,
  // Its GIN index goes with it.
  sql`ALTER TABLE articles DROP COLUMN search`,
  sql`ALTER TABLE articles ADD COLUMN search tsvector GENERATED ALWAYS AS (
        to_tsvector(search_config(language), title || ' ' || summary)) STORED`,
  sql`CREATE INDEX articles_search ON articles USING gin (search)`,
  sql`ALTER TABLE articles ALTER COLUMN search SET STATISTICS 1000`,
  sql`ANALYZE articles (search)`,
];
