import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mergeOverDefaults, parseCity } from "../city-data";
import { feedUrl, type City } from "../schema";

// The Spanish layer of the network's defaults (es.json: network.json ← es.json ← a city) and
// Houston's own Spanish overrides (houston-es.json, over Houston's data): both must make a city
// that validates, keep every template of the texts they translate, and leave no English text
// but proper names.

const SITES = path.resolve(import.meta.dirname, "..");
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8")) as unknown;

const { network: _about, ...network } = readJson(path.join(SITES, "network.json")) as Record<
  string,
  unknown
>;
void _about;
const es = readJson(path.join(import.meta.dirname, "es.json"));
const houstonEs = readJson(path.join(import.meta.dirname, "houston-es.json"));
const cityIds = readdirSync(path.join(SITES, "cities"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -".json".length));
const cityFile = (id: string) => readJson(path.join(SITES, "cities", `${id}.json`));

const english = (id: string): City => parseCity(id, network, cityFile(id), id);
const spanish = (id: string): City =>
  parseCity(
    id,
    mergeOverDefaults(network, es),
    id === "houston" ? mergeOverDefaults(cityFile(id), houstonEs) : cityFile(id),
    `${id} (es)`,
  );

/** Every string of a value with its dotted path. */
function strings(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}.${i}`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  }
  return [];
}

/** The value at a dotted path, if any. */
function at(value: unknown, dotted: string): unknown {
  return dotted.split(".").reduce<unknown>((v, key) => {
    if (v === null || typeof v !== "object") return undefined;
    return (v as Record<string, unknown>)[key];
  }, value);
}

const templates = (text: string) => [...text.matchAll(/\{[A-Za-z]+\}/g)].map((m) => m[0]).sort();

/** Names that are the same in both languages: organizations, teams, places, titles. */
const PROPER_NAMES = new Set([
  "USA.gov",
  "Congress.gov",
  "Greater Houston Partnership",
  "The Ion Houston",
  "Texas Medical Center",
  "Houston Restaurant Weeks",
  "Discovery Green",
  "Visit Houston",
  "ReadyHarris",
  "Houston 311",
  "METRO Houston",
  "Houston Texas",
  "Houston Astros",
  "Houston Texans",
  "Houston Rockets",
  "Houston Dynamo FC",
  "Cookies",
  "Digital",
  "Audio",
]);

/** What a reader reads of a city in a language: its texts, not its URLs, addresses and ids. */
function readerTexts(city: City): [string, string][] {
  const { books: _books, ...pages } = city.content.pages; // book titles are the books' own
  void _books;
  return strings({
    tagline: city.tagline,
    keywords: city.keywords,
    officeHours: city.contact.officeHours,
    emergency: city.emergency?.map((e) => e.label),
    cityLinks: city.cityLinks.map((l) => l.label),
    news: city.content.news,
    pages,
  }).filter(
    ([where, text]) =>
      !/^https?:|@|^\/|^\d{4}-\d\d/.test(text) &&
      !/\.(id|home|away|venue|radarStation|period)$/.test(where),
  );
}

describe("sites/languages/es.json, the Spanish layer of the network's defaults", () => {
  it.each(cityIds)("makes %s a city that validates, its pages in Spanish", (id) => {
    const city = spanish(id);
    expect(city.content.pages.faq.items[0]?.question).toMatch(/^¿Qué es .+\?$/);
    expect(city.content.pages.legal.terms.at(-1)).toBe(
      "Los Términos de servicio completos tienen todos los detalles.",
    );
  });

  it("translates only what network.json holds, array for array, keeping every template", () => {
    const found = strings(es);
    expect(found.length).toBeGreaterThan(80);
    for (const [where, text] of found) {
      const original = at(network, where);
      expect(typeof original, where).toBe("string");
      expect(templates(text), where).toEqual(templates(original as string));
    }
  });

  it("translates every reader-facing text of network.json's content", () => {
    const untranslated = strings(network.content)
      .filter(
        ([where]) =>
          !/^pages\.books\.|\.url$|Email$|^news\.featured(Story|Video)\.(image|poster)$|\.updated$|\.id$/.test(
            where,
          ),
      )
      .filter(([where]) => at((es as { content: unknown }).content, where) === undefined);
    expect(untranslated).toEqual([]);
  });
});

describe("sites/languages/houston-es.json, Houston's own Spanish", () => {
  const city = spanish("houston");

  it("lists Spanish-language feeds, each named and marked es, none twice", () => {
    const listings = Object.values(city.feeds)
      .flat()
      .filter((f) => typeof f !== "string" && f.language === "es");
    expect(listings.length).toBeGreaterThanOrEqual(10);
    for (const listing of listings) {
      expect(typeof listing !== "string" && listing.name).toBeTruthy();
    }
    const urls = listings.map(feedUrl);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain("https://feeds.bbci.co.uk/mundo/rss.xml");
  });

  it("translates every text Houston has in English, but proper names", () => {
    const before = new Map(readerTexts(english("houston")));
    const same = readerTexts(city).filter(
      ([where, text]) => before.get(where) === text && !PROPER_NAMES.has(text),
    );
    expect(same).toEqual([]);
  });

  it("leaves no English word in what a reader reads", () => {
    const word = /\b(the|and|of|your|you|our|with|for|from|news|about|before|never)\b/i;
    const english = readerTexts(city).filter(
      ([, text]) => word.test(text) && !PROPER_NAMES.has(text),
    );
    expect(english).toEqual([]);
  });
});
