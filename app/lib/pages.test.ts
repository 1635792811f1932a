import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../sites/categories";
import routes from "../routes";
import { FEED_PATHS } from "./feeds";
import {
  FOOTER_COLUMNS,
  HEADER_MAIN,
  HEADER_MORE,
  HEADER_PAGES,
  PAGES,
  PUBLIC_PAGES,
  SITE_NAVIGATION,
  type PageId,
} from "./pages";
import { SPEC_HEADER_PATHS } from "../../tests/support/spec-header";

/** docs/product.md §2 route table: inside the shared layout. */
const SPEC_LAYOUT_PATHS = [
  "/",
  "/local-news",
  "/national-news",
  "/world-news",
  "/politics",
  "/business",
  "/technology",
  "/automotive",
  "/real-estate",
  "/health",
  "/food",
  "/lifestyle",
  "/local-events",
  "/archives",
  "/arts-culture",
  "/opinion",
  "/sports",
  "/weather",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/privacy",
  "/terms",
  "/careers",
  "/partners",
  "/faq",
];

/** Pages the spec does not have, each added by a decision (docs/decisions/) or an issue. */
const ADDED_LAYOUT_PATHS = ["/search", "/about", "/corrections"];

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

const toPath = (r: RouteEntry) => (r.index ? "/" : `/${r.path ?? ""}`);

describe("the route table", () => {
  const entries = routes as RouteEntry[];
  const layout = entries.find((r) => r.file === "layouts/site.tsx");

  it("puts exactly the spec's routes, and those decisions added, inside the shared layout", () => {
    expect(layout?.children?.map(toPath).sort()).toEqual(
      [...SPEC_LAYOUT_PATHS, ...ADDED_LAYOUT_PATHS].sort(),
    );
  });

  it("puts /radio, /books, the redirects, robots, sitemap, the feeds and the catch-all outside it", () => {
    const outside = entries.filter((r) => r !== layout).map(toPath);
    expect(outside).toEqual([
      "/radio",
      "/books",
      "/automotive-energy",
      "/masthead",
      "/api/articles",
      "/api/donation",
      "/robots.txt",
      "/sitemap.xml",
      // The site's own feeds (issue 54), and where readers look for them first.
      ...FEED_PATHS,
      "/rss",
      "/feed",
      "/*",
    ]);
  });

  it("describes every page it serves", () => {
    const served = [...(layout?.children ?? []), ...entries].map(toPath);
    for (const page of PUBLIC_PAGES) expect(served).toContain(page.path);
    // The spec's, home and /radio and /books (outside the layout), and issue 53's who we are.
    expect(PUBLIC_PAGES).toHaveLength(SPEC_LAYOUT_PATHS.length + 2 + 2);
  });
});

describe("navigation", () => {
  it("lists the header's 21 links in the spec's order", () => {
    expect(HEADER_PAGES.map((id) => PAGES[id].path)).toEqual(SPEC_HEADER_PATHS);
  });

  it("has the footer columns Sections, More and Legal, with the legal and careers links", () => {
    expect(FOOTER_COLUMNS.map((c) => c.title)).toEqual(["Sections", "More", "Legal"]);
    const paths = FOOTER_COLUMNS.flatMap((c) => c.pages.map((id) => PAGES[id].path));
    expect(paths).toEqual(
      expect.arrayContaining(["/privacy-policy", "/terms-of-service", "/careers"]),
    );
    // Who we are (issue 53), beside the FAQ.
    expect(paths).toEqual(expect.arrayContaining(["/about", "/corrections", "/faq"]));
  });
});

describe("the header's row and More", () => {
  it("puts the ten main sections of docs/design.md on the row, in the header's order", () => {
    expect(HEADER_MAIN.map((id) => PAGES[id].label)).toEqual([
      "Home",
      "Local",
      "National",
      "World",
      "Politics",
      "Business",
      "Sports",
      "Arts & Culture",
      "Opinion",
      "Weather",
    ]);
  });

  it("puts every other header link under More, in the header's order, each link once", () => {
    expect(HEADER_MORE).toEqual(HEADER_PAGES.filter((id) => !HEADER_MAIN.includes(id)));
    expect([...HEADER_MAIN, ...HEADER_MORE].sort()).toEqual([...HEADER_PAGES].sort());
  });

  it("takes each category's place from its row in the table", () => {
    for (const c of CATEGORIES) {
      expect(PAGES[c.slug].nav).toBe(c.nav);
      expect(HEADER_MAIN.includes(c.slug)).toBe(c.nav === "main");
    }
  });

  it("gives a place to every page the header links to, and to no other page", () => {
    const placed = (Object.keys(PAGES) as PageId[]).filter((id) => PAGES[id].nav !== undefined);
    expect(placed.sort()).toEqual([...HEADER_PAGES].sort());
  });
});

describe("the links the layout's loader gives the page", () => {
  it("gives the header's links in its order, with their short labels and places", () => {
    expect(SITE_NAVIGATION.header).toEqual(
      HEADER_PAGES.map((id) => ({
        path: PAGES[id].path,
        text: PAGES[id].label,
        more: HEADER_MORE.includes(id),
      })),
    );
    expect(SITE_NAVIGATION.header.map((l) => l.path)).toEqual(SPEC_HEADER_PATHS);
    expect(SITE_NAVIGATION.header.filter((l) => !l.more).map((l) => l.text)).toEqual(
      HEADER_MAIN.map((id) => PAGES[id].label),
    );
  });

  it("gives the footer's columns, each link named by its page's heading", () => {
    expect(SITE_NAVIGATION.footer).toEqual(
      FOOTER_COLUMNS.map((c) => ({
        title: c.title,
        links: c.pages.map((id) => ({ path: PAGES[id].path, text: PAGES[id].heading })),
      })),
    );
    expect(SITE_NAVIGATION.footer[0]?.links[0]).toEqual({
      path: "/local-news",
      text: "Local News",
    });
    expect(SITE_NAVIGATION.contact).toEqual({ path: "/contact", text: "Contact Us" });
  });

  it("is plain data: it reaches the browser as the loader's JSON", () => {
    expect(JSON.parse(JSON.stringify(SITE_NAVIGATION))).toEqual(SITE_NAVIGATION);
  });
});
