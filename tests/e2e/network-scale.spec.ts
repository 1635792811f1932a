import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { tz } from "@date-fns/tz";
import { parseISO } from "date-fns/parseISO";
import { DEMO_FEEDS } from "../fixture-servers/demo-feeds";
import { startFeedServer, type FeedServer } from "../fixture-servers/feed-server";
import { generateCities, type GeneratedCity } from "../support/generate-cities";
import { getAs as getAt } from "../support/get-as";
import { startSiteProcess, type SiteProcess } from "../support/site-process";

// One process of the production build serving 300 generated cities (states and zones from
// Alaska to Hawaii, some in es-US formatting), each with the network's shared feeds and one local
// feed of its own, all on a fixture feed server of this test's own.

const COUNT = 300;
let feeds: FeedServer;
let site: SiteProcess;
let cities: GeneratedCity[];
let dir: string;

test.describe.configure({ mode: "serial" });

/** A GET of `target` on the site, naming `host`. */
const getAs = (host: string, target: string) => getAt(site.url, host, target);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  feeds = await startFeedServer(0);
  dir = mkdtempSync(path.join(os.tmpdir(), "network-"));
  const generated = generateCities(dir, COUNT, feeds.url);
  cities = generated.cities;
  site = await startSiteProcess({
    env: {
      CITIES_DIR: generated.citiesDir,
      NETWORK_FILE: generated.networkFile,
      // No default city: every host must name its own.
      DEFAULT_SITE: "",
      SITE_URL: "",
      ALLOW_PRIVATE_HOSTS: new URL(feeds.url).hostname,
      // One refresh in this test's time.
      FEED_REFRESH_SECONDS: "3600",
    },
    timeoutMs: 60_000,
  });
});

test.afterAll(async () => {
  await site?.stop();
  await feeds?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("fetches each shared feed once for all 300 cities, and each city's own feed once", async () => {
  test.setTimeout(120_000);
  // The first refresh of every feed has ended when the last local feed has been asked for.
  await expect
    .poll(() => cities.filter((c) => feeds.hits.get(`/city/${c.id}/local.xml`) === 1).length, {
      timeout: 90_000,
    })
    .toBe(COUNT);
  const shared = Object.entries(DEMO_FEEDS)
    .filter(([key]) => key !== "local")
    .flatMap(([, files]) => files.map((file) => `/feeds/${file}`));
  for (const pathname of new Set(shared)) expect(feeds.hits.get(pathname), pathname).toBe(1);
  expect(Math.max(...cities.map((c) => feeds.hits.get(`/city/${c.id}/local.xml`) ?? 0))).toBe(1);
});

test("answers a sample of hosts as their own city: name, canonical host, local news, dates in its zone", async () => {
  test.setTimeout(120_000);
  // Every zone and locale of the generation, and cities from the start, middle and end.
  const sample = [...cities.slice(0, 14), cities[150], cities[299]].filter(
    (c): c is GeneratedCity => c !== undefined,
  );
  for (const city of sample) {
    const home = await getAs(city.host.toUpperCase(), "/");
    expect(home.status, city.host).toBe(200);
    expect(home.body).toContain(`<title>${city.name}:`);
    expect(home.body).toContain(`<link rel="canonical" href="https://${city.host}/"/>`);
    expect(home.body).toContain(`lang="${city.locale}"`);
    const api = await getAs(`www.${city.host}:8080`, "/api/articles?category=local");
    const local = JSON.parse(api.body) as { articles: { title: string; date: string }[] };
    expect(local.articles.map((a) => a.title)).toEqual([
      `Local story at 10:00 in ${city.id}`,
      `Local story at 9:00 in ${city.id}`,
      `Local story at 8:00 in ${city.id}`,
    ]);
    // "2026-11-20T08:00:00", no zone: 08:00 in the city's own zone.
    expect(local.articles[2]?.date).toBe(
      new Date(+parseISO("2026-11-20T08:00:00", { in: tz(city.timeZone) })).toISOString(),
    );
    // Shared news is there too, the same for every city.
    const world = JSON.parse((await getAs(city.host, "/api/articles?category=world")).body) as {
      articles: unknown[];
    };
    expect(world.articles.length).toBeGreaterThan(0);
  }
});

test("a host that names no city gets the network's small not-found page, never a city's", async () => {
  const unknown = await getAs("nowhere.example", "/");
  expect(unknown.status).toBe(404);
  expect(unknown.body).toContain("Site not found");
  expect(unknown.body).not.toMatch(/Town \d+/);
  // Not kept: the same answer again, not a cached city page.
  expect((await getAs("nowhere.example", "/local-news")).status).toBe(404);
});
