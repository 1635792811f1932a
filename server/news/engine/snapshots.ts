import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { freshWindowMs, type FeedKey } from "../../../sites/categories";
import { composeCategory } from "../compose";
import {
  PER_FEED_LIMIT,
  newestFirst,
  type FeedArticle,
  type FeedRow,
  type StoredArticle,
} from "../store";
import { ALL_FEEDS_FAILED, CATEGORY_POOL, type CategoryNews } from "./category-news";
import { creditOf, showsOf } from "./credit";
import type { FeedBook } from "./feed-book";
import type { EngineOptions } from "./options";
import type { Stored } from "./refresh";
import { isShown, mergeWindow, unshown, type FeedWindow } from "./window";

/** A feed's newest articles as last read or written, and what a page shows of its state. */
interface FeedSnapshot {
  version: number;
  /** What pages show of its newest (the shown entries of `window`). */
  articles: FeedArticle[];
  /** Its newest stored, shown or not (a refresh's write is merged into it: mergeWindow). */
  window: FeedWindow;
  /**
   * Its articles as pages show them under a category (its key, in the order of `articles`), made
   * once per category: every city and category showing the feed shares the same objects (which
   * also lets pictureLinks link each once), rather than each category keeping copies.
   */
  shown?: Map<string, StoredArticle[]>;
  /** What pages show of the feed (its articles, its last success, whether it fails): a digest. */
  signature: string;
}

/**
 * A city's category as last built, the sum of its feeds' versions it was built at, and when time
 * alone changes it (a recent story leaving its window).
 */
interface CategorySnapshot {
  sum: number;
  news: CategoryNews;
  changesAt: number;
}

/**
 * What pages read, from memory: each feed's newest articles (bounded, read when first asked
 * for, then kept up to date by each refresh's write), a city's category merged from them
 * (bounded, built when first asked for), and each feed's version, which grows whenever what a
 * page shows of it changes (a category's version is the sum of its feeds').
 */
export class Snapshots {
  /** Each served city's feed ids by category (feedIds), made when first asked for. */
  private readonly cityFeedIds = new Map<string, Map<FeedKey, readonly number[]>>();
  private readonly idLists = new WeakMap<readonly string[], readonly number[]>();
  private readonly versions = new Map<number, number>();
  /** How many times any feed's version moved (changes). */
  private changed = 0;
  private readonly feedSnapshots: LRUCache<number, FeedSnapshot>;
  private readonly categories: LRUCache<string, CategorySnapshot>;
  private readonly listeners = new Set<(feedUrl: string) => void>();

  constructor(
    private readonly options: EngineOptions,
    private readonly feeds: FeedBook,
    private readonly now: () => number,
  ) {
    this.feedSnapshots = new LRUCache({ max: options.feedCacheSize ?? 2_000 });
    this.categories = new LRUCache({ max: options.categoryCacheSize ?? 10_000 });
  }

  /**
   * A count that moves whenever any feed's version does: while it stays, every version() answer
   * stays too (the page cache then need not ask for each of a page's categories).
   */
  changes(): number {
    return this.changed;
  }

  /** How many times what a city's category shows has changed (pages cached from it compare it). */
  version(city: string, key: FeedKey): number {
    return this.versionSum(this.feedIds(city, key));
  }

