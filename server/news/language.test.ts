import { describe, expect, it } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import { rssDocument } from "../../tests/support/rss";
import { canonicalLanguage, detectLanguage } from "./language";
import { parseFeed } from "./parse";
import { normalizeItem, type NormalizeOptions } from "./normalize";
import { readFeed } from "./read";

const OPTIONS: NormalizeOptions = {
  key: "world",
  feedUrl: "https://feeds.example.org/feed.xml",
  defaultImage: "/d.svg",
  now: Date.parse("2026-11-25T12:00:00Z"),
  timeZone: "UTC",
};

describe("canonicalLanguage", () => {
  it.each([
    ["en-us", "en-US"],
    ["EN_gb", "en-GB"],
    [" fr ", "fr"],
    ["nl-NL", "nl-NL"],
    ["zh-cn", "zh-CN"],
    ["x-default", null],
    ["und", null],
    ["mul", null],
    ["", null],
    ["12", null],
    ["en us", null],
    ["<script>", null],
    [undefined, null],
  ])("%j is %j", (raw, expected) => {
    expect(canonicalLanguage(raw)).toBe(expected);
  });
});

describe("detectLanguage", () => {
  it.each([
    [
      "Le film à voir ce soir: Legend. CANAL+/21H00 - Tom Hardy se dédouble pour interpréter les jumeaux Kray",
      "fr",
    ],
    [
      "Ajax wint met ruime cijfers van PEC Zwolle in de Eredivisie na een sterke tweede helft",
      "nl",
    ],
    ["پاکستان اور بھارت کے درمیان مذاکرات کا نیا دور شروع ہو گیا ہے اور دونوں", "ur"],
    ["El presidente anunció nuevas medidas económicas para el país esta semana", "es"],
  ])("tells the language of a sentence: %s", (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });

  it.each([
    // Too short to tell.
    "Obama",
    "Texans beat Colts 24-17",
    // English full of names came out Portuguese by a few hundredths: no guess.
    "Rockets' Sengun posts triple-double; Astros sign Bregman to extension",
    // Half English, half French.
    "Letter to a Man: Mikhail Baryshnikov, à la folie Robert Wilson and the dancer stage a portrait",
  ])("makes no guess when it cannot be sure: %s", (text) => {
    expect(detectLanguage(text)).toBeNull();
  });
});

/** One RSS item in a channel that says `channel` about its language. */
const rss = (channel: string, item: string) =>
  rssDocument({
    declaration: true,
    attributes: ' version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"',
    channelAttributes: channel,
    title: "T",
    elements: item,
  });

describe("a story's language, as its feed says", () => {
  const languageOf = (xml: string) => {
    const feed = parseFeed(xml);
    const [item] = feed.items;
    if (!item) throw new Error("no item");
    return normalizeItem(item, { ...OPTIONS, feedLanguage: feed.language })?.language;
  };
  const item = (extra = "") =>
    `<item${extra}><title>Un titre</title><link>https://a.example/1</link></item>`;

  it("takes the channel's <language>", () => {
    expect(languageOf(rss("", `<language>fr-fr</language>${item()}`))).toBe("fr-FR");
  });

  it("takes the channel's dc:language", () => {
    expect(languageOf(rss("", `<dc:language>de</dc:language>${item()}`))).toBe("de");
  });

  it("takes the channel's or the root's xml:lang", () => {
    expect(languageOf(rss(' xml:lang="es"', item()))).toBe("es");
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="it"><title>T</title><entry><title>Un titolo</title><link href="https://a.example/1"/><id>1</id></entry></feed>`;
    expect(languageOf(atom)).toBe("it");
  });

  it("takes an entry's own xml:lang or dc:language over the feed's", () => {
    expect(languageOf(rss("", `<language>en</language>${item(' xml:lang="pt-BR"')}`))).toBe(
      "pt-BR",
    );
    expect(
      languageOf(
        rss(
          "",
          `<language>en</language><item><title>Un titre</title><dc:language>fr</dc:language><link>https://a.example/1</link></item>`,
        ),
      ),
    ).toBe("fr");
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en"><title>T</title><entry><title xml:lang="ja">見出し</title><link href="https://a.example/1"/><id>1</id></entry></feed>`;
    expect(languageOf(atom)).toBe("ja");
  });

  it("reads the text when the feed names no language, and leaves it unknown when it cannot tell", () => {
    const long = `<item><title>Le gouvernement annonce un nouveau plan pour les hôpitaux</title><description>Le ministre de la Santé a présenté mercredi un plan pour réduire l'attente aux urgences.</description><link>https://a.example/1</link></item>`;
    expect(languageOf(rss("", long))).toBe("fr");
    expect(languageOf(rss("", item()))).toBeNull();
  });

  it("ignores a language that is no language tag, and reads the text instead", () => {
    expect(languageOf(rss("", `<language>x-default</language>${item()}`))).toBeNull();
  });
});

describe("the fixtures' languages (their real bytes)", () => {
  const languages = (name: string) =>
    readFeed(readFixture(name), null, OPTIONS).articles.map((a) => a.language);

  it("BBC Urdu's stories are in Urdu, as its channel says", () => {
    expect(new Set(languages("bbc-urdu.rss.xml"))).toEqual(new Set(["ur"]));
  });

  it("FC Utrecht's are in Dutch, Le Figaro's in French", () => {
    expect(new Set(languages("fcutrecht-news.rss.xml"))).toEqual(new Set(["nl-NL"]));
    expect(new Set(languages("lefigaro-culture.rss.xml"))).toEqual(new Set(["fr"]));
  });

  it("heise's RSS 0.90 names none: its German stories are told from their text", () => {
    const found = languages("heise-newsticker.rss090.xml");
    expect(found.filter((l) => l === "de").length).toBeGreaterThanOrEqual(10);
    expect(found.every((l) => l === "de" || l === null)).toBe(true);
  });

  it("credits a channel by its title, read as a story's (Le Figaro's mojibake repaired)", () => {
    expect(readFeed(readFixture("lefigaro-culture.rss.xml"), null, OPTIONS).title).toMatch(
      /^LE FIGARO - Le Figaro - Culture : Cinéma, théâtre/,
    );
  });
});
