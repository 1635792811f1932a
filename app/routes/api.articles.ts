import { data } from "react-router";
import { z } from "zod";
import { FEED_KEYS } from "../../sites/schema";
import { relativeDate } from "~/lib/relative-date";
import type { Route } from "./+types/api.articles";

/** Short: the engine refreshes feeds every few minutes; browsers and caches may reuse a minute. */
const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

const QuerySchema = z.object({ category: z.enum(FEED_KEYS) });

/** GET /api/articles?category=KEY: a category's stored articles and state, as JSON. */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    return data(
      { error: `category must be one of: ${FEED_KEYS.join(", ")}` },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const news = context.news.getCategory(query.data.category);
  const city = { locale: context.site.locale, timeZone: context.site.timeZone };
  return data(
    {
      category: news.category,
      state: news.state,
      error: news.error,
      updatedAt: news.updatedAt === null ? null : new Date(news.updatedAt).toISOString(),
      articles: news.articles.map((a) => ({
        title: a.title,
        summary: a.summary,
        date: a.publishedAt === null ? null : new Date(a.publishedAt).toISOString(),
        relativeDate: relativeDate(a.publishedAt, context.now, city),
        image: a.image,
        category: a.category,
        url: a.url,
        source: a.feedUrl,
      })),
    },
    { headers: { "Cache-Control": news.state === "ready" ? CACHE_CONTROL : "no-store" } },
  );
}
