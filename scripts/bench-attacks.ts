// npm run bench:attacks: the hardening round's attacks, replayed against this build on loopback,
// with the figures they are judged by (figures, not tests; memory and time targets belong here):
//  1. memory: 3,000 requests with unique 16 KB URLs (half searches of `~`, half /faq with a
//     unique query), then 3,000 with unique URLs just under the 4 KB limit: RSS before and after;
//  2. pictures a feed can name: a 39,000,000 × 1 PNG (16-bit and 8-bit RGBA), a 1 × 39,000,000
//     one, and a 4000 × 2250 photo for comparison, each asked for as /img/640/<id>: the RSS they
//     add and how long their answer took;
//  3. readers who leave: 320 requests for new pictures, each given up after 2 s, then one
//     reader's new picture: how long it waits; and by reader (`by-reader`): one client's 60 new
//     pictures at once, then another reader's one: how long that reader waits.
//  4. the third round's (scripts/attacks-round3.ts): hosts (two Host fields, an absolute-form
//     target, X-Forwarded-Host), one search spelled 100 ways, one client's flood of searches
//     against others' contact posts, 200 cross-origin posts' log, /healthz while 500 connections
//     open, hostile weather answers, PostgreSQL ending connections, restarting, timing out.
//  5. the fourth round's (issue 51; scripts/attacks-round4.ts, `round4` for all of them): the live
//     channel's replay and its share by /64 (live-replay), renders shared by /64 (render-64),
//     dot segments and React Router's URLs (dot-segments), a contact post refused under load
//     (refused-post), metrics at 3,000 cities (BENCH_CITIES) and a taken METRICS_PORT
//     (metrics-scale), headers sent a byte at a time (slow-headers), `npm run restore` under a
//     running site (restore-running); and the run's partials (scripts/attacks-partials.ts): a
//     backup's leftover files (backup-leftovers), a missing backup folder (backup-folder), a
//     restored trigger (restore-trigger), a zone-less date in the fall-back hour under two TZs
//     (fall-back-hour), a hostile feed's non-http(s) links in the API and the page
//     (hostile-links); a figure an earlier build cannot give is printed n/a.
// BENCH_PARTS picks parts (comma-separated names, as below); run from a checkout of an earlier
// commit, built, to print its figures: the site is started from the current folder's build.
// BENCH_SITE_URL is not supported: it needs the site's data folder and key.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { imagePath } from "../common/images";
import { ImageSigner } from "../server/images/sign";
import { networkDatabaseFile } from "../server/db/open";
import { makeNoisyPhoto, makeZeroPng } from "../tests/support/picture-server";
import { startSiteProcess, type SiteProcess } from "../tests/support/site-process";
import { openLoop, peakRss, percentile, rssMb, timedGet } from "./load";
import {
  clientMistakeLogs,
  fairShedding,
  healthUnderConnections,
  hostAttacks,
  hostileWeather,
  postgresFaults,
  searchSpellings,
} from "./attacks-round3";
import { ROUND4_PARTS } from "./attacks-round4";
import { recordFigures } from "./bench-report";

