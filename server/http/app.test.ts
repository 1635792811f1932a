import { createHash } from "node:crypto";
import { request as httpRequest, type Server } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { City } from "../../sites/schema";
import { cityServices, oneCity } from "../../tests/support/cities";
import { hostOf } from "../../tests/support/fixture-city";
import { servedCitiesOver, writeFixtureCities } from "../../tests/support/fixture-network";
import { fixedNews, storedStory } from "../../tests/support/news";
import { viteServerBuild } from "../../tests/support/vite-build";
import { postAs, requestAs, type Answer } from "../../tests/support/get-as";
import { serveOnLoopback } from "../../tests/support/serve";
import { createApp, type AppOptions } from "./app";
import { isValidHost } from "./request-checks";
import { Limiter } from "../limiter";
import type { CityServices } from "../cities/served";
import type { RadioHub } from "../radio/hub";
import { WEATHER_DEP } from "./pages/cache-key";
import { noWeather, type CityWeather } from "../weather/city-weather";
import type { WeatherAlert } from "../weather/nws-alerts";
import { CONTACT_LIMITS } from "../messages/store";

// The app over real HTTP, with the React Router build served by Vite (no production build needed).

/** The city the app serves (tests/support/fixture-city.ts), and two more of its network. */
const { cities: CITIES, files: FILES } = writeFixtureCities("Stubport", "Mockhaven");
const [CITY, SECOND, THIRD] = CITIES;
afterAll(() => FILES.remove());

let vite: ViteDevServer;
/** The React Router build Vite serves (what a test of production mode is given). */
let serverBuild: ServerBuild;
const servers: Server[] = [];

beforeAll(async () => {
  ({ vite, build: serverBuild } = await viteServerBuild());
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await vite.close();
});

/** A folder with no files (a build's client folder, for a test that serves no asset). */
function emptyDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "app-client-"));
}

interface Started {
  url: string;
  logs: Record<string, unknown>[];
}

async function start(
  services: Partial<Pick<CityServices, "news" | "messages" | "weather">> & {
    site?: City;
    isDev?: boolean;
  } = {},
  options: Pick<
    AppOptions,
    "trustProxy" | "renders" | "radio" | "writes" | "rendersPerClient" | "trustForwardedHost"
  > & {
    /** Serve the app as production does: a loaded server build, not Vite's middleware. */
    built?: boolean;
    level?: string;
    /** The cities served by Host (the fixture city for every host unless a test says). */
    cities?: AppOptions["cities"];
    /** The versions of the cities' categories (the one city's news unless a test says). */
    version?: AppOptions["version"];
    /** The count of the versions' changes (none unless a test says). */
    changes?: AppOptions["changes"];
  } = {},
): Promise<Started> {
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: options.level ?? "info" },
    { write: (line: string) => logs.push(JSON.parse(line)) },
  );
  const { built, trustProxy, renders, radio, writes, rendersPerClient, trustForwardedHost } =
    options;
  const appOptions = { trustProxy, renders, radio, writes, rendersPerClient, trustForwardedHost };
  const served = cityServices(CITY, {
    siteUrl: "https://news.example.test",
    news: services.news ?? emptyNews,
    messages: services.messages,
    weather: services.weather,
  });
  // A test's own site (one that throws when read) replaces only the data pages read.
  const city = services.site ? { ...served, site: services.site } : served;
  const app = createApp({
    services: { isDev: services.isDev ?? true },
    cities: options.cities ?? oneCity(city),
    version:
      options.version ??
      ((_city, key) =>
        key === WEATHER_DEP ? city.weather.version() : city.news.version(key as never)),
    ...(options.changes ? { changes: options.changes } : {}),
    logger,
    ...(built
      ? {
          build: {
            server: serverBuild,
            clientDir: emptyDir(),
          },
        }
      : { vite }),
    ...appOptions,
  });
  const { server, url } = await serveOnLoopback(app);
  servers.push(server);
  return { url, logs };
}

const emptyNews = fixedNews();

/**
 * A city's data whose every field but its id throws when read: the request is routed and cached
 * under the city's id, and the root loader fails while rendering.
 */
const explodingSite = new Proxy({} as City, {
  get(_target, field) {
    if (field === "id") return CITY.id;
    throw new Error("the site config exploded");
  },
});

