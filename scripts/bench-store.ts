// npm run bench:store: fills a fresh database with 100,000 and then 1,000,000 articles across
// the fed categories, on SQLite and then on PostgreSQL (a throwaway cluster on loopback:
// tests/support/postgres.ts; fsync on, as in production), and prints, for each engine and size,
// the time of one category read from the store (the first after opening the database, and the
// median of warm ones), from the engine's in-memory snapshot (what a page render does), and of a
// full refresh write (every feed's 15 newest upserted). Figures, not a test. Targets: a store
// read <= 1 ms at 1M stored articles, a snapshot read <= 0.05 ms. Then, for each size, the time
// of a search (NewsEngine.search: the full-text query, ordering, paging and marking) for a rare
// word, a word in every article, two words, prefixes and eight words; targets <= 5 ms at 100k on
// SQLite, <= 10 ms median at 1M on PostgreSQL. The feeds are one city's ("bench"), subscribed
// to as the network's engine is (news/subscriptions.ts); a store read of a category is what the
// engine does when a category is not in memory: each of its feeds' newest 15, merged.
// BENCH_SIZES=100000 runs the 100k size alone; BENCH_DATABASES=sqlite (or postgres) one engine.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { FEED_KEYS, type FeedKey } from "../sites/categories";
import { openDatabase, type Store } from "../server/db/open";
import { openPostgres } from "../server/db/postgres";
import { startPostgres, type TestPostgres } from "../tests/support/postgres";
import { NewsEngine } from "../server/news/engine";
import type { ListedFeed } from "../server/news/feed-report";
import { Subscriptions } from "../server/news/subscriptions";
import type { Article } from "../server/news/normalize";
import { CATEGORY_LIMIT, NewsStore, PER_FEED_LIMIT, newestFirst } from "../server/news/store";
import { recordFigures } from "./bench-report";

const SIZES = (process.env.BENCH_SIZES ?? "100000,1000000").split(",").map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? "sqlite,postgres").split(
  ",",
) as Store["dialect"][];
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
async function storedSources(store: NewsStore): Promise<(ListedFeed & { id: number })[]> {
  const ids = await store.addFeeds(sources.map((s) => s.url));
  return sources.map((s) => ({ ...s, id: ids.get(s.url) ?? -1 }));
}

/**
 * One category read from the store, as the engine reads one not in memory: each of its feeds'
 * newest 15 (NewsStore.newestOfFeeds: one query on PostgreSQL), merged, the 15 newest kept.
 */
async function readFromStore(
  store: NewsStore,
  feeds: (ListedFeed & { id: number })[],
  key: FeedKey,
) {
  const read = await store.newestOfFeeds(
    feeds.filter((f) => f.key === key).map((f) => ({ ...f, title: null })),
    PER_FEED_LIMIT,
  );
  return [...read.values()].flat().sort(newestFirst).slice(0, CATEGORY_LIMIT);
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

async function time(run: () => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** `count` timings of `run`, one after another. */
async function times(count: number, run: () => unknown): Promise<number[]> {
  const all: number[] = [];
  for (let i = 0; i < count; i++) all.push(await time(run));
  return all;
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
    language: null,
  };
}

/** Opens the bench's database of `dialect` (a fresh one unless `url`/`file` names it). */
function open(dialect: Store["dialect"], where: string): Promise<Store> {
  return dialect === "postgres" ? openPostgres(where) : openDatabase(where);
}

/** Writes `count` articles, spread over every feed, oldest first, in large transactions. */
async function fill(db: Store, count: number): Promise<void> {
  const feeds = await storedSources(new NewsStore(db));
  const BATCH = 1_000;
  for (let from = 0; from < count; from += 50_000) {
    await db.db.transaction().execute(async (trx) => {
      for (let batch = from; batch < Math.min(count, from + 50_000); batch += BATCH) {
        const rows = [];
        for (let n = batch; n < Math.min(count, batch + BATCH); n++) {
          const feed = feeds[n % feeds.length];
          if (!feed) continue;
          const at = T0 - (count - n) * 60_000;
          const a = article(n, feed.key, at);
          rows.push({
            feed_id: feed.id,
            uid: a.uid,
            title: a.title,
            summary: a.summary,
            url: a.url,
            image: a.image,
            image_is_default: 0,
            published_at: at,
            claimed_at: null,
            category: a.category,
            position: 0,
            first_seen: at,
            last_seen: at,
          });
        }
        await trx.insertInto("articles").values(rows).execute();
      }
    });
  }
  if (db.dialect === "postgres") await sql`ANALYZE articles`.execute(db.db);
}

let postgres: TestPostgres | undefined;
// The figures, also written to docs/benchmarks.md.
await recordFigures("store", async () => {
  console.log(
    `${sources.length} feeds in ${FEED_KEYS.length} categories; a read is one category's newest 15`,
  );
  console.log(
    "engine     stored     store first   store median   snapshot median   refresh write (all feeds × 15)",
  );
  try {
    for (const dialect of DATABASES) {
      if (dialect === "postgres") postgres ??= await startPostgres({ fsync: true });
      for (const size of SIZES) {
        const dir = mkdtempSync(path.join(os.tmpdir(), "bench-store-"));
        const where =
          dialect === "postgres"
            ? (postgres as TestPostgres).createDatabase()
            : path.join(dir, "bench.db");
        try {
          const filling = await open(dialect, where);
          await fill(filling, size);
          await filling.close();
          const db = await open(dialect, where);
          const store = new NewsStore(db);
          const feeds = await storedSources(store);
          const key = "local";
          const first = await time(() => readFromStore(store, feeds, key));
          const warm = median(await times(300, () => readFromStore(store, feeds, key)));
          const engine = await NewsEngine.open({
            store,
            subscriptions: subscriptions(),
            log: { info: () => {}, warn: () => {}, error: () => {} },
            userAgent: "bench",
            defaultImage: "/d.svg",
            refreshMs: 600_000,
          });
          const city = engine.city(CITY);
          await city.getCategory(key);
          const snapshot = median(await times(10_000, () => city.getCategory(key)));
          let n = size;
          const write = await time(async () => {
            for (const feed of feeds) {
              await store.recordSuccess(feed.id, {
                articles: Array.from({ length: 15 }, () => article(n++, feed.key, T0 + n)),
                etag: null,
                lastModified: null,
                now: T0,
                nextAttempt: T0 + 600_000,
              });
            }
          });
          const searches: string[] = [];
          for (const [query, what] of SEARCHES) {
            const all = await times(200, () => city.search(query));
            const { total, more } = await city.search(query);
            searches.push(
              `  search ${JSON.stringify(query).padEnd(54)} ${median(all).toFixed(3).padStart(7)} ms median ${p95(all).toFixed(3).padStart(7)} ms p95  ${`${total}${more ? "+" : ""}`.padStart(5)} results  (${what})`,
            );
          }
          await db.close();
          console.log(
            `${dialect.padEnd(8)} ${size.toLocaleString("en-US").padStart(9)} ${first.toFixed(3).padStart(11)} ms ${warm.toFixed(3).padStart(11)} ms ${snapshot.toFixed(4).padStart(14)} ms ${write.toFixed(1).padStart(14)} ms`,
          );
          for (const line of searches) console.log(line);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    postgres?.stop();
  }
  console.log(
    "targets: store read <= 1 ms at 1,000,000; snapshot read <= 0.05 ms; search <= 5 ms at 100,000 (SQLite), <= 10 ms median at 1,000,000 (PostgreSQL)",
  );
});
