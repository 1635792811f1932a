import { describe, expect, it } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import { feedBytes } from "./decode";
import { ELLIPSIS, SUMMARY_MAX, normalizeItem, type NormalizeOptions } from "./normalize";
import { parseFeedBytes } from "./parse";
import { readFeed } from "./read";

// Real Spanish-language feeds (tests/fixtures/feeds/SOURCES.md): La Nación (Buenos Aires), its
// front page of 6 April 2022, and Mundo Deportivo (Barcelona), its F.C. Barcelona feed. They are
// what a Spanish edition reads: accents, ñ, ¿¡, curly quotes and «» must come through intact, and
// the stories must be known as Spanish (neither feed names its language).

const NOW = Date.parse("2026-11-27T12:00:00Z");
const OPTIONS: NormalizeOptions = {
  key: "world",
  feedUrl: "https://feeds.example.org/feed.xml",
  defaultImage: "/images/default-news.svg",
  now: NOW,
  timeZone: "America/Chicago",
};

/** Every entry of a fixture, normalized (not only the newest 15 that readFeed keeps). */
function allArticles(file: string, options: NormalizeOptions = OPTIONS) {
  const feed = parseFeedBytes(feedBytes(readFixture(file), "application/rss+xml"));
  return {
    language: feed.language,
    articles: feed.entries
      .map((entry) => normalizeItem(entry.read(), options))
      .filter((a) => a !== null),
  };
}

/** Text that UTF-8 read as Latin-1 would show ("aumentÃ³" for "aumentó"). */
const MOJIBAKE = /Ã[\u0080-\u00bf]|â€/;

describe("La Nación (lanacion-ar.rss.xml)", () => {
  const file = "lanacion-ar.rss.xml";

  it("reads its 100 stories, the newest 15 kept, under the channel's title", () => {
    const { articles, itemCount, title } = readFeed(readFixture(file), null, OPTIONS);
    expect(itemCount).toBe(100);
    expect(title).toBe("LA NACION");
    expect(articles).toHaveLength(15);
    const dates = articles.map((a) => a.publishedAt ?? 0);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("keeps the Spanish headlines and summaries whole: accents, ñ, no mojibake", () => {
    const { articles } = allArticles(file);
    const [first, second] = articles;
    // The feed's trailing space after the headline is gone; the accent stays.
    expect(first?.title).toBe(
      "El Gobierno aumentó un 50% el monto de la Tarjeta Alimentar, en medio de la crisis",
    );
    expect(second?.title).toBe(
      "Como una búsqueda del tesoro: hizo 600 kilómetros para conseguir gasoil y no dejar de trabajar",
    );
    expect(second?.summary).toContain("entre Cañada Seca (Buenos Aires) y Arminda (Santa Fe)");
    for (const a of articles) {
      expect(a.title).not.toMatch(MOJIBAKE);
      expect(a.summary).not.toMatch(MOJIBAKE);
      expect(a.summary.length).toBeLessThanOrEqual(SUMMARY_MAX + ELLIPSIS.length);
    }
    expect(articles.some((a) => /[áéíóúñ]/.test(a.title))).toBe(true);
  });

  it("dates every story from its pubDate, all on the evening of 6 April 2022 (UTC)", () => {
    const { articles } = allArticles(file);
    expect(articles).toHaveLength(100);
    expect(articles[0]?.publishedAt).toBe(Date.parse("2022-04-06T22:48:39Z"));
    for (const a of articles) {
      expect(a.publishedAt).toBeGreaterThanOrEqual(Date.parse("2022-04-06T22:00:00Z"));
      expect(a.publishedAt).toBeLessThanOrEqual(Date.parse("2022-04-06T22:48:39Z"));
      expect(a.claimedAt).toBeNull();
    }
  });

  it("takes each story's picture from its media:content", () => {
    const { articles } = allArticles(file);
    expect(articles[0]?.image).toBe(
      "https://resizer.glanacion.com/resizer/3C2XbPiWq8g0gBa5pivFTYV6q3c=/768x0/cloudfront-us-east-1.images.arcpublishing.com/lanacionar/J6BBWX44GRDKZN5Y4M3ZBNN2K4.jpg",
    );
    expect(articles.filter((a) => !a.imageIsDefault).length).toBeGreaterThan(80);
  });

  it("finds Spanish in the text of most stories, and never another language", () => {
    const { language, articles } = allArticles(file);
    expect(language).toBeUndefined(); // the feed names none: the text is all there is
    const found = articles.map((a) => a.language);
    expect(found.filter((l) => l === "es").length).toBeGreaterThanOrEqual(70);
    // The others are too close to Portuguese to call (DETECT_MARGIN): no guess, not a wrong one.
    expect(found.filter((l) => l !== "es" && l !== null)).toEqual([]);
  });

  it("gives every story the language its listing names (a Spanish edition's feeds say es)", () => {
    const { articles } = readFeed(readFixture(file), null, { ...OPTIONS, feedLanguage: "es" });
    expect(articles.map((a) => a.language)).toEqual(Array<string>(15).fill("es"));
  });
});

describe("Mundo Deportivo (mundodeportivo-barca.rss.xml)", () => {
  const file = "mundodeportivo-barca.rss.xml";

  it("reads its one story: curly quotes and ç kept, the line break in the summary a space", () => {
    const { articles, itemCount, title } = readFeed(readFixture(file), null, OPTIONS);
    expect(itemCount).toBe(1);
    expect(title).toBe("F.C. Barcelona");
    const [story] = articles;
    expect(story?.title).toBe("Martens: “Estoy feliz y quiero seguir en el Barça”");
    expect(story?.summary).toMatch(/^El diario francés l’Equipe se hizo eco ayer de una noticia/);
    expect(story?.summary).toContain("la delantera azulgrana Lieke Martens. La holandesa es una");
    expect(story?.summary).toMatch(/las jugadoras más cotizadas del\.\.\.$/);
    expect(story?.summary.endsWith(ELLIPSIS)).toBe(true);
    expect(story?.summary.length).toBeLessThanOrEqual(SUMMARY_MAX + ELLIPSIS.length);
  });

  it("dates it from a pubDate with a +0200 offset, and pictures it from its image enclosure", () => {
    const [story] = allArticles(file).articles;
    expect(story?.publishedAt).toBe(Date.parse("2019-05-17T19:33:59Z"));
    expect(story?.url).toBe(
      "https://www.mundodeportivo.com/futbol/fc-barcelona/20190517/462298326260/martens-estoy-feliz-y-quiero-seguir-en-el-barca.html",
    );
    expect(story?.imageIsDefault).toBe(false);
    expect(story?.image).toMatch(/^https:\/\/www\.mundodeportivo\.com\/ra\/thumbnail\/.+\.jpg$/);
  });

  it("is Spanish by its listing; the text alone never makes it another language", () => {
    const [story] = allArticles(file).articles;
    expect([null, "es"]).toContain(story?.language);
    const [listed] = readFeed(readFixture(file), null, { ...OPTIONS, feedLanguage: "es" }).articles;
    expect(listed?.language).toBe("es");
  });
});