describe("the HTTP app", () => {
  it("answers /healthz", async () => {
    const { url } = await start();
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown path with 404 and logs the attempted path", async () => {
    const { url, logs } = await start();
    const res = await fetch(`${url}/no/such/page?x=1`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("We couldn&#x27;t find the page you&#x27;re looking for.");
    expect(logs).toContainEqual(
      expect.objectContaining({ path: "/no/such/page", msg: "page not found" }),
    );
  }, 30_000);

  it("answers 500 with 'Unexpected Application Error!', the message and (in development) the stack", async () => {
    const { url, logs } = await start({ site: explodingSite });
    const res = await fetch(`${url}/weather`);
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("the site config exploded");
    expect(html).toMatch(/at \S+ \(/); // a stack frame
    expect(logs).toContainEqual(expect.objectContaining({ msg: "request failed", level: 50 }));
  }, 30_000);

  it("in production sends a CSP listing the hash of every inline script of the page", async () => {
    const { url } = await start({ isDev: false });
    const res = await fetch(`${url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    // No header for a browser that is gone (Internet Explorer 8's, the XSS filter's).
    expect(res.headers.get("x-download-options")).toBeNull();
    expect(res.headers.get("x-xss-protection")).toBeNull();
    // Nor one that says nothing more: what HTTPS pages do anyway (DNS prefetch off), plug-ins'
    // policy files (none here), and framing, which the CSP's frame-ancestors rules.
    expect(res.headers.get("x-dns-prefetch-control")).toBeNull();
    expect(res.headers.get("x-permitted-cross-domain-policies")).toBeNull();
    expect(res.headers.get("x-frame-options")).toBeNull();
    // An answer without a CSP keeps the older header against framing.
    const plain = await fetch(`${url}/api/articles?category=local&limit=0`);
    expect(plain.headers.get("content-security-policy")).toBeNull();
    expect(plain.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const html = await res.text();
    const scripts = [
      ...html.matchAll(
        /<script(?![^>]*(?:application\/(?:ld\+)?json|text\/x-island|\ssrc=))[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, body] of scripts) {
      const hash = createHash("sha256")
        .update(body ?? "")
        .digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(csp.match(/'sha256-/g)?.length).toBe(new Set(scripts.map((m) => m[1])).size);
  }, 30_000);

  it("makes a cached page again when its city's weather changes: an urgent alert's banner comes and goes", async () => {
    const none = await noWeather(CITY).get();
    let weather: CityWeather = none;
    let version = 1;
    const { url } = await start({
      isDev: false,
      weather: { get: async () => weather, version: () => version },
    });
    const first = await fetch(`${url}/faq`);
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(await first.text()).not.toContain('aria-label="Weather alert"');
    expect((await fetch(`${url}/faq`)).headers.get("x-cache")).toBe("hit");
    const warning: WeatherAlert = {
      id: "flood",
      event: "Flash Flood Warning",
      headline: "Flash Flood Warning for Harris County",
      description: "",
      instruction: null,
      severity: "severe",
      urgent: true,
      areaDesc: "Harris, TX",
      effective: null,
      ends: "2026-11-25T23:00:00Z",
      expires: "2026-11-25T23:00:00Z",
    };
    weather = { ...none, alerts: [warning] };
    version = 2;
    const changed = await fetch(`${url}/faq`);
    expect(changed.headers.get("x-cache")).toBe("miss");
    const html = await changed.text();
    expect(html).toContain('aria-label="Weather alert"');
    expect(html).toMatch(new RegExp(`<bdi>Flash Flood Warning</bdi><span[^>]*> for ${CITY.city}`));
    // The warning ended: the banner goes with it.
    weather = none;
    version = 3;
    const ended = await fetch(`${url}/faq`);
    expect(ended.headers.get("x-cache")).toBe("miss");
    expect(await ended.text()).not.toContain('aria-label="Weather alert"');
  }, 30_000);

  it("with a count of the versions' changes (the news engine's and the weather's), asks for a kept page's versions only when it moved", async () => {
    let title = "Levee repairs begin";
    let newsVersion = 1;
    let changes = 0;
    const asked: string[] = [];
    const { url } = await start(
      {
        isDev: false,
        news: fixedNews({
          articles: (key) =>
            key === "local"
              ? [storedStory(1, "local", title, Date.parse("2026-11-25T12:00:00Z"))]
              : [],
          version: (key) => {
            asked.push(key);
            return newsVersion;
          },
        }),
      },
      { changes: () => changes },
    );
    expect((await fetch(`${url}/local-news`)).headers.get("x-cache")).toBe("miss");
    expect((await fetch(`${url}/local-news`)).headers.get("x-cache")).toBe("hit");
    asked.length = 0;
    expect((await fetch(`${url}/local-news`)).headers.get("x-cache")).toBe("hit");
    expect(asked).toEqual([]);
    // A refresh changed the news: the engine's count moved with its version.
    title = "Levee repairs finish early";
    newsVersion = 2;
    changes = 1;
    const changed = await fetch(`${url}/local-news`);
    expect(changed.headers.get("x-cache")).toBe("miss");
    expect(await changed.text()).toContain("Levee repairs finish early");
    expect(asked).toContain("local");
  }, 30_000);

  it("keeps a page under its weather's version at the render's first read: weather newer by a later read makes it again", async () => {
    const none = await noWeather(CITY).get();
    // The service's answers arrive between the root's read and home's own: the first read sees
    // version 1 and no alert, the next version 2.
    let reads = 0;
    const { url } = await start({
      isDev: false,
      weather: {
        get: async () => {
          reads++;
          return none;
        },
        version: () => (reads === 0 ? 1 : 2),
      },
    });
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("miss");
    expect(reads).toBeGreaterThanOrEqual(2);
    // Kept under version 1 while the weather is at 2: made again, not served as it was.
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("miss");
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("hit");
  }, 30_000);

  it("serves a page again from its cache, with its CSP, an ETag and a 304 for it", async () => {
    const { url, logs } = await start({ isDev: false });
    const first = await fetch(`${url}/faq`);
    const body = await first.text();
    expect(first.headers.get("x-cache")).toBe("miss");
    const second = await fetch(`${url}/faq`);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    expect(second.headers.get("content-security-policy")).toBe(
      first.headers.get("content-security-policy"),
    );
    const etag = second.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${url}/faq`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(
      logs.filter(
        (l) =>
          l.msg === "page rendered" && String(l.req && (l.req as { url: string }).url) === "/faq",
      ),
    ).toHaveLength(1);
    // The render's line and its request's share the id sent as X-Request-Id.
    const id = first.headers.get("x-request-id");
    expect(logs.find((l) => l.msg === "page rendered")?.reqId).toBe(id);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: "request", route: "page", status: 200, reqId: id }),
    );
  }, 30_000);

  it("makes a page once whatever query it is asked with, keeping only the parameters it reads", async () => {
    const { url, logs } = await start({ isDev: false });
    const rendered = () => logs.filter((l) => l.msg === "page rendered").length;
    const plain = await (await fetch(`${url}/faq`)).text();
    for (const query of ["?utm_source=mail", "?x=1", "?x=2&y=3", "?q=bayou"]) {
      const res = await fetch(`${url}/faq${query}`);
      expect(res.headers.get("x-cache"), query).toBe("hit");
      expect(await res.text()).toBe(plain);
    }
    expect(rendered()).toBe(1);

    // The search page reads q and page, and nothing else.
    const search = await fetch(`${url}/search?q=bayou`);
    expect(search.headers.get("x-cache")).toBe("miss");
    const tagged = await fetch(`${url}/search?utm_source=mail&q=bayou&x=1`);
    expect(tagged.headers.get("x-cache")).toBe("hit");
    expect(await tagged.text()).toBe(await search.text());
    expect((await fetch(`${url}/search?q=other`)).headers.get("x-cache")).toBe("miss");
    expect((await fetch(`${url}/search?q=bayou&page=2`)).headers.get("x-cache")).toBe("miss");
    expect(rendered()).toBe(4);

    // Another spelling of the search page keeps its query too.
    const spelled = await fetch(`${url}/Search/?q=bayou&x=1`);
    expect(await spelled.text()).toContain("bayou");
    expect(rendered()).toBe(5);

    // React Router's data requests are no pages of this site: refused, never made or kept.
    expect((await fetch(`${url}/faq.data`)).status).toBe(404);
    expect((await fetch(`${url}/faq.data?_routes=faq`)).status).toBe(404);
    expect(rendered()).toBe(5);
  }, 30_000);
});