const KEY = "b".repeat(64);

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Items a feed lists at most (the parser keeps a feed's newest 15). */
const PER_FEED = 15;

/**
 * A publisher on loopback: RSS feeds naming `pictures`, 15 a feed (`/feed-0.xml`, `/feed-1.xml`,
 * …; `feedUrls` lists them), and the pictures themselves.
 */
async function startPublisher(pictures: Map<string, Buffer>) {
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const feed = /^\/feed-(\d+)\.xml$/.exec(url);
    if (feed) {
      const { port } = server.address() as AddressInfo;
      const first = Number(feed[1]) * PER_FEED;
      const items = [...pictures.keys()]
        .slice(first, first + PER_FEED)
        .map(
          (name, i) =>
            `<item><title>Story ${i}</title><link>https://publisher.example/${i}</link><guid>${name}</guid><pubDate>${new Date(Date.now() - i * 60_000).toUTCString()}</pubDate><enclosure url="http://127.0.0.1:${port}/${name}" type="image/${name.endsWith(".png") ? "png" : "jpeg"}" length="1"/></item>`,
        )
        .join("");
      res
        .writeHead(200, { "Content-Type": "application/rss+xml" })
        .end(`<rss version="2.0"><channel><title>Publisher</title>${items}</channel></rss>`);
      return;
    }
    const body = pictures.get(url.slice(1));
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, {
        "Content-Type": url.endsWith(".png") ? "image/png" : "image/jpeg",
        "Content-Length": body.length,
      })
      .end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    feedUrls: Array.from(
      { length: Math.max(1, Math.ceil(pictures.size / PER_FEED)) },
      (_, i) => `${url}/feed-${i}.xml`,
    ),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The site, its local news from `feedUrls` alone, pictures signed with KEY. */
async function startSite(feedUrls: string[], dir: string): Promise<SiteProcess> {
  const feedsFile = path.join(dir, "feeds.json");
  writeFileSync(feedsFile, JSON.stringify({ local: feedUrls }));
  const site = await startSiteProcess({
    env: {
      FEEDS_FILE: feedsFile,
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      IMAGE_KEY_SECRET: KEY,
      LOG_LEVEL: "error",
    },
    timeoutMs: 60_000,
  });
  await waitFor(async () => {
    const res = await fetch(`${site.url}/api/articles?category=local`);
    return ((await res.json()) as { state: string }).state === "ready";
  }, "the local news");
  return site;
}

/** Each stored article's picture route path, by the picture's file name. */
function picturePaths(site: SiteProcess, width: 320 | 640 = 640): Map<string, string> {
  const db = new Database(networkDatabaseFile(site.dataDir), { readonly: true });
  const rows = db.prepare("SELECT id, uid, image FROM articles").all() as {
    id: number;
    uid: string;
    image: string;
  }[];
  db.close();
  const signer = new ImageSigner(KEY);
  return new Map(rows.map((r) => [r.uid, imagePath(signer.articleId(r.id, r.image), width)]));
}

const agent = new http.Agent({ keepAlive: true });

/** Runs `attack` against a site whose local news is a publisher of `pictures`, then stops both. */
async function withSite(
  pictures: Map<string, Buffer>,
  attack: (site: SiteProcess) => Promise<void>,
): Promise<void> {
  const publisher = await startPublisher(pictures);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-attacks-"));
  try {
    const site = await startSite(publisher.feedUrls, dir);
    try {
      await attack(site);
    } finally {
      await site.stop();
    }
  } finally {
    await publisher.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function memoryAttack(): Promise<void> {
  await withSite(new Map(), async (site) => {
    // Warm: the pages the attack's neighbours use, rendered and compressed once.
    for (const page of ["/", "/faq", "/search?q=bayou"]) await fetch(`${site.url}${page}`);
    const before = rssMb(site.pid);
    console.log(`\nMemory: RSS at rest ${before.toFixed(0)} MB`);
    for (const [what, length] of [
      ["3,000 unique 16 KB URLs", 16_000],
      ["3,000 unique URLs of 3.9 KB (under the 414 limit)", 3_900],
    ] as const) {
      const tilde = "~".repeat(length);
      const outcome = await openLoop(
        (i) =>
          i % 2 === 0
            ? `${site.url}/search?q=${tilde}&n=${what.length}x${i}`
            : `${site.url}/faq?x=${tilde}${i}`,
        300,
        10,
        { timeoutMs: 30_000 },
      );
      await new Promise((r) => setTimeout(r, 2000));
      const statuses = [...outcome.statuses]
        .map(([s, n]) => `${n}× ${s || "no answer"}`)
        .join(", ");
      console.log(
        `  ${what.padEnd(52)} RSS ${rssMb(site.pid).toFixed(0)} MB (+${(rssMb(site.pid) - before).toFixed(0)} MB); answers: ${statuses}; p99 ${percentile(outcome.latencies, 99).toFixed(0)} ms`,
      );
    }
    const health = await timedGet(agent, `${site.url}/healthz`);
    console.log(`  still serving: /healthz ${health.status} in ${health.ms.toFixed(1)} ms`);
  });
}

async function pictureAttack(): Promise<void> {
  console.log("\nPictures a feed can name, each asked for once as /img/640/<id> (one at a time)");
  const pictures = new Map<string, Buffer>([
    ["photo-4000x2250.jpg", await makeNoisyPhoto(4000, 2250)],
    ["line-39000000x1-16bit.png", await makeZeroPng(39_000_000, 1, { bitDepth: 16 })],
    ["line-39000000x1-8bit.png", await makeZeroPng(39_000_000, 1, { bitDepth: 8 })],
    ["column-1x39000000-8bit.png", await makeZeroPng(1, 39_000_000, { bitDepth: 8 })],
  ]);
  await withSite(pictures, async (site) => {
    const paths = picturePaths(site);
    console.log(
      "picture                          bytes     answer   ms   RSS before  peak   added",
    );
    for (const [name, body] of pictures) {
      const picture = paths.get(name);
      if (!picture) throw new Error(`No stored article names ${name}`);
      const before = rssMb(site.pid);
      const peak = peakRss(site.pid, 10);
      const { status, ms } = await timedGet(agent, `${site.url}${picture}`, {
        headers: { Accept: "image/webp,*/*" },
      });
      const top = peak.stop();
      console.log(
        `${name.padEnd(30)} ${String(body.length).padStart(9)} ${String(status).padStart(8)} ${ms.toFixed(0).padStart(6)} ${before.toFixed(0).padStart(9)} ${top.toFixed(0).padStart(6)} ${(top - before).toFixed(0).padStart(7)}`,
      );
    }
  });
}

async function abandonedPictures(): Promise<void> {
  const photo = await makeNoisyPhoto(2000, 1125);
  const count = 320;
  const pictures = new Map<string, Buffer>();
  for (let i = 0; i < count + 1; i++) pictures.set(`photo-${i}.jpg`, photo);
  await withSite(pictures, async (site) => {
    const paths = picturePaths(site);
    const leaving = [...pictures.keys()].slice(0, count);
    const started = performance.now();
    const left = await openLoop(
      (i) => `${site.url}${paths.get(leaving[i] as string)}`,
      count / 2,
      2,
      { abandonAfterMs: 2000, headers: { Accept: "image/webp,*/*" } },
    );
    const gaveUp = left.statuses.get(0) ?? 0;
    const reader = await timedGet(agent, `${site.url}${paths.get(`photo-${count}.jpg`)}`, {
      headers: { Accept: "image/webp,*/*" },
      timeoutMs: 300_000,
    });
    console.log(
      `\nReaders who leave: ${count} new pictures asked for in 2 s, ${gaveUp} given up after 2 s; then one reader's new picture: ${reader.status} in ${reader.ms.toFixed(0)} ms (${((performance.now() - started) / 1000).toFixed(1)} s after the first)`,
    );
  });
}

/**
 * Picture work by reader (issue 51): one client asks for 60 new pictures at once, then another
 * reader for one new picture: how long that reader waits, and how long the first client's take
 * (the clients told apart by X-Forwarded-For, which the site believes from loopback).
 */
async function picturesByReader(): Promise<void> {
  const photo = await makeNoisyPhoto(2000, 1125);
  const count = 60;
  const pictures = new Map<string, Buffer>();
  for (let i = 0; i < count + 1; i++) pictures.set(`fair-${i}.jpg`, photo);
  await withSite(pictures, async (site) => {
    const paths = picturePaths(site);
    const ask = (name: string, client: string) =>
      timedGet(agent, `${site.url}${paths.get(name)}`, {
        headers: { Accept: "image/webp,*/*", "X-Forwarded-For": client },
        timeoutMs: 300_000,
      });
    const started = performance.now();
    const flood = Promise.all(
      [...pictures.keys()].slice(0, count).map((name) => ask(name, "198.51.100.7")),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const other = await ask(`fair-${count}.jpg`, "198.51.100.8");
    const flooded = await flood;
    const floodDone = (performance.now() - started) / 1000;
    const ok = flooded.filter((r) => r.status === 200).length;
    console.log(
      `
Pictures by reader: one client's ${count} new pictures at once (${ok} answered 200 in ${floodDone.toFixed(1)} s), then another reader's one new picture: ${other.status} in ${other.ms.toFixed(0)} ms`,
    );
  });
}

const ALL =
  "memory,pictures,abandoned,by-reader,hosts,search,fairness,logs,healthz,weather,postgres,round4";
const parts = new Set((process.env.BENCH_PARTS ?? ALL).split(","));
// Everything the parts print, also written to docs/benchmarks.md.
await recordFigures("attacks", async () => {
  if (parts.has("memory")) await memoryAttack();
  if (parts.has("pictures")) await pictureAttack();
  if (parts.has("abandoned")) await abandonedPictures();
  if (parts.has("by-reader")) await picturesByReader();
  if (parts.has("hosts")) await hostAttacks();
  if (parts.has("search")) await searchSpellings();
  if (parts.has("fairness")) await fairShedding();
  if (parts.has("logs")) await clientMistakeLogs();
  if (parts.has("healthz")) await healthUnderConnections();
  if (parts.has("weather")) await hostileWeather();
  if (parts.has("postgres")) await postgresFaults();
  for (const [name, attack] of Object.entries(ROUND4_PARTS)) {
    if (parts.has("round4") || parts.has(name)) await attack();
  }
});
agent.destroy();
