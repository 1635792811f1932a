import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { pagesFor } from "./pages";
import { searchSitePages, sitePages } from "./site-search.server";

// Issue 38: "On this site" names a Spanish edition's pages as its pages do, in Spanish.

describe("the site's pages in search, in a Spanish edition", () => {
  const city = fixtureCity({ locale: "es-US" });
  const table = pagesFor("es-US");

  it("titles each page with its heading in the edition's language", () => {
    const pages = sitePages(city, city.content);
    expect(pages.find((p) => p.path === "/weather")?.title).toBe(table.weather.heading);
    expect(pages.find((p) => p.path === "/faq")?.title).toBe(table.faq.heading);
    const english = sitePages(fixtureCity(), fixtureCity().content);
    expect(pages.find((p) => p.path === "/weather")?.title).not.toBe(
      english.find((p) => p.path === "/weather")?.title,
    );
  });

  it("finds a page by its Spanish title", () => {
    const [word] = table.careers.heading.split(" ");
    const hits = searchSitePages(city, city.content, word ?? "");
    expect(hits.map((h) => h.path)).toContain("/careers");
  });
});
