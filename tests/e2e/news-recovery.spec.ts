import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { gotoReady, startSiteServer, type SiteServer } from "./helpers";

// A failing category recovers on the page by itself. A server of its own, started for this test
// alone: its failing feed's retries (1 s, doubling) begin when the test does, so the feed is
// asked again within seconds of its recovery, whatever ran before on a busy machine.

/** The sports feed is down until the test switches it back on. */
const SWITCH = `sports-${Date.now()}`;
let server: SiteServer | undefined;

test.beforeAll(async () => {
  server = await startSiteServer((dataDir) => {
    const feedsFile = path.join(dataDir, "feeds.json");
    writeFileSync(
      feedsFile,
      JSON.stringify({ sports: [`${E2E.feedsUrl}/switch/${SWITCH}/feeds/espn-top.rss.xml`] }),
    );
    return {
      SITES: "anchorage",
      DEFAULT_SITE: "anchorage",
      FEEDS_FILE: feedsFile,
      ALLOW_PRIVATE_HOSTS: new URL(E2E.feedsUrl).hostname,
      // Retry failing feeds after 1 s (not 1 min), so recovery happens within the test.
      FEED_BACKOFF_BASE_SECONDS: "1",
    };
  });
});

test.afterAll(async () => server?.stop());

test("a failing category shows the error, then recovers without a reload when its feed does", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await gotoReady(page, `${server?.url}/sports`);
  await expect(page.getByRole("alert")).toHaveText("Error loading news: Failed to fetch RSS feed");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  await page.request.get(`${E2E.feedsUrl}/switch/${SWITCH}/recover`);
  // The feed is asked again within its backoff, then the page (asking every 10 s while it shows
  // an error) finds the stories. (The interview at the top is an article too: look in the block.)
  const latest = page.getByRole("region", { name: "Latest Sports News" });
  await expect(latest.getByRole("article").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
});
