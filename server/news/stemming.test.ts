import Database from "better-sqlite3";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldWord, WORD } from "../../common/search-text";
import {
  SEARCH_CONFIGS,
  STEMMED_LANGUAGES,
  stemmedLanguage,
  type StemmedLanguage,
} from "../../common/stemming";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import type { Store } from "../db/open";
import { openPostgres } from "../db/postgres";

// The stemmers in JavaScript (common/stemming.ts) stem as the databases' indexes do, so that the
// words a search marks and ranks are the ones the index found: on SQLite FTS5's porter tokenizer,
// on PostgreSQL each language's dictionary (migration 0006). Checked on the words of the feeds
// kept as fixtures, in their languages.

const FEEDS = path.resolve(import.meta.dirname, "../../tests/fixtures/feeds");

/** The fixture feeds in each language but English, and the encoding their names give. */
const FEEDS_BY_LANGUAGE: Partial<Record<StemmedLanguage, string[]>> = {
  de: ["golem-de.iso-8859-1.rss.xml", "heise-newsticker.rss090.xml"],
  es: ["lanacion-ar.rss.xml", "mundodeportivo-barca.rss.xml"],
  fr: ["lefigaro-culture.rss.xml", "reporterre-ecology.rss.xml"],
  nl: ["fcutrecht-news.rss.xml"],
  pt: ["jn-pt.iso-8859-1.rss.xml"],
  ru: ["motor-ru.rss.xml", "oren-ru.windows-1251.rss.xml"],
};

/** Every word of the feeds, folded as search folds them, each once. */
function wordsOf(files: readonly string[]): string[] {
  const words = new Set<string>();
  for (const file of files) {
    const encoding = /\.(iso-8859-\d+|windows-\d+)\./.exec(file)?.[1] ?? "utf-8";
    const text = new TextDecoder(encoding).decode(readFileSync(path.join(FEEDS, file)));
    for (const m of text.matchAll(WORD)) words.add(foldWord(m[0]));
  }
  return [...words];
}

/** The fixture feeds that are in none of the other languages: English. */
const ENGLISH_FEEDS = readdirSync(FEEDS).filter(
  (f) =>
    f.endsWith(".xml") &&
    !Object.values(FEEDS_BY_LANGUAGE).flat().includes(f) &&
    !/urdu|gb2312|liberal-gr|transfermarkt|japantimes/.test(f),
);

describe("the stemmers on SQLite", () => {
  it("stem English as FTS5's porter tokenizer does, word for word", () => {
    const words = wordsOf(ENGLISH_FEEDS).filter((w) => /^[a-z]+$/.test(w));
    expect(words.length).toBeGreaterThan(10_000);
    const db = new Database(":memory:");
    try {
      db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'porter unicode61 remove_diacritics 2');
        CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
      const insert = db.prepare("INSERT INTO t (rowid, x) VALUES (?, ?)");
      db.transaction(() => words.forEach((w, i) => insert.run(i + 1, w)))();
      const stems = db.prepare("SELECT doc, term FROM v").all() as { doc: number; term: string }[];
      const stem = STEMMED_LANGUAGES.en.stem;
      const differ = stems.filter((s) => stem(words[s.doc - 1] ?? "") !== s.term);
      expect(differ).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe("the stemmers on PostgreSQL", () => {
  let postgres: TestPostgres | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
    store = await openPostgres(postgres.createDatabase(), { poolSize: 1 });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    postgres?.stop();
  });

  /** What the dictionary of `language` (migration 0006) makes of each word. */
  async function lexemes(language: StemmedLanguage, words: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ stem: string | null }>`SELECT
        (ts_lexize(${`search_stem_${language}`}::regdictionary, w))[1] AS stem
      FROM unnest(${words}::text[]) WITH ORDINALITY AS u(w, n) ORDER BY n`.execute(
      (store as Store).db,
    );
    return rows.map((r) => r.stem ?? "");
  }

  it("map a story's language to the configuration the code names, English otherwise", async () => {
    const tags = [
      ...Object.keys(STEMMED_LANGUAGES),
      "en-US",
      "de-DE",
      "DE-at",
      "nb",
      "nn-NO",
      "pt-BR",
      "zh-Hans",
      "und",
      "",
    ];
    const { rows } = await sql<{ config: string }>`SELECT search_config(tag)::text AS config
      FROM unnest(${tags}::text[]) WITH ORDINALITY AS u(tag, n) ORDER BY n`.execute(
      (store as Store).db,
    );
    expect(rows.map((r) => r.config)).toEqual(
      tags.map((tag) => STEMMED_LANGUAGES[stemmedLanguage(tag)].config),
    );
    const none = await sql<{ config: string }>`SELECT search_config(NULL)::text AS config`.execute(
      (store as Store).db,
    );
    expect(none.rows[0]?.config).toBe(STEMMED_LANGUAGES.en.config);
    const made = await sql<{ name: string }>`SELECT cfgname AS name FROM pg_ts_config
      WHERE cfgname LIKE 'search\\_%' ORDER BY 1`.execute((store as Store).db);
    expect(made.rows.map((r) => r.name)).toEqual([...SEARCH_CONFIGS].sort());
  });

  it.each(Object.entries(FEEDS_BY_LANGUAGE))(
    "stem %s as the database's dictionary does, word for word",
    async (language, files) => {
      const words = wordsOf(files ?? []).filter((w) => !/\d/.test(w));
      expect(words.length).toBeGreaterThan(300);
      const stem = STEMMED_LANGUAGES[language as StemmedLanguage].stem;
      const lexed = await lexemes(language as StemmedLanguage, words);
      expect(words.filter((w, i) => stem(w) !== lexed[i])).toEqual([]);
    },
  );

  it("stem English as the database's porter dictionary does, but for a few short words", async () => {
    const words = wordsOf(ENGLISH_FEEDS).filter((w) => /^[a-z]+$/.test(w));
    const lexed = await lexemes("en", words);
    const differ = words.filter((w, i) => STEMMED_LANGUAGES.en.stem(w) !== lexed[i]);
    // Snowball's Porter stems two-letter words ("us" is "u") and a few endings FTS5's does not.
    expect(differ.length / words.length, differ.slice(0, 20).join(" ")).toBeLessThan(0.005);
  });
});
