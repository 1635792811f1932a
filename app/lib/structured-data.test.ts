import { routerContext } from "./city-context";
import type { LoadContext } from "../../server/context";
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { CityWeather } from "../../server/weather/city-weather";
import type { CategoryNews, NewsReader } from "../../server/news/engine";
import type { StoredArticle } from "../../server/news/store";
import { CATEGORIES, categoryAt, HOME_SECTIONS, type FeedKey } from "../../sites/categories";
import type { City } from "../../sites/schema";
import { CONTACT_LIMITS, testCity } from "../../tests/support/cities";
import { fixtureCity } from "../../tests/support/fixture-city";
import {
  checkJsonLd,
  ISO_DATE_TIME_WITH_ZONE,
  loadVocabulary,
  type Json,
  type Vocabulary,
} from "../../tests/support/schema-org";
import routes from "../routes";
import { toCityDateTime } from "./content-dates.server";
import { toPublicSite } from "./site";

// Every page route's metadata, made as the server makes it: the route's own loader on a load
// context with a fixture news store, then its own `meta` with the root's data. Its JSON-LD is
// checked against schema.org (the vocabulary of schema-dts), Google's required fields for the
// types used, and its times against what the page shows.

const NOW = Date.parse("2026-11-23T12:00:00Z");
const HOUR = 3600_000;
const SITE_URL = "https://news.example.test";
/** The unit tests' city (tests/support/fixture-city.ts). */
const CITY = fixtureCity();
/**
 * The cities whose every route is rendered in turn: the fixture city, and the network's own
 * (sites/cities), whose data every page must turn into valid metadata.
 */
const CITIES: City[] = [CITY, ...["houston", "anchorage", "honolulu"].map((id) => testCity(id))];
/** A category page shows this many stories (toNewsBlock's limit). */
const PAGE_STORIES = 15;

/** The fixture news: 16 stories a category, one undated, one without a link. */
function storyAt(key: FeedKey, i: number, dated: boolean): StoredArticle {
  // The newest shown story is the second one (not the first); the 16th, never shown, is newer.
  const age = i === 15 ? 0 : i === 1 ? HOUR : (i + 2) * HOUR;
  return {
    // Row ids are the database's: unique across categories (a page knows a story by its id).
    id: CATEGORIES.findIndex((c) => c.key === key) * 100 + i,
    uid: `${key}-${i}`,
    title: `${key} story ${i}`,
    summary: "A summary.",
    url: i === 2 ? "#" : `https://publisher.example/${key}/${i}`,
    image: "/images/default-news.svg",
    imageIsDefault: true,
    publishedAt: dated && i !== 3 ? NOW - age : null,
    claimedAt: null,
    category: key,
    feedUrl: `https://publisher.example/${key}.xml`,
    source: "Example News",
    language: null,
  };
}
const NEWEST_SHOWN = new Date(NOW - HOUR).toISOString();

function fixtureNews(stories: "dated" | "undated" | "none"): NewsReader {
  const getCategory = (key: FeedKey): CategoryNews => ({
    category: key,
    state: stories === "none" ? "loading" : "ready",
    error: null,
    updatedAt: stories === "none" ? null : NOW,
    articles:
      stories === "none"
        ? []
        : Array.from({ length: 16 }, (_, i) => storyAt(key, i, stories === "dated")),
  });
  return {
    getCategory: async (key) => getCategory(key),
    getCategories: async (keys, limit = PAGE_STORIES) => ({
      categories: [...keys],
      state: stories === "none" ? "loading" : "ready",
      error: null,
      updatedAt: NOW,
      articles: keys.flatMap((k) => getCategory(k).articles).slice(0, limit),
    }),
    version: () => 1,
    search: async (query) => ({ query, page: 1, pageCount: 0, total: 0, more: false, hits: [] }),
  };
}

const NO_WEATHER: CityWeather = {
  state: "ready",
  current: null,
  forecast: null,
  alerts: [],
  alertsFetchedAt: null,
  forecastPage: "https://forecast.weather.gov/",
  radar: null,
};

function contextFor(site: City, news: NewsReader): LoadContext {
  const quiet = () => undefined;
  return {
    site,
    content: site.content,
    siteUrl: SITE_URL,
    edition: { path: "", alternates: [] },
    now: NOW,
    embedPlaceholders: false,
    isDev: false,
    news: {
      getCategory: async (...args) => news.getCategory(...args),
      getCategories: async (...args) => news.getCategories(...args),
      search: async (...args) => news.search(...args),
    },
    messages: {
      limits: CONTACT_LIMITS,
      submit: () => {
        return Promise.reject(new Error("no messages in this test"));
      },
    },
    // No live weather in these tests: the pages say it is unavailable.
    weather: { get: async () => NO_WEATHER },
    clientAddress: "127.0.0.1",
    log: { info: quiet, warn: quiet, error: quiet, debug: quiet },
  };
}

