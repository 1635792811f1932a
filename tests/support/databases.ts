import { readFileSync } from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { MIGRATIONS } from "../../server/db/migrations";

/** Databases kept as SQL text, as older code made them (tests/fixtures/databases). */
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/databases");

/**
 * The last migration of db/migrations that the code at 701c950, which made the fixtures with
 * rows, had run: the ones after it run when a test opens such a database.
 */
export const FIXTURES_LAST_MIGRATION = "0005_weather_documents";

/** The migrations of `names` made after the fixtures (FIXTURES_LAST_MIGRATION). */
export function migrationsSinceFixtures(names: readonly string[]): string[] {
  return names.filter((name) => name > FIXTURES_LAST_MIGRATION);
}

/** The SQL text of the fixture `name` (without `.sql`). */
export function databaseFixture(name: string): string {
  return readFileSync(path.join(FIXTURES, `${name}.sql`), "utf8");
}

/** The PRAGMA user_version of the one-city releases whose empty SQLite database is kept. */
export type LegacyVersion = 4 | 5 | 6 | 7;

/**
 * Makes `db`, a new SQLite database, what a release of one city per process left at
 * `version` (sqlite-legacy-N.sql: its schema, no rows), for a test to fill and then open.
 */
export function makeLegacySqlite(db: Database.Database, version: LegacyVersion): void {
  db.exec(databaseFixture(`sqlite-legacy-${version}`));
}

type Row = Record<string, unknown>;

/** One object of sqlite_master; the text of a plain table is left out (sqliteSchema). */
interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql?: string;
}

/** A table as SQLite reads it: its kind, columns, foreign keys and indexes. */
interface TableShape {
  kind: unknown;
  columns: Row[];
  foreignKeys: Row[];
  indexes: (Row & { columns: Row[] })[];
}

/** What `sqliteSchema` reports of a database. */
export interface SqliteSchema {
  userVersion: unknown;
  objects: SchemaObject[];
  tables: Record<string, TableShape>;
}

/** `sql` with every run of spaces and line breaks made one space. */
function collapsed(sql: string | null): string | undefined {
  return sql?.replace(/\s+/g, " ").trim();
}

/**
 * A SQLite database's schema in a form two databases are compared by: every object of
 * sqlite_master by type and name, each table as SQLite reads it (its kind, columns, foreign keys
 * and indexes, from the PRAGMA functions), and the text of indexes, triggers and virtual tables
 * with its spacing collapsed. A plain table's own text is left out: ALTER TABLE edits it in place
 * (an added column is spliced in, a renamed table is quoted), so a table made whole and the same
 * table made step by step differ there alone.
 * From: https://sqlite.org/pragma.html#pragfunc, https://sqlite.org/schematab.html
 */
export function sqliteSchema(db: Database.Database): SqliteSchema {
  const master = db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
    .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
  const objects = master.map((m) => {
    const plain = m.type === "table" && !m.sql?.startsWith("CREATE VIRTUAL");
    return {
      type: m.type,
      name: m.name,
      table: m.tbl_name,
      ...(plain || m.sql === null ? {} : { sql: collapsed(m.sql) }),
    };
  });
  const tables = master
    .filter((m) => m.type === "table")
    .map((m) => [m.name, tableShape(db, m.name)] as const);
  return {
    userVersion: db.pragma("user_version", { simple: true }),
    objects,
    tables: Object.fromEntries(tables),
  };
}

function tableShape(db: Database.Database, table: string): TableShape {
  const all = (query: string, name: string) => db.prepare(query).all(name) as Row[];
  const kind = db
    .prepare(
      "SELECT type, ncol, wr, strict FROM pragma_table_list WHERE schema = 'main' AND name = ?",
    )
    .get(table);
  const indexes = all(
    'SELECT name, "unique", origin, partial FROM pragma_index_list(?) ORDER BY name',
    table,
  ).map((index) => ({
    ...index,
    columns: all(
      'SELECT seqno, cid, name, "desc", coll, key FROM pragma_index_xinfo(?) ORDER BY seqno',
      String(index.name),
    ),
  }));
  return {
    kind,
    columns: all(
      'SELECT cid, name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid',
      table,
    ),
    foreignKeys: all("SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq", table),
    indexes,
  };
}

/**
 * Every row of every table of a SQLite database, by table, in rowid order: all that it holds.
 * FTS5's own tables are left out (its index, which the articles make); the search tests read it.
 */
export function sqliteRows(db: Database.Database): Record<string, Row[]> {
  const tables = db
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all() as Row[]]),
  );
}

/**
 * A PostgreSQL database's schema in a form two databases are compared by: the extensions, the
 * text search configurations and dictionaries search uses, the functions (but an extension's),
 * and every column, constraint, index, sequence and statistics target of the schema `public` as
 * the catalogs describe them.
 * From: https://www.postgresql.org/docs/15/information-schema.html
 */
