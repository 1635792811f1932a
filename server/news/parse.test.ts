import { describe, expect, it } from "vitest";
import { MALFORMED, WELL_FORMED, readFixture } from "../../tests/support/fixtures";
import { decodeFeed, feedBytes } from "./decode";
import { FeedParseError, parseFeed, parseFeedBytes, parseWithTree, repair, skim } from "./parse";

/** A decoded document as parse.ts's FeedBytes. */
const bytesOf = (xml: string) => {
  const bytes = Buffer.from(xml, "utf8");
  return { bytes, text: (start: number, end: number) => bytes.toString("utf8", start, end) };
};

const parseFixture = (name: string) => parseFeed(decodeFeed(readFixture(name)));

describe("parseFeed on the real-world corpus", () => {
  it("has the corpus", () => {
    expect(WELL_FORMED.length).toBeGreaterThanOrEqual(41);
    expect(MALFORMED.length).toBeGreaterThanOrEqual(7);
  });

  it.each(WELL_FORMED)("parses %s into items", (name) => {
    const feed = parseFixture(name);
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.every((i) => i.title || i.description || i.link || i.guid)).toBe(true);
  });

  it.each(WELL_FORMED)("skims %s: each entry's date is the one its full read gives", (name) => {
    const feed = parseFixture(name);
    expect(feed.entries.map((e) => e.date)).toEqual(feed.items.map((i) => i.date));
  });

  it.each([...WELL_FORMED, ...MALFORMED])(
    "skims %s by string search as the tokenizer does, or leaves it to the tokenizer",
    (name) => {
      const xml = repair(decodeFeed(readFixture(name)));
      const fast = skim(bytesOf(xml));
      let slow;
      try {
        slow = parseWithTree(xml);
      } catch {
        // not a feed: the fast way must not find one either (parseFeed then reports the reason)
        if (fast) expect(["rss", "rdf:RDF", "feed"]).not.toContain(fast.root);
        return;
      }
      if (!fast) return;
      expect(fast.entries.map((e) => e.date)).toEqual(slow.entries.map((e) => e.date));
    },
  );

  it.each(WELL_FORMED)(
    "reads %s from its bytes, decoding only what it reads, as from its whole text",
    (name) => {
      const raw = readFixture(name);
      expect(parseFeedBytes(feedBytes(raw)).items).toEqual(parseFeed(decodeFeed(raw)).items);
    },
  );

  it("takes the fast way for the well-formed corpus, but for nested items and wrapped dates", () => {
    const left = WELL_FORMED.filter((name) => !skim(bytesOf(decodeFeed(readFixture(name)))));
    expect(left).toEqual(["fda-drug-recalls.rss.xml", "pcmag-dvorak-nested-items.rss.xml"]);
  });

  it("finds a tag's end past a quoted '>' and past the other kind of quote", () => {
    const xml = `<rss><channel><item><title a="x>y" b='it"s'>One</title><pubDate>Mon, 02 Jan 2023 10:00:00 GMT</pubDate></item><item><link href='a>b'/><pubDate>Tue, 03 Jan 2023 10:00:00 GMT</pubDate></item></channel></rss>`;
    expect(skim(bytesOf(xml))?.entries.map((e) => e.date)).toEqual([
      "Mon, 02 Jan 2023 10:00:00 GMT",
      "Tue, 03 Jan 2023 10:00:00 GMT",
    ]);
    expect(parseFeed(xml).items.map((i) => i.title)).toEqual(["One", undefined]);
  });

  it.each([
    ["a second root", "<rss><channel><item><title>a</title></item></channel></rss><rss></rss>"],
    [
      "an entry inside an entry",
      "<rss><channel><item><item><title>a</title></item></item></channel></rss>",
    ],
    ["markup in a date", "<rss><channel><item><pubDate><b>x</b></pubDate></item></channel></rss>"],
    ["a document cut short", "<rss><channel><item><title>a</title></item>"],
    ["an unclosed CDATA", "<rss><channel><item><title><![CDATA[a</title></item></channel></rss>"],
    [
      "prefixes to rename",
      '<rss xmlns:d="http://purl.org/dc/elements/1.1/"><channel><item><d:date>2026-11-20</d:date></item></channel></rss>',
    ],
  ])("leaves %s to the tokenizer", (_what, xml) => {
    expect(skim(bytesOf(xml))).toBeNull();
  });

  it.each([
    ["nyt-homepage.rss.xml", "rss", 33],
    ["guardian-us.rss.xml", "rss", 55],
    ["slashdot.rdf.xml", "rdf", 3],
    ["heise-newsticker.rss090.xml", "rdf", 60],
    ["craigslist-sfbay-apartments.rdf.xml", "rdf", 25],
    ["talkingpointsmemo.atom.xml", "atom", 20],
    ["youtube-investmentpunk.atom.xml", "atom", 15],
    ["pcmag-dvorak-nested-items.rss.xml", "rss", 10],
    ["giantbomb-podcast.rss.xml", "rss", 730],
    ["japantimes-latest.rss.xml", "rss", 118],
    ["indianexpress.rss.xml", "rss", 200],
  ])("reads %s as %s with %i items", (name, format, count) => {
    const feed = parseFixture(name);
    expect(feed.format).toBe(format);
    expect(feed.items).toHaveLength(count);
  });

  it("reads the declared encodings (ISO-8859-1, windows-1251, gb2312, ISO-8859-7)", () => {
    expect(
      parseFixture("golem-de.iso-8859-1.rss.xml")
        .items.map((i) => i.title)
        .join(" "),
    ).toMatch(/[äöüß]/);
    expect(parseFixture("oren-ru.windows-1251.rss.xml").items[0]?.title).toMatch(/[А-Яа-я]/);
    expect(parseFixture("kc0011.gb2312.rss.xml").items[0]?.title).toMatch(/[\u4e00-\u9fff]/);
    expect(parseFixture("liberal-gr.iso-8859-7.rss.xml").items[0]?.title).toMatch(/[Α-Ωα-ω]/);
    expect(parseFixture("jn-pt.iso-8859-1.rss.xml").items[0]?.title).toContain("Mãe");
  });

  it("takes the datetime of a <time> inside pubDate", () => {
    expect(parseFixture("fda-drug-recalls.rss.xml").items[0]?.date).toBe("2019-05-03T19:21:28Z");
  });
});

