import { isRecent, type FeedKey } from "../sites/categories";

/** What the lead is chosen by of a stored story (server/news/store.ts StoredArticle). */
interface Candidate {
  publishedAt: number | null;
  sponsored?: boolean;
}

/**
 * The home page's lead: the newest local story while it is recent; else, while another of
 * home's sections has a recent story, the newest of those (a stale local feed never leads with
 * an old story over today's news); else the newest local story. None without a local story:
 * the site's built-in featured story stands in (docs/product.md §2).
 */
export function leadStory<A extends Candidate>(
  categories: readonly { key: FeedKey; news: { articles: readonly A[] } }[],
  now: number,
): A | undefined {
  const [local] = categories;
  // A paid post a listing keeps is listed, labelled, but never leads.
  const firstLocal = local?.news.articles.find((a) => !a.sponsored);
  if (!local || !firstLocal) return undefined;
  if (isRecent(firstLocal.publishedAt, local.key, now)) return firstLocal;
  const recent = categories.flatMap(({ key, news }) =>
    news.articles.filter((a) => !a.sponsored && isRecent(a.publishedAt, key, now)).slice(0, 1),
  );
  const newest = recent.sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0))[0];
  return newest ?? firstLocal;
}