/** A GET (or HEAD) naming `host` in its Host header (and any other headers given). */
const getAt = (
  url: string,
  target: string,
  host: string,
  headers: Record<string, string> = {},
  method = "GET",
) => requestAs(url, host, target, { headers, method });

/** The three fixture cities, each by its own hosts, with no news and no messages. */
function fixtureCities(defaultSite?: string) {
  const versions: [string, string][] = [];
  return {
    cities: servedCitiesOver(FILES, { defaultSite, news: () => emptyNews }),
    versions,
    version: (city: string, key: string) => {
      versions.push([city, key]);
      // News at version 1; no weather service here (noWeather: version 0).
      return key === WEATHER_DEP ? 0 : 1;
    },
  };
}

describe("one process, many cities", () => {
  it("serves each city at its own hosts (any port or case), each page cached under its city", async () => {
    const { cities, version, versions } = fixtureCities();
    const { url, logs } = await start({ isDev: false }, { built: true, cities, version });
    const first = await getAt(url, "/faq", hostOf(CITY));
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    expect(first.body.toString()).toContain(CITY.name);
    expect((await getAt(url, "/faq", `${hostOf(CITY)}:3000`)).headers["x-cache"]).toBe("hit");

    // Another city's same page is its own: rendered for it, never the first's from the cache.
    // Asked at its www host, in capitals, with a trailing dot and a port.
    const other = await getAt(url, "/faq", `WWW.${hostOf(SECOND).toUpperCase()}.:443`);
    expect(other.status).toBe(200);
    expect(other.headers["x-cache"]).toBe("miss");
    const page = other.body.toString();
    expect(page).toContain(SECOND.name);
    expect(page).not.toContain(CITY.name);
    expect((await getAt(url, "/faq", hostOf(SECOND))).headers["x-cache"]).toBe("hit");
    const rendered = logs.filter((l) => l.msg === "page rendered");
    expect(rendered.map((l) => l.site)).toEqual([CITY.id, SECOND.id]);

    // A kept news page is checked against the versions of its own city's categories (and its
    // weather, as every page is).
    versions.length = 0;
    await getAt(url, "/world-news", hostOf(THIRD));
    const again = await getAt(url, "/world-news", hostOf(THIRD));
    expect(again.headers["x-cache"]).toBe("hit");
    expect(versions).toContainEqual([THIRD.id, "world"]);
    expect(versions.every(([city]) => city === THIRD.id)).toBe(true);
  }, 30_000);

  it("gives a host that names no city the network's not-found page, uncached and naming no city", async () => {
    const { cities, version } = fixtureCities();
    const { url, logs } = await start({ isDev: false }, { built: true, cities, version });
    const anyCity = new RegExp(CITIES.map((c) => c.city).join("|"), "i");
    for (const host of ["example.org", "localhost", "127.0.0.1:3000", `${hostOf(CITY)}.evil`]) {
      const res = await getAt(url, "/faq", host);
      expect(res.status, host).toBe(404);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      const body = res.body.toString();
      expect(body).toContain("Site not found");
      expect(body).toContain('<meta name="color-scheme" content="light dark">');
      expect(body).not.toMatch(anyCity);
    }
    const head = await getAt(url, "/", "example.org", {}, "HEAD");
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
    // The health probe answers whatever the host.
    expect((await getAt(url, "/healthz", "example.org")).status).toBe(200);
    expect(logs.filter((l) => l.msg === "page rendered")).toEqual([]);
  }, 30_000);

  it("gives a host that names no city DEFAULT_SITE's city when it is set", async () => {
    const { cities, version } = fixtureCities(THIRD.id);
    const { url } = await start({ isDev: false }, { built: true, cities, version });
    const res = await getAt(url, "/faq", "localhost:3000");
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain(THIRD.name);
    expect((await getAt(url, "/faq", hostOf(CITY))).body.toString()).toContain(CITY.name);
  }, 30_000);

  it("answers 503 on the hosts of a city whose data is invalid, naming its file in the log", async () => {
    const served = cityServices(CITY, { news: emptyNews });
    const problem = { id: "broken", file: "/srv/cities/broken.json", message: "bad data" };
    const { url, logs } = await start(
      { isDev: false },
      {
        built: true,
        cities: {
          idOf: (host) => (host === "broken.example" ? "broken" : CITY.id),
          editionAt: () => undefined,
          slugsOf: () => undefined,
          city: (id) =>
            id === "broken" ? { kind: "unavailable", problem } : { kind: "city", city: served },
        },
      },
    );
    const res = await getAt(url, "/faq", "broken.example");
    expect(res.status).toBe(503);
    expect(res.body.toString()).toBe("This publication is unavailable right now.");
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: "city unavailable", file: problem.file, level: 50 }),
    );
    expect((await getAt(url, "/faq", hostOf(CITY))).status).toBe(200);
  }, 30_000);

  it("relays the radio of the city asked, and of no other", async () => {
    const { cities, version } = fixtureCities();
    const asked: string[] = [];
    const hub = { nowPlaying: () => ({ title: "Gospel Morning" }) } as unknown as RadioHub;
    const { url } = await start(
      { isDev: false },
      {
        built: true,
        cities,
        version,
        radio: (city) => {
          asked.push(city.site.id);
          return city.site.id === CITY.id ? hub : undefined;
        },
      },
    );
    const relayed = await getAt(url, "/api/radio/now-playing", hostOf(CITY));
    expect(relayed.status).toBe(200);
    expect(JSON.parse(relayed.body.toString())).toEqual({ title: "Gospel Morning" });
    const other = await getAt(url, "/api/radio/now-playing", hostOf(SECOND));
    expect(other.status).toBe(404);
    expect(asked).toEqual([CITY.id, SECOND.id]);
  }, 30_000);
});

