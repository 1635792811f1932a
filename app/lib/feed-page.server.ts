import { data } from "react-router";
import { translatorFor } from "../../common/i18n";
import { categoryHeading, categoryText, type FeedKey } from "../../sites/categories";
import { orUnavailable } from "./database.server";
import { newsCacheControl, toNewsBlock } from "./news";
import type { MetaInput } from "./meta";
import { newsPageMeta } from "./page-meta.server";
import type { LoadContext } from "../../server/context";

/**
 * A page's loader data for one feed key: its heading and its category's noun (the loading text's)
 * in the site's language, the news block, the sidebar resources and the page's meta tags.
 */
export async function loadFeedPage<T extends object>(
  context: LoadContext,
  key: FeedKey,
  page: MetaInput["page"],
  extra: T,
) {
  const block = toNewsBlock(
    await orUnavailable(context.news.getCategory(key)),
    context.site.locale,
  );
  const t = translatorFor(context.site.locale);
  const text = categoryText(key);
  return data(
    {
      heading: categoryHeading({ text }, t),
      noun: t(text.noun),
      block,
      resources: context.content.news.resources[key] ?? null,
      meta: newsPageMeta(context, page, block.articles),
      ...extra,
    },
    { headers: { "Cache-Control": newsCacheControl([block]) } },
  );
}