export async function postgresSchema(client: pg.Client): Promise<Record<string, Row[]>> {
  const queries = {
    extensions: "SELECT extname FROM pg_extension ORDER BY extname",
    searchConfigurations: `SELECT c.cfgname, m.maptokentype, m.mapseqno,
        m.mapdict::regdictionary::text AS dict
      FROM pg_ts_config_map m JOIN pg_ts_config c ON c.oid = m.mapcfg
      WHERE c.cfgnamespace = 'public'::regnamespace ORDER BY 1, 2, 3`,
    searchDictionaries: `SELECT dictname, dictinitoption FROM pg_ts_dict
      WHERE dictnamespace = 'public'::regnamespace ORDER BY 1`,
    functions: `SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
        AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1, 2`,
    columns: `SELECT table_name, ordinal_position, column_name, data_type, is_nullable,
        column_default, is_identity, identity_generation, is_generated, generation_expression
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
    constraints: `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    indexes: "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1",
    sequences: `SELECT sequencename, data_type::text, start_value, increment_by, cycle
      FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    statistics: `SELECT attrelid::regclass::text AS table, attname, attstattarget
      FROM pg_attribute WHERE attrelid IN (SELECT oid FROM pg_class
        WHERE relnamespace = 'public'::regnamespace) AND attnum > 0 AND attstattarget >= 0
      ORDER BY 1, 2`,
  };
  const described: Record<string, Row[]> = {};
  for (const [part, query] of Object.entries(queries)) {
    described[part] = (await client.query<Row>(query)).rows;
  }
  return described;
}

/** Every row of every table of the schema `public`, by table, in the order of its first column. */
export async function postgresRows(client: pg.Client): Promise<Record<string, Row[]>> {
  const tables = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  const rows: Record<string, Row[]> = {};
  for (const { name } of tables.rows) {
    rows[name] = (await client.query<Row>(`SELECT * FROM public."${name}" ORDER BY 1`)).rows;
  }
  return rows;
}

/**
 * What of `before`'s rows a database still holds after later migrations ran on it: each table
 * `before` had, each row cut to the columns it had then (a migration may add columns), and of
 * the record of migrations only those `before` recorded (later ones are added, never rerun).
 * Equal to `before` when every row was kept and nothing ran again.
 */
export function keptRows(
  before: Record<string, Row[]>,
  after: Record<string, Row[]>,
): Record<string, Row[]> {
  const ran = new Set((before.kysely_migration ?? []).map((m) => m.name));
  return Object.fromEntries(
    Object.entries(before).map(([table, rows]) => {
      const columns = Object.keys(rows[0] ?? {});
      const now = (after[table] ?? []).filter(
        (row) => table !== "kysely_migration" || ran.has(row.name),
      );
      return [table, now.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])))];
    }),
  );
}

/**
 * Runs the migrations of db/migrations on `db` up to `last` and no further: a database as the
 * code of that migration left it (a later one's test then fills it, and runs the rest).
 */
export async function migrateTo(db: Kysely<unknown>, last: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
}

/** The English labels the fixtures' articles hold, and their keys. */
const FIXTURE_CATEGORY_KEYS: Record<string, string> = {
  Local: "local",
  "Real Estate": "realestate",
};

/**
 * A fixture's rows (sqliteRows, postgresRows) as migration 0011 leaves them: each article's
 * category its key, the rest as it was.
 */
export function withCategoryKeys(rows: Record<string, Row[]>): Record<string, Row[]> {
  if (!rows.articles) return rows;
  return {
    ...rows,
    articles: rows.articles.map((article) => ({
      ...article,
      category: FIXTURE_CATEGORY_KEYS[String(article.category)] ?? article.category,
    })),
  };
}

/** `work` done over a connection of its own to the PostgreSQL database at `url`. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes `db` a database of one city at legacy user_version 6 with one feed (realestate) and three
 * stories whose categories are the capitalised feed keys of then: Realestate, Arts and Local
 * (uids a, b, c).
 */
export function makeLegacyStories(db: Database.Database): void {
  makeLegacySqlite(db, 6);
  db.exec("INSERT INTO feeds (key, url) VALUES ('realestate', 'https://feeds.example.org/r')");
  const insert = db.prepare(`INSERT INTO articles (feed_id, uid, title, summary, url, image,
    image_is_default, published_at, category, position, first_seen, last_seen)
    VALUES (1, ?, 'A story', '', 'https://news.example.org/a', '/d.svg', 1, 0, ?, 0, 0, 0)`);
  for (const [uid, category] of [
    ["a", "Realestate"],
    ["b", "Arts"],
    ["c", "Local"],
  ]) {
    insert.run(uid, category);
  }
}
