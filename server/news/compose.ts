import { linkKey, titleKey } from "../../common/story-keys";
import type { Outlet, StoredArticle } from "./store";

/**
 * Fewest recent stories a category shows before older ones fill in (issue 25): a page with this
 * many stories of its window shows those alone; with fewer, older stories follow them.
 */
export const MIN_RECENT = 5;

/** One feed's article, with what composing a category needs of it. */
export interface Candidate<T extends StoredArticle = StoredArticle> {
  article: T;
  /** Its feed (copies from two feeds with the same headline are one story; from one, two). */
  feedId: number;
}

export interface Composed<T extends StoredArticle> {
  articles: T[];
  /**
   * When what was composed changes by time alone (a recent story leaves the window), as epoch
   * ms; Infinity when it never does.
   */
  changesAt: number;
}

/**
 * A category's stories as its pages show them, from its feeds' articles newest first:
 *  1. Each story once. Copies with the same link, or the same headline from two feeds (a wire
 *     story), are one story: the copy published first is kept, and the others are credited on
 *     it as `alsoAt` (their outlets and links).
 *  2. Recent first and alone when there are enough: with at least MIN_RECENT stories published
 *     within `windowMs` of `now`, only those; else the recent ones and then the older ones (a
 *     quiet category still shows something). Undated stories count as old. No window (the
 *     archives): every story.
 *  3. At most `limit`.
 */
export function composeCategory<T extends StoredArticle>(
  sorted: readonly Candidate<T>[],
  { now, windowMs, limit }: { now: number; windowMs: number | null; limit: number },
): Composed<T> {
  const stories = mergeCopies(sorted);
  if (windowMs === null) return { articles: stories.slice(0, limit), changesAt: Infinity };
  const since = now - windowMs;
  const recent = stories.filter((a) => a.publishedAt !== null && a.publishedAt >= since);
  if (recent.length < MIN_RECENT) return { articles: stories.slice(0, limit), changesAt: Infinity };
  const shown = recent.slice(0, limit);
  // The list changes when the oldest recent story it holds leaves the window, or sooner when
  // that leaves too few: either way, at the oldest recent story's exit.
  const oldest = Math.min(...recent.map((a) => a.publishedAt as number));
  return { articles: shown, changesAt: oldest + windowMs };
}

/** A story and its copies from other feeds. */
interface Group<T extends StoredArticle> {
  kept: Candidate<T>;
  copies: Candidate<T>[];
  feeds: Set<number>;
}

/**
 * `sorted` (newest first) with each story once: copies merged into the earliest-published one
 * (an undated copy counts as the latest), which keeps its own place in the order.
 */
function mergeCopies<T extends StoredArticle>(sorted: readonly Candidate<T>[]): T[] {
  const byKey = new Map<string, Group<T>>();
  const groups: Group<T>[] = [];
  for (const candidate of sorted) {
    const link = linkKey(candidate.article.url);
    const title = titleKey(candidate.article.title);
    const byLink = link ? byKey.get(`link:${link}`) : undefined;
    // The same headline is the same story only from another feed: one feed's recurring
    // headlines ("Your Tuesday evening briefing: …") are different days' stories.
    const byTitle = title ? byKey.get(`title:${title}`) : undefined;
    const group = byLink ?? (byTitle && !byTitle.feeds.has(candidate.feedId) ? byTitle : undefined);
    if (group) {
      group.copies.push(candidate);
      group.feeds.add(candidate.feedId);
      if (earlier(candidate.article, group.kept.article)) {
        group.copies[group.copies.length - 1] = group.kept;
        group.kept = candidate;
      }
    } else {
      const created: Group<T> = { kept: candidate, copies: [], feeds: new Set([candidate.feedId]) };
      groups.push(created);
      if (link) byKey.set(`link:${link}`, created);
      if (title) byKey.set(`title:${title}`, created);
      continue;
    }
    if (link && !byKey.has(`link:${link}`)) byKey.set(`link:${link}`, group);
    if (title && !byKey.has(`title:${title}`)) byKey.set(`title:${title}`, group);
  }
  const place = new Map(sorted.map((c, i) => [c, i]));
  return groups
    .sort((a, b) => (place.get(a.kept) ?? 0) - (place.get(b.kept) ?? 0))
    .map(({ kept, copies }) => {
      if (copies.length === 0) return kept.article;
      const alsoAt = outlets(kept.article, copies);
      return alsoAt.length ? { ...kept.article, alsoAt } : kept.article;
    });
}

/** Whether `a` was published before `b` (an undated story after every dated one). */
function earlier(a: StoredArticle, b: StoredArticle): boolean {
  if (a.publishedAt === null) return false;
  return b.publishedAt === null || a.publishedAt < b.publishedAt;
}

/** The other outlets of a story: each publisher once, not the kept copy's own, with a link. */
function outlets(kept: StoredArticle, copies: readonly Candidate[]): Outlet[] {
  const seen = new Set([kept.source]);
  const list: Outlet[] = [];
  for (const { article } of copies) {
    if (seen.has(article.source) || article.url === "#") continue;
    seen.add(article.source);
    list.push({ source: article.source, url: article.url });
  }
  return list;
}