interface RouteEntry {
  file: string;
  id?: string;
  path?: string;
  index?: boolean;
  children?: readonly RouteEntry[];
}

interface PageRoute {
  id: string;
  /** The route's pattern, as loaders receive it. */
  pattern: string;
  file: string;
  inLayout: boolean;
}

/** Every route of app/routes.ts with a page module (not the API, files and redirects). */
function pageRoutes(entries: readonly RouteEntry[], inLayout = false): PageRoute[] {
  return entries.flatMap((e) =>
    e.children
      ? pageRoutes(e.children, true)
      : e.file.endsWith(".tsx")
        ? [{ id: e.id ?? e.file, pattern: e.index ? "/" : `/${e.path}`, file: e.file, inLayout }]
        : [],
  );
}

interface MetaMatch {
  id: string;
  loaderData: unknown;
}

interface PageModule {
  loader?: (args: {
    request: Request;
    url: URL;
    pattern: string;
    params: Record<string, string>;
    context: RouterContextProvider;
  }) => unknown;
  meta?: (args: {
    matches: MetaMatch[];
    loaderData: unknown;
    data: unknown;
    params: Record<string, string>;
    error: unknown;
  }) => MetaDescriptor[];
}

const MODULES = import.meta.glob<PageModule>("../routes/*.tsx");
const ROUTES = pageRoutes(routes as readonly RouteEntry[]);

/** A route's meta tags, from its own loader and meta functions. */
async function renderMeta(route: PageRoute, city: City, news: NewsReader) {
  const importModule = MODULES[`../${route.file}`];
  if (!importModule) throw new Error(`no module ${route.file}`);
  const module = await importModule();
  const url = new URL(route.pattern.replace("*", "no-such-page"), SITE_URL);
  const result = await module.loader?.({
    request: new Request(url),
    url,
    pattern: route.pattern,
    params: {},
    context: routerContext(contextFor(city, news)),
  });
  const loaderData =
    typeof result === "object" && result !== null && "type" in result && "data" in result
      ? result.data
      : result;
  const root = { site: toPublicSite(city), siteUrl: SITE_URL, now: NOW };
  const matches: MetaMatch[] = [
    { id: "root", loaderData: root },
    ...(route.inLayout ? [{ id: "layouts/site", loaderData: undefined }] : []),
    { id: route.id, loaderData },
  ];
  return (
    module.meta?.({ matches, loaderData, data: loaderData, params: {}, error: undefined }) ?? []
  );
}

