import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { startPostgres, type TestPostgres } from "../support/postgres";
import { startSiteProcess, type SiteProcess } from "../support/site-process";
import { E2E } from "./env";

// Two instances of the production build on one PostgreSQL database (DATABASE_URL), as behind a
// load balancer: they share the news, each feed's schedule and the contact messages.

test.describe.configure({ mode: "serial" });

let postgres: TestPostgres;
let instances: SiteProcess[] = [];

const KEYS = { IMAGE_KEY_SECRET: "i".repeat(40), CONTACT_KEY_SECRET: "c".repeat(40) };

/** The feeds each instance says it refreshed (its "feed refreshed" and "not modified" lines). */
function refreshed(site: SiteProcess): string[] {
  return site
    .output()
    .split("\n")
    .filter((line) => /"msg":"feed (refreshed|not modified|failed)"/.test(line))
    .map((line) => (JSON.parse(line) as { feed: string }).feed);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  const url = postgres.createDatabase();
  instances = await Promise.all(
    [1, 2].map(() =>
      startSiteProcess({
        env: {
          DATABASE_URL: url,
          ...KEYS,
          FEEDS_FILE: E2E.feedsFile,
          ALLOW_PRIVATE_HOSTS: new URL(E2E.feedsUrl).hostname,
          FEED_REFRESH_SECONDS: "3600",
          LOG_LEVEL: "info",
        },
        keepOutput: true,
        timeoutMs: 60_000,
      }),
    ),
  );
});

test.afterAll(async () => {
  await Promise.all(instances.map((site) => site.stop()));
  postgres?.stop();
});

test("fetch each feed once between them, and serve the same stories", async () => {
  test.setTimeout(90_000);
  const [a, b] = instances as [SiteProcess, SiteProcess];
  const file = JSON.parse(readFileSync(E2E.feedsFile, "utf8")) as Record<string, string[]>;
  const listed = new Set(Object.values(file).flat());
  // The first refresh has ended when every feed of the default city's FEEDS_FILE has been
  // refreshed by one of them (the other cities' feeds, on public hosts, fail as offline).
  const seen = () => new Set([...refreshed(a), ...refreshed(b)]);
  await expect
    .poll(() => [...listed].filter((feed) => !seen().has(feed)), { timeout: 60_000 })
    .toEqual([]);
  // Every feed by one instance only, once.
  const all = [...refreshed(a), ...refreshed(b)];
  expect(all.length, "a feed fetched by both instances").toBe(new Set(all).size);
  // Each instance shows what either stored: the same headlines on both.
  const headlines = async (site: SiteProcess) => {
    const res = await fetch(`${site.url}/api/articles?category=world`);
    const { articles } = (await res.json()) as { articles: { title: string }[] };
    return articles.map((article) => article.title);
  };
  await expect
    .poll(async () => (await headlines(b)).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expect.poll(async () => headlines(a), { timeout: 30_000 }).toEqual(await headlines(b));
});

test("count a sender's contact messages across both: the fourth is refused wherever it lands", async () => {
  const [a, b] = instances as [SiteProcess, SiteProcess];
  const subject = `Tip ${Date.now()} shared`;
  const post = (site: SiteProcess) =>
    fetch(`${site.url}/contact`, {
      method: "POST",
      body: new URLSearchParams({ name: "Cy", email: "cy@example.org", subject, message: "Hi" }),
    });
  expect((await post(a)).status).toBe(200);
  expect((await post(b)).status).toBe(200);
  expect((await post(a)).status).toBe(200);
  const refused = await post(b);
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain("You have sent 3 messages in the last 10 minutes.");
});
