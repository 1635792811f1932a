import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startPushService, type PushService } from "../fixture-servers/push-service";
import {
  DEMO_ALERTS,
  FIXTURE_ZONES,
  startWeatherServer,
  type FixtureAlert,
  type WeatherServer,
} from "../fixture-servers/weather-server";
import { startPostgres, type TestPostgres } from "../support/postgres";
import { startSiteProcess, type SiteProcess } from "../support/site-process";
import { waitForIslands } from "./helpers";

// Three instances of the production build on one PostgreSQL database (DATABASE_URL), as behind a
// load balancer, fed by a publisher of this test's own whose feeds it changes, holds and
// releases. Each refresh interval is 3 s and a lease 3 s (FEED_LEASE_SECONDS, PUSH_LEASE_SECONDS),
// so that what takes a minute in production takes seconds here. Their weather comes from the
// fixture weather service, and their warnings go to a loopback push service.

test.describe.configure({ mode: "serial" });

const REFRESH_S = 3;
const LEASE_S = 3;
const FEEDS = ["local", "world-1", "world-2", "business", "sports", "health"];
const KEYS = { IMAGE_KEY_SECRET: "i".repeat(40), CONTACT_KEY_SECRET: "c".repeat(40) };

/** A publisher on loopback: one RSS feed per name, each request's time kept, any one held. */
interface Publisher {
  url: string;
  /** When each feed was asked for (ms since the epoch). */
  fetches: Map<string, number[]>;
  /** Sets a feed's one story. */
  publish(feed: string, title: string): void;
  /** Holds (true) or answers (false) the requests for a feed. */
  hold(feed: string, held: boolean): void;
  close(): Promise<void>;
}

