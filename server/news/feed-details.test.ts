import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Article } from "./normalize";
import { readFeed } from "./read";

// The details a mature feed parser gets right, each from a small fixture of this project's own
// (tests/fixtures/feed-details), read through the engine's whole path for a fetched feed.

const DIR = path.resolve(import.meta.dirname, "../../tests/fixtures/feed-details");
const FEED_URL = "https://feeds.example.org/news/feed.xml";

function articles(name: string): Article[] {
  return readFeed(readFileSync(path.join(DIR, name)), "application/xml", {
    key: "local",
    feedUrl: FEED_URL,
    defaultImage: "/d.svg",
    now: Date.parse("2026-11-22T12:00:00Z"),
    timeZone: "America/Chicago",
  }).articles;
}

describe("Atom text constructs", () => {
  it("keeps every word of type=xhtml content and titles, past the first child element", () => {
    const [a] = articles("atom-xhtml.atom.xml");
    expect(a?.title).toBe("Title with bold word");
    expect(a?.summary).toBe("First emphasised paragraph. Second paragraph.");
  });

  it("decodes Atom 0.3 content in mode=base64", () => {
    const [a] = articles("atom-base64.atom.xml");
    expect(a?.summary).toBe("Decoded from base64: café news.");
    expect(a?.url).toBe("https://news.example.org/base64");
  });

  it("shows type=text as text (a '<' is a character) and type=html as HTML", () => {
    const [text, html] = articles("atom-text-type.atom.xml");
    expect(text?.title).toBe("Use <b> for bold, AT&T says");
    expect(text?.summary).toBe("1 < 2 and 3 > 2");
    expect(html?.title).toBe("Escaped HTML title");
    expect(html?.summary).toBe("Escaped HTML summary");
  });
});

describe("fallback elements", () => {
  it("takes dc:title, media:title, dc:description, itunes:summary and media:group only when the plain ones are missing", () => {
    expect(articles("rss-fallbacks.rss.xml").map((a) => [a.title, a.summary])).toEqual([
      ["Title from Dublin Core", "Summary from Dublin Core."],
      ["Title from Media RSS", "Summary from iTunes."],
      ["Title from a media group", "Summary from a media group."],
      ["The plain title wins", "The plain description wins."],
    ]);
  });
});

describe("xml:base", () => {
  it("resolves relative links against the feed's, the entry's and the link's own xml:base", () => {
    const [one, two, three] = articles("xml-base.atom.xml");
    expect(one?.url).toBe("https://news.example.org/section/story-one");
    expect(two?.url).toBe("https://news.example.org/archive/2026/story-two");
    expect(two?.image).toBe("https://news.example.org/archive/2026/pics/two.jpg");
    expect(three?.url).toBe("https://other.example.net/a/story-three");
  });
});

describe("C1 control characters in UTF-8 text", () => {
  it("shows them as the windows-1252 characters they were", () => {
    const [a] = articles("rss-c1-in-utf8.rss.xml");
    expect(a?.title).toBe("Don’t miss the “Bayou” festival – tickets €5");
    expect(a?.summary).toBe("It’s on.");
  });
});
