import { describe, expect, it } from "vitest";
import { WELL_FORMED, readFixture } from "../../tests/support/fixtures";
import { decodeFeed } from "./decode";
import {
  AUTHOR_MAX,
  ELLIPSIS,
  SUMMARY_MAX,
  authorsOf,
  normalizeItem,
  plainText,
  safeUrl,
  truncate,
  type Article,
} from "./normalize";
import { parseFeed, type RawItem } from "./parse";

const DEFAULT_IMAGE = "/images/default-news.svg";
const FEED_URL = "https://feeds.example.org/section/feed.xml";
/** The fetch time and the site's zone every test reads dates with (never the process's zone). */
const WHEN = { now: Date.parse("2026-11-22T12:00:00Z"), timeZone: "America/Chicago" };

function articlesOf(
  name: string,
  key: Parameters<typeof normalizeItem>[1]["key"] = "local",
): Article[] {
  const feed = parseFeed(decodeFeed(readFixture(name)));
  return feed.items
    .map((item) =>
      normalizeItem(item, { key, feedUrl: FEED_URL, defaultImage: DEFAULT_IMAGE, ...WHEN }),
    )
    .filter((a): a is Article => a !== null);
}

const raw = (fields: Partial<RawItem>): RawItem => ({
  guidIsPermaLink: true,
  media: [],
  enclosures: [],
  thumbnails: [],
  ...fields,
});

