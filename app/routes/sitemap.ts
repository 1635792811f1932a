import { CACHE_CONTROL } from "../../common/cache-control";
import { PUBLIC_PAGES } from "~/lib/pages";
import { escapeXml } from "../../common/xml";
import type { Route } from "./+types/sitemap";

/** Every public route as an absolute URL (the not-found and redirect routes are left out). */
export function loader({ context }: Route.LoaderArgs) {
  const urls = PUBLIC_PAGES.map(
    (page) => `  <url><loc>${escapeXml(`${context.siteUrl}${page.path}`)}</loc></url>`,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
