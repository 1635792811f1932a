/**
 * What makes two stories the same story on a page (issue 25, "once per page"): the same link, or
 * the same headline from two feeds (a wire story that several outlets run as it came).
 */

/** Query parameters that only track who followed a link: the same story with or without them. */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|cmpid|ocid|smid|rss|ref)$/i;

/**
 * A link as a story's identity: host without "www.", path without a trailing slash, the query
 * without tracking parameters, no fragment; http and https alike. Null for no link ("#").
 */
export function linkKey(url: string): string | null {
  if (!url || url === "#") return null;
  try {
    const u = new URL(url);
    const params = [...u.searchParams].filter(([name]) => !TRACKING.test(name));
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const query = params.length ? `?${new URLSearchParams(params).toString()}` : "";
    const host = u.host.toLowerCase().replace(/^www\./, "");
    return `${host}${u.pathname.replace(/\/+$/, "")}${query}`;
  } catch {
    return url;
  }
}

/**
 * Fewest words a headline needs for two feeds' copies of it to count as one story: short ones
 * ("Letters to the editor", "Morning briefing") recur from many outlets and are not one story.
 */
export const SAME_TITLE_MIN_WORDS = 5;

/**
 * A headline as a story's identity: its letters and digits, accents and case folded, words
 * separated by one space; null when it has too few words to tell one story from another.
 */
export function titleKey(title: string): string | null {
  const words = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length >= SAME_TITLE_MIN_WORDS ? words.join(" ") : null;
}

/** The keys under which a story is known on a page: its link's and its headline's. */
export function storyKeys(story: { url: string; title: string }): string[] {
  const link = linkKey(story.url);
  const title = titleKey(story.title);
  return [...(link ? [`link:${link}`] : []), ...(title ? [`title:${title}`] : [])];
}

/**
 * The stories of `list` that a page has not shown yet (none of their keys in `shown`), each
 * once, in order; what it keeps is added to `shown`.
 */
export function notShown<T extends { url: string; title: string }>(
  list: readonly T[],
  shown: Set<string>,
  limit = Infinity,
): T[] {
  const kept: T[] = [];
  for (const story of list) {
    if (kept.length >= limit) break;
    const keys = storyKeys(story);
    if (keys.some((k) => shown.has(k))) continue;
    for (const k of keys) shown.add(k);
    kept.push(story);
  }
  return kept;
}
