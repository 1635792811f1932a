import { translatorFor } from "../../common/i18n";
import { data } from "react-router";
import { z } from "zod";
import { FEED_KEYS, storyCategory } from "../../sites/categories";
import { ARTICLES_API } from "../../common/urls";
import { DATABASE_UNAVAILABLE, RETRY_AFTER_S, isDatabaseUnavailable } from "~/lib/database.server";
import { CACHE_CONTROL } from "../../common/cache-control";
import { storyLanguage } from "~/lib/language";
import { relativeDate } from "~/lib/relative-date";
import type { Route } from "./+types/api.articles";
import { cityContext } from "~/lib/city-context";

/** The English catalogue's translator: the JSON names a story's category in English. */
const ENGLISH = translatorFor("en-US");

const QuerySchema = z.object({
  category: z
    .array(z.enum(FEED_KEYS))
    .min(1)
    .max(FEED_KEYS.length)
    .refine((keys) => new Set(keys).size === keys.length),
});

/** `limit`: absent, or once, in digits, 1 to ARTICLES_API.maxLimit. */
const LimitSchema = z
  .array(
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number),
  )
  .max(1)
  .transform(([limit]) => limit)
  .pipe(z.number().int().min(1).max(ARTICLES_API.maxLimit).optional());

/**
 * GET /api/articles?category=KEY[&category=KEY…][&limit=N]: the stored articles of a category as
 * JSON, its state and when it was last refreshed. With several keys, their articles together,
 * newest first, each story once (home's News Feed asks for home's six sections this way). At
 * most `limit` of them (15 when absent): a News Feed asks for as many as it needs to see every
 * headline it lists (NewsFeedProps.depth).
 */
export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.safeParse({ category: params.getAll(ARTICLES_API.params[0]) });
  const limit = LimitSchema.safeParse(params.getAll(ARTICLES_API.params[1]));
  if (!query.success || !limit.success) {
    const t = translatorFor(context.site.locale);
    const error = query.success
      ? t("news.api.badLimit", { max: String(ARTICLES_API.maxLimit) })
      : t("news.api.badCategory", { keys: FEED_KEYS.join(", ") });
    return data({ error } as const, {
      status: 400,
      headers: { "Cache-Control": CACHE_CONTROL.none },
    });
  }
  const keys = query.data.category;
  let news: Awaited<ReturnType<typeof context.news.getCategories>>;
  try {
    news = await context.news.getCategories(keys, limit.data);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    // What is in memory is served; what had to be read from the database cannot be, for now.
    return data({ error: DATABASE_UNAVAILABLE } as const, {
      status: 503,
      headers: { "Cache-Control": CACHE_CONTROL.none, "Retry-After": String(RETRY_AFTER_S) },
    });
  }
  const city = { locale: context.site.locale, timeZone: context.site.timeZone };
  return data(
    {
      ...(keys.length === 1 ? { category: keys[0] } : {}),
      categories: keys,
      state: news.state,
      error: news.error,
      updatedAt: news.updatedAt === null ? null : new Date(news.updatedAt).toISOString(),
      articles: news.articles.map((a) => ({
        id: String(a.id),
        title: a.title,
        summary: a.summary,
        date: a.publishedAt === null ? null : new Date(a.publishedAt).toISOString(),
        relativeDate: relativeDate(a.publishedAt, context.now, city),
        image: a.image,
        // Its category's label in English, whatever the edition's language (as it has always been).
        category: storyCategory(a.category, ENGLISH),
        url: a.url,
        // Its publisher, and its language where it is not the city's (as pages show them).
        source: a.source,
        ...storyLanguage(a.language, context.site.locale),
        // A paid post a listing keeps is labelled so.
        ...(a.sponsored ? { sponsored: true } : {}),
      })),
    },
    {
      headers: {
        "Cache-Control": news.state === "ready" ? CACHE_CONTROL.news : CACHE_CONTROL.none,
      },
    },
  );
}