describe("normalizeItem across the corpus", () => {
  it.each(WELL_FORMED)("%s: every field follows the spec's rules", (name) => {
    for (const a of articlesOf(name)) {
      expect(a.title).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(a.summary).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(a.summary.length).toBeLessThanOrEqual(SUMMARY_MAX + ELLIPSIS.length);
      if (a.summary.length > SUMMARY_MAX) expect(a.summary.endsWith(ELLIPSIS)).toBe(true);
      expect(a.url === "#" || /^https?:\/\//.test(a.url)).toBe(true);
      expect(a.image === DEFAULT_IMAGE || /^https?:\/\//.test(a.image)).toBe(true);
      expect(a.category).toBe("local");
      expect(a.uid.length).toBeGreaterThan(0);
    }
  });
});

describe("normalizeItem on representative feeds", () => {
  it("NYT: media:content images, default for the 6 without, entities in links", () => {
    const articles = articlesOf("nyt-homepage.rss.xml");
    expect(articles).toHaveLength(33);
    expect(articles.filter((a) => a.imageIsDefault)).toHaveLength(6);
    expect(articles[0]).toMatchObject({
      title: "Putin Led a Complex Cyberattack Scheme to Aid Trump, Report Finds",
      image: "https://static01.nyt.com/images/2017/01/07/us/07trump3_hp/07trump3_hp-moth.jpg",
      publishedAt: Date.parse("2017-01-07T01:49:31Z"),
    });
    expect(articles.every((a) => !a.url.includes("&amp;"))).toBe(true);
  });

  it("Guardian: the wider of two media:content images, escaped-HTML description stripped", () => {
    const [first] = articlesOf("guardian-us.rss.xml");
    expect(first?.image).toContain("w=460");
    expect(first?.summary).toMatch(/^The president’s ‘new American moment’ speech/);
  });

  it("Reuters: no image but the 1×1 tracker, so the default", () => {
    const articles = articlesOf("reuters-world.rss.xml");
    expect(articles.every((a) => a.imageIsDefault)).toBe(true);
    expect(articles.every((a) => !a.summary.includes("feedflare"))).toBe(true);
  });

  it("BBC Urdu: the media:thumbnail when there is nothing else", () => {
    expect(articlesOf("bbc-urdu.rss.xml")[0]?.image).toMatch(
      /^http:\/\/c\.files\.bbci\.co\.uk\/.+\.jpg$/,
    );
  });

  it("Daily Mail: the image media:content, never the video", () => {
    expect(articlesOf("dailymail-ushome.iso-8859-1.rss.xml")[0]?.image).toMatch(/\.jpg$/);
  });

  it("Giant Bomb: audio media:content and enclosures are not images", () => {
    expect(articlesOf("giantbomb-podcast.rss.xml").every((a) => a.imageIsDefault)).toBe(true);
  });

  it("YouTube: the thumbnail in media:group, not the flash player", () => {
    expect(articlesOf("youtube-investmentpunk.atom.xml")[0]?.image).toBe(
      "https://i2.ytimg.com/vi/AFA8ZtMwrvc/hqdefault.jpg",
    );
  });

  it("CTV: an enclosure without a type is not taken as an image", () => {
    expect(articlesOf("ctvnews-topstories.rss.xml").every((a) => a.imageIsDefault)).toBe(true);
  });

  it("Motor.ru: an enclosure typed image/jpg counts", () => {
    expect(articlesOf("motor-ru.rss.xml")[0]?.image).toMatch(
      /^https:\/\/motor\.ru\/imgs\/.+\.jpg$/,
    );
  });

  it("Craigslist RDF: enc:enclosure images and numeric entities in titles", () => {
    const [first] = articlesOf("craigslist-sfbay-apartments.rdf.xml");
    expect(first?.title).toContain("$4300");
  });

  it("TPM Atom: relative links resolved against the feed URL", () => {
    expect(articlesOf("talkingpointsmemo.atom.xml")[0]?.url).toMatch(
      /^https:\/\/feeds\.example\.org\/livewire\//,
    );
  });

  it("Hugging Face: no link, so the relative permalink GUID, resolved", () => {
    expect(articlesOf("huggingface-blog-relative.rss.xml")[0]?.url).toBe(
      "https://feeds.example.org/blog/intro-graphml",
    );
  });

  it("Japan Times: numeric references decoded; no dates, so publishedAt null", () => {
    const articles = articlesOf("japantimes-latest.rss.xml");
    expect(articles[0]?.title.startsWith("‘Trump shock’")).toBe(true);
    expect(articles.every((a) => a.publishedAt === null)).toBe(true);
  });

  it("Medium: the summary falls back to content:encoded", () => {
    const [first] = articlesOf("medium-invironment-food.rss.xml");
    expect(first?.summary.length).toBeGreaterThan(50);
    expect(first?.imageIsDefault).toBe(false);
  });

  it("Scripting News: items without a title get one from their text", () => {
    const articles = articlesOf("scripting-news.rss.xml");
    expect(articles).toHaveLength(50);
    expect(
      articles.every((a) => a.title.length > 0 && a.title.length <= 100 + ELLIPSIS.length),
    ).toBe(true);
  });

  it("Washington Post: share buttons and tracking pixels are not the picture", () => {
    expect(
      articlesOf("washingtonpost-wellness.rss.xml").every(
        (a) => !/pheedo|facebook\.gif/.test(a.image),
      ),
    ).toBe(true);
  });

  // Migration 0011: its key, never its English label ("Real Estate"), which pages show in their
  // reader's language (sites/categories.ts storyCategory).
  it("names the category by its key, which pages show as its label", () => {
    expect(articlesOf("espn-top.rss.xml", "sports")[0]?.category).toBe("sports");
    expect(articlesOf("craigslist-sfbay-apartments.rdf.xml", "realestate")[0]?.category).toBe(
      "realestate",
    );
    expect(articlesOf("lefigaro-culture.rss.xml", "arts")[0]?.category).toBe("arts");
  });

  it("parses the date forms of the corpus", () => {
    // "Sat, Dec 16 2023 02:02:33 PM" names no zone: 2:02 pm in the site's zone (CST, UTC-6).
    expect(articlesOf("nbc-newyork.rss.xml")[0]?.publishedAt).toBe(
      Date.parse("2023-12-16T20:02:33Z"),
    );
    expect(articlesOf("bleacherreport.rss.xml")[0]?.publishedAt).toBe(
      Date.parse("2023-05-29T00:34:27Z"),
    );
    expect(articlesOf("slashdot.rdf.xml")[0]?.publishedAt).not.toBeNull();
    expect(articlesOf("reporterre-ecology.rss.xml")[0]?.publishedAt).not.toBeNull();
    expect(articlesOf("skysports-liverpool.rss.xml")[0]?.publishedAt).toBe(
      Date.parse("2019-05-17T05:00:00Z"),
    );
  });
});

describe("hostile feed content", () => {
  const hostile = raw({
    title: `<script>alert(1)</script><b onmouseover="alert(2)">Big</b> &lt;img src=x onerror=alert(3)&gt; news`,
    description: `<p>Read <a href="javascript:alert(4)">this</a></p><iframe src="https://evil.example"></iframe><style>body{}</style>`,
    link: "javascript:alert(5)",
    media: [{ url: "data:image/svg+xml;base64,PHN2Zz4=", medium: "image" }],
    enclosures: [{ url: "javascript:alert(6)", type: "image/png" }],
  });
  const article = normalizeItem(hostile, {
    key: "local",
    feedUrl: FEED_URL,
    defaultImage: DEFAULT_IMAGE,
    ...WHEN,
  });

  it("keeps no script, handler or tag in the text", () => {
    expect(article?.title).not.toMatch(/<script|alert\(1\)|onmouseover/);
    expect(article?.summary).toBe("Read this");
  });

  it("turns javascript: and data: URLs into '#' and the default image", () => {
    expect(article?.url).toBe("#");
    expect(article?.image).toBe(DEFAULT_IMAGE);
  });

  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "vbscript:x",
    "file:///etc/passwd",
    "&#106;avascript:alert(1)",
  ])("safeUrl refuses %s", (url) => {
    expect(safeUrl(url, FEED_URL)).toBeNull();
  });
});

