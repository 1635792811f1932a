import { describe, expect, it } from "vitest";
import { cityOfSite, editionData, editionSiteId } from "./editions";

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
    expect(data.untranslated).toEqual(["faq", "weather", "partners", "careers"]);
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
