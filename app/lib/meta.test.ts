import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { buildMeta, buildStoryList, newsPageExtras, pageTitle } from "./meta";
import { PAGES } from "./pages";
import { toPublicSite } from "./site";

const site = toPublicSite(fixtureCity());
const siteUrl = "https://news.example.test";

function find(meta: ReturnType<typeof buildMeta>, key: string, value: string) {
  return meta.find((m) => (m as Record<string, unknown>)[key] === value) as
    Record<string, unknown> | undefined;
}

describe("buildMeta", () => {
  const meta = buildMeta({ site, siteUrl, page: PAGES.weather });

  it("sets the title, description and canonical URL from the site URL and path", () => {
    expect(meta).toContainEqual({ title: `Weather | ${site.name}` });
    expect(find(meta, "name", "description")?.content).toMatch(new RegExp(`^${site.city} weather`));
    expect(find(meta, "rel", "canonical")?.href).toBe("https://news.example.test/weather");
  });

  it("describes the 1200×630 social image (drawn for the city) and the Twitter card", () => {
    expect(find(meta, "property", "og:image")?.content).toBe(
      "https://news.example.test/social.png",
    );
    expect(find(meta, "property", "og:image:width")?.content).toBe("1200");
    expect(find(meta, "property", "og:image:height")?.content).toBe("630");
    expect(find(meta, "property", "og:url")?.content).toBe("https://news.example.test/weather");
    expect(find(meta, "property", "og:site_name")?.content).toBe(site.name);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("places the page with geo tags from the site config", () => {
    const { latitude, longitude } = site.geo;
    expect(find(meta, "name", "geo.region")?.content).toBe(`US-${site.stateCode}`);
    expect(find(meta, "name", "geo.placename")?.content).toBe(site.city);
    expect(find(meta, "name", "geo.position")?.content).toBe(`${latitude};${longitude}`);
    expect(find(meta, "name", "ICBM")?.content).toBe(`${latitude}, ${longitude}`);
  });

  it.each([
    ["home", PAGES.home, ["NewsMediaOrganization", "WebSite", "CollectionPage"]],
    ["a category", PAGES["world-news"], ["CollectionPage"]],
    ["a static page", PAGES.contact, ["WebPage"]],
  ])("gives %s the right JSON-LD types", (_name, page, types) => {
    const ld = buildMeta({ site, siteUrl, page }).find((m) => "script:ld+json" in m) as {
      "script:ld+json": { "@type"?: string; "@graph"?: { "@type": string }[] };
    };
    const json = ld["script:ld+json"];
    const found = json["@graph"]?.map((n) => n["@type"]) ?? [json["@type"]];
    expect(found).toEqual(types);
  });

  it("uses a canonical override (the not-found page's /404)", () => {
    const notFound = buildMeta({ site, siteUrl, page: PAGES.faq, canonicalPath: "/404" });
    expect(find(notFound, "rel", "canonical")?.href).toBe("https://news.example.test/404");
  });
});

describe("buildMeta's times, section and stories", () => {
  const dates = { published: "2026-11-22T15:00:00.000Z", modified: "2026-11-22T15:00:00.000Z" };
  const stories = [{ title: "One", url: "https://a.test/1", publishedAt: dates.published }];

  it("gives an article page its times and section, in the tags and the JSON-LD", () => {
    const meta = buildMeta({ site, siteUrl, page: PAGES["world-news"], dates, section: "World" });
    expect(find(meta, "property", "article:published_time")?.content).toBe(dates.published);
    expect(find(meta, "property", "article:modified_time")?.content).toBe(dates.modified);
    expect(find(meta, "property", "article:section")?.content).toBe("World");
    const ld = meta.find((m) => "script:ld+json" in m) as { "script:ld+json": object };
    expect(ld["script:ld+json"]).toMatchObject({
      datePublished: dates.published,
      dateModified: dates.modified,
    });
  });

  it("leaves the times out of home's tags (a website, not an article) but not its JSON-LD", () => {
    const meta = buildMeta({ site, siteUrl, page: PAGES.home, dates, stories });
    expect(find(meta, "property", "article:published_time")).toBeUndefined();
    const ld = meta.find((m) => "script:ld+json" in m) as {
      "script:ld+json": { "@graph": { "@type": string; datePublished?: string }[] };
    };
    const page = ld["script:ld+json"]["@graph"].find((n) => n["@type"] === "CollectionPage");
    expect(page?.datePublished).toBe(dates.published);
  });

  it("sets no times on a page without a date", () => {
    const meta = buildMeta({ site, siteUrl, page: PAGES.radio });
    expect(find(meta, "property", "article:published_time")).toBeUndefined();
    expect(JSON.stringify(meta)).not.toContain("datePublished");
  });
});

describe("newsPageExtras", () => {
  it("dates the page by its newest dated story, whatever its place", () => {
    const extras = newsPageExtras("World News", [
      { title: "a", url: "https://a.test/a", publishedAt: "2026-11-22T10:00:00.000Z" },
      { title: "b", url: "https://a.test/b", publishedAt: null },
      { title: "c", url: "https://a.test/c", publishedAt: "2026-11-22T11:00:00.000Z" },
      { title: "d", url: "https://a.test/d" },
    ]);
    expect(extras.dates).toEqual({
      published: "2026-11-22T11:00:00.000Z",
      modified: "2026-11-22T11:00:00.000Z",
    });
    expect(extras.section).toBe("World News");
    expect(extras.stories).toHaveLength(4);
  });

  it("invents no times when no story has a date", () => {
    expect(newsPageExtras("X", [{ title: "a", url: "#", publishedAt: null }]).dates).toBeNull();
    expect(newsPageExtras(undefined).dates).toBeNull();
  });
});

describe("buildStoryList", () => {
  it("lists the stories in order from position 1, without '#' links or repeats", () => {
    const list = buildStoryList(
      [
        { title: "a", url: "https://a.test/a" },
        { title: "no link", url: "#" },
        { title: "b", url: "/local-news" },
        { title: "a again", url: "https://a.test/a" },
      ],
      siteUrl,
    );
    expect(list).toEqual({
      "@type": "ItemList",
      numberOfItems: 2,
      itemListElement: [
        { "@type": "ListItem", position: 1, url: "https://a.test/a", name: "a" },
        { "@type": "ListItem", position: 2, url: `${siteUrl}/local-news`, name: "b" },
      ],
    });
  });

  it("names another outlet's story's authors as Person objects (issue 53)", () => {
    const list = buildStoryList(
      [
        {
          title: "Hiring freeze at City Hall leaves 300 posts empty",
          url: "https://metro.example/1",
          source: "Metro",
          authors: ["Ana Pérez", "Sam Lee"],
        },
        { title: "Unsigned", url: "https://metro.example/2", source: "Metro" },
      ],
      siteUrl,
    );
    expect(list?.itemListElement).toEqual([
      {
        "@type": "ListItem",
        position: 1,
        url: "https://metro.example/1",
        item: {
          "@type": "NewsArticle",
          headline: "Hiring freeze at City Hall leaves 300 posts empty",
          publisher: { "@type": "Organization", name: "Metro" },
          author: [
            { "@type": "Person", name: "Ana Pérez" },
            { "@type": "Person", name: "Sam Lee" },
          ],
        },
      },
      {
        "@type": "ListItem",
        position: 2,
        url: "https://metro.example/2",
        item: {
          "@type": "NewsArticle",
          headline: "Unsigned",
          publisher: { "@type": "Organization", name: "Metro" },
        },
      },
    ]);
  });

  it("gives no list when no story has a link", () => {
    expect(buildStoryList([{ title: "x", url: "#" }], siteUrl)).toBeUndefined();
  });
});

describe("pageTitle", () => {
  it("leads with the publication on home", () => {
    expect(pageTitle(site, PAGES.home)).toBe(
      `${site.name}: ${site.city} News, Weather, Sports & Events`,
    );
  });
});