/** A contact store that notes the sender address each post was made from. */
function recordingMessages() {
  const senders: string[] = [];
  return {
    senders,
    messages: {
      submit: async (_input: unknown, sender: string) => {
        senders.push(sender);
        return { ok: true as const, id: senders.length };
      },
      limits: CONTACT_LIMITS,
    },
  };
}

const FORM = "name=Ana&email=ana%40example.com&subject=Hi&message=Hello";

/** A form post over a socket bound to `localAddress` (a loopback address of this machine). */
function post(
  url: string,
  headers: Record<string, string>,
  localAddress = "127.0.0.1",
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}/contact?index`,
      {
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(FORM);
  });
}

/** A GET of a raw request target, sent as written (fetch would resolve its dot segments). */
function getRaw(url: string, target: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: target }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("request targets", () => {
  it("reads a path that starts with // as a path on this site, never as another host", async () => {
    const { url, logs } = await start({ isDev: false });
    expect(await getRaw(url, "//evil.example/local-news")).toBe(404);
    // With a dot segment before it, such a path is refused before it is read (request-checks.ts):
    // resolved, it would be `//evil.example/faq`.
    for (const target of ["/.//evil.example/faq", "/.//a%20b", "/.//:99999/"]) {
      expect(await getRaw(url, target), target).toBe(400);
    }
    expect(logs.filter((l) => l.msg === "request failed")).toEqual([]);
  }, 30_000);

  it("refuses a path the URL parser reads otherwise (dot segments, backslashes, #) with 400, rendering nothing", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true });
    for (const target of [
      "/x/../faq",
      "/./faq",
      "/faq/.",
      "/%2e%2e/faq",
      "/x/%2E%2e/faq",
      "/x/.%2e/faq",
      "/x/%2e./faq",
      "/%2e/faq",
      "/x\\..\\faq",
      "/faq\\",
      "/faq#top",
      "/x/..?q=1",
    ]) {
      expect(await getRaw(url, target), target).toBe(400);
    }
    expect(logs.filter((l) => l.msg === "page rendered")).toEqual([]);
    const requests = () => logs.filter((l) => l.msg === "request");
    await expect.poll(() => requests().length).toBe(12);
    for (const line of requests()) expect(line).toMatchObject({ status: 400, route: "other" });
    // A dot that is no dot segment is a path like any other.
    for (const target of ["/...", "/.well-known/x", "/faq..", "/x/..faq", "/search?q=../x"]) {
      expect(await getRaw(url, target), target).not.toBe(400);
    }
  }, 30_000);

  it("refuses React Router's own URLs in production with a plain 404: no render, nothing kept", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true });
    const rendered = () => logs.filter((l) => l.msg === "page rendered").length;
    for (const target of [
      "/faq.data",
      "/faq.data?x=1",
      "/faq.data?x=2&_routes=routes%2Ffaq",
      "/_root.data",
      "/_.data",
      "/search.data?q=bayou",
      "/__manifest",
      "/__manifest?paths=%2F&version=abc",
      "/__manifest?paths=/",
    ]) {
      const res = await fetch(`${url}${target}`);
      expect(res.status, target).toBe(404);
      expect(res.headers.get("content-type"), target).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("x-cache"), target).toBeNull();
      expect(await res.text(), target).toBe("Not found");
    }
    const head = await fetch(`${url}/faq.data?x=3`, { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(rendered()).toBe(0);
    // The page itself is still a page, made once.
    expect((await fetch(`${url}/faq`)).status).toBe(200);
    expect(rendered()).toBe(1);
  }, 30_000);
});

