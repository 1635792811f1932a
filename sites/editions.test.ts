import { describe, expect, it } from "vitest";
import { cityOfSite, editionData, editionSiteId } from "./editions";
import { EditionSchema, PAGE_SLUGS } from "./schema";

// An edition's data (sites/editions.ts): the city's facts, never its words.

const NETWORK = { tagline: "Network tagline for {city}.", content: { pages: { faq: { en: 1 } } } };
const LAYER = { tagline: "Noticias de {city}.", content: { pages: { legal: { es: 1 } } } };
const CITY = {
  name: "Fixtureville Ledger",
  city: "Fixtureville",
  hosts: ["fixtureville.test"],
  locale: "en-US",
  tagline: "The city's own English tagline.",
  keywords: ["fixtureville news"],
  cityLinks: [{ label: "City hall", url: "https://fixtureville.test/hall" }],
  content: { pages: { careers: { en: 2 } } },
  feeds: { local: ["https://feeds.fixtureville.test/local.xml"] },
  editions: [{ locale: "es-US", path: "/es" }],
};

describe("an edition's data", () => {
  it("keeps the city's facts and feeds, takes its words from the language's layer and its own data", () => {
    const data = editionData(NETWORK, LAYER, CITY, {
      locale: "es-US",
      path: "/es",
      data: { keywords: ["noticias"], content: { pages: { contact: { es: 2 } } } },
    }) as Record<string, unknown>;
    expect(data).toMatchObject({
      name: "Fixtureville Ledger",
      hosts: ["fixtureville.test"],
      locale: "es-US",
      tagline: "Noticias de {city}.",
      keywords: ["noticias"],
      feeds: CITY.feeds,
    });
    expect(data).not.toHaveProperty("cityLinks");
    expect(data).not.toHaveProperty("editions");
    // The city's English careers never reach the edition; the network's FAQ, untranslated, does.
    expect(data.content).toEqual({
      pages: { faq: { en: 1 }, legal: { es: 1 }, contact: { es: 2 } },
    });
    expect(data.untranslated).toEqual([
      "faq",
      "weather",
      "partners",
      "careers",
      "about",
      "corrections",
    ]);
  });

  it("serves an edition with hosts of its own at them, its canonical base theirs", () => {
    const data = editionData(
      NETWORK,
      undefined,
      { ...CITY, baseUrl: "https://fixtureville.test" },
      {
        locale: "vi-VN",
        hosts: ["vi.fixtureville.test"],
      },
    ) as Record<string, unknown>;
    expect(data.hosts).toEqual(["vi.fixtureville.test"]);
    expect(data).not.toHaveProperty("baseUrl");
  });

  it("names an edition's site by its city and language, and back", () => {
    expect(editionSiteId("houston", "es-US")).toBe("houston.es");
    expect(cityOfSite("houston.es")).toBe("houston");
    expect(cityOfSite("houston")).toBe("houston");
  });
});

describe("an edition's translated paths (slugs)", () => {
  const problemsOf = (slugs: unknown) => {
    const parsed = EditionSchema.safeParse({ locale: "es-US", path: "/es", slugs });
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes a page's slug in the edition's language, for any page but home", () => {
    expect(problemsOf({ weather: "clima", "local-news": "noticias-locales" })).toEqual([]);
    expect(PAGE_SLUGS).toContain("local-news");
    expect(PAGE_SLUGS).toContain("radio");
    expect(PAGE_SLUGS).not.toContain("");
  });

  it("refuses a page it does not know, a slug of more than one lower-case segment, and one taken", () => {
    expect(problemsOf({ home: "inicio" }).join()).toMatch(/^slugs: Unrecognized key: "home"/);
    expect(problemsOf({ weather: "Clima" }).join()).toMatch(/one lower-case segment/);
    expect(problemsOf({ weather: "el/clima" }).join()).toMatch(/one lower-case segment/);
    expect(problemsOf({ weather: "clima.html" }).join()).toMatch(/one lower-case segment/);
    // Two pages at one path, a page's own path, and a path the server answers itself.
    expect(problemsOf({ weather: "clima", faq: "clima" })).toEqual(['slugs.faq: "clima" is taken']);
    expect(problemsOf({ weather: "faq" })).toEqual(['slugs.weather: "faq" is taken']);
    expect(problemsOf({ weather: "api" })).toEqual(['slugs.weather: "api" is taken']);
  });
});
