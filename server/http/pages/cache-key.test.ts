import { describe, expect, it } from "vitest";
import {
  WEATHER_DEP,
  cacheKey,
  cityKey,
  pageVersions,
  rememberedKeys,
  splitCityKey,
} from "./cache-key";

describe("cacheKey", () => {
  const key = (path: string) => cacheKey(new URL(path, "http://localhost"));

  it("keeps no query on a page that reads none", () => {
    expect(key("/")).toBe("/");
    expect(key("/?utm_source=mail&x=1")).toBe("/");
    expect(key("/local-news?page=2")).toBe("/local-news");
  });

  it("keeps the parameters a page reads, in order, and drops the rest", () => {
    expect(key("/search?x=1&q=bayou&page=2&utm_source=mail")).toBe("/search?page=2&q=bayou");
    expect(key("/api/articles?category=sports&x=1&category=local")).toBe(
      "/api/articles?category=sports&category=local",
    );
  });

  it("knows a page by any spelling React Router matches: case, a trailing slash, escapes", () => {
    expect(key("/Search/?q=bayou&x=1")).toBe("/Search/?q=bayou");
    expect(key("/%73earch?q=bayou")).toBe("/%73earch?q=bayou");
    expect(key("/api/articles/?category=local")).toBe("/api/articles/?category=local");
  });

  it("gives React Router's own URLs no query: they name no page (and are refused before)", () => {
    expect(key("/search.data?q=a&_routes=search")).toBe("/search.data");
    expect(key("/_.data?x=1")).toBe("/_.data");
    expect(key("/__manifest?p=%2Fsearch&version=abc")).toBe("/__manifest");
  });
});

describe("cacheKey of the search page", () => {
  const key = (path: string) => cacheKey(new URL(path, "http://localhost"));

  it("names page 1 one way: no page, page=1, page=01 and a page that is no number", () => {
    for (const spelling of ["", "&page=1", "&page=01", "&page=x", "&page=0", "&page=-2"]) {
      expect(key(`/search?q=bayou${spelling}`)).toBe("/search?q=bayou");
    }
    expect(key("/search?q=bayou&page=02")).toBe("/search?page=2&q=bayou");
  });

  it("keeps the first of a repeated parameter, as the page reads it", () => {
    expect(key("/search?q=a&q=b&page=3&page=4")).toBe("/search?page=3&q=a");
  });
});

describe("the keys of a city's pages", () => {
  it("put the city first, so that no two cities' pages share a key", () => {
    expect(cityKey("houston", "/faq")).toBe("houston /faq");
    expect(cityKey("houston", "/faq")).not.toBe(cityKey("anchorage", "/faq"));
    // A key may itself hold spaces (a query) or start with //: the city is what comes first.
    expect(cityKey("houston", "//evil.example/x")).toBe("houston //evil.example/x");
  });

  it("name a page's dependency on a city's category, and read it back", () => {
    const dep = cityKey("honolulu", "world");
    expect(dep).toBe("honolulu world");
    expect(splitCityKey(dep)).toEqual({ city: "honolulu", key: "world" });
    expect(splitCityKey(cityKey("new-york-2", "real-estate"))).toEqual({
      city: "new-york-2",
      key: "real-estate",
    });
  });
});

describe("rememberedKeys", () => {
  it("holds at most 4 MB of URLs, however long they are", () => {
    const keys = rememberedKeys();
    const long = "/search?q=" + "%7E".repeat(5000);
    for (let i = 0; i < 2000; i++) keys.set(`${long}&n=${i}`, `/search?q=${i}`);
    expect(keys.calculatedSize).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(keys.size).toBeLessThan(200);
    // The most recent are the ones kept.
    expect(keys.get(`${long}&n=1999`)).toBe("/search?q=1999");
    expect(keys.get(`${long}&n=0`)).toBeUndefined();
  });

  it("holds at most 10,000 short ones", () => {
    const keys = rememberedKeys();
    for (let i = 0; i < 12_000; i++) keys.set(`/faq?x=${i}`, "/faq");
    expect(keys.size).toBe(10_000);
  });
});

describe("pageVersions", () => {
  it("gives an edition's pages its city's weather and its own news", () => {
    const weather = (city: string) => (city === "fixtureville" ? 7 : 0);
    const news = (site: string, key: string) => (site === "fixtureville.es" ? 3 : 1) + key.length;
    const version = pageVersions(weather, news);
    expect(version("fixtureville.es", WEATHER_DEP)).toBe(7);
    expect(version("fixtureville", WEATHER_DEP)).toBe(7);
    expect(version("fixtureville.es", "local")).toBe(8);
    expect(version("fixtureville", "local")).toBe(6);
  });
});