type JsonObject = { [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function jsonLdOf(meta: MetaDescriptor[]): JsonObject[] {
  return meta.flatMap((m) =>
    "script:ld+json" in m ? [JSON.parse(JSON.stringify(m["script:ld+json"])) as JsonObject] : [],
  );
}

function tagOf(meta: MetaDescriptor[], property: string): string | undefined {
  const tag = meta.find((m) => "property" in m && m.property === property);
  return tag && "content" in tag ? String(tag.content) : undefined;
}

/** The page's own node: the (Collection)Page, alone or in the home page's graph. */
function pageNode(documents: JsonObject[], pageUrl: string): JsonObject | undefined {
  return documents
    .flatMap((d) => (Array.isArray(d["@graph"]) ? d["@graph"].filter(isObject) : [d]))
    .find((n) => n["@id"] === pageUrl);
}

const has = (node: JsonObject, key: string) =>
  node[key] !== undefined && node[key] !== "" && node[key] !== null;

/**
 * Google's required fields for the rich results of the types used (developers.google.com/search/
 * docs/appearance/structured-data: carousel ItemList, job posting, FAQ, book), and the names and
 * links every page, site and publisher node needs.
 */
function googleErrors(value: Json, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => googleErrors(v, `${at}[${i}]`));
  if (!isObject(value)) return [];
  const errors: string[] = [];
  const need = (...keys: string[]) =>
    keys.forEach((k) => has(value, k) || errors.push(`${at}: ${value["@type"]} needs ${k}`));
  switch (value["@type"]) {
    case "ItemList": {
      const items = value.itemListElement;
      if (!Array.isArray(items) || items.length === 0) errors.push(`${at}: an empty ItemList`);
      else
        items.forEach((item, i) => {
          if (!isObject(item) || item["@type"] !== "ListItem" || item.position !== i + 1)
            errors.push(`${at}.itemListElement[${i}]: not a ListItem at position ${i + 1}`);
          else if (!has(item, "url") && !has(item, "item"))
            errors.push(`${at}.itemListElement[${i}]: a ListItem needs url or item`);
        });
      break;
    }
    case "JobPosting":
      need("title", "description", "datePosted", "hiringOrganization", "jobLocation");
      if (isObject(value.hiringOrganization) && !has(value.hiringOrganization, "name"))
        errors.push(`${at}.hiringOrganization: needs name`);
      if (isObject(value.jobLocation) && !has(value.jobLocation, "address"))
        errors.push(`${at}.jobLocation: needs address`);
      break;
    case "FAQPage":
      need("mainEntity");
      if (!Array.isArray(value.mainEntity) || value.mainEntity.length === 0)
        errors.push(`${at}: an FAQPage without questions`);
      break;
    case "Question":
      need("name", "acceptedAnswer");
      break;
    case "Answer":
      need("text");
      break;
    case "Book":
      need("name", "url");
      break;
    case "WebPage":
    case "CollectionPage":
    case "WebSite":
    case "NewsMediaOrganization":
      need("name", "url");
      break;
  }
  for (const [key, child] of Object.entries(value))
    errors.push(...googleErrors(child, `${at}.${key}`));
  return errors;
}

/** The times a page should carry: from the newest story shown, or its content's date. */
function expectedTimes(route: PageRoute, city: City): string | undefined {
  const { content, timeZone: zone } = city;
  const { pages } = content;
  const inCity = (date: string) => toCityDateTime(date, zone);
  const category = categoryAt(route.pattern.slice(1));
  if (route.id === "home" || category?.fed) return NEWEST_SHOWN;
  const careers = pages.careers.openings.map((j) => inCity(j.datePosted));
  const byPage: Record<string, string | undefined> = {
    // Live weather (server/weather/): no publication date of its own.
    weather: undefined,
    contact: inCity(pages.contact.updated),
    faq: inCity(pages.faq.updated),
    about: inCity(pages.about.updated),
    corrections: [pages.corrections.updated, ...pages.corrections.corrections.map((c) => c.date)]
      .map(inCity)
      .sort((a, b) => Date.parse(b) - Date.parse(a))[0],
    partners: inCity(pages.partners.updated),
    books: inCity(pages.books.updated),
    careers: careers.sort((a, b) => Date.parse(b) - Date.parse(a))[0],
    "privacy-policy": inCity(pages.legal.updated),
    "terms-of-service": inCity(pages.legal.updated),
    privacy: inCity(pages.legal.updated),
    terms: inCity(pages.legal.updated),
  };
  return byPage[route.id];
}

/** The stories a news page lists, in page order, as the ItemList should name them. */
function expectedStories(route: PageRoute): { url: string; name: string }[] {
  const shown = (key: FeedKey, from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => storyAt(key, from + i, true));
  const [local, ...others] = HOME_SECTIONS;
  const stories =
    route.id === "home" && local
      ? [...shown(local.key, 0, 6), ...others.flatMap((s) => shown(s.key, 0, 5))]
      : shown(categoryAt(route.pattern.slice(1))?.key as FeedKey, 0, PAGE_STORIES);
  return stories.filter((s) => s.url !== "#").map((s) => ({ url: s.url, name: s.title }));
}

let vocabulary: Vocabulary;
beforeAll(() => {
  vocabulary = loadVocabulary();
});

describe("the schema.org vocabulary read from schema-dts", () => {
  it("knows the types and properties the pages use, with their ranges", () => {
    for (const type of ["CollectionPage", "ItemList", "ListItem", "JobPosting", "FAQPage", "Book"])
      expect(vocabulary.hasType(type)).toBe(true);
    expect(vocabulary.hasType("NewsPage")).toBe(false);
    expect(vocabulary.range("CollectionPage", "mainEntity")?.types.has("ItemList")).toBe(true);
    expect(vocabulary.range("CollectionPage", "datePublished")?.date).toBe(true);
    expect(vocabulary.range("ListItem", "position")?.primitives.has("number")).toBe(true);
    expect(vocabulary.range("ListItem", "headline")).toBeUndefined();
    expect(vocabulary.subtypes("Organization").has("NewsMediaOrganization")).toBe(true);
  });

  it.each<[string, Json, string]>([
    ["an unknown type", { "@type": "NewsPage" }, 'unknown @type "NewsPage"'],
    [
      "a property of another type",
      { "@type": "ListItem", headline: "x" },
      'no property "headline"',
    ],
    [
      "a node of a type the range does not take",
      { "@type": "JobPosting", hiringOrganization: { "@type": "ListItem", position: 1 } },
      "ListItem is not accepted here",
    ],
    ["a number where only text goes", { "@type": "WebPage", name: 5 }, "a number is not accepted"],
    [
      "a date without a zone",
      { "@type": "WebPage", datePublished: "2026-11-01" },
      "not an ISO 8601 date-time with a zone",
    ],
    ["a node without a type", { "@type": "WebPage", isPartOf: { name: "x" } }, "without @type"],
  ])("finds %s", (_name, node, problem) => {
    const errors = checkJsonLd(
      { "@context": "https://schema.org", ...(node as JsonObject) },
      vocabulary,
    );
    expect(errors.join("\n")).toContain(problem);
  });

  it("takes a valid page with its story list", () => {
    const page: Json = {
      "@context": "https://schema.org",
      "@type": "CollectionPage",
      "@id": "https://x.test/a",
      datePublished: "2026-11-01T00:00:00-05:00",
      isPartOf: { "@id": "https://x.test/#website" },
      mainEntity: {
        "@type": "ItemList",
        itemListElement: [{ "@type": "ListItem", position: 1, url: "https://y.test/1" }],
      },
    };
    expect(checkJsonLd(page, vocabulary)).toEqual([]);
  });
});

describe.each(CITIES.map((c) => [c.id, c] as const))(
  "the metadata of every route of %s",
  (_id, city) => {
    it.each(ROUTES.map((r) => [r.pattern, r] as const))("%s", async (_pattern, route) => {
      const meta = await renderMeta(route, city, fixtureNews("dated"));
      const documents = jsonLdOf(meta);
      expect(documents.length).toBeGreaterThan(0);
      for (const document of documents) {
        expect(checkJsonLd(document, vocabulary)).toEqual([]);
        expect(googleErrors(document)).toEqual([]);
      }

      const canonical = meta.find((m) => "rel" in m && m.rel === "canonical");
      const pageUrl = canonical && "href" in canonical ? String(canonical.href) : "";
      const page = pageNode(documents, route.id === "home" ? `${SITE_URL}/` : pageUrl);
      expect(page).toBeDefined();

      // Times: in the tags (every page but home, a website) and the JSON-LD alike, or nowhere.
      const times = expectedTimes(route, city);
      const isArticle = route.id !== "home";
      expect(tagOf(meta, "article:published_time")).toBe(isArticle ? times : undefined);
      expect(tagOf(meta, "article:modified_time")).toBe(isArticle ? times : undefined);
      expect(page?.datePublished).toBe(times);
      expect(page?.dateModified).toBe(times);
      if (times) expect(times).toMatch(ISO_DATE_TIME_WITH_ZONE);

      const category = CATEGORIES.find((c) => c.slug === route.id);
      expect(tagOf(meta, "article:section")).toBe(category?.heading);
      expect(tagOf(meta, "og:type")).toBe(isArticle ? "article" : "website");

      // News pages list their stories, in page order, each with its link and title.
      const list = isObject(page?.mainEntity) ? page.mainEntity : undefined;
      if (route.id === "home" || category?.fed) {
        const items = Array.isArray(list?.itemListElement) ? list.itemListElement : [];
        // The title once: the item's headline (another outlet's story), else the ListItem's name.
        const title = (i: JsonObject) => (isObject(i.item) ? i.item.headline : i.name);
        expect(items.map((i) => isObject(i) && { url: i.url, name: title(i) })).toEqual(
          expectedStories(route),
        );
        if (route.id !== "home") expect(items.length).toBeLessThanOrEqual(PAGE_STORIES);
      } else {
        expect(list).toBeUndefined();
      }
    });
  },
);

describe("a city without climate normals of its own (a new one)", () => {
  it("gives its weather page no times, and valid JSON-LD", async () => {
    const city = fixtureCity({ content: { pages: { weather: { history: null, normals: null } } } });
    const route = ROUTES.find((r) => r.id === "weather");
    if (!route) throw new Error("no weather route");
    const meta = await renderMeta(route, city, fixtureNews("dated"));
    expect(tagOf(meta, "article:published_time")).toBeUndefined();
    expect(tagOf(meta, "article:modified_time")).toBeUndefined();
    const documents = jsonLdOf(meta);
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) expect(checkJsonLd(document, vocabulary)).toEqual([]);
    expect(JSON.stringify(documents)).not.toContain("datePublished");
  });
});

