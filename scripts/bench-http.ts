// npm run bench:http: requests/s and p99 latency, in one run, of a bare Node http server's
// "hello world", a static file of this server, /, /local-news, /faq and
// /api/articles?category=local, each at 10 and 100 connections, with the ratio of each to the
// static file at the same connections. Then the hostile mix (bench-hostile.ts: cached pages
// while unique searches or 404s arrive at a set rate) and /healthz at 500 connections with and
// without feed refreshes, beside a bare Node server's. BENCH_PARTS=pages,hostile,health picks. The load comes from wrk (Debian's package, installed
// when missing): a load generator written in C, which a page of 15 KB does not slow down as it
// does one in JavaScript. Every server is a process of its own. Figures, not a test.
// BENCH_SITE_URL=http://… measures a site already running instead of starting this build.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "../tests/support/ports";
import {
  healthAt500,
  hostileMix,
  printHealth,
  printHostile,
  type HealthRow,
} from "./bench-hostile";
import { startBenchSite } from "./bench-site";
import { recordFigures } from "./bench-report";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const PARTS = new Set((process.env.BENCH_PARTS ?? "pages,hostile,health").split(","));
const CONNECTIONS = [10, 100];
const PATHS = ["/favicon.svg", "/", "/local-news", "/faq", "/api/articles?category=local"];
const WRK = "/usr/bin/wrk";

if (!existsSync(WRK)) {
  console.log("Installing wrk from apt");
  const asRoot = process.getuid?.() === 0;
  execFileSync(
    asRoot ? "apt-get" : "sudo",
    [...(asRoot ? [] : ["apt-get"]), "install", "-y", "-qq", "wrk"],
    {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    },
  );
}

/** A bare Node http server answering "hello world", in a process of its own. */
async function startBareNode(): Promise<{ url: string; close(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => s.end("hello world")).listen(${port}, "127.0.0.1", () => console.log("up"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill() };
}

interface Row {
  label: string;
  connections: number;
  rps: number;
  p99: number;
  errors: number;
}

/** Milliseconds from wrk's "1.23ms", "456.00us" or "1.02s". */
function ms(value: string): number {
  const [, n = "0", unit = "ms"] = /([\d.]+)(us|ms|s)/.exec(value) ?? [];
  return Number(n) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
}

function measure(label: string, url: string, connections: number, seconds = DURATION_S): Row {
  const run = spawnSync(
    WRK,
    [
      "-t1",
      `-c${connections}`,
      `-d${seconds}s`,
      "--latency",
      "--timeout",
      "10s",
      "-H",
      "Accept-Encoding: br, gzip",
      url,
    ],
    { encoding: "utf8" },
  );
  const out = run.stdout;
  if (run.status !== 0 || /Non-2xx/.test(out)) {
    throw new Error(`${label}: wrk reported trouble:\n${out}${run.stderr}`);
  }
  // A socket error (a request that timed out after 10 s, say) is a figure too: it is printed.
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
    .exec(out)
    ?.slice(1)
    .reduce((n, v) => n + Number(v), 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "0");
  return { label, connections, rps, p99, errors: errors ?? 0 };
}

const rows: Row[] = [];
const bare = await startBareNode();
const healthRows: HealthRow[] = [];
try {
  if (PARTS.has("pages")) {
    for (const connections of CONNECTIONS) rows.push(measure("bare node", bare.url, connections));
  }
  if (PARTS.has("health")) {
    healthRows.push(await healthAt500(bare.url, 10, "bare node, hello world (10 s)"));
  }
} finally {
  bare.close();
}
// BENCH_SITE_URL measures a site that is already running (another build, for a before and after).
const site = process.env.BENCH_SITE_URL
  ? { url: process.env.BENCH_SITE_URL, close: async () => {} }
  : await startBenchSite();
let hostile: Awaited<ReturnType<typeof hostileMix>> = [];
try {
  if (PARTS.has("pages")) {
    for (const path of PATHS) {
      measure(path, `${site.url}${path}`, 1, 1); // warm: the first render, into the cache
      for (const connections of CONNECTIONS) {
        rows.push(measure(path, `${site.url}${path}`, connections));
      }
    }
  }
  if (PARTS.has("hostile")) hostile = await hostileMix(site.url, 10);
} finally {
  await site.close();
}
if (PARTS.has("health") && !process.env.BENCH_SITE_URL) {
  // Each on a site of its own, started for it: with its feeds at rest (the first refresh over,
  // the next in 10 minutes), then with every feed refreshed every 10 s and found changed each
  // time (parsed and stored again), for 25 s: two or three refreshes.
  for (const [what, seconds, env, changingFeeds] of [
    ["site, feeds at rest", 10, {}, false],
    ["site, every feed refreshed every 10 s", 25, { FEED_REFRESH_SECONDS: "10" }, true],
  ] as const) {
    const measured = await startBenchSite(env, { changingFeeds });
    try {
      healthRows.push(await healthAt500(measured.url, seconds, `${what} (${seconds} s)`));
    } finally {
      await measured.close();
    }
  }
}

// The figures, also written to docs/benchmarks.md (a section each part).
await recordFigures("http", () => {
  if (rows.length === 0) return;
  console.log(
    `${DURATION_S} s each; ratios to the static file (${PATHS[0]}) at the same connections`,
  );
  console.log("what                            conns     req/s    p99 ms   vs static   errors");
  for (const r of rows) {
    const staticRow = rows.find((s) => s.label === PATHS[0] && s.connections === r.connections);
    console.log(
      `${r.label.padEnd(31)} ${String(r.connections).padStart(5)} ${r.rps.toFixed(0).padStart(9)} ${r.p99.toFixed(1).padStart(9)} ${(r.rps / (staticRow?.rps ?? 1)).toFixed(2).padStart(11)} ${String(r.errors).padStart(8)}`,
    );
  }
});
await recordFigures("http-hostile", () => hostile.length > 0 && printHostile(hostile, 10));
await recordFigures("http-health", () => healthRows.length > 0 && printHealth(healthRows));
