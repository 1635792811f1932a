import { CACHE_CONTROL } from "../../common/cache-control";
import { PUBLIC_PAGES } from "~/lib/pages";
import { escapeXml } from "../../common/xml";
import { publicPath } from "../../common/slugs";
import type { Route } from "./+types/sitemap";
import { FEED_PATHS } from "~/lib/feeds";
import { cityContext } from "~/lib/city-context";

/**
 * Every public route as an absolute URL (the not-found and redirect routes are left out), and
 * every page's feeds. A city
 * with several editions lists each page in each, and every entry names all its counterparts
 * (`xhtml:link rel="alternate" hreflang`, with x-default the city's default edition), as
 * https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap
 * describes; whichever edition's sitemap is asked for, it is the same list.
 */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  const { alternates } = context.edition;
  // Each edition's address of a page: its base and the page's path in its language.
  const own = { base: context.siteUrl, slugs: context.edition.slugs };
  const editions = alternates.length ? alternates : [own];
  // The pages, then their own feeds (issue 54): home's, each category's, the weather alerts'.
  const paths = [...PUBLIC_PAGES.map((page) => page.path), ...FEED_PATHS];
  const urls = paths.flatMap((path) => {
    const at = (alt: (typeof editions)[number]) => `${alt.base}${publicPath(path, alt.slugs)}`;
    return editions.map((edition) => {
      const loc = `    <loc>${escapeXml(at(edition))}</loc>`;
      if (alternates.length === 0) return `  <url><loc>${escapeXml(at(edition))}</loc></url>`;
      const links = [
        ...alternates.map((alt) => [alt.locale, at(alt)] as const),
        ["x-default", at(alternates[0] ?? edition)] as const,
      ].map(
        ([hreflang, href]) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
      );
      return ["  <url>", loc, ...links, "  </url>"].join("\n");
    });
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    alternates.length
      ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
      : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE_CONTROL.file,
    },
  });
}
