import { stemmer as danish } from "@orama/stemmers/danish";
import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as finnish } from "@orama/stemmers/finnish";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as hungarian } from "@orama/stemmers/hungarian";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as norwegian } from "@orama/stemmers/norwegian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as romanian } from "@orama/stemmers/romanian";
import { stemmer as russian } from "@orama/stemmers/russian";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stemmer as swedish } from "@orama/stemmers/swedish";
import { stemmer as turkish } from "@orama/stemmers/turkish";
import { stemmer as porter } from "stemmer";

// How search reduces a word to its stem, so that "flooding" finds "flooded" (decision 003). The
// databases stem what they index themselves: SQLite's FTS5 with its porter tokenizer (English,
// for every story), PostgreSQL with a text search configuration per language (migration 0006).
// These are the same algorithms in JavaScript, for what the databases do not do: marking and
// ranking the matches, and searching the site's own pages. English is Martin Porter's original
// algorithm (the `stemmer` package: the one FTS5 and PostgreSQL's `porter` dictionary run), the
// other languages Snowball's (Orama's ports: the ones PostgreSQL's snowball dictionaries run).
// A test checks both against the databases (server/news/stemming.test.ts).

/** Reduces a word, folded (lower case, no diacritics: search-text.ts foldWord), to its stem. */
export type Stem = (word: string) => string;

/**
 * The languages stories are stemmed in on PostgreSQL, by BCP 47 primary language subtag, each
 * with its text search configuration (migration 0006 makes them and maps a story's language to
 * one: `search_config(language)`) and its stemmer. Any other language, or none, is English.
 */
export const STEMMED_LANGUAGES = {
  en: { config: "search_en", stem: porter },
  da: { config: "search_da", stem: danish },
  de: { config: "search_de", stem: german },
  es: { config: "search_es", stem: spanish },
  fi: { config: "search_fi", stem: finnish },
  fr: { config: "search_fr", stem: french },
  hu: { config: "search_hu", stem: hungarian },
  it: { config: "search_it", stem: italian },
  nl: { config: "search_nl", stem: dutch },
  no: { config: "search_no", stem: norwegian },
  pt: { config: "search_pt", stem: portuguese },
  ro: { config: "search_ro", stem: romanian },
  ru: { config: "search_ru", stem: russian },
  sv: { config: "search_sv", stem: swedish },
  tr: { config: "search_tr", stem: turkish },
} as const satisfies Record<string, { config: string; stem: Stem }>;

export type StemmedLanguage = keyof typeof STEMMED_LANGUAGES;

/** Subtags that name a stemmed language under another code (Norwegian Bokmål and Nynorsk). */
const ALIASES: Record<string, StemmedLanguage> = { nb: "no", nn: "no" };

/** English: the language of a story whose language is not known, and of every story on SQLite. */
export const ENGLISH: StemmedLanguage = "en";

/** Every text search configuration a story may be indexed in (PostgreSQL). */
export const SEARCH_CONFIGS: readonly string[] = Object.values(STEMMED_LANGUAGES).map(
  (l) => l.config,
);

/** The stemmed language of a BCP 47 tag ("de-DE" is German, "nb" Norwegian); English otherwise. */
export function stemmedLanguage(tag: string | null | undefined): StemmedLanguage {
  // As the database's search_config reads the stored tag (language.ts makes it canonical).
  const primary = (tag ?? "").split("-")[0]?.toLowerCase() ?? "";
  if (Object.hasOwn(STEMMED_LANGUAGES, primary)) return primary as StemmedLanguage;
  return ALIASES[primary] ?? ENGLISH;
}

/** The stemmer of a story's language (see stemmedLanguage). */
export function stemmerFor(tag: string | null | undefined): Stem {
  return STEMMED_LANGUAGES[stemmedLanguage(tag)].stem;
}
