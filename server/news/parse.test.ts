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

  it.each([...WELL_FORMED, ...MALFORMED])(
    "skims %s the same when it holds only a few bytes of it as text at a time",
    (name) => {
      const source = feedBytes(readFixture(name));
      const whole = skim(source);
      for (const size of [1, 7, 100, 4096]) expect(skim(source, size)).toEqual(whole);
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

  it("finds a tag's end past several quoted values, and leaves one never closed to the tokenizer", () => {
    const xml = `<rss><channel><item><enclosure url="a>b" type='x"y' length=">"/><pubDate>Mon, 02 Jan 2023 10:00:00 GMT</pubDate></item></channel></rss>`;
    expect(skim(bytesOf(xml))?.entries.map((e) => e.date)).toEqual([
      "Mon, 02 Jan 2023 10:00:00 GMT",
    ]);
    expect(
      skim(bytesOf(`<rss><channel><item><link href="a>b/></item></channel></rss>`)),
    ).toBeNull();
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

/** parseFeed's two ways to a feed: skimmed by bytes, or built by the tokenizer (a DOCTYPE). */
const BOTH_WAYS: [string, (xml: string) => ReturnType<typeof parseFeed>][] = [
  ["skimmed", parseFeed],
  ["by the tokenizer", (xml) => parseWithTree(repair(xml))],
];

describe("an entry's source", () => {
  // A Google News item, as its RSS writes one: the real outlet is named by <source>.
  const googleNews = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
  <title>Top stories - Google News</title><link>https://news.google.com/?hl=en-US&amp;gl=US&amp;ceid=US:en</link>
  <item>
    <title>Houston storm leaves thousands without power - CNN</title>
    <link>https://news.google.com/rss/articles/CBMiWGh0dHBzOi8vd3d3LmNubi5jb20vMjAyNi8xMS8yNy93ZWF0aGVy0gEA?oc=5</link>
    <guid isPermaLink="false">CBMiWGh0dHBzOi8vd3d3LmNubi5jb20vMjAyNi8xMS8yNy93ZWF0aGVy0gEA</guid>
    <pubDate>Fri, 27 Nov 2026 14:03:00 GMT</pubDate>
    <description>&lt;a href="https://news.google.com/rss/articles/CBMiWGh0dHBzOi8vd3d3LmNubi5jb20vMjAyNi8xMS8yNy93ZWF0aGVy0gEA?oc=5" target="_blank"&gt;Houston storm leaves thousands without power&lt;/a&gt;&amp;nbsp;&amp;nbsp;&lt;font color="#6f6f6f"&gt;CNN&lt;/font&gt;</description>
    <source url="https://www.cnn.com">CNN</source>
  </item>
  <item>
    <title>Astros sign closer to two-year deal - Houston Chronicle</title>
    <link>https://news.google.com/rss/articles/CBMiTWh0dHBzOi8vd3d3LmhvdXN0b25jaHJvbmljbGUuY29tL3Nwb3J0cy9hc3Ryb3Mv0gEA?oc=5</link>
    <pubDate>Fri, 27 Nov 2026 13:40:00 GMT</pubDate>
    <source url=" https://www.houstonchronicle.com ">
      Houston
        Chronicle </source>
  </item>
  <item>
    <title>AT&amp;T outage explained - AT&amp;T Newsroom</title>
    <pubDate>Fri, 27 Nov 2026 13:20:00 GMT</pubDate>
    <source url="https://about.att.com/newsroom">AT&amp;T &#8211; Newsroom</source>
  </item>
  <item><title>Nothing named</title><pubDate>Fri, 27 Nov 2026 13:00:00 GMT</pubDate><source url=""> </source></item>
  <item><title>Named only</title><pubDate>Fri, 27 Nov 2026 12:00:00 GMT</pubDate><source><![CDATA[KHOU 11]]></source></item>
  <item><title>No source</title><pubDate>Fri, 27 Nov 2026 11:00:00 GMT</pubDate></item>
</channel></rss>`;

  it.each(BOTH_WAYS)(
    "reads RSS's <source url> as the outlet's name and site (%s)",
    (_way, read) => {
      const items = read(googleNews).entries.map((e) => e.read());
      expect(items[0]?.title).toBe("Houston storm leaves thousands without power - CNN");
      expect(items.map((i) => i.source)).toEqual([
        { name: "CNN", url: "https://www.cnn.com" },
        { name: "Houston Chronicle", url: "https://www.houstonchronicle.com" },
        { name: "AT&T – Newsroom", url: "https://about.att.com/newsroom" },
        undefined,
        { name: "KHOU 11" },
        undefined,
      ]);
    },
  );

  it("reads the outlets of Google News's own feed", () => {
    const feed = parseFixture("google-news-top.rss.xml");
    expect(feed.items[0]?.source).toEqual({ name: "CNN", url: "https://www.cnn.com" });
    expect(feed.items.every((i) => i.source?.name && i.source.url?.startsWith("https://"))).toBe(
      true,
    );
    expect(parseFixture("nyt-homepage.rss.xml").items.some((i) => i.source)).toBe(false);
  });

  // An entry a planet or aggregator copied from another feed carries that feed's <source>.
  const planet = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Planet Houston</title><id>tag:planet.example.org,2026:feed</id><updated>2026-11-27T15:00:00Z</updated>
  <entry>
    <title>Bayou clean-up this Saturday</title>
    <link href="https://bayoublog.example.org/2026/11/cleanup"/>
    <id>tag:bayoublog.example.org,2026:cleanup</id>
    <updated>2026-11-27T14:00:00Z</updated>
    <source>
      <id>tag:bayoublog.example.org,2026:feed</id>
      <title type="text">The  Bayou
        Blog</title>
      <link rel="self" href="https://bayoublog.example.org/feed.atom"/>
      <link rel="alternate" type="text/html" href="https://bayoublog.example.org/"/>
      <updated>2026-11-01T00:00:00Z</updated>
    </source>
  </entry>
  <entry>
    <title>Only a feed link</title><id>tag:x,2026:2</id><updated>2026-11-27T13:00:00Z</updated>
    <source><link href="https://other.example.org/"/></source>
  </entry>
  <entry><title>Empty</title><id>tag:x,2026:3</id><updated>2026-11-27T12:00:00Z</updated><source><id>tag:x,2026:feed</id></source></entry>
  <entry><title>None</title><id>tag:x,2026:4</id><updated>2026-11-27T11:00:00Z</updated></entry>
</feed>`;

  it.each(BOTH_WAYS)(
    "reads Atom's <source> as the original feed's title and link (%s)",
    (_way, read) => {
      const items = read(planet).entries.map((e) => e.read());
      expect(items[0]).toMatchObject({
        title: "Bayou clean-up this Saturday",
        date: "2026-11-27T14:00:00Z",
        source: { name: "The Bayou Blog", url: "https://bayoublog.example.org/" },
      });
      expect(items.slice(1).map((i) => i.source)).toEqual([
        { url: "https://other.example.org/" },
        undefined,
        undefined,
      ]);
    },
  );
});

describe("an entry's original link (FeedBurner's and Pheedo's origLink)", () => {
  const rss = `<rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"
  xmlns:pheedo="http://www.pheedo.com/namespace/pheedo"><channel><title>T</title>
  <item><title>a</title><link>http://feeds.example.com/~r/x/~3/abc/story-1</link>
    <feedburner:origLink> https://www.example.com/news/story-1 </feedburner:origLink></item>
  <item><title>c</title><link>http://click.example.com/click.phdo?i=3</link>
    <pheedo:origLink>https://www.example.com/news/story-3</pheedo:origLink></item>
  <item><title>d</title><link>https://www.example.com/news/story-4</link></item>
  <item><title>e</title><link>https://www.example.com/news/story-5</link><feedburner:origLink/></item>
</channel></rss>`;
  // The namespace under a prefix of the feed's own choosing.
  const otherPrefix = `<rss version="2.0" xmlns:fb="http://rssnamespace.org/feedburner/ext/1.0"><channel>
  <title>T</title><item><title>b</title><link>http://feeds.example.com/~r/x/~3/def/story-2</link>
    <fb:origLink>https://www.example.com/news/story-2</fb:origLink></item></channel></rss>`;

  it.each(BOTH_WAYS)("reads it beside <link>, under any prefix (%s)", (_way, read) => {
    const items = [...read(rss).entries, ...read(otherPrefix).entries].map((e) => e.read());
    expect(items.map((i) => [i.link, i.origLink])).toEqual([
      ["http://feeds.example.com/~r/x/~3/abc/story-1", "https://www.example.com/news/story-1"],
      ["http://click.example.com/click.phdo?i=3", "https://www.example.com/news/story-3"],
      ["https://www.example.com/news/story-4", undefined],
      ["https://www.example.com/news/story-5", undefined],
      ["http://feeds.example.com/~r/x/~3/def/story-2", "https://www.example.com/news/story-2"],
    ]);
  });

  it("reads it in an Atom entry", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0">
  <title>T</title><entry><title>a</title><id>tag:x,2026:1</id>
  <link rel="alternate" href="http://feeds.example.com/~r/x/~3/abc/story-1"/>
  <feedburner:origLink>https://www.example.com/news/story-1</feedburner:origLink></entry></feed>`;
    const item = parseFeed(atom).entries[0]?.read();
    expect(item?.link).toBe("http://feeds.example.com/~r/x/~3/abc/story-1");
    expect(item?.origLink).toBe("https://www.example.com/news/story-1");
  });

  it("reads the outlets' own links of the corpus's FeedBurner and Pheedo feeds", () => {
    for (const [name, host, count] of [
      ["jn-pt.iso-8859-1.rss.xml", "www.jn.pt", 40],
      ["reuters-world.rss.xml", "www.reuters.com", 10],
      ["pcmag-dvorak-nested-items.rss.xml", "www.pcmag.com", 10],
      // (its three "Featured Advertiser" items give none: an ad's click link stays)
      ["washingtonpost-wellness.rss.xml", "www.washingtonpost.com", 26],
    ] as const) {
      const own = parseFixture(name).items.filter((i) => i.origLink);
      expect(own.length, name).toBe(count);
      for (const i of own) {
        expect(new URL(i.origLink ?? "").host, name).toBe(host);
        expect(i.link, name).not.toContain(host);
      }
    }
    expect(parseFixture("nyt-homepage.rss.xml").items.some((i) => i.origLink)).toBe(false);
  });
});

describe("an entry's categories", () => {
  // A WordPress feed's item: categories in CDATA, one with a domain, Dublin Core's subject.
  const wordpress = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Houston Life</title>
  <item>
    <title>Ten patios to try this winter</title>
    <link>https://life.example.com/2026/11/patios/</link>
    <pubDate>Fri, 27 Nov 2026 15:00:00 +0000</pubDate>
    <dc:creator><![CDATA[Staff]]></dc:creator>
    <category><![CDATA[Sponsored]]></category>
    <category domain="https://life.example.com/category/food/"> Food &amp; Drink </category>
    <category><![CDATA[]]></category>
    <category/>
    <dc:subject>Partner content</dc:subject>
  </item>
  <item><title>Uncategorised</title><pubDate>Fri, 27 Nov 2026 14:00:00 +0000</pubDate></item>
  <item><title>Tagged a lot</title><pubDate>Fri, 27 Nov 2026 13:00:00 +0000</pubDate>
    ${Array.from({ length: 20 }, (_, i) => `<category>Tag ${i + 1}</category>`).join("")}
  </item>
</channel></rss>`;

  it.each(BOTH_WAYS)(
    "reads RSS's <category> and <dc:subject>, trimmed, at most 16 (%s)",
    (_way, read) => {
      const items = read(wordpress).entries.map((e) => e.read());
      expect(items[0]?.categories).toEqual(["Sponsored", "Food & Drink", "Partner content"]);
      expect(items[1]?.categories).toBeUndefined();
      expect(items[2]?.categories).toEqual(Array.from({ length: 16 }, (_, i) => `Tag ${i + 1}`));
    },
  );

  it("reads an RDF item's dc:subject", () => {
    expect(parseFixture("slashdot.rdf.xml").items[0]?.categories).toEqual(["internet"]);
  });

  const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Metro</title><id>tag:metro.example.org,2026:feed</id><updated>2026-11-27T15:00:00Z</updated>
  <entry>
    <title>A weekend in Galveston</title><id>tag:metro.example.org,2026:1</id><updated>2026-11-27T14:00:00Z</updated>
    <category term="advertorial" scheme="https://metro.example.org/labels" label="Paid Post"/>
    <category term="travel"/>
    <category term=" " label=""/>
    <category term="" label="Partner content"/>
  </entry>
  <entry><title>Plain</title><id>tag:metro.example.org,2026:2</id><updated>2026-11-27T13:00:00Z</updated></entry>
</feed>`;

  it.each(BOTH_WAYS)("reads Atom's <category> by its label, else its term (%s)", (_way, read) => {
    const items = read(atom).entries.map((e) => e.read());
    expect(items[0]?.categories).toEqual(["Paid Post", "travel", "Partner content"]);
    expect(items[1]?.categories).toBeUndefined();
  });
});

describe("an entry's authors", () => {
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Metro</title>
  <item><title>Two bylines</title><pubDate>Fri, 27 Nov 2026 15:00:00 +0000</pubDate>
    <dc:creator><![CDATA[Ana Pérez]]></dc:creator><dc:creator> Sam Lee </dc:creator><dc:creator/>
    <author>desk@metro.example (Metro Desk)</author>
  </item>
  <item><title>RSS's own</title><pubDate>Fri, 27 Nov 2026 14:00:00 +0000</pubDate>
    <author>jdoe@example.com (Jane Doe)</author>
  </item>
  <item><title>Empty</title><pubDate>Fri, 27 Nov 2026 13:00:00 +0000</pubDate><author></author><dc:creator></dc:creator></item>
  <item><title>None</title><pubDate>Fri, 27 Nov 2026 12:00:00 +0000</pubDate></item>
  <item><title>A desk</title><pubDate>Fri, 27 Nov 2026 11:00:00 +0000</pubDate>
    ${Array.from({ length: 12 }, (_, i) => `<dc:creator>Reporter ${i + 1}</dc:creator>`).join("")}
  </item>
</channel></rss>`;

  it.each(BOTH_WAYS)(
    "reads RSS's <dc:creator>s, else its <author>, as written, at most 8 (%s)",
    (_way, read) => {
      const items = read(rss).entries.map((e) => e.read());
      expect(items.map((i) => i.authors)).toEqual([
        ["Ana Pérez", "Sam Lee"],
        ["jdoe@example.com (Jane Doe)"],
        undefined,
        undefined,
        Array.from({ length: 8 }, (_, i) => `Reporter ${i + 1}`),
      ]);
    },
  );

  const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Metro</title><id>tag:metro.example.org,2026:feed</id><updated>2026-11-27T15:00:00Z</updated>
  <author><name>Metro Newsroom</name></author>
  <entry>
    <title>Two authors</title><id>tag:metro.example.org,2026:1</id><updated>2026-11-27T14:00:00Z</updated>
    <author><name>Ana Pérez</name><email>ana@metro.example.org</email></author>
    <author><name> Sam Lee </name><uri>https://metro.example.org/sam</uri></author>
  </entry>
  <entry><title>An address only</title><id>tag:metro.example.org,2026:2</id><updated>2026-11-27T13:00:00Z</updated>
    <author><email>desk@metro.example.org</email></author></entry>
  <entry><title>Written as text</title><id>tag:metro.example.org,2026:3</id><updated>2026-11-27T12:00:00Z</updated>
    <author>Kim Ho</author></entry>
  <entry><title>The feed's</title><id>tag:metro.example.org,2026:4</id><updated>2026-11-27T11:00:00Z</updated></entry>
</feed>`;

  it.each(BOTH_WAYS)(
    "reads Atom's <author>s by their <name>; the feed's author is not an entry's (%s)",
    (_way, read) => {
      const items = read(atom).entries.map((e) => e.read());
      expect(items.map((i) => i.authors)).toEqual([
        ["Ana Pérez", "Sam Lee"],
        undefined,
        ["Kim Ho"],
        undefined,
      ]);
    },
  );

  it("reads the corpus's bylines", () => {
    const first = (name: string) => {
      const item = parseFixture(name).items.find((i) => i.authors);
      return [item?.title, item?.authors];
    };
    expect(first("guardian-us.rss.xml")).toEqual([
      "Trump State of the Union address promised unity but emphasized discord",
      ["David Smith in Washington"],
    ]);
    expect(first("mirror-world.rss.xml")).toEqual([
      "Sickening video shows crocodile keep snapping its jaws after being beheaded on cruel reptile farm",
      ["Joshua Taylor"],
    ]);
    expect(first("theverge-frontpage.atom.xml")).toEqual([
      "This is the new Hulu experience with live TV",
      ["Chris Welch"],
    ]);
    expect(first("nbc-newyork.rss.xml")).toEqual([
      "NYC cops search for stabbing suspect after leaving 18-year-old to bleed out on sidewalk",
      ["Gaby Acevedo and Jessica Cunnington"],
    ]);
    expect(first("fcutrecht-news.rss.xml")[1]).toEqual(["webmaster@fcutrecht.net"]);
  });

  it.each(WELL_FORMED)(
    "reads %s's authors and categories skimmed as the tokenizer does",
    (name) => {
      const xml = decodeFeed(readFixture(name));
      const fields = (feed: ReturnType<typeof parseFeed>) =>
        feed.items.map((i) => [i.authors, i.categories]);
      expect(fields(parseFeed(xml))).toEqual(fields(parseWithTree(repair(xml))));
    },
  );
});

describe("an entry's date", () => {
  const rss = `<rss><channel>
    <item><title>a</title><pubDate> </pubDate><dcterms:issued></dcterms:issued></item>
    <item><title>b</title><pubDate></pubDate><dc:date>2026-11-20T10:00:00Z</dc:date><dcterms:issued/></item>
  </channel></rss>`;
  const atom = `<feed xmlns="http://www.w3.org/2005/Atom">
    <entry><title>a</title><published></published><issued></issued></entry>
    <entry><title>b</title><published>2026-11-21T10:00:00Z</published><updated>2026-11-22T10:00:00Z</updated></entry>
  </feed>`;

  it.each(BOTH_WAYS)(
    "is none when its date elements are empty, the first with text else (%s)",
    (_way, read) => {
      expect(read(rss).entries.map((e) => e.date)).toEqual([undefined, "2026-11-20T10:00:00Z"]);
      expect(read(atom).entries.map((e) => e.date)).toEqual([undefined, "2026-11-21T10:00:00Z"]);
    },
  );

  it.each(BOTH_WAYS)(
    "is read once: an entry read in full has the date it was found with (%s)",
    (_way, read) => {
      for (const feed of [read(rss), read(atom)]) {
        expect(feed.entries.map((e) => e.read().date)).toEqual(feed.entries.map((e) => e.date));
      }
    },
  );
});
