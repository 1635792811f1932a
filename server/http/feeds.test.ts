import { DomUtils, parseDocument } from "htmlparser2";
import type { AnyNode, Element } from "domhandler";
import Parser from "rss-parser";
import { z } from "zod";
import { createStaticHandler } from "react-router";
import { describe, expect, it } from "vitest";
import { parseFeed } from "../news/parse";
import type { LoadContext } from "../context";
import type { StoredArticle } from "../news/store";
import { noWeather, type CityWeather } from "../weather/city-weather";
import type { WeatherAlert } from "../weather/nws-alerts";
import { HOME_KEYS, type FeedKey } from "../../sites/categories";
import { cityServices } from "../../tests/support/cities";
import { fixtureCity } from "../../tests/support/fixture-city";
import { fixedNews, storedStory, type FixedNewsOptions } from "../../tests/support/news";
import { routerContext } from "../../app/lib/city-context";
import { FEED_FORMATS, FEED_PATHS } from "../../app/lib/feeds";
import { FEED_MAX, feedOf, loader } from "../../app/routes/feed";

// The site's own feeds (issue 54, app/routes/feed.ts) as its loader answers them: what each lists, in what order, in which language, in each
// format as a real parser reads it (the project's own and rss-parser).

const NOW = Date.parse("2026-11-25T18:00:00Z");
const HOUR = 3_600_000;
const UPDATED = Date.parse("2026-11-25T17:30:00Z");
const CITY = fixtureCity();
const SPANISH = fixtureCity({ locale: "es-US" });

/** Five stories of `key`, newest first, the second with two authors, the third from The Mint. */
function stories(key: FeedKey, title = (n: number) => `Story ${key} ${n}`): StoredArticle[] {
  const base = 100 * ((HOME_KEYS as readonly FeedKey[]).indexOf(key) + 1);
  return [1, 2, 3, 4, 5].map((n) =>
    storedStory(base + n, key, title(n), NOW - n * HOUR, {
      url: `https://news.example.org/${key}/${n}?a=1&b=2`,
      summary: `Summary ${n} of ${key} <b>not markup</b> & more`,
      ...(n === 2 ? { authors: ["Ana Pérez", "Sam Lee"] } : {}),
      ...(n === 3 ? { source: "The Mint" } : {}),
    }),
  );
}

interface Options {
  city?: typeof CITY;
  news?: FixedNewsOptions;
  weather?: Partial<CityWeather>;
  edition?: { path: string; slugs?: Record<string, string> };
}

/** The feed at `path` as the loader answers it. */
async function feed(path: string, options: Options = {}): Promise<Response> {
  const city = options.city ?? CITY;
  const services = cityServices(city, {
    news: fixedNews({ articles: stories, updatedAt: UPDATED, ...options.news }),
    edition: options.edition
      ? { path: options.edition.path, slugs: options.edition.slugs, alternates: [] }
      : undefined,
    weather: options.weather
      ? {
          get: async () => ({ ...(await noWeather(city).get()), ...options.weather }),
          version: () => 1,
        }
      : undefined,
  });
  const base = `${services.siteUrl}${options.edition?.path ?? ""}`;
  const context = {
    ...services,
    siteUrl: base,
    now: NOW,
    isDev: false,
  } as unknown as LoadContext;
  // The route's path as app/routes.ts gives it: without its leading slash.
  const handler = createStaticHandler([{ id: "feed", path: path.slice(1), loader }]);
  const answer = await handler.queryRoute(new Request(`https://${CITY.hosts[0]}${path}`), {
    requestContext: routerContext(context),
  });
  if (!(answer instanceof Response)) throw new Error(`${path} answered no Response`);
  return answer;
}

/** Characters XML cannot hold, as the hostile story has them. */
// eslint-disable-next-line no-control-regex -- the characters the feeds must not carry
const BAD_CHARACTERS = /[\u0001\u0008\uFFFE]/;

const rssParser = new Parser({
  customFields: { item: [["dc:creator", "creators", { keepArray: true }]] },
});

