import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mergeOverDefaults, parseCity } from "../city-data";
import { editionData } from "../editions";
import { EditionSchema, PAGE_SLUGS, SlugsSchema, feedUrl, type City } from "../schema";

// The Spanish layer of the network's defaults (es.json: network.json ← es.json ← a city) and
// Houston's own Spanish (its edition's data in houston.json, over Houston's data): both must make a city
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
const cityIds = readdirSync(path.join(SITES, "cities"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -".json".length));
const cityFile = (id: string) => readJson(path.join(SITES, "cities", `${id}.json`));

const english = (id: string): City => parseCity(id, network, cityFile(id), id);
/**
 * A city in Spanish: its Spanish edition as the directory makes it (sites/editions.ts), or, for a
 * city without one, the city as a Spanish-first city would be (network ← es.json ← the city).
 */
function spanish(id: string): City {
  const file = cityFile(id) as { editions?: unknown[] };
  const edition = file.editions
    ?.map((e) => EditionSchema.parse(e))
    .find((e) => e.locale.startsWith("es"));
  if (!edition) return parseCity(id, mergeOverDefaults(network, es), file, `${id} (es)`);
  return parseCity(id, {}, editionData(network, es, file, edition), `${id} (es)`);
}

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
  "City Wire Network",
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
    // The radio's week: its days and its shows' names (issue 53: left in English on /es/radio).
    radio: city.radio.schedule.map((s) => ({ days: s.days, show: s.show })),
    news: city.content.news,
    pages,
  }).filter(
    ([where, text]) =>
      !/^https?:|@|^\/|^\d{4}-\d\d/.test(text) &&
      // Keys, not words: ids, stations, a hazard's kind ("hurricane"), an NWS zone's code.
      !/\.(id|home|away|venue|radarStation|period|hazard|code|page)$/.test(where),
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

  it("gives every page but home a path in Spanish, valid as a city's", () => {
    const { slugs } = es as { slugs: Record<string, string> };
    // The radio is "radio" in Spanish too: its path is the route's.
    const translated = PAGE_SLUGS.filter((page) => page !== "radio");
    expect(Object.keys(slugs).sort()).toEqual([...translated].sort());
    expect(SlugsSchema.safeParse(slugs).success).toBe(true);
    expect(slugs.weather).toBe("clima");
  });

  it("translates only what network.json holds, array for array, keeping every template", () => {
    // Its pages' paths (slugs) are its own: network.json keeps the routes' paths.
    const { slugs: _slugs, ...texts } = es as Record<string, unknown>;
    void _slugs;
    const found = strings(texts);
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

describe("Houston's Spanish edition (its data in sites/cities/houston.json)", () => {
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
