import { describe, expect, it } from "vitest";
import { CityDirectory } from "../../server/cities/directory";
import { FEED_KEYS } from "../../sites/categories";
import { CitySchema } from "../../sites/schema";
import { fixtureCity, fixtureCityFiles, fixtureCityNamed } from "../support/fixture-city";

// The unit tests' fixture city (tests/support/fixture-city.ts) is valid, complete and made
// anew for each test, and a change to it changes what it says and nothing else.

/** Every string of a value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(strings);
}

describe("the fixture city", () => {
  it("is a valid city whose templates are filled in with its own values", () => {
    const city = fixtureCity();
    expect(CitySchema.safeParse(city).success).toBe(true);
    expect(strings(city).filter((s) => /\{\w+\}/.test(s))).toEqual([]);
    expect(city.name).toBe(`${city.city} Ledger`);
    expect(city.contact.email).toBe(`newsroom@${city.hosts[0]}`);
  });

  it("has a feed for every key, a book with a cover and one without, and a radar station", () => {
    const city = fixtureCity();
    expect(Object.keys(city.feeds).sort()).toEqual([...FEED_KEYS].sort());
    const covers = city.content.pages.books.books.map((b) => b.cover);
    expect(covers.some((c) => c !== "")).toBe(true);
    expect(covers).toContain("");
    expect(city.content.pages.weather.radarStation).toMatch(/^K[A-Z]{3}$/);
  });

  it("is a fresh copy each time: a test's change stays in its test", () => {
    const first = fixtureCity();
    first.contact.email = "changed@example.test";
    first.hosts.push("another.test");
    const second = fixtureCity();
    expect(second.contact.email).not.toBe("changed@example.test");
    expect(second.hosts).not.toContain("another.test");
  });

  it("takes changes: one value, deep in the data, the rest kept; null deletes an optional key", () => {
    const base = fixtureCity();
    const changed = fixtureCity({
      embeds: { leadForm: "https://leads.example.test/f/1" },
      content: { pages: { weather: { history: null } } },
    });
    expect(changed.embeds).toEqual({ ...base.embeds, leadForm: "https://leads.example.test/f/1" });
    expect(changed.content.pages.weather.history).toBeUndefined();
    expect(changed.content.pages.weather.tips).toEqual(base.content.pages.weather.tips);
    expect(changed.name).toBe(base.name);
  });

  it("refuses a change that makes it invalid, naming the field", () => {
    expect(() => fixtureCity({ contact: { email: "not an address" } })).toThrow(
      /^ {2}- contact\.email: /m,
    );
  });

  it("makes another city of the network that names only itself", () => {
    const other = fixtureCityNamed("Stubport");
    expect(other.id).toBe("stubport");
    expect(other.hosts).toEqual(["stubport.test", "www.stubport.test"]);
    expect(other.name).toBe("Stubport Ledger");
    const fixture = fixtureCity();
    const marks = [fixture.city, fixture.id].map((m) => m.toLowerCase());
    const leaks = strings(other).filter((s) => marks.some((m) => s.toLowerCase().includes(m)));
    expect(leaks).toEqual([]);
    // A change to it may delete a key too.
    const bare = fixtureCityNamed("Stubport", {
      content: { pages: { weather: { history: null } } },
    });
    expect(bare.content.pages.weather.history).toBeUndefined();
  });

  it("is written as files a CityDirectory reads back as it was given", () => {
    const cities = [fixtureCity(), fixtureCityNamed("Stubport")];
    const files = fixtureCityFiles(cities);
    try {
      const directory = new CityDirectory(files);
      expect(directory.problems).toEqual([]);
      expect(directory.ids()).toEqual(cities.map((c) => c.id).sort());
      for (const city of cities) {
        expect(directory.byHost(city.hosts[1] ?? "")).toBe(city.id);
        expect(directory.load(city.id)).toEqual({ city });
      }
    } finally {
      files.remove();
    }
  });
});
