import { languageOf } from "../common/i18n/catalogue";
import type { Slugs } from "../common/slugs";
import { mergeOverDefaults } from "./city-data";
import type { Edition } from "./schema";

// A city's editions (issue 38): its default edition is its data file, in its `locale`; each other
// edition (the file's `editions`) is the same city in another language, served under a path
// prefix of the city's hosts or at hosts of its own. Pure functions over the parsed JSON: the
// server reads the files (server/cities/directory.ts).

/**
 * What a city's data says in words (its pages' paths too): an edition in another language takes
 * none of these from the city's file, but its language's layer (sites/languages/<lang>.json) and
 * its own `data` (and `slugs`), so that no English text of the city slips into a Spanish page
 * unmarked.
 */
export const TEXT_KEYS = [
  "tagline",
  "keywords",
  "content",
  "cityLinks",
  "editions",
  "slugs",
] as const;

/** The site id of a city's edition in a locale: "houston.es". */
export function editionSiteId(cityId: string, locale: string): string {
  return `${cityId}.${languageOf(locale)}`;
}

/** The city whose edition a site id names ("houston.es" → "houston"; a city's id is its own). */
export function cityOfSite(site: string): string {
  const dot = site.indexOf(".");
  return dot === -1 ? site : site.slice(0, dot);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A city's file without the keys that say things in words (TEXT_KEYS). */
function withoutText(file: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(file)) {
    if (!(TEXT_KEYS as readonly string[]).includes(key)) rest[key] = value;
  }
  return rest;
}

/**
 * The data of a city's default edition before it is parsed: the network's defaults, the layer of
 * the city's language when there is one (a Spanish-first city reads Spanish texts by default),
 * then the city's file.
 */
export function defaultEditionData(defaults: unknown, layer: unknown, file: unknown): unknown {
  return mergeOverDefaults(
    layer === undefined ? defaults : mergeOverDefaults(defaults, layer),
    file,
  );
}

/**
 * The data of one of a city's other editions before it is parsed: the network's defaults, the
 * city's file without its words (withoutText: who and where it is, its feeds, its radio), the
 * layer of the edition's language, then the edition's own `data`; in the edition's locale, at
 * its own hosts when it has them.
 */
export function editionData(
  defaults: unknown,
  layer: unknown,
  file: unknown,
  edition: Edition,
): unknown {
  const city = isObject(file) ? withoutText(file) : {};
  let data = mergeOverDefaults(defaults, city);
  if (layer !== undefined) data = mergeOverDefaults(data, layer);
  data = mergeOverDefaults(data, edition.data ?? {});
  const untranslated = untranslatedPages(layer, edition.data);
  return mergeOverDefaults(data, {
    // Its paths: its language layer's, its declaration's over them (null: none).
    ...(edition.slugs !== undefined ? { slugs: edition.slugs } : {}),
    locale: edition.locale,
    ...(edition.hosts ? { hosts: edition.hosts, baseUrl: null } : {}),
    ...(untranslated.length ? { untranslated } : {}),
  });
}

/** The static pages' content (content.pages) a city's data may give. */
export const CONTENT_PAGES = [
  "faq",
  "weather",
  "partners",
  "contact",
  "legal",
  "careers",
  "about",
  "corrections",
] as const;

const pagesOf = (value: unknown): Record<string, unknown> => {
  const content = isObject(value) ? value.content : undefined;
  const pages = isObject(content) ? content.pages : undefined;
  return isObject(pages) ? pages : {};
};

/**
 * The static pages whose content neither the language's layer nor the edition gives: the edition
 * shows them as the network has them, in its language, and says so (never mixed silently).
 */
function untranslatedPages(layer: unknown, data: unknown): string[] {
  const given = { ...pagesOf(layer), ...pagesOf(data) };
  return CONTENT_PAGES.filter((page) => !Object.hasOwn(given, page));
}

/** One edition of a city, as another edition's page links to it (hreflang, the language link). */
export interface Alternate {
  locale: string;
  /** Its canonical base URL, without a trailing slash (https://host or https://host/es). */
  base: string;
  /** Its path prefix on the city's own hosts ("" for the default edition); none at other hosts. */
  path?: string;
  /** Its pages' paths in its language (common/slugs.ts), when it translates them. */
  slugs?: Slugs;
}

/** Which edition of its city a request's pages are in, and the city's other editions. */
export interface EditionInfo {
  /** The edition's path prefix on the city's hosts (e.g. /es), "" when it has none. */
  path: string;
  /** Its pages' paths in its language (common/slugs.ts), when it translates them. */
  slugs?: Slugs;
  /** Every edition of the city, this one included, the default first. */
  alternates: Alternate[];
}