describe("text helpers", () => {
  it("plainText strips tags and decodes entities, twice-escaped ones too", () => {
    expect(plainText("<p>Tom &amp; Jerry&#8217;s</p>")).toBe("Tom & Jerry’s");
    expect(plainText("&amp;#8220;quoted&amp;#8221;")).toBe("“quoted”");
    expect(plainText("  many \n\t spaces  ")).toBe("many spaces");
  });

  it("truncate cuts at a word boundary near 200 characters and adds the ellipsis", () => {
    const words = "lorem ipsum dolor sit amet ".repeat(20);
    const cut = truncate(words);
    expect(cut.endsWith(ELLIPSIS)).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(SUMMARY_MAX + ELLIPSIS.length);
    expect(cut.slice(0, -ELLIPSIS.length)).toMatch(/\w$/);
    expect(truncate("short")).toBe("short");
    const unbroken = "x".repeat(300);
    expect(truncate(unbroken)).toBe(`${"x".repeat(200)}${ELLIPSIS}`);
  });

  it("truncate never ends a summary in half a word, however far back its last space is", () => {
    // The opinion page's case: a long word straddles the 200th character, its space far back.
    const text = `${"a ".repeat(40)}${"stock".repeat(30)} columns follow`;
    expect(truncate(text)).toBe(`${"a ".repeat(39)}a${ELLIPSIS}`);
    const prose = `${"The city council voted on the budget, ".repeat(5)}and the stock columns said so.`;
    const cut = truncate(prose);
    expect(cut.length).toBeLessThanOrEqual(SUMMARY_MAX + ELLIPSIS.length);
    const kept = cut.slice(0, -ELLIPSIS.length);
    expect(prose.startsWith(kept)).toBe(true);
    expect(prose.charAt(kept.length)).toMatch(/[\s,]/);
    // A cut exactly at a word's end keeps the word.
    expect(truncate(`${"b".repeat(200)} more`)).toBe(`${"b".repeat(200)}${ELLIPSIS}`);
  });

  it("truncate never splits a character written as a surrogate pair", () => {
    expect(truncate(`${"x".repeat(199)}😀${"y".repeat(10)}`)).toBe(`${"x".repeat(199)}${ELLIPSIS}`);
  });
});

