import { describe, expect, it } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import { detectLanguage, feedLanguageOf } from "./language";
import { readFeed } from "./read";

// Issue 53: a story of Mint (a feed that names no language) on /es/ was not marked "en inglés":
// its headline, full of names, is too close between languages to guess alone.

const NOW = Date.parse("2019-05-30T12:00:00Z");
const OPTIONS = {
  key: "business" as const,
  feedUrl: "https://www.livemint.com/rss/News",
  defaultImage: "/images/default-news.svg",
  now: NOW,
  timeZone: "America/Chicago",
};

describe("feedLanguageOf", () => {
  it("names the language most of a feed's stories show", () => {
    expect(feedLanguageOf(["en", "en-US", null, "en", "en"])).toBe("en");
  });

  it("names none for a mixed feed, or too few stories to tell", () => {
    expect(feedLanguageOf(["en", "es", "en", "es", "en"])).toBeNull();
    expect(feedLanguageOf(["en", "en", null])).toBeNull();
    expect(feedLanguageOf([null, null, null, null])).toBeNull();
  });
});

describe("readFeed: a feed that names no language", () => {
  const mint = readFeed(readFixture("livemint-news.rss.xml"), "application/rss+xml", OPTIONS);

  it("gives a story whose own text is unclear its feed's language (Mint's lead story)", () => {
    const lead = mint.articles.find((a) => a.title.startsWith("PM Modi-Xi Jinping"));
    expect(lead).toBeDefined();
    // Its own text alone is too close between English and Swedish to tell…
    expect(detectLanguage(`${lead?.title}. ${lead?.summary}`)).toBeNull();
    // …but the feed's stories are all English, and so it is.
    expect(lead?.language).toBe("en");
    expect(mint.articles.every((a) => a.language?.startsWith("en"))).toBe(true);
  });
});
