import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { CITIES_DIR, NETWORK_FILE } from "../../tests/support/cities";
import { CONTACT_LIMITS, type CityMessages } from "../messages/store";
import type { NewsReader } from "../news/engine";
import { fixedNews } from "../../tests/support/news";
import { CityDirectory } from "./directory";
import { Network, canonicalBase, type CityServices } from "./network";

const directory = new CityDirectory({ dir: CITIES_DIR, networkFile: NETWORK_FILE });

/** A city's news that names its city (to tell them apart). */
function newsOf(id: string): NewsReader {
  return fixedNews({ version: () => id.length });
}

function network(options: Partial<ConstructorParameters<typeof Network>[0]> = {}) {
  const news = vi.fn(newsOf);
  const messages = vi.fn((): CityMessages => ({
    submit: async () => ({ ok: true, id: 1 }),
    limits: CONTACT_LIMITS,
  }));
  return { network: new Network({ directory, news, messages, ...options }), news, messages };
}

function cityAt(found: ReturnType<Network["lookup"]>): CityServices {
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

describe("Network", () => {
  it("gives a host its city's services: data, canonical base, content, news and messages", () => {
    const { network: cities, news, messages } = network();
    const houston = cityAt(cities.lookup("HoustonCityWire.com:443"));
    expect(houston.site.id).toBe("houston");
    expect(houston.siteUrl).toBe("https://houstoncitywire.com");
    expect(houston.content.pages.books).toBe(houston.site.content.pages.books);
    expect(houston.news.version("local")).toBe("houston".length);
    expect(news).toHaveBeenCalledWith("houston");
    expect(messages).toHaveBeenCalledWith("houston");
    expect(houston.csp).toEqual({ scripts: [], frames: [], connect: [], images: [] });
    // Made once, then kept.
    expect(cityAt(cities.lookup("www.houstoncitywire.com"))).toBe(houston);
    expect(news).toHaveBeenCalledTimes(1);
    expect(cityAt(cities.lookup("anchoragecitywire.com")).site.id).toBe("anchorage");
  });

  it("names no city for a host that names none, unless DEFAULT_SITE is set", () => {
    expect(network().network.lookup("localhost:3000")).toEqual({ kind: "unknown" });
    expect(network().network.lookup(undefined)).toEqual({ kind: "unknown" });
    const withDefault = network({ defaultSite: "honolulu" }).network;
    expect(cityAt(withDefault.lookup("localhost:3000")).site.id).toBe("honolulu");
    expect(cityAt(withDefault.lookup(undefined)).site.id).toBe("honolulu");
    // A host that names a city is that city's still.
    expect(cityAt(withDefault.lookup("anchoragecitywire.com")).site.id).toBe("anchorage");
    expect(withDefault.idOf("example.org")).toBe("honolulu");
  });

  it("refuses a DEFAULT_SITE it does not serve", () => {
    expect(() => network({ defaultSite: "gotham" })).toThrow(
      'DEFAULT_SITE names "gotham", which this process does not serve',
    );
  });

  it("passes the city's content through the content transform (covers linked)", () => {
    const content = vi.fn((c: CityServices["content"]) => ({
      ...c,
      pages: { ...c.pages, books: { ...c.pages.books, books: [] } },
    }));
    const houston = cityAt(network({ content }).network.city("houston"));
    expect(content).toHaveBeenCalledTimes(1);
    expect(houston.content.pages.books.books).toEqual([]);
    expect(houston.site.content.pages.books.books.length).toBeGreaterThan(0);
  });

  it("tells onLoad of each city it loads, once", () => {
    const onLoad = vi.fn();
    const { network: cities } = network({ onLoad });
    cities.lookup("houstoncitywire.com");
    cities.lookup("houstoncitywire.com");
    cities.lookup("anchoragecitywire.com");
    expect(onLoad.mock.calls.map(([id, outcome]) => [id, "city" in outcome])).toEqual([
      ["houston", true],
      ["anchorage", true],
    ]);
  });

  it("makes a city whose data is invalid unavailable on its hosts, telling onLoad, and serves the others", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "network-cities-"));
    try {
      const bad = JSON.parse(readFileSync(path.join(CITIES_DIR, "honolulu.json"), "utf8")) as {
        timeZone: string;
        stateCode: string;
      };
      bad.stateCode = "Hawaii";
      writeFileSync(path.join(dir, "honolulu.json"), JSON.stringify(bad));
      writeFileSync(
        path.join(dir, "anchorage.json"),
        readFileSync(path.join(CITIES_DIR, "anchorage.json")),
      );
      const onLoad = vi.fn();
      const cities = new Network({
        directory: new CityDirectory({ dir, networkFile: NETWORK_FILE }),
        news: newsOf,
        messages: () => ({ submit: async () => ({ ok: true, id: 1 }), limits: CONTACT_LIMITS }),
        onLoad,
      });
      const found = cities.lookup("honolulucitywire.com");
      expect(found).toEqual({
        kind: "unavailable",
        problem: expect.objectContaining({
          id: "honolulu",
          file: path.join(dir, "honolulu.json"),
          message: expect.stringContaining("stateCode: ") as string,
        }),
      });
      expect(onLoad).toHaveBeenCalledWith("honolulu", { problem: expect.anything() });
      expect(cityAt(cities.lookup("anchoragecitywire.com")).site.id).toBe("anchorage");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
