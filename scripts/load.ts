// Load for the benchmarks that a closed-loop tool like wrk cannot make: requests that arrive at
// a set rate whatever the server does (as hostile or simply many readers do), each to a path of
// its own, and a probe that measures one path's latency while that goes on; wrk itself; and two
// paths' rates compared by wrk in alternating blocks shorter than its runs (alternatingRate).
// Loopback only.
import http from "node:http";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The p-th percentile (0 to 100) of a list of numbers (0 for none). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export interface Outcome {
  /** Requests sent. */
  sent: number;
  /** Answers by status (0: no answer: a timeout or a closed connection). */
  statuses: Map<number, number>;
  /** Milliseconds from sending to the whole answer, of every answered request. */
  latencies: number[];
}

export interface GetOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Give up on the answer after this long (the reader leaves), counted as status 0. */
  abandonAfterMs?: number;
}

/** One GET, timed: its status (0 when it got none) and how long the whole answer took. */
export function timedGet(
  agent: http.Agent,
  url: string,
  options: GetOptions = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: options.headers }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
      );
      res.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    });
    const limit = options.abandonAfterMs ?? options.timeoutMs ?? 30_000;
    req.setTimeout(limit, () => req.destroy());
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/**
 * Sends `ratePerS` GETs a second for `seconds`, each to `urlOf(i)`, without waiting for earlier
 * answers (an open loop: a slow server gets more requests in flight, as it would from readers),
 * and resolves when every one has been answered or given up on.
 */
export async function openLoop(
  urlOf: (i: number) => string,
  ratePerS: number,
  seconds: number,
  options: GetOptions = {},
): Promise<Outcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const outcome: Outcome = { sent: 0, statuses: new Map(), latencies: [] };
  const pending: Promise<void>[] = [];
  const total = Math.round(ratePerS * seconds);
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / ratePerS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    outcome.sent++;
    pending.push(
      timedGet(agent, urlOf(i), options).then(({ status, ms }) => {
        outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
        if (status !== 0) outcome.latencies.push(ms);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return outcome;
}

/** Asks `url` every `everyMs` until stopped, keeping each answer's latency. */
export function probe(url: string, everyMs = 20): { stop(): Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const request = timedGet(agent, url, { timeoutMs: 10_000 }).then(({ ms }) => {
      latencies.push(ms);
    });
    pending.add(request);
    void request.finally(() => pending.delete(request));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      agent.destroy();
      return latencies;
    },
  };
}

/** Node's options as `npm start` gives them (package.json), so that a benchmark's figures are its own. */
export const START_NODE_OPTIONS = (
  JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith("--"));

/** A process's resident set size in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; resolves with the highest seen. */
export function peakRss(pid: number, everyMs = 20): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process has gone: the caller finds out
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export const WRK = "/usr/bin/wrk";

/** Milliseconds from wrk's "1.23ms", "456.00us" or "1.02s". */
export function wrkMs(value: string): number {
  const [, n = "0", unit = "ms"] = /([\d.]+)(us|ms|s)/.exec(value) ?? [];
  return Number(n) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs wrk (one thread) and resolves with what it printed (errors last); rejects when it failed. */
async function wrkOutput(args: string[]): Promise<string> {
  const child = spawn(WRK, ["-t1", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`wrk failed:\n${out}${err}`);
  return out + err;
}

/**
 * Runs wrk (one thread) against `url`, without blocking this process (its own probes and open
 * loops go on meanwhile); `extra` adds wrk's options (headers, a Lua script).
 */
export async function runWrk(
  url: string,
  connections: number,
  seconds: number,
  extra: string[] = [],
): Promise<WrkResult> {
  const out = await wrkOutput([
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    "--timeout",
    "10s",
    ...extra,
    url,
  ]);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
    .exec(out)
    ?.slice(1)
    .reduce((n, v) => n + Number(v), 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? "0"),
    p99: wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "0"),
    errors: errors ?? 0,
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  };
}

/**
 * wrk's script for alternatingRate: its arguments are the two paths and the block's length. It
 * asks for one path `block` times, then for the other, and logs each block's path (1 or 2) and
 * how long it took in microseconds (the monotonic clock, through LuaJIT's ffi); the first block,
 * while the connections open, is not logged. It counts requests, not answers: a connection asks
 * again only once answered, and a `response` function would have wrk copy every answer's headers
 * and body into Lua, a cost of the client's added to both paths.
 */
const ALTERNATING_SCRIPT = `local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *tp);
]]
local clock = ffi.new("bench_timespec")
local function micros()
  ffi.C.clock_gettime(1, clock)
  return tonumber(clock.tv_sec) * 1e6 + tonumber(clock.tv_nsec) / 1e3
end
local requests, block, which, asked, started = {}, 1000, 1, 0, nil
log = ""
function init(args)
  requests[1] = wrk.format("GET", args[1])
  requests[2] = wrk.format("GET", args[2])
  block = tonumber(args[3])
end
function request()
  if asked == block then
    local now = micros()
    if started then log = log .. which .. " " .. string.format("%.1f", now - started) .. "\\n" end
    started, asked, which = now, 0, 3 - which
  end
  asked = asked + 1
  return requests[which]
end
local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end
function done()
  for _, thread in ipairs(threads) do io.write(thread:get("log")) end
end
`;

/**
 * Two paths' request rates as a ratio (`a` over `b`), measured by wrk (one thread, `connections`
 * keep-alive connections) switching from one path to the other every `block` answers for
 * `seconds`. A block lasts a few tens of milliseconds, less than the time this machine's speed
 * takes to drift, which wrk's runs of a path for seconds at a time are not: each b block is set
 * against the mean of the a blocks on either side of it (the same number of requests each: the
 * ratio of their times), and the median of those ratios is returned with its middle half. (The
 * few requests in flight at a switch are answered in the next block, as many each way.)
 */
export async function alternatingRate(
  url: string,
  paths: { a: string; b: string },
  { connections = 10, block = 1000, seconds = 20, headers = [] as string[] } = {},
): Promise<{ median: number; low: number; high: number; pairs: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-alternating-"));
  try {
    const script = path.join(dir, "alternating.lua");
    writeFileSync(script, ALTERNATING_SCRIPT);
    const args = [`-c${connections}`, `-d${seconds}s`, "--timeout", "10s", ...headers];
    const out = await wrkOutput([...args, "-s", script, url, "--", paths.a, paths.b, `${block}`]);
    const blocks = [...out.matchAll(/^([12]) ([\d.]+)$/gm)].map(([, which, micros]) => ({
      a: which === "1",
      micros: Number(micros),
    }));
    const ratios: number[] = [];
    for (let i = 1; i + 1 < blocks.length; i++) {
      const [before, b, after] = [blocks[i - 1], blocks[i], blocks[i + 1]];
      if (b?.a !== false || !before?.a || !after?.a) continue;
      ratios.push(b.micros / ((before.micros + after.micros) / 2));
    }
    if (ratios.length < 10) throw new Error(`wrk switched paths too few times:\n${out}`);
    return {
      median: percentile(ratios, 50),
      low: percentile(ratios, 25),
      high: percentile(ratios, 75),
      pairs: ratios.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
