import { describe, expect, it } from "vitest";
import { translatorFor } from "../common/i18n";
import { describeCount } from "../app/lib/search";
import { inLanguage } from "../app/lib/language";
import {
  CATEGORIES,
  HOME_SECTIONS,
  categoryAt,
  categoryDescription,
  categoryHeading,
  categoryLabel,
  categoryText,
  homeTitle,
  storyCategory,
} from "./categories";

// The categories' words are message keys (issue 38): English the specification's, and every
// edition's in its own language.

const en = translatorFor("en-US");
const es = translatorFor("es-US");
const SITE = { name: "Houston Ledger", city: "Houston", state: "TX" };

describe("the categories' words", () => {
  it("in English, are the table's English fields (the specification's text)", () => {
    for (const c of CATEGORIES) {
      expect(categoryHeading(c, en)).toBe(c.heading);
      expect(categoryLabel(c, en)).toBe(c.label);
      expect(en(c.text.noun)).toBe(c.noun);
      expect(categoryDescription(c, en, SITE)).toBe(c.description(SITE));
    }
    expect(HOME_SECTIONS.map((s) => en(homeTitle(s.key)))).toEqual(
      HOME_SECTIONS.map((s) => s.title),
    );
    expect(categoryAt("national-news")?.description(SITE)).toBe(
      "The latest national news from across the United States for Houston, TX: stories gathered from trusted newsrooms and updated through the day.",
    );
  });

  it("in Spanish, are Spanish, every one of them", () => {
    const local = categoryAt("local-news");
    expect(local && categoryHeading(local, es)).toBe("Noticias locales");
    expect(es(homeTitle("politics"))).toBe("Política y gobierno");
    expect(es(categoryText("events").heading)).toBe("Eventos locales");
    const opinion = categoryAt("opinion");
    expect(opinion && categoryLabel(opinion, es)).toBe("Opinión");
    const sports = categoryAt("sports");
    expect(sports && categoryDescription(sports, es, SITE)).toContain("Houston, TX");
    for (const c of CATEGORIES) {
      for (const key of Object.values(c.text)) {
        expect(es(key), key).not.toBe(en(key));
      }
    }
  });

  it("a stored story's category (its key) shows in the edition's language", () => {
    expect(storyCategory("realestate", es)).toBe("Bienes raíces");
    expect(storyCategory("arts", es)).toBe("Arte y cultura");
    expect(storyCategory("realestate", en)).toBe("Real Estate");
    expect(storyCategory("Something else", es)).toBe("Something else");
    // A value that is no key is shown as it is: no label is read back as a key (migration 0011).
    expect(storyCategory("Real Estate", es)).toBe("Real Estate");
  });
});

describe("the news pages' counts and languages", () => {
  it("counts search results by the language's plural rules, numbers in its locale", () => {
    expect(describeCount({ total: 1, more: false, query: "bayou" }, "es-US")).toBe(
      "1 resultado para “bayou”",
    );
    expect(describeCount({ total: 12, more: false, query: "bayou" }, "es-US")).toBe(
      "12 resultados para “bayou”",
    );
    expect(describeCount({ total: 1000, more: true, query: "news" }, "es-US")).toBe(
      "Más de 1,000 resultados para “news”",
    );
    expect(describeCount({ total: 0, more: false, query: "x" }, "en-US")).toBe("0 results for “x”");
  });

  it("says a story's language in the page's language", () => {
    expect(inLanguage("alemán", "es-US")).toBe("en alemán");
    expect(inLanguage("German", "en-US")).toBe("in German");
  });
});
