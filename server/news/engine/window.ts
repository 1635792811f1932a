import { newestFirst, type FeedArticle, type NewestKey } from "../store";

/** A stored article its listing does not show, kept only for its place in the feed's order. */
export interface Unshown extends NewestKey {
  uid: string;
  unshown: true;
}

/**
 * A feed's newest stored articles (PER_FEED_LIMIT of them, as the store's `newest` reads them),
 * in that order: those its listing shows as pages credit them, the others by their place only.
 * Kept so that a refresh's write can be merged in memory (mergeWindow), the cut at the limit
 * falling where a read would make it.
 */
export type FeedWindow = readonly (FeedArticle | Unshown)[];

/** Whether a window's entry is shown (not Unshown). */
export function isShown(entry: FeedArticle | Unshown): entry is FeedArticle {
  return !("unshown" in entry);
}

/** An article its listing does not show, reduced to its place in the feed's order. */
export function unshown(article: FeedArticle): Unshown {
  const { uid, publishedAt, lastSeen, position, feedId } = article;
  return { uid, publishedAt, lastSeen, position, feedId, unshown: true };
}

/**
 * The feed's newest `limit` after a write, from the window before it and the articles written
 * (each as stored after the write, credited or Unshown), as a read of the store would give
 * them; undefined when memory cannot tell. The stored articles the window left out rank after
 * its last: when the window held fewer than `limit` there are none, and otherwise the merged
 * `limit` are those a read gives only if each ranks before that last one (an article written
 * may have moved down, letting one from beyond the window in).
 */
export function mergeWindow(
  window: FeedWindow,
  written: FeedWindow,
  limit: number,
): FeedWindow | undefined {
  const rewritten = new Set(written.map((entry) => entry.uid));
  const merged = [...written, ...window.filter((entry) => !rewritten.has(entry.uid))]
    .sort(newestFirst)
    .slice(0, limit);
  const last = window.at(-1);
  if (window.length < limit || last === undefined) return merged;
  const cut = merged.at(-1);
  return merged.length === limit && cut && newestFirst(cut, last) < 0 ? merged : undefined;
}