describe("summaries and images from long or odd HTML", () => {
  const options = {
    key: "local" as const,
    feedUrl: FEED_URL,
    defaultImage: DEFAULT_IMAGE,
    ...WHEN,
  };
  const media = [{ url: "https://img.example.org/a.jpg", medium: "image" }];
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

  it("cuts a long body's summary as if it had been read in full", () => {
    const content = `<p>${words(2000)}</p>`;
    const article = normalizeItem(raw({ title: "T", content, media }), options);
    expect(article?.summary).toBe(truncate(plainText(content)));
    expect(article?.image).toBe(media[0]?.url);
  });

  it("reads on when the start of the text is mostly whitespace and entities", () => {
    const description = `${" \n".repeat(900)}&nbsp;${"&amp;".repeat(300)} ${words(100)}`;
    const article = normalizeItem(raw({ title: "T", description, media }), options);
    expect(article?.summary).toBe(truncate(plainText(description)));
    // A full summary: cut at its last word boundary within 200 characters.
    expect(article?.summary.length).toBeGreaterThan(SUMMARY_MAX * 0.9);
    expect(article?.summary.length).toBeLessThanOrEqual(SUMMARY_MAX + ELLIPSIS.length);
  });

  it("finds an image at the end of a long body when there is no media element", () => {
    const content = `<p>${words(3000)}</p><img src="/pics/late.jpg?a=1&amp;b=2" width="600">`;
    const article = normalizeItem(
      raw({ title: "T", link: "https://news.example.org/story", content }),
      options,
    );
    expect(article?.image).toBe("https://news.example.org/pics/late.jpg?a=1&b=2");
  });

  it("decodes HTML's entities in text, those without a semicolon too", () => {
    expect(plainText("<p>caf&eacute; &amp; bar&nbsp;&copy 2026 &#x27;x&#39;</p>")).toBe(
      "café & bar © 2026 'x'",
    );
  });
});

describe("the outlet an entry names (issue 37)", () => {
  it("credits Google News's items to the outlet of their <source>, without the title's ' - CNN'", () => {
    const articles = articlesOf("google-news-top.rss.xml", "national");
    const cnn = articles.find((a) => a.title.startsWith("In a major boost to Democrats"));
    expect(cnn).toMatchObject({
      title:
        "In a major boost to Democrats, Manchin and Schumer announce deal for energy and health care bill",
      publisher: "CNN",
    });
    const deadline = articles.find((a) => a.title.startsWith("Covid Mask Mandate"));
    expect(deadline?.publisher).toBe("Deadline");
    expect(deadline?.title.endsWith(" - Deadline")).toBe(false);
    // Every item of the feed names its outlet, and none keeps it at its title's end.
    for (const a of articles) {
      expect(a.publisher).toBeTruthy();
      expect(a.title.toLowerCase().endsWith(` - ${a.publisher?.toLowerCase()}`)).toBe(false);
    }
  });

  it("removes only a suffix equal to the outlet named, after a dash or a bar", () => {
    const titleOf = (title: string, name?: string) =>
      normalizeItem(
        raw({ title, link: "https://x.example/1", source: name ? { name } : undefined }),
        {
          key: "national",
          feedUrl: FEED_URL,
          defaultImage: DEFAULT_IMAGE,
          ...WHEN,
        },
      );
    expect(
      titleOf("Storm hits the coast | The Associated Press", "The Associated Press"),
    ).toMatchObject({
      title: "Storm hits the coast",
      publisher: "The Associated Press",
    });
    expect(titleOf("Storm hits the coast — reuters", "Reuters")?.title).toBe(
      "Storm hits the coast",
    );
    // Another outlet's name, or none named: the headline as written.
    expect(titleOf("Storm hits the coast - CNN", "Fox News")?.title).toBe(
      "Storm hits the coast - CNN",
    );
    expect(titleOf("Storm hits the coast - CNN")).toEqual(
      expect.not.objectContaining({ publisher: expect.anything() }),
    );
    expect(titleOf("Storm hits the coast - CNN")?.title).toBe("Storm hits the coast - CNN");
    // A headline that is only the outlet's name stays whole.
    expect(titleOf("CNN", "CNN")?.title).toBe("CNN");
  });
});