  /** Calls `listener` with a feed's URL whenever what pages show of it changes; returns how to stop. */
  onChange(listener: (feedUrl: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The feeds whose snapshot is in memory (read again after a prune). */
  cachedFeeds(): number[] {
    return [...this.feedSnapshots.keys()];
  }

  /** A city's category: its feeds' newest articles merged (15 per feed, 15 in all). */
  async getCategory(city: string, key: FeedKey): Promise<CategoryNews> {
    const ids = this.feedIds(city, key);
    const sum = this.versionSum(ids);
    const cacheKey = `${city}\u0000${key}`;
    const cached = this.categories.get(cacheKey);
    if (cached && cached.sum === sum && this.now() < cached.changesAt) return cached.news;
    const { news, changesAt } = await this.build(key, ids);
    // Kept under the versions it was built at: a refresh meanwhile makes the next read build again.
    this.categories.set(cacheKey, { sum, news, changesAt });
    return news;
  }

  /**
   * The ids of the feeds a city lists for a category: made once per (city, category), since the
   * page cache asks for a category's version on every hit and subscriptions never change.
   */
  feedIds(city: string, key: FeedKey): readonly number[] {
    let byKey = this.cityFeedIds.get(city);
    if (!byKey) this.cityFeedIds.set(city, (byKey = new Map()));
    let ids = byKey.get(key);
    if (!ids) {
      // Cities listing the same URLs (Subscriptions shares their list) share one list of ids.
      const urls = this.options.subscriptions.feedsOf(city, key);
      ids = this.idLists.get(urls);
      if (!ids) {
        ids = urls
          .map((url) => this.feeds.ids.get(url))
          .filter((id): id is number => id !== undefined);
        this.idLists.set(urls, ids);
      }
      byKey.set(key, ids);
    }
    return ids;
  }

  /**
   * Takes in what a refresh stored of a feed: its state as written, and its newest articles
   * merged in memory from those it had and those written, without reading back what was just
   * written. Read from the store only what memory lacks: the newest of a feed with no snapshot
   * here, or whose publisher's name (its title) changed, or whose write moved an article down
   * where one beyond the snapshot might come in (mergeWindow).
   */
  async takeStored(id: number, stored: Stored): Promise<void> {
    const { feed } = stored;
    if (!feed) return;
    const known = this.feeds.rows.get(id);
    const previous = this.feedSnapshots.get(id);
    const window =
      previous?.version === this.versionOf(id) && known?.title === feed.title
        ? this.windowAfter(previous.window, feed, stored.articles)
        : undefined;
    if (!window) return this.reread(id, feed);
    this.feeds.rows.set(id, feed);
    this.replace(id, feed, previous, this.snapshotOfWindow(id, this.versionOf(id), window));
  }

  /** A feed's window after a write (mergeWindow), or undefined when memory cannot tell. */
  private windowAfter(
    window: FeedWindow,
    feed: FeedRow,
    written: FeedArticle[] | undefined,
  ): FeedWindow | undefined {
    if (!written) return window;
    const shows = showsOf(this.options.subscriptions, feed.url);
    const credit = creditOf(this.options.subscriptions, feed.url);
    const entries = written.map((a) => (shows(a) ? credit(a) : unshown(a)));
    return mergeWindow(window, entries, PER_FEED_LIMIT);
  }

  /**
   * Reads a feed's state (unless given, just read) and newest articles again; what a page shows
   * changed: a new version.
   */
  async reread(id: number, given?: FeedRow): Promise<void> {
    const row = given ?? (await this.options.store.feed(id));
    if (!row) return;
    this.feeds.rows.set(id, row);
    const previous = this.feedSnapshots.get(id);
    const snapshot = await this.readFeedSnapshot(id, previous?.version ?? this.versionOf(id));
    this.replace(id, row, previous, snapshot);
  }

  /**
   * A feed's new snapshot kept: under a new version (its listeners told) when what a page shows
   * of it changed, else the previous one kept with the new window.
   */
  private replace(
    id: number,
    row: FeedRow,
    previous: FeedSnapshot | undefined,
    snapshot: FeedSnapshot,
  ): void {
    if (previous?.signature === snapshot.signature && this.versions.has(id)) {
      previous.window = snapshot.window;
      return;
    }
    const version = this.versionOf(id) + 1;
    this.versions.set(id, version);
    this.changed++;
    this.feedSnapshots.set(id, { ...snapshot, version });
    for (const listener of this.listeners) listener(row.url);
  }

  private async readFeedSnapshot(id: number, version: number): Promise<FeedSnapshot> {
    const row = this.feeds.rows.get(id) as FeedRow;
    return this.snapshotFrom(id, version, await this.options.store.newest(row, PER_FEED_LIMIT));
  }

  /** A feed's snapshot of `read` (its newest, as read from the store). */
  private snapshotFrom(id: number, version: number, read: FeedArticle[]): FeedSnapshot {
    const { url } = this.feeds.rows.get(id) as FeedRow;
    const shows = showsOf(this.options.subscriptions, url);
    const credit = creditOf(this.options.subscriptions, url);
    return this.snapshotOfWindow(
      id,
      version,
      read.map((a) => (shows(a) ? credit(a) : unshown(a))),
    );
  }

  /** A feed's snapshot of its window: what pages show of it, and its digest. */
  private snapshotOfWindow(id: number, version: number, window: FeedWindow): FeedSnapshot {
    const row = this.feeds.rows.get(id) as FeedRow;
    const articles = window.filter(isShown);
    const failing = row.consecutiveFailures > 0;
    // Kept as a digest: thousands of feeds' snapshots would otherwise each hold their text twice.
    const signature = createHash("sha1")
      .update(JSON.stringify([row.lastSuccess, failing, this.feeds.attempted.has(id), articles]))
      .digest("base64");
    return { version, articles, window, signature };
  }

  /** A feed's version: how many times what pages show of it changed in this process. */
  private versionOf(id: number): number {
    return this.versions.get(id) ?? 0;
  }

  /** The sum of the versions of `ids`: a category's version. */
  private versionSum(ids: readonly number[]): number {
    let sum = 0;
    for (const id of ids) sum += this.versionOf(id);
    return sum;
  }

  /** A feed's snapshot (its newest articles), from memory (read from the store when not there). */
  private async snapshotOf(id: number): Promise<FeedSnapshot> {
    let snapshot = this.feedSnapshots.get(id);
    if (!snapshot || snapshot.version !== this.versionOf(id)) {
      const version = this.versionOf(id);
      snapshot = await this.readFeedSnapshot(id, version);
      // Kept unless a newer version came meanwhile (a refresh that ended during the read).
      if (version === this.versionOf(id)) this.feedSnapshots.set(id, snapshot);
    }
    return snapshot;
  }

  /**
   * The snapshots of feeds `ids`: from memory, and those missing read from the store in one
   * query (one round trip to PostgreSQL, whatever the number of feeds).
   */
  private async snapshotsOf(ids: readonly number[]): Promise<FeedSnapshot[]> {
    const current = (id: number) => {
      const snapshot = this.feedSnapshots.get(id);
      return snapshot?.version === this.versionOf(id) ? snapshot : undefined;
    };
    const missing = ids.filter((id) => !current(id));
    if (missing.length > 0) {
      const versions = new Map(missing.map((id) => [id, this.versionOf(id)]));
      const rows = missing.map((id) => this.feeds.rows.get(id) as FeedRow);
      const read = await this.options.store.newestOfFeeds(rows, PER_FEED_LIMIT);
      for (const id of missing) {
        const version = versions.get(id) ?? 0;
        // Kept unless a newer version came meanwhile (a refresh that ended during the read).
        if (version === this.versionOf(id))
          this.feedSnapshots.set(id, this.snapshotFrom(id, version, read.get(id) ?? []));
      }
    }
    return Promise.all(ids.map(async (id) => current(id) ?? this.snapshotOf(id)));
  }

  /** A category of the feeds `ids` built from their snapshots (composeCategory), and its state. */
  private async build(
    key: FeedKey,
    ids: readonly number[],
  ): Promise<{ news: CategoryNews; changesAt: number }> {
    const snapshots = await this.snapshotsOf(ids);
    const sorted = snapshots
      .flatMap((snapshot) => {
        const shown = shownAs(snapshot, key);
        return snapshot.articles.map((article, i) => ({ article, shown: shown[i] }));
      })
      .sort((a, b) => newestFirst(a.article, b.article))
      .map(({ article, shown }) => ({ article: shown as StoredArticle, feedId: article.feedId }));
    const { articles, changesAt } = composeCategory(sorted, {
      now: this.now(),
      windowMs: freshWindowMs(key),
      limit: CATEGORY_POOL,
    });
    const rows = ids.map((id) => this.feeds.rows.get(id)).filter((r): r is FeedRow => !!r);
    return { news: categoryState(key, rows, articles, this.feeds.attempted), changesAt };
  }
}

/** A category's news of its feeds' `rows` and its `articles`: ready, loading, or failed. */
function categoryState(
  key: FeedKey,
  rows: readonly FeedRow[],
  articles: StoredArticle[],
  attempted: ReadonlySet<number>,
): CategoryNews {
  const successes = rows.map((f) => f.lastSuccess).filter((t): t is number => t !== null);
  const updatedAt = successes.length ? Math.max(...successes) : null;
  const base = { category: key, updatedAt, articles };
  if (articles.length > 0) return { ...base, state: "ready", error: null };
  if (rows.some((f) => !attempted.has(f.id))) return { ...base, state: "loading", error: null };
  if (rows.length > 0 && rows.every((f) => f.consecutiveFailures > 0)) {
    return { ...base, state: "error", error: ALL_FEEDS_FAILED };
  }
  return { ...base, state: "ready", error: null };
}

/**
 * A feed snapshot's articles as shown under the category `key` (FeedSnapshot.shown), made on
 * first use: each names that category by its key, whatever its row holds (the category that first
 * listed its feed, or text stored before migration 0011), which pages show as its label.
 */
function shownAs(snapshot: FeedSnapshot, key: FeedKey): StoredArticle[] {
  snapshot.shown ??= new Map();
  let shown = snapshot.shown.get(key);
  if (!shown) {
    shown = snapshot.articles.map(
      ({ feedId: _feed, lastSeen: _seen, position: _position, ...article }) =>
        article.category === key ? article : { ...article, category: key },
    );
    snapshot.shown.set(key, shown);
  }
  return shown;
}