describe("TRUST_PROXY", () => {
  it("by default believes a proxy on this host (loopback): its client address and https", async () => {
    const { senders, messages } = recordingMessages();
    const { url } = await start({ messages });
    const status = await post(url, {
      "X-Forwarded-For": "203.0.113.7",
      "X-Forwarded-Proto": "https",
      Host: "localhost",
      Origin: "https://localhost",
    });
    // React Router refuses a post whose Origin is not the page's own: https only when believed.
    expect(status).toBe(200);
    expect(senders).toEqual(["203.0.113.7"]);
  }, 30_000);

  it("off: forwarding headers are nobody's word, every reader is the address it comes from", async () => {
    const { senders, messages } = recordingMessages();
    const { url } = await start({ messages }, { trustProxy: false });
    await post(url, { "X-Forwarded-For": "203.0.113.7" });
    expect(senders).toEqual(["127.0.0.1"]);
    const claimed = await post(url, {
      "X-Forwarded-Proto": "https",
      Host: "localhost",
      Origin: "https://localhost",
    });
    expect(claimed).toBe(400);
    expect(senders).toHaveLength(1);
  }, 30_000);

  it("a proxy on another host, by address: believed from it, not from anyone else", async () => {
    const { senders, messages } = recordingMessages();
    // 127.0.0.2 stands for the load balancer's address; the test never leaves loopback.
    const { url } = await start({ messages }, { trustProxy: ["127.0.0.2/32"] });
    await post(url, { "X-Forwarded-For": "203.0.113.7" }, "127.0.0.2");
    await post(url, { "X-Forwarded-For": "198.51.100.9" }, "127.0.0.1");
    expect(senders).toEqual(["203.0.113.7", "127.0.0.1"]);
  }, 30_000);

  it("a hop count: the address the nearest trusted proxy saw, whatever a client wrote before it", async () => {
    const { senders, messages } = recordingMessages();
    const { url } = await start({ messages }, { trustProxy: 1 });
    await post(url, { "X-Forwarded-For": "10.9.9.9, 203.0.113.7" });
    expect(senders).toEqual(["203.0.113.7"]);
  }, 30_000);
});