describe("the link a story opens: the outlet's own", () => {
  const normalize = (fields: Partial<RawItem>) =>
    normalizeItem(raw({ title: "A story", ...fields }), {
      key: "local",
      feedUrl: FEED_URL,
      defaultImage: DEFAULT_IMAGE,
      ...WHEN,
    });
  const GOOGLE = `https://news.google.com/rss/articles/CBMiPWh0dHBzOi8vd3d3LmNubi5jb20vMjAyNi8xMS8yNy9ob3VzdG9uLXN0b3JtLXBvd2VyL2luZGV4Lmh0bWzSAQA?oc=5`;

  it("opens the origLink a feed gives beside a redirect, and keeps the redirect as its identity", () => {
    const story = normalize({
      link: "http://feeds.example.com/~r/x/~3/abc/story-1",
      origLink: "https://www.example.com/news/story-1",
    });
    expect(story?.url).toBe("https://www.example.com/news/story-1");
    // A story stored before keeps its row: its uid is what it always was.
    expect(story?.uid).toBe("http://feeds.example.com/~r/x/~3/abc/story-1");
    // Relative to the feed, as <link> is.
    expect(normalize({ link: "https://x.example/1", origLink: "/news/2" })?.url).toBe(
      "https://feeds.example.org/news/2",
    );
  });

  it("keeps the feed's link where the origLink is not a web link", () => {
    for (const origLink of ["javascript:alert(1)", "data:text/html,x", "  "]) {
      expect(normalize({ link: "https://x.example/1", origLink })?.url).toBe("https://x.example/1");
    }
    expect(normalize({ origLink: "javascript:alert(1)" })?.url).toBe("#");
  });

  it("opens the story a Google News link carries, its guid or Google's link its identity", () => {
    expect(normalize({ link: GOOGLE, guid: "CBMiWGh0" })).toMatchObject({
      url: "https://www.cnn.com/2026/11/27/houston-storm-power/index.html",
      uid: "CBMiWGh0",
    });
    expect(normalize({ link: GOOGLE })?.uid).toBe(GOOGLE);
  });

  it("links the corpus's aggregated and click-counted stories to their outlets", () => {
    const google = articlesOf("google-news-top.rss.xml", "national");
    expect(google.length).toBe(38);
    for (const a of google) expect(new URL(a.url).hostname).not.toBe("news.google.com");
    expect(google.find((a) => a.publisher === "CNN")?.url).toMatch(/^https:\/\/www\.cnn\.com\//);
    for (const [name, host] of [
      ["jn-pt.iso-8859-1.rss.xml", "www.jn.pt"],
      ["reuters-world.rss.xml", "www.reuters.com"],
      ["pcmag-dvorak-nested-items.rss.xml", "www.pcmag.com"],
    ] as const) {
      for (const a of articlesOf(name)) expect(new URL(a.url).host, name).toBe(host);
    }
  });
});

describe("paid posts (issue 37)", () => {
  it("marks Daring Fireball's '[Sponsor] …' entries, without the prefix, and no other entry", () => {
    const articles = articlesOf("daringfireball.atom.xml", "technology");
    const sponsored = articles.filter((a) => a.sponsored);
    expect(sponsored.map((a) => a.title)).toEqual([
      "Timing — Automatic Time Tracking for Mac",
      "MNML: A macOS Writing App for Medium.com",
    ]);
    expect(articles.filter((a) => !a.sponsored).length).toBeGreaterThan(10);
  });

  it("reads the prefixes and categories publishers mark them with, and nothing else", () => {
    const check = (title: string, categories?: string[]) =>
      normalizeItem(raw({ title, link: "https://x.example/1", categories }), {
        key: "lifestyle",
        feedUrl: FEED_URL,
        defaultImage: DEFAULT_IMAGE,
        ...WHEN,
      });
    for (const title of [
      "[Sponsored] The best mattress of 2026",
      "Sponsored: Five ways to save on energy",
      "Advertisement: Visit the new mall",
      "Paid Post: How one bank sees the future",
      "Advertorial - A spa weekend in Galveston",
      "(Sponsored) Try the new app",
    ])
      expect(check(title)?.sponsored, title).toBe(true);
    expect(check("Paid Post: How one bank sees the future")?.title).toBe(
      "How one bank sees the future",
    );
    for (const category of [
      "Sponsored",
      " sponsored content ",
      "Advertorial",
      "Partner Content",
      "Paid",
    ])
      expect(check("Five ways to save on energy", ["News", category])?.sponsored, category).toBe(
        true,
      );
    // A word inside a headline, or a category that only mentions it, is not a mark.
    for (const title of [
      "State-sponsored scholarships",
      "Sponsors pull out of the rodeo",
      "Paid leave bill passes the Senate",
      "Advertisement spending rises in Texas",
    ])
      expect(check(title)?.sponsored, title).toBeUndefined();
    expect(check("Stadium deal", ["Sponsorship deals", "Paid parking"])?.sponsored).toBeUndefined();
  });
});

describe("bylines (issue 53)", () => {
  const OPTIONS = {
    key: "local" as const,
    feedUrl: FEED_URL,
    defaultImage: DEFAULT_IMAGE,
    ...WHEN,
  };

  it("takes an e-mail address away, with the brackets around it or around the name", () => {
    expect(authorsOf(["jdoe@example.com (Jane Doe)"])).toEqual(["Jane Doe"]);
    expect(authorsOf(["Jane Doe <jdoe@example.com>"])).toEqual(["Jane Doe"]);
    expect(authorsOf(["Jane Doe (jdoe@example.com)"])).toEqual(["Jane Doe"]);
    expect(authorsOf(["mailto:jdoe@example.com"])).toEqual([]);
    // A bare address names nobody (fcutrecht-news.rss.xml's <author>).
    expect(authorsOf(["webmaster@fcutrecht.net"])).toEqual([]);
    expect(authorsOf(["noreply@blogger.com (Unknown)"])).toEqual([]);
  });

  it("takes markup, entities, control characters and a leading 'By' away", () => {
    expect(authorsOf(["<b>Ana</b> P&eacute;rez", "By Sam Lee", "Kim\u0007 Ho\n"])).toEqual([
      "Ana Pérez",
      "Sam Lee",
      "Kim Ho",
    ]);
    expect(authorsOf(["<script>alert(1)</script>"])).toEqual([]);
  });

  it("names each once, never a web address, and cuts a long one on a word", () => {
    expect(authorsOf(["Ana Pérez", "ANA PÉREZ", "https://www.facebook.com/bbcnews"])).toEqual([
      "Ana Pérez",
    ]);
    const [long] = authorsOf([`Lenny Bernstein, ${"illustration by Anna Parini ".repeat(5)}`]);
    expect(long?.length).toBeLessThanOrEqual(AUTHOR_MAX);
    expect(long).toMatch(/^Lenny Bernstein, illustration by Anna Parini .*\w…$/);
  });

  it("gives an article its authors and categories as plain text, and none when the entry has none", () => {
    const article = normalizeItem(
      raw({
        title: "Hiring freeze at City Hall leaves 300 posts empty",
        link: "https://metro.example/1",
        authors: ["ana@metro.example (Ana P&eacute;rez)", "Sam Lee"],
        categories: [" City &amp; County ", "Politics"],
      }),
      OPTIONS,
    );
    expect(article?.authors).toEqual(["Ana Pérez", "Sam Lee"]);
    expect(article?.categories).toEqual(["City & County", "Politics"]);
    const plain = normalizeItem(raw({ title: "Plain", link: "https://metro.example/2" }), OPTIONS);
    expect(plain && "authors" in plain).toBe(false);
    expect(plain && "categories" in plain).toBe(false);
  });

  it("reads the corpus's bylines: the Guardian's, the Verge's, NBC's two in one", () => {
    const byline = (name: string, title: string) =>
      articlesOf(name).find((a) => a.title === title)?.authors;
    expect(
      byline("guardian-us.rss.xml", "So, how did conservatives like the State of the Union?"),
    ).toEqual(["Jason Wilson"]);
    expect(
      byline("theverge-frontpage.atom.xml", "This is the new Hulu experience with live TV"),
    ).toEqual(["Chris Welch"]);
    expect(
      byline(
        "nbc-newyork.rss.xml",
        "NYC cops search for stabbing suspect after leaving 18-year-old to bleed out on sidewalk",
      ),
    ).toEqual(["Gaby Acevedo and Jessica Cunnington"]);
    expect(articlesOf("fcutrecht-news.rss.xml").some((a) => a.authors)).toBe(false);
  });
});
