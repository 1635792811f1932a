import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import austinNews from "../../sites/austin/content/news";
import { FEEDS_URL } from "../../playwright.config";
import { gotoHydrated } from "./helpers";

// A server of its own, started here so that its first fetches are still running when the pages
// are opened: a slow feed (loading, then ready), failing feeds (errors), a fresh feed (relative
// dates), and no local feed (home's built-in featured story).

const PORT = 4175;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "states-"));
  const feedsFile = path.join(dataDir, "feeds.json");
  writeFileSync(
    feedsFile,
    JSON.stringify({
      lifestyle: [`${FEEDS_URL}/slow/6000/feeds/daringfireball.atom.xml`],
      food: [`${FEEDS_URL}/status/500`],
      archives: [`${FEEDS_URL}/status/503`],
      opinion: [`${FEEDS_URL}/status/404`],
      health: [`${FEEDS_URL}/fresh`],
    }),
  );
  server = spawn(process.execPath, ["build/server-main/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SITE: "austin",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      FEEDS_FILE: feedsFile,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status, {
      timeout: 15_000,
    })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a loading category says so, then shows its articles without a reload", async ({ page }) => {
  await gotoHydrated(page, `${BASE}/lifestyle`);
  await expect(page.getByRole("status")).toHaveText("Loading lifestyle news...");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible({
    timeout: 15_000,
  });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

for (const [pathName, text] of [
  ["/food", "Error loading news: Failed to fetch RSS feed"],
  ["/archives", "Error loading archives: Failed to fetch RSS feed"],
  ["/opinion", "Error loading articles: Failed to fetch RSS feed"],
] as const) {
  test(`${pathName} shows "${text}" when every feed failed`, async ({ page }) => {
    await page.goto(`${BASE}${pathName}`);
    await expect(page.getByRole("alert")).toHaveText(text, { timeout: 10_000 });
  });
}

test("home shows the built-in featured story when the local feed is empty", async ({ page }) => {
  await page.goto(`${BASE}/`);
  const featured = page.getByRole("region", { name: "Featured story" });
  await expect(featured.getByRole("heading", { level: 2 })).toContainText(
    austinNews.featuredStory.title,
  );
});

test("relative dates are rendered by the server and kept fresh in the browser", async ({
  page,
}) => {
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${BASE}/api/articles?category=health`)).json()).state,
    )
    .toBe("ready");
  const html = await (await page.request.get(`${BASE}/health`)).text();
  expect(html).toMatch(/<time dateTime="[^"]+">Just now<\/time>/);
  expect(html).toContain(">3 hours ago</time>");
  expect(html).toContain(">2 days ago</time>");

  await page.clock.install({ time: Date.now() });
  await gotoHydrated(page, `${BASE}/health`);
  // (The donation dialog opens meanwhile and hides the page from role queries: use CSS.)
  const card = page.locator("article", { hasText: "Fresh story from half an hour ago" });
  await expect(card.locator("time")).toHaveText("Just now");
  await page.clock.runFor(31 * 60_000);
  await expect(card.locator("time")).toHaveText("1 hour ago");
});