describe("a news page's ItemList", () => {
  it.each(
    ROUTES.filter((r) => r.id === "home" || r.id === "world-news").map(
      (r) => [r.pattern, r] as const,
    ),
  )(
    "%s names each story's publisher: the page gathers other outlets' stories",
    async (_pattern, route) => {
      const meta = await renderMeta(route, CITY, fixtureNews("dated"));
      const documents = jsonLdOf(meta);
      for (const document of documents) expect(checkJsonLd(document, vocabulary)).toEqual([]);
      const page = pageNode(documents, `${SITE_URL}${route.pattern}`);
      const list = isObject(page?.mainEntity) ? page.mainEntity : undefined;
      const items = Array.isArray(list?.itemListElement) ? list.itemListElement : [];
      expect(items.length).toBeGreaterThan(0);
      for (const entry of items) {
        const item = isObject(entry) && isObject(entry.item) ? entry.item : undefined;
        expect(item?.["@type"]).toBe("NewsArticle");
        expect(item?.publisher).toEqual({ "@type": "Organization", name: "Example News" });
        // Its link and title said once each: the ListItem's url, the item's headline.
        expect(isObject(entry) && entry.url).toMatch(/^https?:/);
        expect(item?.url).toBeUndefined();
        expect(isObject(entry) && entry.name).toBeUndefined();
        expect(typeof item?.headline).toBe("string");
        // Its date is its own page's and this page's <time>: not said a third time.
        expect(item?.datePublished).toBeUndefined();
      }
    },
  );
});

