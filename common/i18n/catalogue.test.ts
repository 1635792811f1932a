import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES, type MessageKey, catalogueFor, missingKeys, translatorFor } from ".";
import { en } from "./en";
import { formatMessage, placeholdersOf } from "./format";

// The catalogues are checked here as at build (the typecheck): every language has exactly
// English's keys, each of the same kind with the same placeholders, and every key is used.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "server", "sites", "common", "scripts"];

/** The catalogues' own folders (common/i18n/<language>/): they define keys, not use them. */
const CATALOGUE_DIRS = new Set(
  Object.keys(CATALOGUES).map((language) => path.join(ROOT, "common/i18n", language)),
);

/** The project's source text, but the catalogues' own files and the tests. */
function sourceText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!CATALOGUE_DIRS.has(file)) walk(file);
      } else if (/\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        texts.push(readFileSync(file, "utf8"));
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(ROOT, dir));
  return texts.join("\n");
}

describe("the message catalogues", () => {
  const keys = Object.keys(en) as MessageKey[];

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`${language}: has every key of English's and no other`, () => {
      expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
    });

    it(`${language}: each message is of English's kind, with its placeholders and an 'other' form`, () => {
      for (const key of keys) {
        const mine = catalogue[key];
        const english = en[key];
        expect(typeof mine, key).toBe(typeof english);
        expect([...placeholdersOf(mine)].sort(), key).toEqual([...placeholdersOf(english)].sort());
        if (typeof mine !== "string") expect(mine.other, key).toBeTruthy();
        const forms = typeof mine === "string" ? [mine] : Object.values(mine);
        for (const form of forms) expect(form.trim(), key).not.toBe("");
      }
    });
  }

  it("uses every key somewhere in the code (a key no code names is dead text)", () => {
    const text = sourceText();
    const unused = keys.filter(
      (key) => !new RegExp(`["'\`]${key.replace(/\./g, "\\.")}["'\`]`).test(text),
    );
    expect(unused).toEqual([]);
  });

  it("writes plurals by the language's rules and numbers in the locale's digits", () => {
    expect(formatMessage(en["time.hoursAgo"], "en-US", { count: 1 })).toBe("1 hour ago");
    expect(formatMessage(en["time.hoursAgo"], "en-US", { count: 3 })).toBe("3 hours ago");
    const es = translatorFor("es-US");
    expect(es("time.hoursAgo", { count: 3 })).toBe("hace 3 horas");
    expect(es("time.hoursAgo", { count: 1 })).toBe("hace 1 hora");
    expect(es("time.yesterday")).toBe("ayer");
    expect(translatorFor("en-US")("time.daysAgo", { count: 1234 })).toBe("1,234 days ago");
  });

  it("falls back to English for a language without a catalogue, and names what it lacks", () => {
    expect(catalogueFor("fr-CA")).toBe(en);
    expect(translatorFor("fr-CA")("time.justNow")).toBe("Just now");
    expect(missingKeys({ "time.justNow": "À l'instant" })).toContain("time.yesterday");
    expect(missingKeys(CATALOGUES.es ?? {})).toEqual([]);
  });
});
