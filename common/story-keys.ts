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

/** A story as a page lists it, and where it came from (its feed, or its publisher). */
interface Listed {
  /** The stored story's id when it has one: the same row is the same story, link or none. */
  id?: string | number;
  url: string;
  title: string;
}

/**
 * The stories a page has shown: a story is among them when one is the same stored story (its
 * id: a story without a link, or with a headline too short to tell, is still itself), has its
 * link, or its headline from another origin (feed or publisher): one origin's recurring
 * headlines ("Your evening briefing: …") are different days' stories.
 */
export class ShownStories {
  private readonly ids = new Set<string>();
  private readonly links = new Set<string>();
  private readonly titles = new Map<string, Set<string>>();

  has(story: Listed, origin = ""): boolean {
    if (story.id !== undefined && this.ids.has(String(story.id))) return true;
    const link = linkKey(story.url);
    if (link && this.links.has(link)) return true;
    const title = titleKey(story.title);
    const origins = title ? this.titles.get(title) : undefined;
    return !!origins && [...origins].some((o) => o !== origin);
  }

  add(story: Listed, origin = ""): void {
    if (story.id !== undefined) this.ids.add(String(story.id));
    const link = linkKey(story.url);
    if (link) this.links.add(link);
    const title = titleKey(story.title);
    if (title) {
      let origins = this.titles.get(title);
      if (!origins) this.titles.set(title, (origins = new Set()));
      origins.add(origin);
    }
  }
}

/**
 * The stories of `list` that a page has not shown yet (ShownStories), each once, in order, at
 * most `limit`; what it keeps is added to `shown`. A story's origin is its publisher.
 */
export function notShown<T extends Listed & { source?: string }>(
  list: readonly T[],
  shown: ShownStories,
  limit = Infinity,
): T[] {
  const kept: T[] = [];
  for (const story of list) {
    if (kept.length >= limit) break;
    if (shown.has(story, story.source)) continue;
    shown.add(story, story.source);
    kept.push(story);
  }
  return kept;
}
