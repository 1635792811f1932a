import { translatorFor } from "../../common/i18n";

/**
 * The `lang` and `dir` a story's text needs on a city's page: none when it is in the city's own
 * language (or its language is unknown); else its language, and its direction when that differs
 * from the page's (Urdu on an English page: rtl). A screen reader then reads it with the right
 * voice, and a browser lays out its line the right way.
 */
export function storyLanguage(
  language: string | null | undefined,
  pageLocale: string,
): StoryLanguage {
  if (!language || sameLanguage(language, pageLocale)) return {};
  const dir = textDirection(language);
  // Said in words too (issue 37): "in German" beside the outlet, not only `lang` for voices.
  const name = languageName(language, pageLocale);
  return {
    lang: language,
    ...(dir === textDirection(pageLocale) ? {} : { dir }),
    ...(name ? { languageName: name } : {}),
  };
}

/** What storyLanguage says of a story: nothing for one in the page's own language. */
export interface StoryLanguage {
  lang?: string;
  dir?: "ltr" | "rtl";
  /** Its language's name in the page's ("German", "alemán"): said as inLanguage says. */
  languageName?: string;
}

/**
 * The words beside a story's outlet, in the page's language, of its language's name in it
 * (languageName): "in German", "en alemán".
 */
export function inLanguage(name: string, pageLocale: string): string {
  return translatorFor(pageLocale)("news.story.inLanguage", { language: name });
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A language's name in the page's language ("German" for "de-AT" on an en-US page), from the
 * platform's locale data; undefined when it has none for it (an unknown or private tag).
 */
export function languageName(tag: string, pageLocale: string): string | undefined {
  try {
    let names = displayNames.get(pageLocale);
    if (!names) {
      names = new Intl.DisplayNames([pageLocale], { type: "language", fallback: "none" });
      displayNames.set(pageLocale, names);
    }
    return names.of(primaryLanguage(tag));
  } catch {
    return undefined;
  }
}

/** The primary language of a BCP 47 tag ("en" of "en-US"), lower case. */
export function primaryLanguage(tag: string): string {
  return (tag.split("-")[0] as string).toLowerCase();
}

/** Whether two tags name the same language (their primary subtags: en-GB is en-US's language). */
export function sameLanguage(a: string, b: string): boolean {
  return primaryLanguage(a) === primaryLanguage(b);
}

/**
 * The direction a language is written in: "rtl" for Arabic, Hebrew, Persian, Urdu and the
 * others written right to left, else "ltr". From the platform's own locale data (Intl.Locale's
 * text info: a getter in Node 20, a method from Node 24), else the list below. Pages get it from
 * their loader (computed on the server), so a browser without it never disagrees.
 */
export function textDirection(tag: string): "ltr" | "rtl" {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & {
      getTextInfo?: () => { direction?: string };
      textInfo?: { direction?: string };
    };
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    if (info?.direction) return info.direction === "rtl" ? "rtl" : "ltr";
    return RTL.has(locale.language) ? "rtl" : "ltr";
  } catch {
    return "ltr";
  }
}

/** Languages written right to left (CLDR's), for a platform without Intl.Locale's text info. */
const RTL = new Set([
  "ar",
  "ckb",
  "dv",
  "fa",
  "he",
  "iw",
  "ks",
  "ps",
  "sd",
  "syr",
  "ug",
  "ur",
  "yi",
]);
