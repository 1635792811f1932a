// Load for the benchmarks that a closed-loop tool like wrk cannot make: requests that arrive at
// a set rate whatever the server does (as hostile or simply many readers do), each to a path of
// its own, and a probe that measures one path's latency while that goes on; wrk itself; and two
// paths' rates compared in blocks shorter than wrk's runs (alternatingRate). Loopback only.
import http from "node:http";
import net from "node:net";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

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
  const child = spawn(
    WRK,
    ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s", ...extra, url],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`wrk failed:\n${out}${err}`);
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
 * A keep-alive connection that sends GETs one after another and counts whole answers (their
 * end found by Content-Length): the least a client can do, so that the server is what is timed.
 */
async function rawConnection(port: number) {
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect(port, "127.0.0.1", () => resolve(s)).once("error", reject);
  });
  socket.setNoDelay(true);
  let buffered: Buffer = Buffer.alloc(0);
  let needed = -1;
  /** Sends `count` GETs of `request` (one at a time), resolving when the last is answered. */
  const send = (request: Buffer, count: () => boolean) =>
    new Promise<void>((done, fail) => {
      const next = () => (count() ? socket.write(request) : (socket.off("data", onData), done()));
      const onData = (chunk: Buffer) => {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
        for (;;) {
          if (needed < 0) {
            const end = buffered.indexOf("\r\n\r\n");
            if (end < 0) return;
            const length = /content-length: *(\d+)/i.exec(buffered.subarray(0, end).toString());
            if (!length) return fail(new Error("an answer without Content-Length"));
            needed = end + 4 + Number(length[1]);
          }
          if (buffered.length < needed) return;
          buffered = buffered.subarray(needed);
          needed = -1;
          next();
        }
      };
      socket.on("data", onData);
      next();
    });
  return { send, close: () => socket.destroy() };
}

/**
 * Two paths' request rates as a ratio (`a` over `b`), measured in alternating blocks of `block`
 * requests over `connections` keep-alive connections (each block a few tens of milliseconds), in
 * turns (each first every other round), the median of the rounds' ratios with its middle half.
 * wrk runs a path for seconds at a time, and this machine's speed drifts within seconds: a block
 * and the next one are measured on nearly the same machine.
 */
export async function alternatingRate(
  url: string,
  paths: { a: string; b: string },
  { connections = 10, block = 1000, rounds = 60, headers = {} as Record<string, string> } = {},
): Promise<{ median: number; low: number; high: number }> {
  const { host, port } = new URL(url);
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  const request = (path: string) =>
    Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${head.join("")}\r\n`);
  const [a, b] = [request(paths.a), request(paths.b)];
  const pool = await Promise.all(Array.from({ length: connections }, () => rawConnection(+port)));
  const timed = async (req: Buffer) => {
    let left = block;
    const started = performance.now();
    await Promise.all(pool.map((c) => c.send(req, () => left-- > 0)));
    return performance.now() - started;
  };
  try {
    await timed(a); // warm-up
    await timed(b);
    const ratios: number[] = [];
    for (let i = 0; i < rounds; i++) {
      let ta: number;
      let tb: number;
      if (i % 2) {
        ta = await timed(a);
        tb = await timed(b);
      } else {
        tb = await timed(b);
        ta = await timed(a);
      }
      ratios.push(tb / ta); // the same requests each: a's rate over b's
    }
    return {
      median: percentile(ratios, 50),
      low: percentile(ratios, 25),
      high: percentile(ratios, 75),
    };
  } finally {
    for (const c of pool) c.close();
  }
}
