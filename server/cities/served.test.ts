import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { fixtureCityFiles, hostOf } from "../../tests/support/fixture-city";
import { acceptingMessages } from "../../tests/support/cities";
import { servedCitiesOver, writeFixtureCities } from "../../tests/support/fixture-network";
import type { NewsReader } from "../news/engine";
import { fixedNews } from "../../tests/support/news";
import { CityDirectory } from "./directory";
import { ServedCities, canonicalBase, type CityServices } from "./served";

/** Three cities of a network (tests/support/fixture-city.ts), as the server reads them. */
const {
  cities: [CITY, SECOND, THIRD],
  files: FILES,
} = writeFixtureCities("Stubport", "Mockhaven");
afterAll(() => FILES.remove());
const directory = new CityDirectory(FILES);

/** A city's news that names its city (to tell them apart). */
function newsOf(id: string): NewsReader {
  return fixedNews({ version: () => id.length });
}

function served(options: Partial<ConstructorParameters<typeof ServedCities>[0]> = {}) {
  const news = vi.fn(newsOf);
  const messages = vi.fn(acceptingMessages);
  return { cities: new ServedCities({ directory, news, messages, ...options }), news, messages };
}

function cityAt(found: ReturnType<ServedCities["lookup"]>): CityServices {
  if (found.kind !== "city") throw new Error(`no city: ${found.kind}`);
  return found.city;
}

describe("canonicalBase", () => {
  it("is the data's baseUrl, else https:// and the first host, never with a trailing slash", () => {
    expect(canonicalBase({ hosts: ["a.example", "www.a.example"] })).toBe("https://a.example");
    expect(canonicalBase({ hosts: ["a.example"], baseUrl: "http://127.0.0.1:3000/" })).toBe(
      "http://127.0.0.1:3000",
    );
  });
});

describe("ServedCities", () => {
  it("gives a host its city's services: data, canonical base, content, news and messages", () => {
    const { cities, news, messages } = served();
    // The city's first host, in capitals and with a port.
    const found = cityAt(cities.lookup(`${hostOf(CITY).toUpperCase()}:443`));
    expect(found.site).toEqual(CITY);
    // No baseUrl in its data: https:// and its first host.
    expect(CITY.baseUrl).toBeUndefined();
    expect(found.siteUrl).toBe(`https://${hostOf(CITY)}`);
    expect(found.content.pages.books).toBe(found.site.content.pages.books);
    expect(found.news.version("local")).toBe(CITY.id.length);
    expect(news).toHaveBeenCalledWith(CITY.id);
    expect(messages).toHaveBeenCalledWith(CITY.id);
    // No embed configured (nor a partner document): its pages' CSP names no other origin.
    expect(found.csp).toEqual({ scripts: [], frames: [], connect: [], images: [] });
    // Made once, then kept.
    expect(cityAt(cities.lookup(`www.${hostOf(CITY)}`))).toBe(found);
    expect(news).toHaveBeenCalledTimes(1);
    expect(cityAt(cities.lookup(hostOf(SECOND))).site.id).toBe(SECOND.id);
  });

  it("names no city for a host that names none, unless DEFAULT_SITE is set", () => {
    expect(served().cities.lookup("localhost:3000")).toEqual({ kind: "unknown" });
    expect(served().cities.lookup(undefined)).toEqual({ kind: "unknown" });
    const withDefault = served({ defaultSite: THIRD.id }).cities;
    expect(cityAt(withDefault.lookup("localhost:3000")).site.id).toBe(THIRD.id);
    expect(cityAt(withDefault.lookup(undefined)).site.id).toBe(THIRD.id);
    // A host that names a city is that city's still.
    expect(cityAt(withDefault.lookup(hostOf(SECOND))).site.id).toBe(SECOND.id);
    expect(withDefault.idOf("example.org")).toBe(THIRD.id);
  });

  it("refuses a DEFAULT_SITE it does not serve", () => {
    expect(() => served({ defaultSite: "gotham" })).toThrow(
      'DEFAULT_SITE names "gotham", which this process does not serve',
    );
  });

  it("passes the city's content through the content transform (covers linked)", () => {
    const content = vi.fn((c: CityServices["content"]) => ({
      ...c,
      pages: { ...c.pages, books: { ...c.pages.books, books: [] } },
    }));
    const found = cityAt(served({ content }).cities.city(CITY.id));
    expect(content).toHaveBeenCalledTimes(1);
    expect(found.content.pages.books.books).toEqual([]);
    expect(found.site.content.pages.books.books).toEqual(CITY.content.pages.books.books);
    expect(CITY.content.pages.books.books.length).toBeGreaterThan(0);
  });

  it("tells onLoad of each city it loads, once", () => {
    const onLoad = vi.fn();
    const { cities } = served({ onLoad });
    cities.lookup(hostOf(CITY));
    cities.lookup(hostOf(CITY));
    cities.lookup(hostOf(SECOND));
    expect(onLoad.mock.calls.map(([id, outcome]) => [id, "city" in outcome])).toEqual([
      [CITY.id, true],
      [SECOND.id, true],
    ]);
  });

  it("makes a city whose data is invalid unavailable on its hosts, telling onLoad, and serves the others", () => {
    const files = fixtureCityFiles([SECOND, THIRD]);
    try {
      // The third city's file, written again with a state code the schema refuses.
      const { id, ...data } = THIRD;
      const file = path.join(files.dir, `${id}.json`);
      writeFileSync(file, JSON.stringify({ ...data, stateCode: "Nowhere" }));
      const onLoad = vi.fn();
      const cities = servedCitiesOver(files, { news: newsOf, onLoad });
      const found = cities.lookup(hostOf(THIRD));
      expect(found).toEqual({
        kind: "unavailable",
        problem: expect.objectContaining({
          id,
          file,
          message: expect.stringContaining("stateCode: ") as string,
        }),
      });
      expect(onLoad).toHaveBeenCalledWith(id, { problem: expect.anything() });
      expect(cityAt(cities.lookup(hostOf(SECOND))).site.id).toBe(SECOND.id);
    } finally {
      files.remove();
    }
  });
});
