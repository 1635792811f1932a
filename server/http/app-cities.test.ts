import { type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostOf } from "../../tests/support/fixture-city";
import { servedCitiesOver, writeFixtureCities } from "../../tests/support/fixture-network";
import { viteServerBuild } from "../../tests/support/vite-build";
import { getAs } from "../../tests/support/get-as";
import { serveOnLoopback } from "../../tests/support/serve";
import { fixedNews } from "../../tests/support/news";
import { createApp } from "./app";
import { CityDirectory } from "../cities/directory";
import { WEATHER_DEP } from "./pages/cache-key";
import type { NewsReader } from "../news/engine";

// Two cities served alternately by one app (production mode: its page cache on), by Host.

/**
 * The two cities (tests/support/fixture-city.ts), and their hosts; a third city in the same
 * folder (Mockhaven), which this process does not serve (SITES names two).
 */
const {
  cities: [ONE, TWO],
  files: FILES,
} = writeFixtureCities("Stubport", "Mockhaven");
const [HOST_ONE, HOST_TWO] = [hostOf(ONE), hostOf(TWO)];

let vite: ViteDevServer;
let server: Server;
let base: string;
/** The same app trusting no proxy (TRUST_PROXY=off). */
let untrusting: Server;
let untrustingBase: string;
/** The same app trusting its loopback proxy's addresses but not its X-Forwarded-Host (the default). */
let hostOnly: Server;
let hostOnlyBase: string;
/** How many times a city's data was asked of the directory. */
let loads = 0;

/** A city's news: one local story naming the city, the rest empty. */
function newsOf(city: string): NewsReader {
  return fixedNews({
    updatedAt: Date.parse("2026-11-24T10:00:00Z"),
    articles: (key) =>
      key === "local"
        ? [
            {
              id: city.length,
              uid: city,
              title: `Only in ${city}: the harbor reopens`,
              summary: `A story of ${city}.`,
              url: `https://news.example/${city}`,
              image: "/images/default-news.svg",
              imageIsDefault: true,
              publishedAt: Date.parse("2026-11-24T09:00:00Z"),
              claimedAt: null,
              category: "local",
              feedUrl: `https://news.example/${city}.xml`,
              source: "Example News",
              language: null,
            },
          ]
        : [],
  });
}

beforeAll(async () => {
  const served = await viteServerBuild();
  vite = served.vite;
  const { build } = served;
  const directory = new CityDirectory({ ...FILES, only: [ONE.id, TWO.id] });
  const load = directory.load.bind(directory);
  directory.load = (id) => {
    loads++;
    return load(id);
  };
  const cities = servedCitiesOver(directory, { news: newsOf });
  const listen = async (trustProxy: "loopback" | false, trustForwardedHost = false) => {
    const app = createApp({
      services: { isDev: false },
      cities,
      // News at version 1; no weather service (noWeather: version 0).
      version: (_city, key) => (key === WEATHER_DEP ? 0 : 1),
      logger: pino({ level: "silent" }),
      build: { server: build, clientDir: mkdtempSync(path.join(os.tmpdir(), "client-")) },
      trustProxy,
      trustForwardedHost,
    });
    const { server: listening, url } = await serveOnLoopback(app);
    return { server: listening, base: url };
  };
  ({ server, base } = await listen("loopback", true));
  ({ server: untrusting, base: untrustingBase } = await listen(false));
  ({ server: hostOnly, base: hostOnlyBase } = await listen("loopback"));
}, 60_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => untrusting.close(r));
  await new Promise((r) => hostOnly.close(r));
  await vite.close();
  FILES.remove();
});

/** A GET naming the Host in `headers` (of the trusting app unless told). */
function get(target: string, headers: Record<string, string> & { Host: string }, origin = base) {
  const { Host, ...rest } = headers;
  return getAs(origin, Host, target, rest);
}

