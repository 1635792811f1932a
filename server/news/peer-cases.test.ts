import { describe, expect, it } from "vitest";
import { rssDocument } from "../../tests/support/rss";
import { normalizeItem, type Article } from "./normalize";
import { parseFeed } from "./parse";

// Our own one-entry cases for what a mature feed parser gets right (the kinds of case Python
// feedparser's test suite checks: Atom text constructs, content types, xml:base, the fallbacks
// between summary, content and description, RSS and RDF variants), each read the engine's way:
// parsed, then normalized to what a reader sees. scripts/feedparser-agreement.ts measures the
// same against feedparser's own cases, from a checkout of it.

const FEED_URL = "https://feeds.example.org/news/feed.xml";

/** The first entry of a feed, as shown. */
function first(xml: string): Article | null {
  const item = parseFeed(xml).entries[0]?.read();
  if (!item) throw new Error("no entry");
  return normalizeItem(item, {
    key: "local",
    feedUrl: FEED_URL,
    defaultImage: "/d.svg",
    now: Date.parse("2026-11-22T12:00:00Z"),
    timeZone: "UTC",
  });
}

const atom = (entry: string) =>
  `<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><entry>${entry}</entry></feed>`;
const atom03 = (entry: string) =>
  `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry>${entry}</entry></feed>`;
const rss = (item: string) =>
  rssDocument({ attributes: ' version="2.0"', elements: `<item>${item}</item>` });
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("Atom text constructs", () => {
  it("decodes content whose media type is neither text nor XML from base64 (RFC 4287)", () => {
    const a = first(
      atom(`<title>T</title><content type="application/octet-stream">
        ${b64("Stock <em>rally</em> continues")}
      </content>`),
    );
    expect(a?.summary).toBe("Stock rally continues");
  });

  it("shows nothing for base64 content that is not text (an image)", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]);
    const a = first(
      atom(`<title>T</title><content type="image/png">${png.toString("base64")}</content>`),
    );
    expect(a?.summary).toBe("");
  });

  it("shows an entity in plain text as written when the text also writes '<' as a character", () => {
    expect(
      first(atom(`<title type="text">Write &lt;p&gt; as &amp;lt;p&amp;gt;</title>`))?.title,
    ).toBe("Write <p> as &lt;p&gt;");
    const base64 = `<title mode="base64">${b64("<p>History of &lt;blink&gt;</p>")}</title>`;
    expect(first(atom03(base64))?.title).toBe("<p>History of &lt;blink&gt;</p>");
    // with no "<" written as a character, an entity left is the publisher's escaping: decoded
    expect(first(atom(`<title type="text">Tom &amp;amp; Jerry</title>`))?.title).toBe(
      "Tom & Jerry",
    );
  });

  it("keeps text/* and XML media types as they are, not base64", () => {
    const a = first(
      atom(`<title type="text/plain">QUJD</title><content type="text/xml">x</content>`),
    );
    expect(a?.title).toBe("QUJD");
  });

  it("takes a text construct that holds elements as markup, not as text with tags in it", () => {
    const a = first(
      atom(`<title>Council <b>approves</b> budget</title>
        <summary>Vote <i>passes</i> 7 to 2</summary>`),
    );
    expect(a?.title).toBe("Council approves budget");
    expect(a?.summary).toBe("Vote passes 7 to 2");
  });

  it("reads a div wrapping escaped HTML in type=html content as that HTML (TypePad's)", () => {
    const a = first(
      atom(
        `<title>T</title><content type="html"><div xmlns="http://www.w3.org/1999/xhtml">Budget &lt;b&gt;passes&lt;/b&gt; &amp;amp; more</div></content>`,
      ),
    );
    expect(a?.summary).toBe("Budget passes & more");
  });

  it("still reads type=xhtml and several elements in type=html as markup", () => {
    const a = first(
      atom(`<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Use &lt;b&gt; <em>now</em></div></title>
        <content type="html"><div>One</div><div>Two</div></content>`),
    );
    expect(a?.title).toBe("Use <b> now");
    expect(a?.summary).toBe("One Two");
  });
});

