// The third hardening round's attacks (issue 33), for `npm run bench:attacks` (figures, not
// tests), each against a production build on loopback. Run from a checkout of an earlier commit
// (its build in ./build) to print that commit's figures: the site process is started from the
// current folder's build (tests/support/site-process.ts).
import { execFile } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  FIXTURE_ZONES,
  startWeatherServer,
  type FixtureAlert,
} from "../tests/fixture-servers/weather-server";
import { startPostgres } from "../tests/support/postgres";
import { startSiteProcess, type SiteProcess } from "../tests/support/site-process";
import { openLoop, percentile, rssMb, timedGet } from "./load";

const agent = new http.Agent({ keepAlive: true });

/** Writes one raw request on a connection of its own; resolves with the whole answer. */
function raw(site: SiteProcess, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(site.port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("close", () => resolve(text));
    socket.on("error", () => resolve(text));
  });
}

/** The publication a page names in its title ("… | Houston City Wire"), or its status line. */
function whose(answer: string): string {
  const title = /<title>[^<]*?(\w+ City Wire)<\/title>/.exec(answer)?.[1];
  return title ?? answer.split("\r\n")[0] ?? "no answer";
}

async function withSite(
  env: Record<string, string>,
  run: (site: SiteProcess) => Promise<void>,
  keepOutput = false,
): Promise<void> {
  const site = await startSiteProcess({ env, keepOutput, timeoutMs: 60_000 });
  try {
    await run(site);
  } finally {
    await site.stop();
  }
}