describe("a page's feeds", () => {
  it("are named for home, each category with feeds and the weather alerts, three formats each", () => {
    expect(FEED_PATHS).toContain("/rss.xml");
    expect(FEED_PATHS).toContain("/local-news/atom.xml");
    expect(FEED_PATHS).toContain("/weather/feed.json");
    expect(FEED_PATHS).not.toContain("/local-events/rss.xml");
    expect(FEED_PATHS.length % FEED_FORMATS.length).toBe(0);
  });

  it("list a category page's stories in its order as RSS 2.0, with their outlet, authors and a stable id", async () => {
    const answer = await feed("/national-news/rss.xml");
    expect(answer.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toMatch(/public, max-age=60/);
    expect(answer.headers.get("Last-Modified")).toBe(new Date(UPDATED).toUTCString());
    const xml = await answer.text();
    // The project's own parser reads it as any outlet's feed.
    const own = parseFeed(xml);
    expect(own.title).toBe("National News — Fixtureville Ledger");
    expect(own.items.map((i) => i.title)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Story national ${n}`),
    );
    // So does rss-parser, with what the project's parser does not keep.
    const other = await rssParser.parseString(xml);
    expect(other.language).toBe("en-US");
    const [first, second, third] = other.items;
    expect(first?.link).toBe("https://news.example.org/national/1?a=1&b=2");
    expect(first?.guid).toBe("tag:fixtureville.test,2026:story/201");
    expect(first?.isoDate).toBe(new Date(NOW - HOUR).toISOString());
    // The summary's text is shown as written: its "<b>" is text, not markup.
    expect(first?.content).toBe("Summary 1 of national &lt;b&gt;not markup&lt;/b&gt; &amp; more");
    expect((second as { creators?: string[] }).creators).toEqual(["Ana Pérez", "Sam Lee"]);
    expect(xml).toContain('<source url="https://news.example.org/">The Mint</source>');
    expect(third?.guid).toBe("tag:fixtureville.test,2026:story/203");
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(xml).toContain(
      '<atom:link href="https://fixtureville.test/national-news/rss.xml" rel="self" type="application/rss+xml"/>',
    );
  });

  it("keep each story's id when its text changes", async () => {
    const ids = async (title: (n: number) => string) => {
      const xml = await (
        await feed("/world-news/atom.xml", { news: { articles: (key) => stories(key, title) } })
      ).text();
      return [...xml.matchAll(/<id>(tag:[^<]+)<\/id>/g)].map((m) => m[1]);
    };
    const before = await ids((n) => `First words ${n}`);
    const after = await ids((n) => `Corrected words ${n}`);
    expect(before).toHaveLength(5);
    expect(after).toEqual(before);
  });

  it("are Atom 1.0 in the edition's language, each entry with its outlet as <source>", async () => {
    const answer = await feed("/business/atom.xml");
    expect(answer.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await answer.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">');
    const own = parseFeed(xml);
    expect(own.items).toHaveLength(5);
    expect(own.items[0]?.link).toBe("https://news.example.org/business/1?a=1&b=2");
    const other = await new Parser().parseString(xml);
    expect(other.items.map((i) => i.title)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Story business ${n}`),
    );
    // Every entry has the elements Atom requires (RFC 4287 §4.1.2): id, title, updated.
    const entries = xml.split("<entry>").slice(1);
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(entry).toMatch(/<id>tag:fixtureville\.test,2026:story\/\d+<\/id>/);
      expect(entry).toMatch(/<title type="html">/);
      expect(entry).toMatch(/<updated>2026-11-25T\d\d:00:00\.000Z<\/updated>/);
      expect(entry).toMatch(
        /<source><id>https:\/\/news\.example\.org\/<\/id><title>(Fixture Daily|The Mint)<\/title><link href="https:\/\/news\.example\.org\/"\/><\/source>/,
      );
    }
    expect(entries[1]).toContain("<name>Ana Pérez</name>");
  });

  it("are JSON Feed 1.1, with authors, the outlet and the language", async () => {
    const answer = await feed("/technology/feed.json");
    expect(answer.headers.get("Content-Type")).toBe("application/feed+json; charset=utf-8");
    const doc = (await answer.json()) as {
      version: string;
      title: string;
      home_page_url: string;
      feed_url: string;
      language: string;
      items: {
        id: string;
        url: string;
        title: string;
        content_text: string;
        content_html?: string;
        authors?: { name: string }[];
        _source?: { name: string; url: string };
        date_published: string;
      }[];
    };
    expect(doc.version).toBe("https://jsonfeed.org/version/1.1");
    expect(doc.language).toBe("en-US");
    expect(doc.home_page_url).toBe("https://fixtureville.test/technology");
    expect(doc.feed_url).toBe("https://fixtureville.test/technology/feed.json");
    expect(doc.items).toHaveLength(5);
    const [first, second, third] = doc.items;
    expect(first).toMatchObject({
      id: "tag:fixtureville.test,2026:story/601",
      url: "https://news.example.org/technology/1?a=1&b=2",
      title: "Story technology 1",
      content_text: "Summary 1 of technology <b>not markup</b> & more",
      date_published: new Date(NOW - HOUR).toISOString(),
    });
    expect(first?.content_html).toBeUndefined();
    expect(second?.authors).toEqual([{ name: "Ana Pérez" }, { name: "Sam Lee" }]);
    expect(third?._source).toEqual({ name: "The Mint", url: "https://news.example.org/" });
  });

  it("list home's stories in home's order: the lead, then each section's", async () => {
    const xml = await (await feed("/rss.xml")).text();
    const titles = parseFeed(xml).items.map((i) => i.title);
    // The lead is the newest local story; then Local's other four, then each section's five.
    expect(titles[0]).toBe("Story local 1");
    expect(titles.slice(1, 5)).toEqual([2, 3, 4, 5].map((n) => `Story local ${n}`));
    expect(titles.slice(5, 10)).toEqual([1, 2, 3, 4, 5].map((n) => `Story national ${n}`));
    expect(titles).toHaveLength(5 * HOME_KEYS.length);
  });

  it(`list at most ${FEED_MAX} stories`, async () => {
    const many = (key: FeedKey) =>
      Array.from({ length: 80 }, (_, i) =>
        storedStory(1000 + i, key, `Story ${i}`, NOW - i * 60_000),
      );
    // A category page shows at most its page's number; the feed never more than FEED_MAX.
    const xml = await (await feed("/local-news/rss.xml", { news: { articles: many } })).text();
    const count = parseFeed(xml).items.length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(FEED_MAX);
  });

  it("keep hostile text as text: no markup, no characters XML cannot hold, the document still parses", async () => {
    const hostile = (key: FeedKey) => [
      storedStory(9001, key, "Break ]]></title><script>alert(1)</script>\u0001\uFFFE", NOW, {
        summary: "<img src=x onerror=alert(1)> ]]> & \u0008",
        authors: ["<b>Eve</b>"],
        source: "Outlet </source><evil/>",
      }),
    ];
    const text = "Break ]]></title><script>alert(1)</script>";
    // RSS: the title is text (in CDATA), read back as written, without the bad characters.
    const rss = await (await feed("/politics/rss.xml", { news: { articles: hostile } })).text();
    expect(rss).not.toMatch(BAD_CHARACTERS);
    expect(rss).not.toContain("<evil/>");
    const [item] = (await new Parser().parseString(rss)).items;
    expect(item?.title).toBe(text);
    expect(parseFeed(rss).items[0]?.title).toContain("Break ]]>");
    // Atom: its texts are HTML, escaped: no markup of the story's is left.
    const atom = await (await feed("/politics/atom.xml", { news: { articles: hostile } })).text();
    expect(atom).not.toMatch(BAD_CHARACTERS);
    expect(atom).not.toContain("<script>");
    expect(atom).not.toContain("<img");
    expect(atom).not.toContain("<evil/>");
    expect(parseFeed(atom).items).toHaveLength(1);
    const json = (await (
      await feed("/politics/feed.json", { news: { articles: hostile } })
    ).json()) as {
      items: { title: string }[];
    };
    expect(json.items[0]?.title).toBe("Break ]]></title><script>alert(1)</script>");
  });

  it("speak the edition's language, under its translated paths", async () => {
    const answer = await feed("/local-news/rss.xml", {
      city: SPANISH,
      edition: { path: "/es", slugs: { "local-news": "noticias-locales" } },
    });
    const xml = await answer.text();
    const other = await new Parser().parseString(xml);
    expect(other.language).toBe("es-US");
    expect(other.title).toBe("Noticias locales — Fixtureville Ledger");
    expect(other.link).toBe("https://fixtureville.test/es/noticias-locales");
    expect(xml).toContain('href="https://fixtureville.test/es/noticias-locales/rss.xml"');
    expect(xml).toContain("Todos los derechos reservados");
  });

  it("answer 404 for a page without feeds", async () => {
    await expect(feed("/local-events/rss.xml")).rejects.toMatchObject({ status: 404 });
  });
});

