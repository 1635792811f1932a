import { describe, expect, it } from "vitest";
import { publicPath, routePath } from "./slugs";

const SLUGS = { weather: "clima", "local-news": "noticias-locales", search: "buscar" };

describe("an edition's translated paths", () => {
  it("gives a route's path in the edition's language, its slash, query and fragment kept", () => {
    expect(publicPath("/weather", SLUGS)).toBe("/clima");
    expect(publicPath("/weather#alerts", SLUGS)).toBe("/clima#alerts");
    expect(publicPath("/search?q=lluvia&page=2", SLUGS)).toBe("/buscar?q=lluvia&page=2");
    expect(publicPath("/local-news/", SLUGS)).toBe("/noticias-locales/");
  });

  it("leaves alone home, a page it does not translate, any longer path, and an edition without slugs", () => {
    expect(publicPath("/", SLUGS)).toBe("/");
    expect(publicPath("/faq", SLUGS)).toBe("/faq");
    expect(publicPath("/weather/radar", SLUGS)).toBe("/weather/radar");
    expect(publicPath("/api/articles?category=weather", SLUGS)).toBe(
      "/api/articles?category=weather",
    );
    expect(publicPath("/weather", undefined)).toBe("/weather");
  });

  it("reads a reader's path as its route's, in any case, and only the edition's own slugs", () => {
    expect(routePath("/clima", SLUGS)).toBe("/weather");
    expect(routePath("/Clima/", SLUGS)).toBe("/weather/");
    expect(routePath("/%63lima", SLUGS)).toBe("/weather");
    expect(routePath("/%E0clima", SLUGS)).toBe("/%E0clima");
    expect(routePath("/buscar?q=x", SLUGS)).toBe("/search?q=x");
    // The route's own spelling is its own (the page handler redirects it to /clima).
    expect(routePath("/weather", SLUGS)).toBe("/weather");
    expect(routePath("/clima/hoy", SLUGS)).toBe("/clima/hoy");
    expect(routePath("/clima", undefined)).toBe("/clima");
    // No inherited key of an object is a slug.
    expect(routePath("/constructor", SLUGS)).toBe("/constructor");
    expect(publicPath("/constructor", SLUGS)).toBe("/constructor");
  });
});

describe("a page's own feeds (issue 54)", () => {
  it("are under the page's translated path, both ways, and nothing else under a page is", () => {
    expect(publicPath("/local-news/rss.xml", SLUGS)).toBe("/noticias-locales/rss.xml");
    expect(publicPath("/weather/atom.xml", SLUGS)).toBe("/clima/atom.xml");
    expect(publicPath("/weather/feed.json", SLUGS)).toBe("/clima/feed.json");
    expect(routePath("/noticias-locales/rss.xml", SLUGS)).toBe("/local-news/rss.xml");
    expect(routePath("/Clima/feed.json", SLUGS)).toBe("/weather/feed.json");
    // Home's are its own; another file under a page is not a feed.
    expect(publicPath("/rss.xml", SLUGS)).toBe("/rss.xml");
    expect(publicPath("/weather/other.xml", SLUGS)).toBe("/weather/other.xml");
    expect(routePath("/clima/rss.json", SLUGS)).toBe("/clima/rss.json");
  });
});