describe("Atom content types", () => {
  it.each([
    ["html", "&lt;p&gt;Rates &lt;b&gt;rise&lt;/b&gt;&lt;/p&gt;", "Rates rise"],
    ["text/html", "&lt;p&gt;Rates &lt;b&gt;rise&lt;/b&gt;&lt;/p&gt;", "Rates rise"],
    [
      "xhtml",
      '<div xmlns="http://www.w3.org/1999/xhtml"><p>Rates <b>rise</b></p></div>',
      "Rates rise",
    ],
    ["application/xhtml+xml", "<p>Rates <b>rise</b></p>", "Rates rise"],
    ["text", "Rates &lt;b&gt; rise", "Rates <b> rise"],
    ["text/plain", "Rates &lt;b&gt; rise", "Rates <b> rise"],
  ])("shows content of type %s as a reader would", (type, content, shown) => {
    expect(
      first(atom(`<title>T</title><content type="${type}">${content}</content>`))?.summary,
    ).toBe(shown);
  });
});

describe("Atom links", () => {
  it("takes a link written as text (RSS's way) when it has no href, the alternate one first", () => {
    const a = first(
      atom(`<title>T</title>
        <link rel="enclosure" type="audio/mpeg">https://news.example.org/a.mp3</link>
        <link rel="alternate" type="text/html">https://news.example.org/story</link>`),
    );
    expect(a?.url).toBe("https://news.example.org/story");
    expect(first(atom(`<title>T</title><link>story-2</link>`))?.url).toBe(
      "https://feeds.example.org/news/story-2",
    );
  });

  it("still prefers an href to a text", () => {
    const a = first(
      atom(
        `<title>T</title><link href="https://news.example.org/href">https://news.example.org/text</link>`,
      ),
    );
    expect(a?.url).toBe("https://news.example.org/href");
  });
});

describe("summary, content and description", () => {
  it.each([
    [
      "xhtml:body",
      `<xhtml:body xmlns:xhtml="http://www.w3.org/1999/xhtml"><p>Full <b>story</b></p></xhtml:body>`,
    ],
    [
      "body in XHTML's namespace",
      `<body xmlns="http://www.w3.org/1999/xhtml"><p>Full <b>story</b></p></body>`,
    ],
    ["fullitem", `<fullitem>&lt;p&gt;Full &lt;b&gt;story&lt;/b&gt;&lt;/p&gt;</fullitem>`],
  ])("falls back to an RSS item's %s for its summary", (_name, body) => {
    const a = first(rss(`<title>T</title><link>https://news.example.org/1</link>${body}`));
    expect(a?.summary).toBe("Full story");
  });

  it("takes content:encoded before an XHTML body, and the description before both", () => {
    const body = `<body xmlns="http://www.w3.org/1999/xhtml"><p>Body</p></body>`;
    expect(
      first(rss(`<title>T</title>${body}<content:encoded>Encoded</content:encoded>`))?.summary,
    ).toBe("Encoded");
    expect(
      first(rss(`<title>T</title>${body}<description>Description</description>`))?.summary,
    ).toBe("Description");
  });

  it("falls back from an empty Atom summary to the content, and from no title to the text", () => {
    const a = first(
      atom(
        `<summary type="html"> </summary><content type="html">&lt;p&gt;The body&lt;/p&gt;</content><link href="https://news.example.org/s"/>`,
      ),
    );
    expect(a).toMatchObject({ summary: "The body", title: "The body" });
  });
});