describe("load shedding", () => {
  it("past the render queue answers 503 with Retry-After at once; the admitted finish; /healthz never waits", async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 2 });
    const { url, logs } = await start({}, { renders: limiter });
    const hold = await limiter.acquire(); // every render slot busy
    const answers = Array.from({ length: 6 }, (_, i) => fetch(`${url}/faq?reader=${i}`));
    await vi.waitFor(() => expect(limiter.load.waiting).toBe(2));
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    hold();
    const statuses = await Promise.all(answers.map((a) => a.then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    const shed = await Promise.all(
      answers.filter((_, i) => statuses[i] === 503).map((a) => a.then((r) => r)),
    );
    expect(shed).toHaveLength(4);
    for (const res of shed) expect(res.headers.get("retry-after")).toBe("2");
    expect(logs.filter((l) => l.level === 50)).toEqual([]);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  }, 30_000);

  it("answers a contact post refused under load with the form again: the reader's text escaped, 503, Retry-After, nothing stored", async () => {
    const renders = new Limiter({ concurrency: 1, queue: 1 });
    const writes = new Limiter({ concurrency: 1, queue: 0 });
    const { senders, messages } = recordingMessages();
    const { url, logs } = await start(
      { isDev: false, messages },
      { built: true, renders, writes, rendersPerClient: 1, trustProxy: false },
    );
    // Every render place is taken (the read queue full) and so is the posts' own allowance.
    const holds = [await renders.acquire(), await writes.acquire()];
    onTestFinished(() => holds.forEach((release) => release()));
    const waiting = fetch(`${url}/faq?reader=1`);
    await vi.waitFor(() => expect(renders.load.waiting).toBe(1));
    const form = {
      name: 'Ana "A" <b>',
      email: "ana@example.com",
      subject: "Flooding & drains",
      message: "Water on Main St.<script>alert(1)</script> again",
    };
    const check = (answer: Answer) => {
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("2");
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.headers["cache-control"]).toContain("no-store");
      expect(answer.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(answer.body).toContain("because the site is very busy");
      expect(answer.body).toMatch(/<form method="post" action="\/contact"/);
      expect(answer.body).toContain(
        ">Water on Main St.&lt;script&gt;alert(1)&lt;/script&gt; again</textarea>",
      );
      expect(answer.body).toContain('value="Ana &quot;A&quot; &lt;b&gt;"');
      expect(answer.body).toContain('value="Flooding &amp; drains"');
      expect(answer.body).toContain('value="ana@example.com"');
      expect(answer.body).not.toContain("<script");
      expect(answer.body).toContain("data-contact-form");
      // Unstyled, in the reader's colour scheme (the browser's own colours, dark for a dark system).
      expect(answer.body).toContain('<meta name="color-scheme" content="light dark">');
    };
    // The posts' allowance full: refused at once.
    check(await postAs(url, "localhost", "/contact", form));
    // The allowance free again, but this reader's share of the renders is taken by their read.
    holds[1]?.();
    check(await postAs(url, "localhost", "/contact", form));
    expect(senders).toEqual([]);
    expect(logs.filter((l) => l.level === 50)).toEqual([]);
    holds[0]?.();
    expect((await waiting).status).toBe(200);
    // Sent again once the site has room, the message is made.
    const again = await postAs(url, "localhost", "/contact", form);
    expect(again.status).toBe(200);
    expect(senders).toHaveLength(1);
  }, 30_000);
});

describe("hostile requests to the production app", () => {
  it("gives every unknown path the one not-found page, rendered once, each path still logged", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true });
    const first = await fetch(`${url}/no-such-page-a`);
    expect(first.status).toBe(404);
    const body = await first.text();
    for (const path of ["/no-such-page-b", "/x/y/z?q=1", "/NO-SUCH-PAGE-C"]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("x-cache")).toBe("hit");
      expect(await res.text()).toBe(body);
    }
    expect(logs.filter((l) => l.msg === "page rendered")).toHaveLength(1);
    const logged = logs.filter((l) => l.msg === "page not found").map((l) => l.path);
    expect(logged).toEqual(["/no-such-page-a", "/no-such-page-b", "/x/y/z", "/NO-SUCH-PAGE-C"]);
  }, 30_000);

  it("sends another spelling of a page to its one path, with its query", async () => {
    const { url } = await start({ isDev: false }, { built: true });
    for (const [spelling, canonical] of [
      ["/Local-News", "/local-news"],
      ["/faq/", "/faq"],
      ["/%66aq", "/faq"],
      ["/SEARCH?q=bayou&utm_source=x", "/search?q=bayou"],
    ]) {
      const res = await fetch(`${url}${spelling}`, { redirect: "manual" });
      expect(res.status, spelling).toBe(301);
      expect(res.headers.get("location")).toBe(canonical);
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    }
  }, 30_000);

  it("answers page=1 of a search from the entry of the search without it", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true });
    const rendered = () => logs.filter((l) => l.msg === "page rendered").length;
    expect((await fetch(`${url}/search?q=bayou`)).status).toBe(200);
    const before = rendered();
    for (const query of ["q=bayou&page=1", "page=01&q=bayou", "q=bayou&page=x"]) {
      const res = await fetch(`${url}/search?${query}`);
      expect(res.headers.get("x-cache")).toBe("hit");
    }
    expect(rendered()).toBe(before);
  }, 30_000);

  it("refuses a request target over 4 KB with 414 before reading it, and keeps serving", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true });
    const res = await fetch(`${url}/search?q=${"~".repeat(5000)}`);
    expect(res.status).toBe(414);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(logs.filter((l) => l.msg === "page rendered")).toHaveLength(0);
    expect((await fetch(`${url}/search?q=${"~".repeat(3000)}`)).status).toBe(200);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  }, 30_000);

  it("answers /healthz before anything else, whatever the Host says", async () => {
    const { url } = await start({ isDev: false }, { built: true });
    const { port } = new URL(url);
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1", () =>
        socket.write("GET /healthz HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"),
      );
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
    });
    expect(answer.startsWith("HTTP/1.1 200 OK")).toBe(true);
    // The instance's health, not a city's: a load balancer's probe names no city.
    expect(answer.endsWith('{"status":"ok"}')).toBe(true);
  }, 30_000);

  it("logs a reader who leaves in the middle of a form as that, not as an error", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true, level: "debug" });
    const { port } = new URL(url);
    const socket = net.connect(Number(port), "127.0.0.1", () => {
      socket.write(
        "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=a",
        () => setTimeout(() => socket.destroy(), 50),
      );
    });
    await vi.waitFor(() =>
      expect(logs).toContainEqual(expect.objectContaining({ msg: "reader went away" })),
    );
    expect(logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 30_000);
});

