import { describe, expect, it } from "vitest";
import { fixtureCity, fixtureCityNamed } from "../../tests/support/fixture-city";
import { MAX_SITE_HITS, SNIPPET_LENGTH, searchSitePages, sitePages } from "./site-search.server";

const city = fixtureCity();
const search = (q: string, site = city) => searchSitePages(site, site.content, q);
const paths = (q: string, site = city) => search(q, site).map((hit) => hit.path);
/** The words a hit's parts mark (the odd ones). */
const marked = (parts: readonly string[]) => parts.filter((_, i) => i % 2 === 1);

describe("searchSitePages", () => {
  it("finds the weather page's preparedness tips: hurricane finds /weather", () => {
    expect(paths("hurricane")).toEqual(["/weather"]);
    const [hit] = search("go-bag medicines");
    expect(hit?.path).toBe("/weather");
    expect(hit?.title).toEqual(["Weather"]);
    expect(hit?.snippet.join("")).toBe(city.content.pages.weather.tips[0]);
    expect(marked(hit?.snippet ?? [])).toEqual(["go", "bag", "medicines"]);
  });

  it("finds a page by a word's other forms, folded and stemmed as stories are", () => {
    // "Review your household's emergency plan before the storm season."
    expect(paths("reviewing emergencies")).toEqual(["/weather"]);
    // The careers page: "Cover city hall and the neighborhoods of Fixtureville."
    expect(paths("covering neighbourhood")).toEqual([]);
    expect(paths("covering neighborhood")).toEqual(["/careers"]);
    expect(paths("INTERNSHIP")).toEqual(["/careers"]);
    expect(marked(search("INTERNSHIPS")[0]?.snippet ?? [])).toEqual(["internship"]);
  });

  it("finds the radio's shows, the contact details, the FAQ's answers and the careers", () => {
    expect(paths("noon report")).toEqual(["/radio"]);
    expect(paths("office hours")).toEqual(["/contact"]);
    expect(paths("account")).toEqual(["/faq"]);
    expect(paths("dental")).toEqual(["/careers"]);
    expect(paths("web developer")).toEqual(["/careers"]);
  });

  it("reads the last word as a prefix, and requires every word on one page", () => {
    expect(paths("hurric")).toEqual(["/weather"]);
    expect(paths("hurricane dental")).toEqual([]);
  });

  it("finds the pages that name the city, the most relevant first, a few at most", () => {
    const houston = fixtureCityNamed("Houston");
    // Most of its pages name it: the list stays short.
    expect(paths("Houston", houston)).toHaveLength(MAX_SITE_HITS);
    for (const hit of search("houston", houston)) {
      expect([...marked(hit.title), ...marked(hit.snippet)], hit.path).toContain("Houston");
    }
    // A word in a page's title weighs most.
    expect(paths("houston weather", houston)[0]).toBe("/weather");
    expect(paths("houston careers", houston)).toEqual(["/careers"]);
    // Fixtureville's pages do not name Houston.
    expect(paths("Houston")).toEqual([]);
  });

  it("cuts a long passage around its first match", () => {
    const long = fixtureCity({
      content: {
        pages: {
          weather: {
            tips: [`${"Stay calm and listen to the radio. ".repeat(10)}Sandbags are at the depot.`],
          },
        },
      },
    });
    const [hit] = search("sandbags", long);
    const snippet = hit?.snippet.join("") ?? "";
    expect(snippet.startsWith("… ")).toBe(true);
    expect(snippet).toContain("Sandbags are at the depot.");
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 4);
  });

  it("finds nothing for a query without a word", () => {
    expect(search(' "*^ ')).toEqual([]);
  });
});

describe("sitePages", () => {
  it("holds the city's texts and none of another city", () => {
    const texts = JSON.stringify(sitePages(city, city.content));
    expect(texts).toContain(city.content.pages.weather.hurricaneSeason);
    expect(texts).toContain(city.content.pages.faq.items[1]?.answer);
    expect(texts).not.toContain("Houston");
  });
});