describe("a feed's route", () => {
  it("names its page and format, as React Router gives its pattern (no leading slash) or with one", () => {
    expect(feedOf("rss.xml")).toMatchObject({ pagePath: "/", format: { id: "rss" } });
    expect(feedOf("/atom.xml")).toMatchObject({ pagePath: "/", format: { id: "atom" } });
    expect(feedOf("local-news/feed.json")).toMatchObject({
      pagePath: "/local-news",
      format: { id: "json" },
    });
    expect(() => feedOf("local-news/other.xml")).toThrow();
  });
});

describe("the weather alerts' feed", () => {
  const alert = (over: Partial<WeatherAlert>): WeatherAlert => ({
    id: "urn:oid:2.49.0.1.840.0.1",
    event: "Flash Flood Warning",
    headline: "Flash Flood Warning issued",
    description: "Heavy rain.",
    instruction: "Turn around, don't drown.",
    severity: "severe",
    urgent: true,
    areaDesc: "Harris, TX",
    effective: "2026-11-25T16:00:00Z",
    ends: "2026-11-25T21:00:00Z",
    expires: "2026-11-25T20:00:00Z",
    response: "Avoid",
    zones: ["TXZ213"],
    series: "KHGX.FF.W.0042",
    ...over,
  });

  it("lists each alert in force as an item, in the edition's words, gone when it ends", async () => {
    const answer = await feed("/weather/rss.xml", { weather: { alerts: [alert({})] } });
    const parsed = await new Parser().parseString(await answer.text());
    expect(parsed.items).toHaveLength(1);
    const [item] = parsed.items;
    expect(item?.title).toBe("Flash Flood Warning: Harris, TX");
    expect(item?.guid).toBe("tag:fixtureville.test,2026:alert/KHGX.FF.W.0042");
    expect(item?.link).toBe("https://fixtureville.test/weather#alerts");
    // Until when in the city's time, and what to do.
    expect(item?.content).toMatch(/3:00\s?PM/);
    expect(item?.content).toContain("Turn around, don");
    // Ended: the service no longer lists it, and neither does the feed.
    const after = await feed("/weather/rss.xml", { weather: { alerts: [] } });
    expect((await new Parser().parseString(await after.text())).items).toHaveLength(0);
  });

  it("is in Spanish on the Spanish edition, and not kept while the weather is first awaited", async () => {
    const es = await feed("/weather/atom.xml", {
      city: SPANISH,
      edition: { path: "/es", slugs: { weather: "clima" } },
      weather: { alerts: [alert({})] },
    });
    const xml = await es.text();
    expect(xml).toContain('xml:lang="es-US"');
    expect(xml).toContain("Aviso de inundación repentina");
    expect(xml).toContain("https://fixtureville.test/es/clima#alerts");
    const loading = await feed("/weather/feed.json", { weather: { state: "loading", alerts: [] } });
    expect(loading.headers.get("Cache-Control")).toMatch(/no-store/);
  });
});