describe("a news page whose stories have no date", () => {
  const newsRoutes = ROUTES.filter((r) => r.id === "home" || r.id === "world-news");

  it.each(newsRoutes.map((r) => [r.pattern, r] as const))(
    "%s gets no times, and still lists its stories",
    async (_pattern, route) => {
      const meta = await renderMeta(route, CITY, fixtureNews("undated"));
      expect(tagOf(meta, "article:published_time")).toBeUndefined();
      expect(tagOf(meta, "article:modified_time")).toBeUndefined();
      const text = JSON.stringify(jsonLdOf(meta));
      expect(text).not.toContain("datePublished");
      expect(text).toContain('"ItemList"');
    },
  );

  it.each(newsRoutes.map((r) => [r.pattern, r] as const))(
    "%s still loading has no times, and lists only what it shows",
    async (_pattern, route) => {
      const meta = await renderMeta(route, CITY, fixtureNews("none"));
      const documents = jsonLdOf(meta);
      for (const document of documents) expect(checkJsonLd(document, vocabulary)).toEqual([]);
      expect(JSON.stringify(documents)).not.toContain("datePublished");
      // Home shows its built-in featured story meanwhile; a category page, no story.
      const featured = CITY.content.news.featuredStory;
      const page = pageNode(documents, `${SITE_URL}${route.pattern === "/" ? "/" : route.pattern}`);
      const list = isObject(page?.mainEntity) ? page.mainEntity : undefined;
      if (route.id === "home") {
        expect(list?.itemListElement).toEqual([
          { "@type": "ListItem", position: 1, url: featured.url, name: featured.title },
        ]);
      } else {
        expect(list).toBeUndefined();
      }
    },
  );
});

describe("content dates", () => {
  it("are the start of the city's day with its offset, daylight saving or not", async () => {
    // Central time: daylight saving (-05:00) until 2 a.m. on 1 November 2026, then -06:00.
    const city = fixtureCity({
      timeZone: "America/Chicago",
      content: {
        pages: {
          legal: { updated: "2026-11-01" },
          faq: { updated: "2026-10-15" },
          careers: {
            openings: ["2026-10-20", "2026-11-12"].map((datePosted, i) => ({
              title: `Opening ${i + 1}`,
              department: "Newsroom",
              type: "Full-time",
              description: "A job in the newsroom.",
              datePosted,
            })),
          },
        },
      },
    });
    const at = async (id: string) => {
      const route = ROUTES.find((r) => r.id === id);
      if (!route) throw new Error(id);
      return tagOf(await renderMeta(route, city, fixtureNews("dated")), "article:modified_time");
    };
    expect(await at("privacy-policy")).toBe("2026-11-01T00:00:00-05:00");
    expect(await at("faq")).toBe("2026-10-15T00:00:00-05:00");
    expect(await at("careers")).toBe("2026-11-12T00:00:00-06:00");
  });
});
