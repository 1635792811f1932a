// The fourth hardening round's attacks (issue 51), for `npm run bench:attacks` (figures, not
// tests), each against a production build on loopback, each with a site process of its own,
// stopped after. Run from a checkout of an earlier commit (its build in ./build) to print that
// commit's figures: a figure the build cannot give is printed "n/a" and the run goes on.
//  1. liveReplay: the live channel's replay after 100 Extreme alerts at the texts' caps changed
//     10 times (bytes one request with an early Last-Event-ID is sent, read for at most 5 s and
//     20 MB), and 20 channels from one IPv6 /64 (admitted, refused);
//  2. renderFairness64: 19 unique searches at once from 19 addresses of one /64 while another
//     /64 asks for 19: how many of each are answered 200 (RENDER_PER_CLIENT);
//  3. dotSegments: 300 paths with a dot segment under the Spanish edition's prefix and 300
//     React Router data URLs: their statuses, the renders they cost (the metrics' render
//     count), and lines the process printed that a log reader could not parse;
//  4. refusedPost: the contact form posted while one reader's searches fill the renders: each
//     post's status, its answer's size and whether it gives the reader's text back;
//  5. metricsScale: 3,000 generated cities (BENCH_CITIES), three cheap requests each, then one
//     scrape of /metrics (bytes, time); and a site whose METRICS_PORT is taken (does it serve?);
//  6. slowHeaders: a request's headers sent a byte every 500 ms, on a new connection and on one
//     whose first request was answered: when the server answers 408 or closes (at most 40 s);
//  7. restoreUnderSite (attacks-restore.ts): `npm run restore` under a running site, then posts;
//  8. the run's partials (attacks-partials.ts): a backup's leftovers, a missing backup folder, a
//     restored trigger, a date in the fall-back hour under two TZs, a hostile feed's links.
// Every address but loopback's is a documentation address in an X-Forwarded-For header (the
// site believes a loopback proxy's: TRUST_PROXY's default).
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { alertsAtTheCaps, startWeatherServer } from "../tests/fixture-servers/weather-server";
import { generateCities } from "../tests/support/generate-cities";
import { line } from "./attacks-report";
import { restoreUnderSite } from "./attacks-restore";
import {
  backupFolder,
  backupLeftovers,
  fallBackHour,
  hostileLinks,
  restoreTrigger,
} from "./attacks-partials";
import { freePort } from "../tests/support/ports";
import { siteProcessEnv, startSiteProcess, type SiteProcess } from "../tests/support/site-process";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counts of a list of statuses, "38× 200, 2× 503" (0: no answer). */
function counted(statuses: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n}× ${s || "no answer"}`)
    .join(", ");
}

interface Answer {
  status: number;
  body: Buffer;
}

/**
 * One request with the path exactly as given (Node's client sends it unresolved: a dot segment
 * reaches the server as written, where fetch() would resolve it first).
 */
function request(
  port: number,
  target: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent | false;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: target,
        method: options.method ?? "GET",
        headers: options.headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", () => resolve({ status: 0, body: Buffer.concat(chunks) }));
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy());
    req.on("error", () => resolve({ status: 0, body: Buffer.alloc(0) }));
    req.end(options.body);
  });
}

/** Runs `work(i)` for i < count, `concurrency` at a time; resolves with the results in order. */
async function pooled<T>(
  count: number,
  concurrency: number,
  work: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

async function withSite(
  env: Record<string, string>,
  run: (site: SiteProcess) => Promise<void>,
): Promise<void> {
  const site = await startSiteProcess({ env, timeoutMs: 60_000 });
  try {
    await run(site);
  } finally {
    await site.stop();
  }
}

/**
 * A production server of this build started here rather than by startSiteProcess (whose
 * settings it repeats), for what that one cannot give: both of its output streams (React
 * Router's warnings go to standard error) and its exit code after it answered, or before.
 */
interface PipedSite {
  url: string;
  port: number;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** undefined while it runs; its code (null: ended by a signal) once it has exited. */
  exitCode(): number | null | undefined;
  /** Resolves true once it answers /healthz, false if it exits or `timeoutMs` passes first. */
  answers(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

async function spawnSite(env: Record<string, string>): Promise<PipedSite> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `site-${port}-`));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server-main/index.js"], {
    env: {
      ...siteProcessEnv(port, dataDir),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  let code: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (c) => {
      code = c;
      resolve();
    }),
  );
  const answers = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (code === undefined && Date.now() < deadline) {
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
        .then((res) => res.ok)
        .catch(() => false);
      if (ok) return true;
      await Promise.race([exited, sleep(100)]);
    }
    return false;
  };
  return {
    url,
    port,
    pid: child.pid ?? 0,
    stdout: () => Buffer.concat(out).toString("utf8"),
    stderr: () => Buffer.concat(err).toString("utf8"),
    exitCode: () => code,
    answers,
    async stop() {
      if (code === undefined) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The sum of a Prometheus series' samples (every label set) in a scrape, or undefined. */
function sampleSum(scrape: string, name: string, labels = ""): number | undefined {
  let sum: number | undefined;
  for (const row of scrape.split("\n")) {
    if (!row.startsWith(name)) continue;
    const rest = row.slice(name.length);
    if (!/^[{ ]/.test(rest) || !rest.includes(labels)) continue;
    sum = (sum ?? 0) + Number(row.slice(row.lastIndexOf(" ") + 1));
  }
  return sum;
}

async function scrape(metricsPort: number): Promise<string | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      signal: AbortSignal.timeout(30_000),
    });
    return res.ok ? await res.text() : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. The live channel's replay, and its share by /64.

/** A page that reads its channel and keeps the ids of the alert events it is told. */
function alertIds(site: SiteProcess): { ids: string[]; close(): void } {
  const ids: string[] = [];
  let text = "";
  const req = http.get(`${site.url}/api/live`, { agent: false }, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      text += chunk;
      const frames = text.split("\n\n");
      text = frames.pop() ?? "";
      for (const frame of frames) {
        const id = /^id: (\S+)$/m.exec(frame)?.[1];
        if (id && /^event: alert$/m.test(frame)) ids.push(id);
      }
    });
    res.on("error", () => undefined);
  });
  req.on("error", () => undefined);
  return { ids, close: () => req.destroy() };
}

/**
 * The bytes one request with `lastEventId` is answered: read until 5 s pass, 20 MB arrived, or
 * the stream has been quiet for 1 s after its first bytes (what it missed has been sent).
 */
function replayBytes(
  site: SiteProcess,
  lastEventId: string,
): Promise<{ bytes: number; why: string }> {
  const LIMIT = 20 * 1024 * 1024;
  return new Promise((resolve) => {
    let bytes = 0;
    let quiet: NodeJS.Timeout | undefined;
    const done = (why: string) => {
      clearTimeout(quiet);
      clearTimeout(cap);
      req.destroy();
      resolve({ bytes, why });
    };
    const req = http.get(
      `${site.url}/api/live`,
      { agent: false, headers: { "Last-Event-ID": lastEventId } },
      (res) => {
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes >= LIMIT) return done("cut at 20 MB");
          clearTimeout(quiet);
          quiet = setTimeout(() => done("then quiet"), 1000);
        });
        res.on("error", () => undefined);
      },
    );
    const cap = setTimeout(() => done("cut at 5 s"), 5000);
    req.on("error", () => done("connection failed"));
  });
}

/** Opens a live channel as `forwardedFor`; resolves with its status and a way to close it. */
function openChannel(site: SiteProcess, forwardedFor: string) {
  return new Promise<{ status: number; close(): void }>((resolve) => {
    const req = http.get(
      `${site.url}/api/live`,
      { agent: false, headers: { "X-Forwarded-For": forwardedFor } },
      (res) => {
        res.resume();
        res.on("error", () => undefined);
        resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
      },
    );
    req.setTimeout(10_000, () => req.destroy());
    req.on("error", () => resolve({ status: 0, close: () => req.destroy() }));
  });
}

export async function liveReplay(): Promise<void> {
  console.log("\nThe live channel (issue 51, points 1 and 4)");
  const weather = await startWeatherServer({ alerts: [] });
  weather.set({ maxAgeSeconds: 1 });
  try {
    await withSite(
      {
        ALLOW_PRIVATE_HOSTS: "127.0.0.1",
        NWS_API_URL: weather.url,
        NWS_RADAR_URL: weather.url,
        NWS_ALERTS_SECONDS: "1",
        LOG_LEVEL: "error",
      },
      async (site) => {
        // The city's weather is tracked from its first page on.
        for (let i = 0; i < 60; i++) {
          if ((await (await fetch(`${site.url}/weather`)).text()).includes('id="current"')) break;
          await sleep(500);
        }
        const reader = alertIds(site);
        await sleep(500);
        const ROUNDS = 10;
        weather.set({ alerts: alertsAtTheCaps("bench4.0") });
        for (let i = 0; i < 40 && reader.ids.length === 0; i++) await sleep(250);
        for (let round = 1; round < ROUNDS; round++) {
          await sleep(1000);
          weather.set({ alerts: alertsAtTheCaps(`bench4.${round}`) });
        }
        await sleep(2500);
        reader.close();
        const first = reader.ids[0];
        if (first === undefined) {
          line("one replay (Last-Event-ID of the first alert event)", "n/a (no alert event told)");
        } else {
          const replay = await replayBytes(site, first);
          line(
            `one replay after ${ROUNDS} changes (${reader.ids.length} alert events told)`,
            `${replay.bytes.toLocaleString("en-US")} bytes (${replay.why})`,
          );
        }
        const channels = await Promise.all(
          Array.from({ length: 20 }, (_, i) => openChannel(site, `2001:db8:1:2::${i + 1}`)),
        );
        const statuses = channels.map((c) => c.status);
        line(
          "20 channels from 20 addresses of one /64 (2001:db8:1:2::/64)",
          `${statuses.filter((s) => s === 200).length} admitted (200), ${statuses.filter((s) => s === 503).length} refused (503)${statuses.some((s) => s !== 200 && s !== 503) ? `; all: ${counted(statuses)}` : ""}`,
        );
        for (const channel of channels) channel.close();
      },
    );
  } finally {
    await weather.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. RENDER_PER_CLIENT by /64.

export async function renderFairness64(): Promise<void> {
  // Waits of up to 60 s (RENDER_MAX_WAIT_MS): only the readers' shares refuse, not the queue's
  // wait on a busy machine.
  await withSite({ RENDER_MAX_WAIT_MS: "60000", LOG_LEVEL: "error" }, async (site) => {
    const agent = new http.Agent({ keepAlive: false, maxSockets: 64 });
    const ask = (prefix: string, i: number) =>
      request(site.port, `/search?q=fair${prefix}x${i}x${Date.now()}`, {
        agent,
        headers: { "X-Forwarded-For": `2001:db8:${prefix}:1::${i + 1}` },
        timeoutMs: 90_000,
      }).then((a) => a.status);
    const first = Promise.all(Array.from({ length: 19 }, (_, i) => ask("a", i)));
    await sleep(20);
    const second = Promise.all(Array.from({ length: 19 }, (_, i) => ask("b", i)));
    const [a, b] = await Promise.all([first, second]);
    agent.destroy();
    console.log(
      "\nRENDER_PER_CLIENT (8) by network (issue 51, point 4): 19 unique searches at once (RENDER_MAX_WAIT_MS=60000)",
    );
    line(
      "from 19 addresses of 2001:db8:a:1::/64",
      `${a.filter((s) => s === 200).length} answered 200 (${counted(a)})`,
    );
    line(
      "meanwhile from 19 addresses of 2001:db8:b:1::/64",
      `${b.filter((s) => s === 200).length} answered 200 (${counted(b)})`,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// 3. Dot segments and React Router's own URLs.

export async function dotSegments(): Promise<void> {
  const metricsPort = await freePort();
  const site = await spawnSite({ METRICS_PORT: String(metricsPort) });
  try {
    if (!(await site.answers(60_000))) throw new Error("The site did not answer /healthz");
    const renders = async () => {
      const text = await scrape(metricsPort);
      return text === undefined
        ? undefined
        : (sampleSum(text, "citynews_render_duration_seconds_count") ?? 0);
    };
    console.log("\nOne path, one site (issue 51, point 5): 300 requests of each kind");
    const dots = ["/es/../faq", "/es/%2e%2e/faq", "/es/x/../../faq", "/es/../es/clima"];
    const cases: [string, (i: number) => string][] = [
      ["/es/../faq and kin (a new query each)", (i) => `${dots[i % dots.length]}?n=${i}`],
      ["/faq.data?x=N", (i) => `/faq.data?x=${i}`],
    ];
    for (const [what, target] of cases) {
      const before = await renders();
      const outLines = site.stdout().split("\n").length;
      const errBytes = site.stderr().length;
      const statuses = await pooled(300, 8, (i) =>
        request(site.port, target(i)).then((a) => a.status),
      );
      await sleep(500);
      const after = await renders();
      const printed = site
        .stdout()
        .split("\n")
        .slice(outLines - 1)
        .filter((l) => l.trim() !== "");
      const notJson = printed.filter((l) => {
        try {
          JSON.parse(l);
          return false;
        } catch {
          return true;
        }
      });
      const stderr = site
        .stderr()
        .slice(errBytes)
        .split("\n")
        .filter((l) => l.trim() !== "");
      const sample = notJson[0] ?? stderr[0];
      line(
        what,
        `${counted(statuses)}; renders ${before === undefined || after === undefined ? "n/a" : after - before}; lines not JSON: ${notJson.length} on stdout, ${stderr.length} on stderr${sample ? ` (e.g. ${JSON.stringify(sample.slice(0, 90))})` : ""}`,
      );
    }
  } finally {
    await site.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// 4. A contact post refused under load.

export async function refusedPost(): Promise<void> {
  await withSite(
    {
      RENDER_CONCURRENCY: "1",
      RENDER_QUEUE: "2",
      // The flooding reader's share: its searches hold it (1 running and 2 waiting at most).
      RENDER_PER_CLIENT: "2",
      // The posts' own allowance: one at a time, none waiting.
      WRITE_CONCURRENCY: "1",
      WRITE_QUEUE: "0",
      LOG_LEVEL: "error",
    },
    async (site) => {
      const flooder = "203.0.113.50";
      let stop = false;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
      const searches: number[] = [];
      const lanes = Promise.all(
        Array.from({ length: 40 }, async (_, lane) => {
          for (let i = 0; !stop; i++) {
            const { status } = await request(
              site.port,
              `/search?q=busy${lane}x${i}x${Date.now()}`,
              {
                agent,
                headers: { "X-Forwarded-For": flooder },
              },
            );
            searches.push(status);
            // A refused search is answered at once: the lane waits a little before the next.
            if (status !== 200) await sleep(20);
          }
        }),
      );
      await sleep(700);
      const post = (sender: string, tag: string) => {
        const message = `Water over the Elm Street bridge ${tag}`;
        const body = new URLSearchParams({
          name: "Ana",
          email: "ana@example.com",
          subject: "Tip",
          message,
        }).toString();
        return request(site.port, "/contact?index", {
          method: "POST",
          body,
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: site.url,
            "X-Forwarded-For": sender,
          },
        }).then((a) => ({ ...a, message }));
      };
      // At the same moment: the flooding reader's post, and two other readers'.
      const posts = await Promise.all([
        post(flooder, "post A"),
        post("198.51.100.61", "post B"),
        post("198.51.100.62", "post C"),
      ]);
      stop = true;
      await lanes;
      agent.destroy();
      console.log(
        "\nA contact post refused under load (issue 51, point 6): RENDER_CONCURRENCY=1, RENDER_QUEUE=2, RENDER_PER_CLIENT=2, WRITE_CONCURRENCY=1, WRITE_QUEUE=0",
      );
      line("40 lanes of unique searches from one reader meanwhile", counted(searches));
      const labels = [
        "post from the searching reader (its share taken)",
        "post from another reader, at the same moment",
        "post from a third reader, at the same moment",
      ];
      posts.forEach((p, i) =>
        line(
          labels[i] ?? "",
          `${p.status || "no answer"}, ${p.body.length.toLocaleString("en-US")} bytes, the message given back: ${p.body.toString("utf8").includes(p.message) ? "yes" : "no"}`,
        ),
      );
    },
  );
}

// ---------------------------------------------------------------------------------------------
// 5. Metrics at the network's size, and a metrics port that is taken.

/** Cities of the metrics attack (BENCH_CITIES, 3,000 by default). */
const CITIES = Number(process.env.BENCH_CITIES ?? 3000);

export async function metricsScale(): Promise<void> {
  console.log(`\nMetrics (issue 51, point 3)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-metrics-"));
  try {
    // Feeds on a loopback port nothing listens on, which the site may not reach anyway (no
    // ALLOW_PRIVATE_HOSTS): the attack is on the metrics, not the news.
    const { cities, citiesDir, networkFile } = generateCities(dir, CITIES, "http://127.0.0.1:9");
    const metricsPort = await freePort();
    const started = performance.now();
    await withSite(
      {
        CITIES_DIR: citiesDir,
        NETWORK_FILE: networkFile,
        DEFAULT_SITE: "",
        SITE_URL: "",
        FEED_REFRESH_SECONDS: "3600",
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: "error",
      },
      async (site) => {
        const startedS = (performance.now() - started) / 1000;
        const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
        // Three cheap answers per city, each of another route class and status: the live
        // channel's HEAD (200), a picture id that is none (404), a cross-origin post (403).
        const asked = performance.now();
        const statuses = await pooled(cities.length * 3, 8, (i) => {
          const city = cities[Math.floor(i / 3)];
          const host = city?.host ?? "";
          const kind = i % 3;
          return request(
            site.port,
            kind === 0 ? "/api/live" : kind === 1 ? "/img/640/none" : "/contact?index",
            {
              agent,
              method: kind === 0 ? "HEAD" : kind === 1 ? "GET" : "POST",
              headers:
                kind === 2
                  ? {
                      Host: host,
                      Origin: "https://evil.example",
                      "Content-Type": "application/x-www-form-urlencoded",
                    }
                  : { Host: host },
              body: kind === 2 ? "name=A&email=a%40example.com&subject=S&message=M" : undefined,
            },
          ).then((a) => a.status);
        });
        agent.destroy();
        const askedS = (performance.now() - asked) / 1000;
        const t0 = performance.now();
        const text = await scrape(metricsPort);
        const ms = performance.now() - t0;
        line(
          `${CITIES.toLocaleString("en-US")} cities (started in ${startedS.toFixed(0)} s), 3 requests each in ${askedS.toFixed(0)} s`,
          counted(statuses),
        );
        line(
          "one scrape of /metrics",
          text === undefined
            ? "n/a (no answer)"
            : `${(Buffer.byteLength(text) / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB, ${text
                .split("\n")
                .filter((l) => l && !l.startsWith("#"))
                .length.toLocaleString("en-US")} samples, in ${ms.toFixed(0)} ms`,
        );
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // A second site whose METRICS_PORT another process holds.
  const holder = net.createServer((socket) => socket.destroy());
  const taken = await freePort();
  await new Promise<void>((resolve) => holder.listen(taken, "127.0.0.1", resolve));
  const site = await spawnSite({ METRICS_PORT: String(taken), LOG_LEVEL: "info" });
  try {
    const answered = await site.answers(60_000);
    // An 'error' event of the metrics listener would end the process soon after it started.
    await sleep(2000);
    const health = answered
      ? await request(site.port, "/healthz", { timeoutMs: 5000 }).then((a) => a.status)
      : 0;
    const code = site.exitCode();
    const logged = site
      .stdout()
      .split("\n")
      .find((l) => l.includes(String(taken)) && /in use|EADDRINUSE/.test(l));
    line(
      "a site whose METRICS_PORT is taken",
      `public port ${answered ? "opened" : "never answered"}, /healthz ${health || "-"} 2 s later; ${code === undefined ? "still running" : `exited with code ${code}`}; the port logged as in use: ${logged ? "yes" : "no"}`,
    );
  } finally {
    await site.stop();
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------
// 6. Headers sent a byte at a time.

/**
 * Sends a request's headers one byte every 500 ms on `socket` (after `first`, answered, when
 * given); resolves with the seconds from its first byte until the server answered or closed.
 */
function trickle(port: number, first?: string): Promise<string> {
  const CAP_S = 40;
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    let sent = 0;
    const header = `GET /faq HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${"a".repeat(200)}`;
    const end = (what: string) => {
      clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve(what);
    };
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    const begin = () => {
      started = performance.now();
      received = "";
      timer = setInterval(() => {
        if (sent < header.length) socket.write(header.charAt(sent++));
      }, 500);
    };
    const cap = setTimeout(
      () => end(`no answer after ${CAP_S} s (${sent} bytes sent)`),
      CAP_S * 1000,
    );
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (started === 0) return;
      const status = /^HTTP\/1\.1 (\d+)/.exec(received)?.[1];
      if (status) end(`answered ${status} after ${seconds()} s`);
    });
    socket.on("close", () => end(started ? `closed after ${seconds()} s` : "closed before"));
    socket.on("error", () => undefined);
    socket.on("connect", () => {
      if (!first) return begin();
      socket.write(first);
      // The first answer read (a health probe's, small), then the slow request.
      setTimeout(begin, 500);
    });
  });
}

export async function slowHeaders(): Promise<void> {
  await withSite({}, async (site) => {
    const [fresh, kept] = await Promise.all([
      trickle(site.port),
      trickle(site.port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
    ]);
    console.log("\nHeaders sent a byte every 500 ms (issue 51, point 7; at most 40 s)");
    line("a new connection's first request", fresh);
    line("a request after one answered on the same connection", kept);
  });
}

/** The parts, by their BENCH_PARTS names (`round4` runs them all). */
export const ROUND4_PARTS: Record<string, () => Promise<void>> = {
  "live-replay": liveReplay,
  "render-64": renderFairness64,
  "dot-segments": dotSegments,
  "refused-post": refusedPost,
  "metrics-scale": metricsScale,
  "slow-headers": slowHeaders,
  "restore-running": restoreUnderSite,
  "backup-leftovers": backupLeftovers,
  "backup-folder": backupFolder,
  "restore-trigger": restoreTrigger,
  "fall-back-hour": fallBackHour,
  "hostile-links": hostileLinks,
};
