import { CACHE_CONTROL } from "../../common/cache-control";
import { PUBLIC_PAGES } from "~/lib/pages";
import { escapeXml } from "../../common/xml";
import type { Route } from "./+types/sitemap";

/**
 * Every public route as an absolute URL (the not-found and redirect routes are left out). A city
 * with several editions lists each page in each, and every entry names all its counterparts
 * (`xhtml:link rel="alternate" hreflang`, with x-default the city's default edition), as
 * https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap
 * describes; whichever edition's sitemap is asked for, it is the same list.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { alternates } = context.edition;
  const bases = alternates.length ? alternates.map((alt) => alt.base) : [context.siteUrl];
  const urls = PUBLIC_PAGES.flatMap((page) =>
    bases.map((base) => {
      const loc = `    <loc>${escapeXml(`${base}${page.path}`)}</loc>`;
      if (alternates.length === 0)
        return `  <url><loc>${escapeXml(`${base}${page.path}`)}</loc></url>`;
      const links = [
        ...alternates.map((alt) => [alt.locale, alt.base] as const),
        ["x-default", alternates[0]?.base ?? base] as const,
      ].map(
        ([hreflang, href]) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${href}${page.path}`)}"/>`,
      );
      return ["  <url>", loc, ...links, "  </url>"].join("\n");
    }),
  );
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