// The formats' own requirements, checked on what the loader writes (the W3C validator's MUSTs):
// RSS 2.0 (https://www.rssboard.org/rss-specification), Atom 1.0 (RFC 4287 §4.1), JSON Feed 1.1.

const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;
const RFC_3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function elements(xml: string) {
  const doc = parseDocument(xml, { xmlMode: true });
  const all = (name: string, within: AnyNode[] = doc.children) =>
    DomUtils.getElementsByTagName(name, within, true);
  const only = (name: string, parent: Element) =>
    parent.children.filter((c): c is Element => c.type === "tag" && c.name === name);
  return { doc, all, only, text: DomUtils.textContent };
}

function validRss(xml: string): void {
  const { all, only, text } = elements(xml);
  const [rss] = all("rss");
  expect(rss?.attribs.version).toBe("2.0");
  const [channel] = all("channel");
  if (!channel) throw new Error("no channel");
  for (const name of ["title", "link", "description"]) expect(only(name, channel)).toHaveLength(1);
  expect(text(only("language", channel))).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
  for (const item of only("item", channel)) {
    expect(only("title", item).length + only("description", item).length).toBeGreaterThan(0);
    expect(only("guid", item)).toHaveLength(1);
    expect(text(only("pubDate", item))).toMatch(RFC_822);
    expect(() => new URL(text(only("link", item)))).not.toThrow();
    for (const source of only("source", item)) expect(source.attribs.url).toMatch(/^https?:\/\//);
  }
}

function validAtom(xml: string): void {
  const { all, only, text } = elements(xml);
  const [feed] = all("feed");
  if (!feed) throw new Error("no feed");
  expect(feed.attribs.xmlns).toBe("http://www.w3.org/2005/Atom");
  for (const name of ["id", "title", "updated"]) expect(only(name, feed)).toHaveLength(1);
  expect(text(only("updated", feed))).toMatch(RFC_3339);
  const entries = only("entry", feed);
  // A feed without an author needs one on every entry (§4.1.1).
  if (only("author", feed).length === 0) {
    for (const entry of entries) expect(only("author", entry).length).toBeGreaterThan(0);
  }
  expect(only("link", feed).some((l) => l.attribs.rel === "self")).toBe(true);
  const ids = new Set<string>();
  for (const entry of entries) {
    for (const name of ["id", "title", "updated"]) expect(only(name, entry)).toHaveLength(1);
    expect(text(only("updated", entry))).toMatch(RFC_3339);
    const id = text(only("id", entry));
    expect(() => new URL(id)).not.toThrow();
    ids.add(id);
    // No content: an alternate link is required (§4.1.2).
    expect(only("link", entry).some((l) => (l.attribs.rel ?? "alternate") === "alternate")).toBe(
      true,
    );
    for (const source of only("source", entry)) {
      expect(only("id", source)).toHaveLength(1);
      expect(only("title", source)).toHaveLength(1);
    }
  }
  expect(ids.size).toBe(entries.length);
}

const JSON_FEED_1_1 = z.object({
  version: z.literal("https://jsonfeed.org/version/1.1"),
  title: z.string().min(1),
  home_page_url: z.url().optional(),
  feed_url: z.url().optional(),
  description: z.string().optional(),
  language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  authors: z.array(z.object({ name: z.string(), url: z.url().optional() })).min(1),
  items: z.array(
    z
      .object({
        id: z.string().min(1),
        url: z.url().optional(),
        title: z.string().optional(),
        content_text: z.string().optional(),
        content_html: z.string().optional(),
        date_published: z.string().regex(RFC_3339).optional(),
        date_modified: z.string().regex(RFC_3339).optional(),
        authors: z.array(z.object({ name: z.string().min(1) })).optional(),
        tags: z.array(z.string()).optional(),
      })
      .refine((item) => item.content_text !== undefined || item.content_html !== undefined, {
        message: "an item has content_text or content_html",
      }),
  ),
});

describe("each feed keeps its format's rules", () => {
  for (const path of ["/", "/local-news", "/sports", "/weather"]) {
    it(`${path}: RSS 2.0, Atom 1.0 and JSON Feed 1.1`, async () => {
      const base = path === "/" ? "" : path;
      const weather = { alerts: [] as WeatherAlert[] };
      validRss(await (await feed(`${base}/rss.xml`, { weather })).text());
      validAtom(await (await feed(`${base}/atom.xml`, { weather })).text());
      const json: unknown = await (await feed(`${base}/feed.json`, { weather })).json();
      expect(JSON_FEED_1_1.safeParse(json).error).toBeUndefined();
    });
  }
});
