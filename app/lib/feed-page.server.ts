import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import type { FeedKey } from "../../sites/categories";
import { newsCacheControl, toNewsBlock } from "./news";

/** A page's loader data for one feed key: the news block and the sidebar resources. */
export function loadFeedPage<T extends object>(context: AppLoadContext, key: FeedKey, extra: T) {
  const block = toNewsBlock(context.news.getCategory(key));
  return data(
    { block, resources: context.content.news.resources[key] ?? null, ...extra },
    { headers: { "Cache-Control": newsCacheControl([block]) } },
  );
}
