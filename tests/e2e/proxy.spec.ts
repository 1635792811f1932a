import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startRadioStation, type RadioStation } from "../fixture-servers/radio-upstream";
import { freePort } from "../support/ports";
import { startSiteProcess, type SiteProcess } from "../support/site-process";
import { testCity } from "../support/cities";

// deploy/nginx.conf as written, in front of two instances of the build (issue 39): nginx from
// apt, started here on a free loopback port with a prefix of its own, its upstream servers and
// cache folder replaced by this run's. Both instances serve Houston and Anchorage by Host.

const NGINX = "/usr/sbin/nginx";
const HOUSTON = testCity("houston").hosts[0] as string;
const ANCHORAGE = testCity("anchorage").hosts[0] as string;

let sites: SiteProcess[] = [];
let station: RadioStation | undefined;
let nginx: ChildProcess | undefined;
let dir = "";
let port = 0;

test.describe.configure({ mode: "serial" });

/** deploy/nginx.conf with this run's upstream servers, port and cache folder. */
function siteConfig(upstreams: number[]): string {
  const config = readFileSync("deploy/nginx.conf", "utf8");
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p};`).join("\n");
  const replaced = config
    .replace(
      /upstream city_news \{[^}]*\}/,
      `upstream city_news {\n${servers}\n    keepalive 8;\n}`,
    )
    .replace("/var/cache/nginx/city-news", path.join(dir, "cache"))
    .replace(/listen 80 default_server;/, `listen 127.0.0.1:${port} default_server;`)
    .replace(/\s*listen \[::\]:80 default_server;/, "");
  expect(replaced).not.toBe(config);
  return replaced;
}

/** A main configuration as the distribution's, all its paths in this run's folder. */
function mainConfig(): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/city-news.conf;
}
`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Ends the request (one read `until` a part is left open until then). */
  close(): void;
}

/**
 * A GET through nginx for `host`: its status, headers and body, whole, or (`until`) as soon as
 * the body holds that part, the request left open until closed.
 */
function get(
  pathname: string,
  host: string,
  { until, headers = {} }: { until?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: pathname, headers: { ...headers, host } },
      (res) => {
        let body = "";
        const answer = () => ({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          close: () => req.destroy(),
        });
        res.setEncoding("latin1");
        res.on("data", (chunk: string) => {
          body += chunk;
          if (until !== undefined && body.includes(until)) resolve(answer());
        });
        res.on("end", () => resolve(answer()));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer for ${pathname} in 20 s`)));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  expect(existsSync(NGINX), "nginx from apt (scripts/test-all.sh installs it)").toBe(true);
  dir = mkdtempSync(path.join(os.tmpdir(), "nginx-"));
  mkdirSync(path.join(dir, "cache"));
  station = await startRadioStation();
  const env = {
    SITES: "houston,anchorage",
    // (The radio's settings are the default city's.)
    DEFAULT_SITE: "houston",
    SITE_URL: "",
    RADIO_UPSTREAM: station.url,
    RADIO_PORTS: String(station.port),
    ALLOW_PRIVATE_HOSTS: "127.0.0.1",
    TRUST_PROXY: "loopback",
    // One live channel per reader and process: what the reader's address is shows (last test).
    LIVE_MAX_PER_CLIENT: "1",
  };
  sites = await Promise.all([startSiteProcess({ env }), startSiteProcess({ env })]);
  port = await freePort();
  writeFileSync(path.join(dir, "city-news.conf"), siteConfig(sites.map((s) => s.port)));
  writeFileSync(path.join(dir, "nginx.conf"), mainConfig());
  const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], {
    encoding: "utf8",
  });
  expect(check.status, check.stderr).toBe(0);
  nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  await expect
    .poll(async () => (await get("/healthz", HOUSTON).catch(() => null))?.status)
    .toBe(200);
});

test.afterAll(async () => {
  nginx?.kill("SIGQUIT");
  await Promise.all(sites.map((s) => s.stop()));
  await station?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a page is kept by nginx as the site's Cache-Control says, one copy per Host", async () => {
  // /faq is made from the city's data alone: ready at once, cached publicly for a minute.
  const first = await get("/faq", HOUSTON);
  expect(first.status).toBe(200);
  expect(first.headers["cache-control"]).toContain("s-maxage=60");
  const again = await get("/faq", HOUSTON);
  expect(again.headers["x-cache-status"]).toBe("HIT");
  expect(again.body).toBe(first.body);
  expect(again.body).toContain("Houston City Wire");
  // Another city's host at the same path: its own page, never Houston's copy.
  const other = await get("/faq", ANCHORAGE);
  expect(other.headers["x-cache-status"]).not.toBe("HIT");
  expect(other.body).toContain("Anchorage City Wire");
  expect(other.body).not.toContain("Houston City Wire");
  // Never stored: health, and what the site says no-store of.
  for (const probe of ["/healthz", "/readyz"]) {
    const answer = await get(probe, HOUSTON);
    expect(answer.status, probe).toBe(200);
    expect(answer.headers["x-cache-status"], probe).toBeUndefined();
  }
});

test("the live channel comes through unbuffered: its first event at once", async () => {
  const live = await get("/api/live", HOUSTON, { until: "retry: 5000" });
  live.close();
  expect(live.status).toBe(200);
  expect(live.headers["content-type"]).toContain("text/event-stream");
  expect(live.headers["x-cache-status"]).toBeUndefined();
});

test("the radio stream comes through unbuffered, as audio", async () => {
  const audio = station?.audio.subarray(0, 64).toString("latin1") ?? "";
  const stream = await get(`/api/stream?port=${station?.port}`, HOUSTON, {
    until: audio.slice(0, 16),
  });
  stream.close();
  expect(stream.status).toBe(200);
  expect(stream.headers["content-type"]).toMatch(/^audio\//);
});

test("the instances see the reader's address that nginx forwards (TRUST_PROXY), not nginx's", async () => {
  // This run's readers all come from loopback, which TRUST_PROXY=loopback trusts as a proxy too:
  // the address before nginx's in X-Forwarded-For is then the reader's.
  const open = (reader: string) =>
    get("/api/live", HOUSTON, {
      until: "retry: 5000",
      headers: { "X-Forwarded-For": reader },
    });
  // Four channels of one reader over the two instances (one each allowed): some refused.
  const one = await Promise.all([1, 2, 3, 4].map(() => open("203.0.113.7")));
  expect(one.map((a) => a.status).filter((s) => s === 503).length).toBeGreaterThan(0);
  // Another reader, at once: let in (the instances do not take every reader for nginx).
  const other = await open("203.0.113.8");
  expect(other.status).toBe(200);
  for (const answer of [...one, other]) answer.close();
});