/** Writes a raw HTTP/1.1 request and reads the whole answer (the server closes after it). */
function rawRequest(url: string, request: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

/** A GET over a socket bound to `localAddress` (a loopback address of this machine). */
function getFrom(
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, agent: false, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("hardening, third round", () => {
  it("refuses a request with two Host fields (RFC 9112: 400), whichever city each names", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true });
    const answer = await rawRequest(
      url,
      "GET /faq HTTP/1.1\r\nHost: localhost\r\nHost: other.example\r\nConnection: close\r\n\r\n",
    );
    expect(answer.startsWith("HTTP/1.1 400 ")).toBe(true);
    expect(logs.filter((l) => l.msg === "page rendered")).toHaveLength(0);
    const one = await rawRequest(
      url,
      "GET /faq HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(one.startsWith("HTTP/1.1 200 ")).toBe(true);
  }, 30_000);

  it("refuses an absolute-form target that names no valid host", async () => {
    const { url } = await start({ isDev: false }, { built: true });
    const answer = await rawRequest(
      url,
      "GET http://a%20b/faq HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(answer.startsWith("HTTP/1.1 400 ")).toBe(true);
  }, 30_000);

  it("makes one page of a search however its query is spelled: case, spaces, +, repeated words", async () => {
    const { url, logs } = await start({ isDev: false }, { built: true });
    const rendered = () => logs.filter((l) => l.msg === "page rendered").length;
    const first = await fetch(`${url}/search?q=flood+houston`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("flood houston");
    const before = rendered();
    for (const q of [
      "Flood+Houston",
      "flood%20%20%20houston+",
      "+FLOOD++houston",
      "houston+flood+houston",
    ]) {
      // A repeated word counts at its last place, as the search reads it.
      const res = await fetch(`${url}/search?q=${q}`);
      expect(res.status, q).toBe(200);
      expect(res.headers.get("x-cache"), q).toBe("hit");
    }
    expect(rendered()).toBe(before);
    // The words' order is the reader's, shown on the page: another order is another page.
    const other = await fetch(`${url}/search?q=houston+flood`);
    expect(other.headers.get("x-cache")).toBe("miss");
    expect(await other.text()).toContain("houston flood");
  }, 30_000);

  it("keeps form posts an allowance of their own: a contact message is made while reads fill every render place", async () => {
    const renders = new Limiter({ concurrency: 1, queue: 1 });
    const { senders, messages } = recordingMessages();
    const { url } = await start({ isDev: false, messages }, { built: true, renders });
    const hold = await renders.acquire(); // every read's render slot busy
    const waiting = fetch(`${url}/faq?reader=1`);
    await vi.waitFor(() => expect(renders.load.waiting).toBe(1));
    expect((await fetch(`${url}/careers`)).status).toBe(503); // reads are shed...
    expect(await post(url, { Host: "localhost", Origin: "http://localhost" })).toBe(200);
    expect(senders).toHaveLength(1); // ...and the reader's message was made all the same
    hold();
    expect((await waiting).status).toBe(200);
  }, 30_000);

  it("lets a render wait for its slot as long as the limits say (RENDER_MAX_WAIT_MS), not 2 s", async () => {
    // The first contact message holds the one slot of posts until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    const { senders, messages } = recordingMessages();
    const slow = {
      ...messages,
      submit: async (input: unknown, sender: string) => {
        entered++;
        if (entered === 1) await held;
        return messages.submit(input, sender);
      },
    };
    const { url } = await start(
      { isDev: false, messages: slow },
      { built: true, writes: { concurrency: 1, queue: 4, maxWaitMs: 20_000 } },
    );
    const headers = { Host: "localhost", Origin: "http://localhost" };
    const first = post(url, headers);
    await vi.waitFor(() => expect(entered).toBe(1));
    const second = post(url, headers);
    // Past the default wait of 2 s the second is still waiting, not refused.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    release();
    expect(await first).toBe(200);
    expect(await second).toBe(200);
    expect(senders).toHaveLength(2);
  }, 30_000);

  it("refuses one reader past their share of the renders before anyone else", async () => {
    const renders = new Limiter({ concurrency: 1, queue: 10 });
    const { url } = await start(
      { isDev: false },
      { built: true, renders, rendersPerClient: 2, trustProxy: false },
    );
    const hold = await renders.acquire();
    // One flooder (127.0.0.1) asks for five new searches; two wait, three are refused at once.
    const flood = Array.from({ length: 5 }, (_, i) =>
      getFrom(`${url}/search?q=flood${i}`, "127.0.0.1"),
    );
    await vi.waitFor(() => expect(renders.load.waiting).toBe(2));
    // Another reader (127.0.0.2) still finds a place in the queue.
    const other = getFrom(`${url}/faq`, "127.0.0.2");
    await vi.waitFor(() => expect(renders.load.waiting).toBe(3));
    hold();
    const statuses = await Promise.all(flood);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(await other).toBe(200);
  }, 30_000);

  it("counts an IPv6 /64 as one reader of the renders, and an IPv4 address (also IPv4-mapped) as its own", async () => {
    const renders = new Limiter({ concurrency: 1, queue: 20 });
    // The proxy on this host (believed by default) names each reader in X-Forwarded-For: the
    // addresses are only header text, every connection is to 127.0.0.1.
    const { url } = await start({ isDev: false }, { built: true, renders, rendersPerClient: 2 });
    const as = (address: string, query: string) =>
      getFrom(`${url}/search?q=${query}`, "127.0.0.1", { "X-Forwarded-For": address });
    const hold = await renders.acquire();
    onTestFinished(hold); // released however the test ends (a second release does nothing)
    // One subscriber rotates through five addresses of its /64: two wait, three are refused.
    const flood = Array.from({ length: 5 }, (_, i) => as(`2001:db8:aa:bb::${i + 1}`, `six${i}`));
    await vi.waitFor(() => expect(renders.load.waiting).toBe(2));
    // A reader of another /64 still finds a place in the queue.
    const neighbour = as("2001:db8:aa:bc::1", "neighbour");
    await vi.waitFor(() => expect(renders.load.waiting).toBe(3));
    // An IPv4 address and the same address IPv4-mapped are one reader: a third is refused.
    const four = [as("203.0.113.5", "four0"), as("::ffff:203.0.113.5", "four1")];
    await vi.waitFor(() => expect(renders.load.waiting).toBe(5));
    expect(await as("203.0.113.5", "four2")).toBe(503);
    // The next IPv4 address is a reader of its own.
    const next = as("203.0.113.6", "next");
    await vi.waitFor(() => expect(renders.load.waiting).toBe(6));
    hold();
    const statuses = await Promise.all(flood);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(await Promise.all([neighbour, ...four, next])).toEqual([200, 200, 200, 200]);
  }, 30_000);

  it("refuses a cross-origin post as a reader's mistake: 400, a warning without a stack, a few lines a minute", async () => {
    const { senders, messages } = recordingMessages();
    const { url, logs } = await start({ isDev: false, messages }, { built: true });
    for (const origin of ["https://evil.example", "null", "not a url"]) {
      expect(await post(url, { Host: "localhost", Origin: origin }), origin).toBe(400);
    }
    expect(senders).toEqual([]);
    for (let i = 0; i < 60; i++)
      await post(url, { Host: "localhost", Origin: "https://evil.example" });
    const refused = logs.filter((l) => l.msg === "request refused");
    expect(refused.length).toBeLessThanOrEqual(20);
    expect(refused.every((l) => l.level === 40 && l.err === undefined)).toBe(true);
    expect(logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(await post(url, { Host: "localhost", Origin: "http://localhost" })).toBe(200);
  }, 60_000);
});

describe("isValidHost", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "news.example.test",
    "127.0.0.1:8080",
    "[::1]:3000",
    "a-b.c.",
    "[::ffff:127.0.0.1]",
  ])("accepts %j", (host) => expect(isValidHost(host)).toBe(true));
  it.each([
    undefined,
    "",
    "[",
    "a b",
    ":99999",
    "example.com:abc",
    "example.com:99999",
    "-a.com",
    "a..b",
    "ex\u0000ample",
    "x".repeat(256),
  ])("refuses %j", (host) => expect(isValidHost(host)).toBe(false));
});