/** Point 3: which city a request is answered for. */
export async function hostAttacks(): Promise<void> {
  console.log("\nHosts (RFC 9112)");
  await withSite({}, async (site) => {
    const two = await raw(
      site,
      "GET /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: honolulucitywire.com\r\nConnection: close\r\n\r\n",
    );
    console.log(`  two Host fields:                         ${two.split("\r\n")[0]}`);
    const absolute = await raw(
      site,
      "GET http://honolulucitywire.com/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    console.log(`  absolute-form target naming Honolulu:    answered as ${whose(absolute)}`);
    const forwarded = await raw(
      site,
      "GET /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Host: honolulucitywire.com\r\nConnection: close\r\n\r\n",
    );
    const vary = /\r\nvary: ([^\r]*)/i.exec(forwarded)?.[1] ?? "none";
    console.log(
      `  X-Forwarded-Host from a loopback client: answered as ${whose(forwarded)} (Vary: ${vary})`,
    );
  });
}

/** Point 4: renders made for spellings of one search. */
export async function searchSpellings(): Promise<void> {
  await withSite({ LOG_LEVEL: "info" }, async (site) => {
    const words = ["flood", "houston", "bayou"];
    const spellings: string[] = [];
    for (let i = 0; i < 100; i++) {
      const cased = words.map((w, j) => ((i >> j) & 1 ? w.toUpperCase() : w));
      const order = i % 2 ? [cased[1], cased[0], cased[2]] : cased;
      spellings.push(
        order.join(i % 3 === 0 ? "+" : i % 3 === 1 ? "%20%20" : "+%20") + (i % 5 ? "" : "+"),
      );
    }
    let misses = 0;
    for (const q of spellings) {
      const res = await fetch(`${site.url}/search?q=${q}`);
      await res.arrayBuffer();
      if (res.headers.get("x-cache") === "miss") misses++;
    }
    console.log(
      `\nOne search spelled 100 ways (case, spaces, +, in two word orders): ${misses} renders`,
    );
  });
}

/** Sends one contact form post as the reader `sender` (X-Forwarded-For from loopback). */
function contactPost(site: SiteProcess, sender: string, origin = site.url): Promise<number> {
  const body = "name=Ana&email=ana%40example.com&subject=Tip&message=The+bayou+is+rising";
  return new Promise((resolve) => {
    const req = http.request(
      `${site.url}/contact?index`,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          "X-Forwarded-For": sender,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** A share of a map of statuses, in per cent. */
function share(statuses: Map<number, number>, status: number): string {
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  return `${(((statuses.get(status) ?? 0) * 100) / Math.max(1, total)).toFixed(0)}%`;
}

/** Point 5: one client's unique searches against other readers' contact posts. */
export async function fairShedding(): Promise<void> {
  await withSite({ RENDER_QUEUE: "16" }, async (site) => {
    const flooder = openLoop((i) => `${site.url}/search?q=zz${i}x${Date.now()}`, 50, 10);
    const posts = new Map<number, number>();
    const sent: Promise<void>[] = [];
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 250));
      // Each post from a reader of its own (documentation addresses, only words in a header).
      sent.push(
        contactPost(site, `198.51.100.${i + 1}`).then((s) => {
          posts.set(s, (posts.get(s) ?? 0) + 1);
        }),
      );
    }
    await Promise.all(sent);
    const flood = await flooder;
    console.log(
      `\nFair shedding: one client's 50 unique searches/s for 10 s, other readers' 40 contact posts:`,
    );
    console.log(
      `  posts refused (503): ${share(posts, 503)}, posts answered 200: ${share(posts, 200)}; the flooder's searches refused: ${share(flood.statuses, 503)}`,
    );
  });
}

/** Point 6: what a flood of refused cross-origin posts writes to the log. */
export async function clientMistakeLogs(): Promise<void> {
  await withSite(
    { LOG_LEVEL: "info" },
    async (site) => {
      const before = Buffer.byteLength(site.output());
      for (let i = 0; i < 200; i++) await contactPost(site, "198.51.100.7", "https://evil.example");
      const written = site.output().slice(before);
      const lines = written.split("\n").filter(Boolean);
      const errors = lines.filter((l) => /"level":(50|60)/.test(l)).length;
      console.log(
        `\n200 cross-origin posts: ${(Buffer.byteLength(written) / 1024).toFixed(1)} KB of log, ${lines.length} lines, ${errors} at error level`,
      );
    },
    true,
  );
}

/** Asks `url` with curl, a process of its own: its time is the server's, not this loop's. */
function curlMs(url: string): Promise<number> {
  return new Promise((resolve) => {
    execFile(
      "curl",
      ["-s", "-o", "/dev/null", "-m", "10", "-w", "%{time_total}", url],
      (_error, stdout) => resolve(Number(stdout) * 1000),
    );
  });
}

/** How many connections a round of point 7 opens at once (BENCH_CONNECTIONS; 500 by default). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 500);

/** Point 7: /healthz asked (by curl) while CONNECTIONS connections are being opened at once. */
export async function healthUnderConnections(): Promise<void> {
  await withSite({}, async (site) => {
    const times: number[] = [];
    for (let round = 0; round < 10; round++) {
      const sockets = Array.from({ length: CONNECTIONS }, () => {
        const socket = net.connect(site.port, "127.0.0.1");
        socket.on("error", () => undefined);
        return socket;
      });
      times.push(await curlMs(`${site.url}/healthz`));
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(
      `\n/healthz (curl) while ${CONNECTIONS} connections are being opened (10 rounds): median ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );
  });
}

/** Point 2: the weather service's answer made hostile. */
export async function hostileWeather(): Promise<void> {
  const huge = (i: number): FixtureAlert => ({
    id: `urn:oid:attack.${i}`,
    event: "Extreme Wind Warning",
    severity: "Extreme",
    headline: `Extreme Wind Warning number ${i}`,
    description: "Destructive winds. ".repeat(180),
    instruction: "Take shelter now. ".repeat(20),
    zones: [FIXTURE_ZONES.county],
    fromMinutes: -5,
    untilMinutes: 120,
  });
  const cases: [string, FixtureAlert[]][] = [
    ["1,500 Extreme alerts (about 5 MB)", Array.from({ length: 1500 }, (_, i) => huge(i))],
    [
      "3 alerts of 200 KB each",
      Array.from({ length: 3 }, (_, i) => ({
        ...huge(i),
        description: "Destructive winds are ongoing. ".repeat(6500),
      })),
    ],
    [
      "a bidi override in an event ('\\u202eNOITAUCAVE')",
      [{ ...huge(0), event: "\u202eNOITAUCAVE" }],
    ],
  ];
  console.log("\nHostile weather answers: bytes of each page (uncompressed), the site's RSS");
  for (const [what, alerts] of cases) {
    const weather = await startWeatherServer({ alerts });
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-weather-"));
    try {
      await withSite(
        {
          NWS_API_URL: weather.url,
          NWS_RADAR_URL: weather.url,
          ALLOW_PRIVATE_HOSTS: "127.0.0.1",
        },
        async (site) => {
          // The first reader asks for the city's weather; wait for its alerts to arrive.
          const deadline = Date.now() + 60_000;
          let home = "";
          while (Date.now() < deadline) {
            home = await (await fetch(`${site.url}/faq`)).text();
            if (/Warning|NOITAUCAVE/.test(home)) break;
            await new Promise((r) => setTimeout(r, 500));
          }
          const sizes: string[] = [];
          for (const page of ["/", "/faq", "/weather"]) {
            const body = await (await fetch(`${site.url}${page}`)).text();
            sizes.push(`${page} ${(Buffer.byteLength(body) / 1024).toFixed(0)} KB`);
            if (page === "/faq" && what.includes("bidi")) {
              sizes.push(`override reaches the page: ${body.includes("\u202e") ? "yes" : "no"}`);
            }
          }
          console.log(
            `  ${what.padEnd(44)} ${sizes.join(", ")}; RSS ${rssMb(site.pid).toFixed(0)} MB`,
          );
        },
      );
    } finally {
      await weather.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** Point 1: PostgreSQL ending the site's connections, restarting, timing idle sessions out. */
export async function postgresFaults(): Promise<void> {
  const pg = await startPostgres();
  try {
    const env = {
      DATABASE_URL: pg.createDatabase(),
      IMAGE_KEY_SECRET: "i".repeat(40),
      CONTACT_KEY_SECRET: "c".repeat(40),
    };
    console.log("\nPostgreSQL faults (one instance; each: is the process alive, and serving?)");
    const alive = (site: SiteProcess) => {
      try {
        process.kill(site.pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const report = async (site: SiteProcess, what: string) => {
      const page = alive(site)
        ? await timedGet(agent, `${site.url}/faq`, { timeoutMs: 5000 })
        : undefined;
      const post = alive(site)
        ? await contactPost(site, `203.0.113.${Math.floor(Math.random() * 200) + 1}`)
        : 0;
      console.log(
        `  ${what.padEnd(52)} alive: ${alive(site) ? "yes" : "no "}, /faq ${page?.status ?? "-"}, a contact post ${post || "-"}`,
      );
    };
    const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await withSite(env, async (site) => {
      await fetch(`${site.url}/faq`);
      pg.psql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'city-news%'",
      );
      await settle(3000);
      await report(site, "pg_terminate_backend of its connections, 3 s later");
    });
    await withSite(env, async (site) => {
      await fetch(`${site.url}/faq`);
      pg.halt("fast");
      await settle(3000);
      await report(site, "database stopped (fast), 3 s later");
      pg.resume();
      await settle(5000);
      await report(site, "database started again, 5 s later");
    });
    pg.psql("ALTER SYSTEM SET idle_session_timeout = '2s'");
    pg.psql("SELECT pg_reload_conf()");
    await withSite(env, async (site) => {
      await fetch(`${site.url}/faq`);
      await settle(6000);
      await report(site, "idle_session_timeout = 2s, idle 6 s");
    });
  } finally {
    pg.stop();
  }
}