describe("parseFeed reads entries only when asked", () => {
  const xml = `<rss version="2.0"><channel><title>T</title>
    <item><title>One</title><description><b>unclosed HTML, not escaped</description>
      <pubDate><time datetime="2026-11-20T10:00:00Z">Friday</time></pubDate></item>
    <item><title>Two &amp; more</title><link>https://example.org/2</link>
      <media:content url="https://example.org/2.jpg" medium="image"/>
      <dc:date>2026-11-21T10:00:00Z</dc:date></item>
  </channel></rss>`;

  it("does not read the entries while parsing (the items are read on first use)", () => {
    const feed = parseFeed(xml);
    expect(Object.getOwnPropertyDescriptor(feed, "items")?.get).toBeTypeOf("function");
    expect(feed.entries.map((e) => e.date)).toEqual([
      "2026-11-20T10:00:00Z",
      "2026-11-21T10:00:00Z",
    ]);
  });

  it("reads a skimmed entry in full, even after unclosed HTML in the one before", () => {
    const [one, two] = parseFeed(xml).entries.map((e) => e.read());
    expect(one).toMatchObject({ title: "One", date: "2026-11-20T10:00:00Z" });
    expect(two).toMatchObject({
      title: "Two & more",
      link: "https://example.org/2",
      date: "2026-11-21T10:00:00Z",
      media: [{ url: "https://example.org/2.jpg", medium: "image" }],
    });
  });
});

describe("parseFeed on malformed documents", () => {
  // Each broken fixture has a defined outcome: repaired and read, or failed with a reason.
  it.each([
    ["malformed/techcrunch-leading-space.rss.xml", 20],
    ["malformed/bold-dk-raw-ampersand.rss.xml", 20],
    ["malformed/myrskyla-undefined-entity.rss.xml", 10],
    ["malformed/stackoverflow-control-chars.atom.xml", 1],
    ["malformed/uol-noticias-undeclared-latin1.rss.xml", 15],
  ])("repairs %s and reads its %i items", (name, count) => {
    expect(parseFixture(name).items).toHaveLength(count);
  });

  it("reads undeclared Latin-1 bytes as such", () => {
    const feed = parseFixture("malformed/uol-noticias-undeclared-latin1.rss.xml");
    expect(feed.items.map((i) => i.title).join(" ")).toMatch(/simulações/);
  });

  it.each([
    ["malformed/reuters-mostread-truncated.rss.xml", /^Malformed XML/],
    ["malformed/marketwatch-html-not-a-feed.xml", /^Not a feed: the document's root is <head>/],
  ])("fails %s with a reason", (name, reason) => {
    expect(() => parseFixture(name)).toThrow(FeedParseError);
    expect(() => parseFixture(name)).toThrow(reason);
  });

  it.each(MALFORMED)("never throws anything but FeedParseError for %s", (name) => {
    try {
      parseFixture(name);
    } catch (error) {
      expect(error).toBeInstanceOf(FeedParseError);
    }
  });

  it.each([
    [
      "an HTML page",
      "<html><body><p>Moved</p></body></html>",
      /Not a feed: the document's root is <html>/,
    ],
    ["an empty body", "", /Not a feed|Malformed/],
    ["plain text", "Service unavailable", /Malformed|Not a feed/],
    ["JSON", '{"items":[]}', /Malformed|Not a feed/],
  ])("fails %s with a reason", (_name, body, reason) => {
    expect(() => parseFeed(body)).toThrow(reason);
  });
});

describe("parseFeed against hostile XML", () => {
  it("never expands entities a DOCTYPE defines (billion laughs)", () => {
    const lol = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join("");
    const xml = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${lol}]>
      <rss><channel><item><title>&lol9;</title><link>https://a.example/1</link></item></channel></rss>`;
    const started = Date.now();
    const feed = parseFeed(xml);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(feed.items[0]?.title ?? "").not.toContain("lollol");
    expect((feed.items[0]?.title ?? "").length).toBeLessThan(20);
  });

  it("never reads external entities", () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <rss><channel><item><title>a &xxe; b</title></item></channel></rss>`;
    expect(parseFeed(xml).items[0]?.title).not.toContain("root:");
  });
});