describe("the order of the request path (server/http/app.ts)", () => {
  /** An app over a client folder holding one file, for a network that knows no host. */
  async function startNoCities(): Promise<string> {
    const clientDir = emptyDir();
    writeFileSync(path.join(clientDir, "robots.txt"), "User-agent: *\n");
    const app = createApp({
      services: { isDev: false },
      cities: {
        idOf: () => undefined,
        editionAt: () => undefined,
        slugsOf: () => undefined,
        city: () => {
          throw new Error("no city is asked for");
        },
      },
      version: () => 0,
      logger: pino({ level: "silent" }),
      build: { server: serverBuild, clientDir },
    });
    const { server, url } = await serveOnLoopback(app);
    servers.push(server);
    return url;
  }

  /** The status line of a request written by hand (a Host no client library would send). */
  function statusOf(url: string, request: string): Promise<string> {
    const { port } = new URL(url);
    return new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text.split("\r\n")[0] ?? ""));
    });
  }

  it("serves static files before a city is chosen: the same for a host that names none", async () => {
    const url = await startNoCities();
    const file = await fetch(`${url}/robots.txt`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("User-agent: *\n");
    // A path that is no file goes on to the city step: the network's own not-found page.
    const page = await fetch(`${url}/local-news`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Site not found");
  });

  it("answers a missing hashed asset with a plain 404, never a page", async () => {
    const url = await startNoCities();
    const res = await fetch(`${url}/assets/gone-1234.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("checks the request before static files, and answers the health probe before both", async () => {
    const url = await startNoCities();
    const bad = "Host: a b\r\nConnection: close\r\n\r\n";
    expect(await statusOf(url, `GET /robots.txt HTTP/1.1\r\n${bad}`)).toBe(
      "HTTP/1.1 400 Bad Request",
    );
    expect(await statusOf(url, `GET /healthz?probe=1 HTTP/1.1\r\n${bad}`)).toBe("HTTP/1.1 200 OK");
  });
});