describe("RSS, RDF and Atom written with prefixes of the feed's choosing", () => {
  it("reads an Atom feed whose elements are all prefixed", () => {
    const xml = `<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"><atom:title>F</atom:title>
      <atom:entry><atom:title>Prefixed title</atom:title><atom:link href="https://news.example.org/p"/>
        <atom:updated>2026-11-20T10:00:00Z</atom:updated><atom:summary>Prefixed summary</atom:summary></atom:entry>
    </atom:feed>`;
    expect(parseFeed(xml).entries[0]?.date).toBe("2026-11-20T10:00:00Z");
    expect(first(xml)).toMatchObject({
      title: "Prefixed title",
      url: "https://news.example.org/p",
      summary: "Prefixed summary",
    });
  });

  it("reads RSS 2.0 in a prefixed namespace, and RSS 1.0 items prefixed inside RDF", () => {
    const rss2 = `<r:rss version="2.0" xmlns:r="http://backend.userland.com/rss2"><r:channel>
      <r:item><r:title>RSS 2.0 prefixed</r:title><r:description>Its text</r:description></r:item>
    </r:channel></r:rss>`;
    expect(first(rss2)).toMatchObject({ title: "RSS 2.0 prefixed", summary: "Its text" });
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/">
      <rss:channel rdf:about="https://news.example.org/"><rss:title>F</rss:title></rss:channel>
      <rss:item rdf:about="https://news.example.org/1"><rss:title>RDF prefixed</rss:title>
        <rss:link>https://news.example.org/1</rss:link></rss:item>
    </rdf:RDF>`;
    expect(first(rdf)).toMatchObject({ title: "RDF prefixed", url: "https://news.example.org/1" });
  });

  it("reads a module bound to another prefix as its usual one (dc:date, media:thumbnail)", () => {
    const xml = `<rss version="2.0" xmlns:dcx="http://purl.org/dc/elements/1.1/" xmlns:m="http://search.yahoo.com/mrss/">
      <channel><item><title>T</title><dcx:date>2026-11-20T10:00:00Z</dcx:date>
        <m:thumbnail url="https://news.example.org/t.jpg"/></item></channel></rss>`;
    expect(parseFeed(xml).entries[0]?.date).toBe("2026-11-20T10:00:00Z");
    expect(first(xml)?.image).toBe("https://news.example.org/t.jpg");
  });

  it("leaves an RSS feed's atom:link, and a prefix bound to another namespace, as they are", () => {
    const xml = `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://example.org/not-dc/" xmlns:d="http://purl.org/dc/elements/1.1/">
      <channel><atom:link rel="self" href="https://feeds.example.org/self"/>
        <item><title>T</title><link>https://news.example.org/item</link>
          <atom:link rel="related" href="https://news.example.org/related"/></item></channel></rss>`;
    expect(first(xml)?.url).toBe("https://news.example.org/item");
  });
});

describe("documents whose root is <channel>", () => {
  it("reads Microsoft's CDF: capitals, the link as HREF, the summary as ABSTRACT, LASTMOD", () => {
    const xml = `<CHANNEL HREF="https://news.example.org/"><TITLE>F</TITLE>
      <ITEM HREF="https://news.example.org/1" LASTMOD="2026-11-20T10:00:00Z">
        <TITLE>CDF item</TITLE><ABSTRACT>Its abstract</ABSTRACT></ITEM>
    </CHANNEL>`;
    const feed = parseFeed(xml);
    expect(feed).toMatchObject({ format: "cdf", title: "F", link: "https://news.example.org/" });
    expect(feed.entries[0]?.date).toBe("2026-11-20T10:00:00Z");
    expect(first(xml)).toMatchObject({
      title: "CDF item",
      summary: "Its abstract",
      url: "https://news.example.org/1",
    });
  });

  it("reads RSS without its <rss>, and still fails one cut short", () => {
    const xml = `<channel><title>F</title><item><title>Headless</title>
      <link>https://news.example.org/2</link><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>
      <description>Its text</description></item></channel>`;
    expect(parseFeed(xml).entries[0]?.date).toBe("Fri, 20 Nov 2026 10:00:00 GMT");
    expect(first(xml)).toMatchObject({ title: "Headless", url: "https://news.example.org/2" });
    expect(() => parseFeed(xml.slice(0, -12))).toThrow(/^Malformed XML/);
  });
});

describe("xml:base", () => {
  it("resolves a link written as text against the entry's xml:base", () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://news.example.org/">
      <entry xml:base="2026/"><title>T</title><link>story</link></entry></feed>`;
    expect(first(xml)?.url).toBe("https://news.example.org/2026/story");
  });

  it("applies a <channel> root's relative xml:base once", () => {
    const xml = `<channel xml:base="sub/"><item><title>T</title><link>a</link></item></channel>`;
    expect(first(xml)?.url).toBe("https://feeds.example.org/news/sub/a");
  });
});
