// npm run bench:live: one production process holding N idle live channels (/api/live, default
// 5,000), measured against itself without them, in the same run: its memory above the base, the
// health probe's p99 (idle, then with every channel open), one more channel past the cap (503),
// and how long one alert takes to reach every open channel (from the first to receive it to the
// last, and from the moment the fixture weather service issued it). Then the attack of issue 51:
// every channel stops reading while the city's alerts (100 Extreme ones at the texts' caps)
// change every second, and pages come back with an old Last-Event-ID: the process's memory, the
// health probe's p99 meanwhile, the channels it dropped, and the bytes one replay sends. Then the
// network (BENCH_CITIES, default 3,000 generated cities, each with a page open on its channel)
// while a feed every city reads changes every 5 s: the health probe's p50, p99 and worst against
// the same process before the pages opened, and the news events the pages were told. BENCH_PARTS
// picks the parts (channels, network). Figures, not tests.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startFeedServer } from "../tests/fixture-servers/feed-server";
import {
  DEMO_ALERTS,
  alertsAtTheCaps,
  startWeatherServer,
} from "../tests/fixture-servers/weather-server";
import { generateCities } from "../tests/support/generate-cities";
import { startSiteProcess } from "../tests/support/site-process";
import { START_NODE_OPTIONS, percentile } from "./load";
import { recordFigures } from "./bench-report";

const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 5000);
const CITIES = Number(process.env.BENCH_CITIES ?? 3000);
const PARTS = new Set((process.env.BENCH_PARTS ?? "channels,network").split(","));
const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
const PROBES = 500;

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

/** The health probe's 99th percentile over PROBES requests one after another, in ms. */
async function healthP99(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const started = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.99)] ?? NaN;
}

/** The health probe's times (ms), probes one after another, 10 ms apart, while `going()`. */
async function probeWhile(url: string, going: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (going()) {
    const started = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times;
}

interface Channel {
  status: number;
  /** When it received the alert (ms since the epoch), once it has. */
  alertAt?: number;
  /** The id of the first alert event it received. */
  alertId?: string;
  request: http.ClientRequest;
  res?: http.IncomingMessage;
}

function open(url: string): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/live`, { agent: false }, (res) => {
      const channel: Channel = { status: res.statusCode ?? 0, request, res };
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (channel.alertAt) return;
        text += chunk;
        if (text.includes("event: alert")) {
          channel.alertAt = Date.now();
          channel.alertId = /id: (\S+)\nevent: alert/.exec(text)?.[1];
        }
      });
      res.on("error", () => undefined);
      resolve(channel);
    });
    request.on("error", reject);
  });
}

/** A page that reads its channel (of the site at `host`) and counts the `kind` events told. */
function countEvents(
  url: string,
  kind: "alert" | "news",
  host?: string,
): Promise<{ status: number; count: () => number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const headers = host ? { Host: host } : undefined;
    const request = http.get(`${url}/api/live`, { agent: false, headers }, (res) => {
      let count = 0;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (count += chunk.split(`event: ${kind}\n`).length - 1));
      res.on("error", () => undefined);
      resolve({ status: res.statusCode ?? 0, count: () => count, close: () => request.destroy() });
    });
    request.on("error", reject);
  });
}

/** The bytes a page coming back with `lastEventId` is sent before the stream goes quiet. */
function replayBytes(url: string, lastEventId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/live`,
      { agent: false, headers: { "Last-Event-ID": lastEventId } },
      (res) => {
        let bytes = 0;
        let quiet: NodeJS.Timeout | undefined;
        const done = () => {
          request.destroy();
          resolve(bytes);
        };
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          clearTimeout(quiet);
          quiet = setTimeout(done, 300);
        });
        res.on("error", () => undefined);
        quiet = setTimeout(done, 2000);
      },
    );
    request.on("error", reject);
  });
}

