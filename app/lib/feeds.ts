import type { MetaDescriptor } from "react-router";
import { publicPath, type FEED_FILES, type Slugs } from "../../common/slugs";
import { CATEGORIES } from "../../sites/categories";

// The site's own feeds (issue 54): home, every category page and the weather page's alerts each
// offer their stories as RSS 2.0, Atom 1.0 and JSON Feed 1.1, under the page's path in the
// edition's language (/rss.xml, /local-news/atom.xml, /es/noticias-locales/feed.json). The
// documents are written by feeds.server.ts; this file only names them (the pages' <head>, the
// footer, the sitemap), so that it can be in a page's bundle.

/** A feed format: its file name under the page's path, its media type, and its name for people. */
export interface FeedFormat {
  id: "rss" | "atom" | "json";
  file: (typeof FEED_FILES)[number];
  type: string;
  label: string;
}

export const FEED_FORMATS: readonly FeedFormat[] = [
  { id: "rss", file: "rss.xml", type: "application/rss+xml", label: "RSS" },
  { id: "atom", file: "atom.xml", type: "application/atom+xml", label: "Atom" },
  { id: "json", file: "feed.json", type: "application/feed+json", label: "JSON Feed" },
];

/** The pages that have feeds: home, each category with feeds, and the weather page's alerts. */
export const FEED_PAGES: readonly string[] = [
  "/",
  ...CATEGORIES.filter((c) => c.fed).map((c) => `/${c.slug}`),
  "/weather",
];

/** The route's path of a page's feed in `format` (/rss.xml for home, /local-news/rss.xml). */
export function feedRoutePath(pagePath: string, format: FeedFormat): string {
  return `${pagePath === "/" ? "" : pagePath}/${format.file}`;
}

/** Every feed's route path, each page's three formats. */
export const FEED_PATHS: readonly string[] = FEED_PAGES.flatMap((page) =>
  FEED_FORMATS.map((format) => feedRoutePath(page, format)),
);

/** A page's feed as a reader's app asks for it: the edition's base and the translated path. */
export function feedUrl(
  base: string,
  pagePath: string,
  format: FeedFormat,
  slugs: Slugs | undefined,
): string {
  return `${base}${publicPath(feedRoutePath(pagePath, format), slugs)}`;
}

/**
 * The three `<link rel="alternate">` of a page that has feeds, each titled ("Local News — RSS"),
 * so that a browser's or a feed reader's discovery finds them.
 */
export function feedAlternates(
  base: string,
  pagePath: string,
  title: string,
  slugs: Slugs | undefined,
): MetaDescriptor[] {
  return FEED_FORMATS.map((format) => ({
    tagName: "link",
    rel: "alternate",
    type: format.type,
    title: `${title} (${format.label})`,
    href: feedUrl(base, pagePath, format, slugs),
  }));
}
