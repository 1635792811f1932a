// Parts of `npm run bench:http` that measure the site under hostile load (figures, not tests):
//  - the hostile mix: readers of cached pages (wrk, 10 connections, `/`, `/local-news` and
//    `/faq` in turn, brotli) while unique searches or unique 404s arrive at a set rate (an open
//    loop, as from many clients); prints the p99 of the cached pages and of `/healthz` (asked
//    every 20 ms), and how the unique requests were answered (503s counted);
//  - `/healthz` at 500 connections, with and without feed refreshes under way.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLoop, percentile, probe, runWrk, type Outcome } from "./load";

const CACHED_PAGES = ["/", "/local-news", "/faq"];

/** A wrk script that asks for the cached pages in turn, as a browser that takes brotli. */
function cachedPagesScript(dir: string): string {
  const file = path.join(dir, "cached-pages.lua");
  writeFileSync(
    file,
    `local paths = {${CACHED_PAGES.map((p) => JSON.stringify(p)).join(", ")}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "br, gzip" })
end
`,
  );
  return file;
}

export interface HostileRow {
  what: string;
  cachedRps: number;
  cachedP99: number;
  healthP99: number;
  unique?: Outcome;
}

/** A run id: unique paths of one run never meet those of another (or of an earlier run). */
const RUN = Date.now().toString(36);

const SCENARIOS: { what: string; rate: number; path?: (i: number) => string }[] = [
  { what: "cached pages alone", rate: 0 },
  { what: "+ 25 unique searches/s", rate: 25, path: (i) => `/search?q=storm${RUN}x${i}` },
  { what: "+ 50 unique searches/s", rate: 50, path: (i) => `/search?q=flood${RUN}y${i}` },
  // Beyond what two cores can render: the limit must shed, and cached readers stay fast.
  { what: "+ 150 unique searches/s", rate: 150, path: (i) => `/search?q=surge${RUN}z${i}` },
  { what: "+ 80 unique 404s/s", rate: 80, path: (i) => `/no-such-page-${RUN}-${i}` },
];

/** The hostile mix against a running site (its pages warmed first). */
export async function hostileMix(siteUrl: string, seconds: number): Promise<HostileRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-hostile-"));
  const script = cachedPagesScript(dir);
  const headers = { "Accept-Encoding": "br, gzip" };
  // Warm: each cached page rendered, read a second time (which compresses it strongly) and left
  // a moment for that.
  for (let i = 0; i < 2; i++) {
    for (const page of CACHED_PAGES) await fetch(`${siteUrl}${page}`, { headers });
  }
  await new Promise((r) => setTimeout(r, 1000));
  const rows: HostileRow[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const health = probe(`${siteUrl}/healthz`);
      const unique = scenario.path
        ? openLoop((i) => `${siteUrl}${scenario.path?.(i)}`, scenario.rate, seconds, {
            headers,
            timeoutMs: 30_000,
          })
        : undefined;
      const cached = await runWrk(siteUrl, 10, seconds, ["-s", script]);
      const healthLatencies = await health.stop();
      rows.push({
        what: scenario.what,
        cachedRps: cached.rps,
        cachedP99: cached.p99,
        healthP99: percentile(healthLatencies, 99),
        unique: await unique,
      });
      // Let a backlog drain before the next run.
      await new Promise((r) => setTimeout(r, 3000));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export function printHostile(rows: readonly HostileRow[], seconds: number): void {
  console.log(
    `\nHostile mix, ${seconds} s each: cached pages (${CACHED_PAGES.join(" ")}) at 10 connections, /healthz every 20 ms, unique pages at a set rate`,
  );
  console.log(
    "what                         cached req/s  cached p99 ms  healthz p99 ms | unique: sent   200   503   other  p99 ms",
  );
  for (const r of rows) {
    const u = r.unique;
    const count = (status: number) => u?.statuses.get(status) ?? 0;
    const other = u ? u.sent - count(200) - count(503) - count(404) : 0;
    const ok = count(200) + count(404);
    console.log(
      `${r.what.padEnd(28)} ${r.cachedRps.toFixed(0).padStart(12)} ${r.cachedP99.toFixed(1).padStart(14)} ${r.healthP99.toFixed(1).padStart(15)} | ${
        u
          ? `${String(u.sent).padStart(11)} ${String(ok).padStart(5)} ${String(count(503)).padStart(5)} ${String(other).padStart(7)} ${percentile(u.latencies, 99).toFixed(0).padStart(7)}`
          : "          -"
      }`,
    );
  }
}

export interface HealthRow {
  what: string;
  p50: number;
  p99: number;
  rps: number;
}

/** `/healthz` at 500 connections: `refreshing` says whether feed refreshes run meanwhile. */
export async function healthAt500(siteUrl: string, seconds: number, what: string) {
  const r = await runWrk(`${siteUrl}/healthz`, 500, seconds);
  return { what, p50: r.p50, p99: r.p99, rps: r.rps } satisfies HealthRow;
}

export function printHealth(rows: readonly HealthRow[]): void {
  console.log(`\n/healthz at 500 connections`);
  console.log("what                                       req/s   p50 ms   p99 ms");
  for (const r of rows) {
    console.log(
      `${r.what.padEnd(40)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`,
    );
  }
}
