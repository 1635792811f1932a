// npm run bench:store: fills a fresh SQLite database with 100,000 and then 1,000,000 articles
// across the fed categories and prints, for each size, the time of one category read from
// SQLite (the first after opening the database, and the median of warm ones), from the engine's
// in-memory snapshot (what a page render does), and of a full refresh write (every feed's 15
// newest upserted). Figures, not a test. Targets: a SQLite read <= 1 ms at 1M stored articles,
// a snapshot read <= 0.05 ms. Then, for each size, the time of a search (NewsEngine.search: the
// full-text query, ordering, paging and marking) for a rare word, a word in every article, two
// words, prefixes and eight words; target <= 5 ms at 100k. The feeds are one city's ("bench"),
// subscribed to as the network's engine is (news/network.ts); a SQLite read of a category is
// what the engine does when a category is not in memory: each of its feeds' newest 15 from the
// store, merged.
// BENCH_SIZES=100000 npm run bench:store runs the 100k size alone.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FEED_KEYS, type FeedKey } from "../sites/categories";
import { openDatabase } from "../server/db/open";
import { NewsEngine } from "../server/news/engine";
import type { ListedFeed } from "../server/news/feed-report";
import { Subscriptions } from "../server/news/network";
import type { Article } from "../server/news/normalize";
import { CATEGORY_LIMIT, NewsStore, PER_FEED_LIMIT, newestFirst } from "../server/news/store";

const SIZES = (process.env.BENCH_SIZES ?? "100000,1000000").split(",").map(Number);
const FEEDS_PER_CATEGORY = 4;
const T0 = Date.parse("2026-11-22T12:00:00Z");
const SUMMARY = "A summary of the kind a feed gives, cut to two hundred characters. ".repeat(3);

/** The one city of the bench. */
const CITY = "bench";

const sources: ListedFeed[] = FEED_KEYS.flatMap((key) =>
  Array.from({ length: FEEDS_PER_CATEGORY }, (_, i) => ({
    key,
    url: `https://feeds.example.org/${key}/${i}.xml`,
  })),
);

/** The bench city's subscriptions: every source, under its category. */
function subscriptions(): Subscriptions {
  const feeds: Partial<Record<FeedKey, string[]>> = {};
  for (const { key, url } of sources) (feeds[key] ??= []).push(url);
  return Subscriptions.of(CITY, "UTC", feeds);
}

/** The sources with their stored ids (each URL stored once: NewsStore.addFeeds). */
function storedSources(store: NewsStore): (ListedFeed & { id: number })[] {
  const ids = store.addFeeds(sources.map((s) => s.url));
  return sources.map((s) => ({ ...s, id: ids.get(s.url) ?? -1 }));
}

/** One category read from SQLite: each of its feeds' newest 15, merged, the 15 newest kept. */
function readFromStore(store: NewsStore, feeds: (ListedFeed & { id: number })[], key: FeedKey) {
  return feeds
    .filter((f) => f.key === key)
    .flatMap((f) => store.newest(f, PER_FEED_LIMIT))
    .sort(newestFirst)
    .slice(0, CATEGORY_LIMIT);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

/** Searches timed at each size: what is typed, and what it stands for. */
const SEARCHES = [
  ["4242", "a rare word (a prefix: 4242, 42420…)"],
  ["story", "a word in every article"],
  ["business desk", "two words"],
  ["sto", "a 3-letter prefix"],
  ["characters", "a 10-letter word in every article (its prefix merged at query time)"],
  ["summary kind feed gives cut two hundred characters", "eight words"],
] as const;

function time(run: () => unknown): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function article(n: number, key: string, at: number): Article {
  return {
    uid: `https://news.example.org/${key}/${n}`,
    title: `Story number ${n} of the ${key} desk`,
    summary: SUMMARY.slice(0, 200),
    url: `https://news.example.org/${key}/${n}`,
    image: `https://img.example.org/${n}.jpg`,
    imageIsDefault: false,
    publishedAt: at,
    claimedAt: null,
    category: key,
  };
}

/** Writes `count` articles, spread over every feed, oldest first, in large transactions. */
function fill(dbFile: string, count: number): void {
  const db = openDatabase(dbFile);
  const store = new NewsStore(db);
  const feeds = storedSources(store);
  const insert = db.prepare(`INSERT INTO articles (feed_id, uid, title, summary, url, image,
    image_is_default, published_at, claimed_at, category, position, first_seen, last_seen)
    VALUES (?, ?, ?, ?, ?, ?, 0, ?, NULL, ?, 0, ?, ?)`);
  const batch = db.transaction((from: number, to: number) => {
    for (let n = from; n < to; n++) {
      const feed = feeds[n % feeds.length];
      if (!feed) continue;
      const at = T0 - (count - n) * 60_000;
      const a = article(n, feed.key, at);
      insert.run(feed.id, a.uid, a.title, a.summary, a.url, a.image, at, a.category, at, at);
    }
  });
  for (let from = 0; from < count; from += 50_000) batch(from, Math.min(count, from + 50_000));
  db.close();
}

console.log(
  `${sources.length} feeds in ${FEED_KEYS.length} categories; a read is one category's newest 15`,
);
console.log(
  "stored     SQLite first   SQLite median   snapshot median   refresh write (all feeds × 15)",
);
for (const size of SIZES) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-store-"));
  try {
    const file = path.join(dir, "bench.db");
    fill(file, size);
    const db = openDatabase(file);
    const store = new NewsStore(db);
    const feeds = storedSources(store);
    const key = "local";
    const first = time(() => readFromStore(store, feeds, key));
    const warm = median(
      Array.from({ length: 300 }, () => time(() => readFromStore(store, feeds, key))),
    );
    const engine = new NewsEngine({
      store,
      subscriptions: subscriptions(),
      log: { info: () => {}, warn: () => {} },
      userAgent: "bench",
      defaultImage: "/d.svg",
      refreshMs: 600_000,
    });
    const city = engine.city(CITY);
    city.getCategory(key);
    const snapshot = median(
      Array.from({ length: 10_000 }, () => time(() => city.getCategory(key))),
    );
    let n = size;
    const write = time(() => {
      for (const feed of feeds) {
        store.recordSuccess(feed.id, {
          articles: Array.from({ length: 15 }, () => article(n++, feed.key, T0 + n)),
          etag: null,
          lastModified: null,
          now: T0,
          nextAttempt: T0 + 600_000,
        });
      }
    });
    const searches = SEARCHES.map(([query, what]) => {
      const times = Array.from({ length: 200 }, () => time(() => city.search(query)));
      const { total, more } = city.search(query);
      return `  search ${JSON.stringify(query).padEnd(54)} ${median(times).toFixed(3).padStart(7)} ms median ${p95(times).toFixed(3).padStart(7)} ms p95  ${`${total}${more ? "+" : ""}`.padStart(5)} results  (${what})`;
    });
    db.close();
    console.log(
      `${size.toLocaleString("en-US").padStart(9)} ${first.toFixed(3).padStart(11)} ms ${warm.toFixed(3).padStart(12)} ms ${snapshot.toFixed(4).padStart(14)} ms ${write.toFixed(1).padStart(14)} ms`,
    );
    for (const line of searches) console.log(line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  "targets: SQLite read <= 1 ms at 1,000,000; snapshot read <= 0.05 ms; search <= 5 ms at 100,000",
);
