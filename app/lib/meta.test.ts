import { describe, expect, it } from "vitest";
import { SITES } from "../../sites/registry";
import { buildMeta, pageTitle } from "./meta";
import { PAGES } from "./pages";
import { toPublicSite } from "./site";

const site = toPublicSite(SITES.austin);
const siteUrl = "https://news.example.test";

function find(meta: ReturnType<typeof buildMeta>, key: string, value: string) {
  return meta.find((m) => (m as Record<string, unknown>)[key] === value) as
    Record<string, unknown> | undefined;
}

describe("buildMeta", () => {
  const meta = buildMeta({ site, siteUrl, page: PAGES.weather });

  it("sets the title, description and canonical URL from the site URL and path", () => {
    expect(meta).toContainEqual({ title: "Weather | Austin City Wire" });
    expect(find(meta, "name", "description")?.content).toMatch(/^Austin weather/);
    expect(find(meta, "rel", "canonical")?.href).toBe("https://news.example.test/weather");
  });

  it("describes the 1200×630 social image and the Twitter card", () => {
    expect(find(meta, "property", "og:image")?.content).toBe(
      "https://news.example.test/social/austin-1200x630.png",
    );
    expect(find(meta, "property", "og:image:width")?.content).toBe("1200");
    expect(find(meta, "property", "og:image:height")?.content).toBe("630");
    expect(find(meta, "property", "og:url")?.content).toBe("https://news.example.test/weather");
    expect(find(meta, "property", "og:site_name")?.content).toBe("Austin City Wire");
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("places the page with geo tags from the site config", () => {
    expect(find(meta, "name", "geo.region")?.content).toBe("US-TX");
    expect(find(meta, "name", "geo.placename")?.content).toBe("Austin");
    expect(find(meta, "name", "geo.position")?.content).toBe("30.2672;-97.7431");
    expect(find(meta, "name", "ICBM")?.content).toBe("30.2672, -97.7431");
  });

  it.each([
    ["home", PAGES.home, ["NewsMediaOrganization", "WebSite"]],
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

describe("pageTitle", () => {
  it("leads with the publication on home", () => {
    expect(pageTitle(site, PAGES.home)).toBe(
      "Austin City Wire: Austin News, Weather, Sports & Events",
    );
  });
});