describe("two cities in one process", () => {
  it("never show each other's name, links, news or cached pages, asked alternately", async () => {
    for (let round = 0; round < 3; round++) {
      for (const page of ["/", "/local-news", "/contact", "/sitemap.xml", "/robots.txt"]) {
        const a = await get(page, { Host: HOST_ONE });
        const h = await get(page, { Host: `${HOST_TWO.toUpperCase()}:443` });
        expect([a.status, h.status]).toEqual([200, 200]);
        expect(a.body).toContain(HOST_ONE);
        expect(a.body).not.toMatch(new RegExp(TWO.city, "i"));
        expect(h.body).toContain(HOST_TWO);
        expect(h.body).not.toMatch(new RegExp(ONE.city, "i"));
        if (page === "/local-news") {
          expect(a.body).toContain(`Only in ${ONE.id}`);
          expect(h.body).toContain(`Only in ${TWO.id}`);
        }
        // Both from the cache after the first round, each its own entry and ETag.
        if (round > 0 && !page.endsWith(".txt") && !page.endsWith(".xml")) {
          expect([a.headers["x-cache"], h.headers["x-cache"]]).toEqual(["hit", "hit"]);
          expect(a.headers.etag).not.toBe(h.headers.etag);
        }
      }
    }
  }, 60_000);

  it("answers a cached page from its city's id alone, never asking for the city's data", async () => {
    await get("/faq", { Host: HOST_ONE });
    const before = loads;
    for (let i = 0; i < 3; i++) {
      const res = await get("/faq", { Host: HOST_ONE });
      expect(res.headers["x-cache"]).toBe("hit");
    }
    expect(loads).toBe(before);
    // Nor when it is answered the general way: a page kept as brotli only, asked for by a reader
    // who takes no compression (its body is made again from the brotli copy).
    await get("/partners", { Host: HOST_ONE, "Accept-Encoding": "br" });
    const kept = loads;
    const plain = await get("/partners", { Host: HOST_ONE });
    expect(plain.headers["x-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain(ONE.name);
    expect(loads).toBe(kept);
    // A page that must be made asks for it.
    await get("/careers", { Host: HOST_ONE });
    expect(loads).toBeGreaterThan(before);
  });

  it("answers a host that names no city with the network's small 404, never cached", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get("/", { Host: "nowhere.example" });
      expect(res.status).toBe(404);
      expect(res.body).toContain("Site not found");
      expect(res.body).not.toMatch(new RegExp(`${ONE.city}|${TWO.city}`, "i"));
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("believes X-Forwarded-Host from a trusted proxy only", async () => {
    const viaProxy = await get("/contact", {
      Host: "internal:8080",
      "X-Forwarded-Host": `www.${HOST_TWO}`,
    });
    expect(viaProxy.body).toContain(TWO.name);
    const notBelieved = await get(
      "/contact",
      { Host: "internal:8080", "X-Forwarded-Host": `www.${HOST_TWO}` },
      untrustingBase,
    );
    expect(notBelieved.status).toBe(404);
    expect(notBelieved.body).toContain("Site not found");
  });

  it("believes X-Forwarded-Host only when TRUST_FORWARDED_HOST says the proxy sets it (off by default)", async () => {
    const ignored = await get(
      "/contact",
      { Host: HOST_ONE, "X-Forwarded-Host": `www.${HOST_TWO}` },
      hostOnlyBase,
    );
    expect(ignored.body).toContain(ONE.name);
    expect(ignored.body).not.toContain(TWO.name);
  });

  it("takes only the X-Forwarded-Host entry the proxy added (the last), and says pages vary by it", async () => {
    // A client wrote the first entry; the proxy appended the host it was asked for.
    const appended = await get("/partners", {
      Host: "internal:8080",
      "X-Forwarded-Host": `www.${HOST_TWO}, ${HOST_ONE}`,
    });
    expect(appended.body).toContain(ONE.name);
    expect(appended.body).not.toContain(TWO.name);
    expect(String(appended.headers.vary)).toContain("X-Forwarded-Host");
    const hit = await get("/partners", {
      Host: "internal:8080",
      "X-Forwarded-Host": `${HOST_ONE}, www.${HOST_TWO}`,
    });
    expect(hit.body).toContain(TWO.name);
    // Without the setting, pages vary by their encoding alone.
    const plain = await get("/partners", { Host: HOST_ONE }, hostOnlyBase);
    expect(plain.headers.vary).toBe("Accept-Encoding");
  });

  it("lets an absolute-form target's authority choose the city, not the Host header (RFC 9112)", async () => {
    const answer = await getAs(base, HOST_ONE, `http://${HOST_TWO}/contact`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(TWO.name);
    expect(answer.body).not.toContain(ONE.name);
    const other = await getAs(base, HOST_TWO, `http://${HOST_ONE}/contact`);
    expect(other.body).toContain(ONE.name);
  });

  it("serves each city's own social image at /social.png", async () => {
    const a = await get("/social.png", { Host: HOST_ONE });
    const h = await get("/social.png", { Host: HOST_TWO });
    expect([a.status, h.status]).toEqual([200, 200]);
    expect(a.headers["content-type"]).toBe("image/png");
    expect(a.headers.etag).not.toBe(h.headers.etag);
  });
});