async function startPublisher(): Promise<Publisher> {
  const titles = new Map(FEEDS.map((feed) => [feed, `First story of ${feed}`]));
  const fetches = new Map<string, number[]>();
  const held = new Set<string>();
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const feed = /^\/f\/([\w-]+)\.xml$/.exec(req.url ?? "")?.[1] ?? "";
    if (!titles.has(feed)) return void res.writeHead(404).end();
    fetches.set(feed, [...(fetches.get(feed) ?? []), Date.now()]);
    const answer = () => {
      const title = titles.get(feed) ?? "";
      res
        .writeHead(200, { "Content-Type": "application/rss+xml" })
        .end(
          `<rss><channel><title>Publisher ${feed}</title><item><title>${title}</title>` +
            `<link>https://news.example.org/${feed}/${encodeURIComponent(title)}</link>` +
            `<pubDate>${new Date().toUTCString()}</pubDate></item></channel></rss>`,
        );
    };
    if (held.has(feed)) waiting.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fetches,
    publish: (feed, title) => titles.set(feed, title),
    hold(feed, on) {
      if (on) held.add(feed);
      else {
        held.delete(feed);
        for (const answer of waiting.splice(0)) answer();
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let postgres: TestPostgres;
let publisher: Publisher;
let weather: WeatherServer;
let push: PushService;
let databaseUrl: string;
let dir: string;
let instances: SiteProcess[] = [];

/** A category's headlines as an instance serves them. */
async function headlines(site: SiteProcess, category: string): Promise<string[]> {
  const res = await fetch(`${site.url}/api/articles?category=${category}`);
  const { articles } = (await res.json()) as { articles: { title: string }[] };
  return articles.map((article) => article.title);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  databaseUrl = postgres.createDatabase();
  publisher = await startPublisher();
  // Its clock held: a warning's times stay as issued (the fixture's are offsets from its now).
  const started = Date.now();
  weather = await startWeatherServer({ alerts: [], now: () => started });
  weather.set({ maxAgeSeconds: 1 });
  push = await startPushService();
  dir = mkdtempSync(path.join(os.tmpdir(), "multi-instance-"));
  const feedsFile = path.join(dir, "feeds.json");
  const url = (feed: string) => `${publisher.url}/f/${feed}.xml`;
  writeFileSync(
    feedsFile,
    JSON.stringify({
      local: [url("local")],
      world: [url("world-1"), url("world-2")],
      business: [url("business")],
      sports: [url("sports")],
      health: [url("health")],
    }),
  );
  instances = await Promise.all(
    [1, 2, 3].map(() =>
      startSiteProcess({
        env: {
          DATABASE_URL: databaseUrl,
          ...KEYS,
          SITES: "houston",
          FEEDS_FILE: feedsFile,
          ALLOW_PRIVATE_HOSTS: "127.0.0.1",
          FEED_REFRESH_SECONDS: String(REFRESH_S),
          FEED_MAX_REFRESH_SECONDS: String(REFRESH_S),
          FEED_LEASE_SECONDS: String(LEASE_S),
          PUSH_LEASE_SECONDS: String(LEASE_S),
          NWS_API_URL: weather.url,
          NWS_RADAR_URL: weather.url,
          NWS_ALERTS_SECONDS: "1",
          LOG_LEVEL: "warn",
        },
        timeoutMs: 60_000,
      }),
    ),
  );
});

test.afterAll(async () => {
  await Promise.all(instances.map((site) => site.stop()));
  await publisher?.close();
  await push?.close();
  await weather?.close();
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("fetch each feed URL once per refresh interval across the three", async () => {
  test.setTimeout(60_000);
  // Three intervals' worth of refreshes.
  await expect
    .poll(() => Math.min(...FEEDS.map((feed) => publisher.fetches.get(feed)?.length ?? 0)), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(3);
  for (const feed of FEEDS) {
    const times = publisher.fetches.get(feed) ?? [];
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    // One fetch per interval (jittered ±10 %), never two instances' fetches close together.
    for (const gap of gaps) expect(gap, `${feed}: ${times.join(", ")}`).toBeGreaterThan(2_400);
  }
});

test("a category change fetched by one instance reaches the others' pages within 5 seconds", async () => {
  test.setTimeout(60_000);
  const before = publisher.fetches.get("local")?.length ?? 0;
  publisher.publish("local", "Council approves the levee budget");
  // The first fetch that got the new story.
  await expect
    .poll(() => publisher.fetches.get("local")?.length ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(before);
  const fetchedAt = (publisher.fetches.get("local") ?? [])[before] ?? Date.now();
  await expect
    .poll(
      async () =>
        (await Promise.all(instances.map((site) => headlines(site, "local")))).every(
          (titles) => titles[0] === "Council approves the levee budget",
        ),
      { timeout: 10_000, intervals: [100] },
    )
    .toBe(true);
  expect(Date.now() - fetchedAt).toBeLessThan(5_000);
});

test("open pages on every instance are offered the new stories one of them fetched, without a reload", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const pages = await Promise.all(
    [instances[1], instances[2]].map(async (site, i) => {
      const page = await browser.newPage();
      await page.goto(`${site?.url}${i === 0 ? "/" : "/local-news"}`);
      await waitForIslands(page);
      return page;
    }),
  );
  for (const page of pages) await expect(page.locator("[data-live-news]")).toBeHidden();
  publisher.publish("local", "Bayou trail reopens after repairs");
  for (const page of pages) {
    const offer = page.getByRole("button", { name: "1 new story" });
    await expect(offer).toBeVisible({ timeout: 15_000 });
    // Said once to screen readers, through the page's polite live region.
    await expect(page.locator("[data-live-announce]")).toHaveText("1 new story");
  }
  // The offer loads the page again, which then shows the story.
  const home = pages[0] as (typeof pages)[number];
  await home.getByRole("button", { name: "1 new story" }).click();
  await expect(home.getByText("Bayou trail reopens after repairs").first()).toBeVisible();
  for (const page of pages) await page.close();
});

test("count a sender across the three, and npm run messages lists what any of them took", async () => {
  const subject = `Tip ${Date.now()} shared`;
  const post = (site: SiteProcess) =>
    fetch(`${site.url}/contact`, {
      method: "POST",
      body: new URLSearchParams({ name: "Cy", email: "cy@example.org", subject, message: "Hi" }),
    });
  for (const site of instances) expect((await post(site)).status).toBe(200);
  const refused = await post(instances[1] as SiteProcess);
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain("You have sent 3 messages in the last 10 minutes.");
  const listed = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/messages.ts", "--json", "--site", "houston"],
    {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: dir, ...KEYS },
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  expect(listed.status, listed.stderr).toBe(0);
  const messages = JSON.parse(listed.stdout) as { subject: string }[];
  expect(messages.filter((m) => m.subject === subject)).toHaveLength(3);
});

test("a warning is pushed once across the three, and a push whose instance was killed mid-send is sent by another once its lease runs out", async () => {
  test.setTimeout(90_000);
  // Every instance tracks the city's weather (its pages asked for).
  for (const site of instances) {
    await expect
      .poll(
        async () => (await (await fetch(`${site.url}/weather`)).text()).includes('id="current"'),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
  }
  // Six readers, each subscribed through one of the three.
  const readers: string[] = [];
  for (let i = 0; i < 6; i++) {
    const site = instances[i % 3] as SiteProcess;
    const subscription = push.subscribe();
    const res = await fetch(`${site.url}/api/push/subscriptions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: JSON.stringify({ subscription, zones: [FIXTURE_ZONES.county] }),
    });
    expect(res.status).toBe(201);
    readers.push(subscription.endpoint);
  }
  const [held, ...others] = readers as [string, ...string[]];
  push.hold(held);
  weather.set({ alerts: [DEMO_ALERTS[0] as FixtureAlert] });
  await Promise.all(others.map((endpoint) => push.next(endpoint)));
  // The held push: claimed by one instance, whose request the push service leaves unanswered.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const claim = async () => {
    const { rows } = await db.query<{ lease_owner: string | null; sent_at: string | null }>(
      "SELECT lease_owner, sent_at FROM push_sends WHERE endpoint = $1",
      [held],
    );
    return rows[0];
  };
  await expect
    .poll(async () => (await claim())?.lease_owner ?? "", { timeout: 15_000 })
    .not.toBe("");
  const pid = Number((await claim())?.lease_owner?.split(":").at(-2));
  const victim = instances.find((site) => site.pid === pid);
  expect(victim, `claim owner pid ${pid}`).toBeDefined();
  process.kill(pid, "SIGKILL");
  const killedAt = Date.now();
  instances = instances.filter((site) => site !== victim);
  await victim?.stop();
  // Another instance sends it once the lease has run out.
  const sent = await push.next(held);
  expect(sent.payload.title).toBe("Flash Flood Warning");
  expect(sent.at - killedAt).toBeLessThan(30_000);
  // Every push was sent once: each claim is recorded as sent, then two more leases' sweeps pass
  // (an instance that would send one again has had its turns) and nobody got a second.
  await expect
    .poll(async () => {
      const { rows } = await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM push_sends WHERE sent_at IS NOT NULL",
      );
      return Number(rows[0]?.n);
    })
    .toBe(6);
  await db.end();
  const quietUntil = Date.now() + 2 * LEASE_S * 1000;
  await expect.poll(() => Date.now() > quietUntil, { timeout: 10_000 }).toBe(true);
  for (const endpoint of readers) {
    expect(push.received.filter((p) => endpoint.endsWith(`/push/${p.id}`))).toHaveLength(1);
  }
});

test("an instance killed mid-refresh: the others keep serving, and take its feed once its lease runs out", async () => {
  test.setTimeout(60_000);
  publisher.hold("world-2", true);
  const before = publisher.fetches.get("world-2")?.length ?? 0;
  // Some instance is now fetching world-2 and waits for its answer: the one whose lease holds it
  // (its owner names the instance's host, process id and a random part).
  await expect
    .poll(() => publisher.fetches.get("world-2")?.length ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(before);
  // The lease is read until it names an instance: the fetch can be seen a moment before the
  // lease's row says so, and a poll does not depend on which comes first.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const leaseOwner = async () => {
    const { rows } = await db.query<{ lease_owner: string | null }>(
      "SELECT lease_owner FROM feeds WHERE url LIKE '%/f/world-2.xml'",
    );
    return rows[0]?.lease_owner ?? "";
  };
  const instancePids = instances.map((site) => site.pid);
  await expect
    .poll(async () => instancePids.includes(Number((await leaseOwner()).split(":").at(-2))), {
      timeout: 10_000,
    })
    .toBe(true);
  const holder = await leaseOwner();
  await db.end();
  const pid = Number(holder.split(":").at(-2));
  const victim = instances.find((site) => site.pid === pid);
  expect(victim, `lease owner ${holder}`).toBeDefined();
  process.kill(pid, "SIGKILL");
  const killedAt = Date.now();
  publisher.hold("world-2", false);
  const survivors = instances.filter((site) => site !== victim);
  // The others serve on.
  for (const site of survivors) expect((await fetch(`${site.url}/`)).status).toBe(200);
  // world-2 is fetched again, by a survivor, once the dead instance's lease has run out.
  const fetchesAtKill = publisher.fetches.get("world-2")?.length ?? 0;
  publisher.publish("world-2", "Ferry service resumes");
  await expect
    .poll(() => publisher.fetches.get("world-2")?.length ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(fetchesAtKill);
  expect(Date.now() - killedAt).toBeLessThan(60_000);
  await expect
    .poll(
      async () =>
        (await headlines(survivors[0] as SiteProcess, "world")).includes("Ferry service resumes"),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  // And the other feeds go on being refreshed by the survivors.
  const business = publisher.fetches.get("business")?.length ?? 0;
  await expect
    .poll(() => publisher.fetches.get("business")?.length ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(business);
});