async function channelsPart() {
  const weather = await startWeatherServer({ alerts: [] });
  weather.set({ maxAgeSeconds: 1 });
  const site = await startSiteProcess({
    env: {
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      NWS_API_URL: weather.url,
      NWS_RADAR_URL: weather.url,
      NWS_ALERTS_SECONDS: "1",
      LIVE_MAX_CONNECTIONS: String(CHANNELS),
      LIVE_MAX_PER_CLIENT: String(CHANNELS + 1),
      RENDER_WORKERS: "0",
      LOG_LEVEL: "error",
    },
    timeoutMs: 60_000,
  });
  const channels: Channel[] = [];
  try {
    // The city's weather is tracked from its first page on.
    for (let i = 0; i < 60; i++) {
      if ((await (await fetch(`${site.url}/weather`)).text()).includes('id="current"')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await healthP99(site.url); // warm
    const baseRss = rssMb(site.pid);
    const idleP99 = await healthP99(site.url);
    const opening = performance.now();
    for (let i = 0; i < CHANNELS; i += 250) {
      const batch = Math.min(250, CHANNELS - i);
      channels.push(...(await Promise.all(Array.from({ length: batch }, () => open(site.url)))));
    }
    const openedMs = performance.now() - opening;
    const refused = channels.filter((c) => c.status !== 200).length;
    const past = await open(site.url);
    past.request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const heldRss = rssMb(site.pid);
    const heldP99 = await healthP99(site.url);

    const issued = Date.now();
    weather.set({
      alerts: [{ ...(DEMO_ALERTS[0] as (typeof DEMO_ALERTS)[number]), severity: "Extreme" }],
    });
    const deadline = Date.now() + 30_000;
    while (channels.some((c) => !c.alertAt) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const times = channels.map((c) => c.alertAt ?? NaN);
    const first = Math.min(...times);
    const last = Math.max(...times);
    const reached = times.filter(Number.isFinite).length;
    console.log(`bench:live — ${CHANNELS} live channels on one process (Node ${process.version})`);
    line(
      "channels opened (refused)",
      `${channels.length - refused} (${refused}) in ${(openedMs / 1000).toFixed(1)} s`,
    );
    line("one more past LIVE_MAX_CONNECTIONS", `HTTP ${past.status} (target 503)`);
    line(
      "RSS: base → with every channel open",
      `${baseRss.toFixed(0)} → ${heldRss.toFixed(0)} MB (+${(heldRss - baseRss).toFixed(0)} MB; target ≤ +100)`,
    );
    line(
      "/healthz p99: idle → with every channel open",
      `${idleP99.toFixed(1)} → ${heldP99.toFixed(1)} ms (${(heldP99 / idleP99).toFixed(2)}x; target < 100 ms)`,
    );
    line("alert reached", `${reached} of ${channels.length}`);
    line("alert: first → last channel", `${last - first} ms (target ≤ 2000)`);
    line("alert: issued → last channel", `${last - issued} ms (alerts asked for every 1 s)`);

    // The attack: no channel reads, and the alerts change every second, 100 at the texts' caps.
    // One more page, which reads, counts the alert events told meanwhile.
    for (const channel of channels) channel.res?.pause();
    // Two places made (the process holds LIVE_MAX_CONNECTIONS): the witness's and the replay's.
    for (const channel of channels.splice(-2)) channel.request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const witness = await countEvents(site.url, "alert");
    const attackRss = rssMb(site.pid);
    let attacking = true;
    const probes = probeWhile(site.url, () => attacking);
    for (let round = 0; round < 15; round++) {
      weather.set({ alerts: alertsAtTheCaps(`bench.${round}`) });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    attacking = false;
    const attackP99 = percentile(await probes, 99);
    const peakRss = rssMb(site.pid);
    // A page that comes back with the first alert's id: what one replay writes.
    const replayed = await replayBytes(site.url, channels[0]?.alertId ?? "");
    const after = await fetch(`${site.url}/healthz`).then((r) => r.status);
    line(
      "RSS: channels not reading, alerts changing",
      `${attackRss.toFixed(0)} → ${peakRss.toFixed(0)} MB (+${(peakRss - attackRss).toFixed(0)} MB over 15 changes; target ≤ +100 over base)`,
    );
    line("/healthz p99 meanwhile", `${attackP99.toFixed(1)} ms (target < 100 ms)`);
    line("alert events told meanwhile (a reading page)", `${witness.count()}`);
    witness.close();
    line("one replay (Last-Event-ID of the first alert)", `${replayed} bytes for one request`);
    line("the process after it", `/healthz ${after}`);
  } finally {
    for (const channel of channels) channel.request.destroy();
    await site.stop();
    await weather.close();
  }
}

/**
 * A feed that changes every `everyMs`: its newest story is the current tick's, dated now, and it
 * keeps the last 20 ticks' (their links and dates stay the same from one answer to the next).
 */
async function changingFeed(everyMs: number) {
  const server = http.createServer((_req, res) => {
    const tick = Math.floor(Date.now() / everyMs);
    const items = Array.from({ length: 20 }, (_, i) => {
      const at = new Date((tick - i) * everyMs);
      return `<item><title>Story ${tick - i}</title><link>https://changing.example/story/${tick - i}</link><pubDate>${at.toUTCString()}</pubDate></item>`;
    }).join("");
    res.writeHead(200, { "Content-Type": "application/rss+xml" });
    res.end(`<rss version="2.0"><channel><title>Changing</title>${items}</channel></rss>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/changing.xml`, close: () => server.close() };
}

async function networkPart() {
  const EVERY_MS = 5000;
  const feeds = await startFeedServer(0);
  const changing = await changingFeed(EVERY_MS);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-live-"));
  const { cities, citiesDir, networkFile } = generateCities(dir, CITIES, feeds.url);
  // Every city's local news is the one changing feed (one fetch each 5 s for the network), so
  // that each change is news to every city at once: the most the watch has to read per change.
  for (const city of cities) {
    const file = path.join(citiesDir, `${city.id}.json`);
    const data = JSON.parse(readFileSync(file, "utf8")) as { feeds: { local: string[] } };
    data.feeds.local = [changing.url];
    writeFileSync(file, JSON.stringify(data));
  }
  const site = await startSiteProcess({
    env: {
      CITIES_DIR: citiesDir,
      NETWORK_FILE: networkFile,
      DEFAULT_SITE: "",
      SITE_URL: "",
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      // Every feed asked for every 5 s, however seldom it publishes.
      FEED_REFRESH_SECONDS: String(EVERY_MS / 1000),
      FEED_MAX_REFRESH_SECONDS: String(EVERY_MS / 1000),
      LIVE_MAX_CONNECTIONS: String(CITIES + 10),
      LIVE_MAX_PER_CLIENT: String(CITIES + 10),
      LOG_LEVEL: "error",
    },
    timeoutMs: 180_000,
    nodeArgs: START_NODE_OPTIONS,
  });
  const pages: Awaited<ReturnType<typeof countEvents>>[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 2 * EVERY_MS));
    let going = true;
    const stopAfter = (ms: number) => setTimeout(() => (going = false), ms);
    stopAfter(3 * EVERY_MS);
    const before = await probeWhile(site.url, () => going);
    const opening = performance.now();
    for (let i = 0; i < cities.length; i += 250) {
      const batch = cities.slice(i, i + 250);
      pages.push(
        ...(await Promise.all(batch.map((city) => countEvents(site.url, "news", city.host)))),
      );
    }
    const openedS = (performance.now() - opening) / 1000;
    // Each city's stories noted (its first page), then six changes of the feed.
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    const toldBefore = pages.reduce((n, page) => n + page.count(), 0);
    going = true;
    stopAfter(6 * EVERY_MS);
    const during = await probeWhile(site.url, () => going);
    const told = pages.reduce((n, page) => n + page.count(), 0) - toldBefore;
    const citiesTold = pages.filter((page) => page.count() > 0).length;
    const refused = pages.filter((page) => page.status !== 200).length;
    const figures = (times: number[]) =>
      `p50 ${percentile(times, 50).toFixed(1)}, p99 ${percentile(times, 99).toFixed(1)}, max ${Math.max(...times).toFixed(0)} ms`;
    console.log(
      `\nbench:live — ${CITIES} cities on one process, a page open on each, their local feed changing every ${EVERY_MS / 1000} s`,
    );
    line(
      "pages opened (refused)",
      `${pages.length - refused} (${refused}) in ${openedS.toFixed(1)} s`,
    );
    line("/healthz before the pages", figures(before));
    line("/healthz with them, over 6 changes", `${figures(during)} (target p99 < 100 ms)`);
    line("news events told over 6 changes", `${told} (${citiesTold} of ${CITIES} cities told)`);
  } finally {
    for (const page of pages) page.close();
    await site.stop();
    changing.close();
    await feeds.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  // The figures, also written to docs/benchmarks.md (a section each part).
  if (PARTS.has("channels")) await recordFigures("live", channelsPart);
  if (PARTS.has("network")) await recordFigures("live-network", networkPart);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
