import { CACHE_CONTROL } from "../../common/cache-control";
import type { Route } from "./+types/robots";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${context.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": CACHE_CONTROL.file,
    },
  });
}
