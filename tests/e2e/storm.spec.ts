import { expect, test, type Page } from "@playwright/test";
import { DONATION_DELAY_MS } from "../../app/lib/donation-snooze";
import { DEMO_ALERTS, startWeatherServer } from "../fixture-servers/weather-server";
import { E2E } from "./env";
import { startSiteServer, waitForIslands } from "./helpers";

// Storm mode (issue 36) on a site of its own whose weather service this test controls: alerts
// asked for every 2 s (NWS_ALERTS_SECONDS), ad slots shown where they would go
// (SHOW_EMBED_PLACEHOLDERS), STORM_ADS left at its default (ads out in a storm).

/** The Extreme warning this test issues, in the city's county. */
const TORNADO = {
  ...(DEMO_ALERTS[0] as (typeof DEMO_ALERTS)[number]),
  id: "urn:oid:2.49.0.1.840.0.fixture.storm-tornado",
  event: "Tornado Warning",
  severity: "Extreme" as const,
  headline: "Tornado Warning issued until 9:00 PM CST",
  instruction: "Go to a basement or an inside room on the lowest floor now.",
};

/** The default city's emergency links (its data's `emergency`), as the block names them. */
const EMERGENCY_LINKS = ["ReadyHarris", "Houston TranStar", "CenterPoint Energy", "311"];

const stormBlock = (page: Page) => page.getByRole("region", { name: /Weather emergency in/ });

test("an Extreme warning puts home in storm mode, and home is calm again once it is cancelled", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const weather = await startWeatherServer({ alerts: [TORNADO] });
  weather.set({ maxAgeSeconds: 1 });
  // The fixture feeds too: home's sections (and the ad after the second) show only with news.
  const site = await startSiteServer(() => ({
    FEEDS_FILE: E2E.feedsFile,
    ALLOW_PRIVATE_HOSTS: [...new Set(["127.0.0.1", new URL(E2E.feedsUrl).hostname])].join(","),
    NWS_API_URL: weather.url,
    NWS_RADAR_URL: weather.url,
    NWS_ALERTS_SECONDS: "2",
    SHOW_EMBED_PLACEHOLDERS: "true",
  }));
  try {
    // The city's weather starts on its first ask; home is opened once the warning is in, and
    // its sections (three at least: the ad follows the second after Local).
    await expect
      .poll(
        async () =>
          (await fetch(site.url))
            .text()
            .then((t) => t.includes("storm-heading") && t.split('id="section-').length > 3),
        { timeout: 30_000 },
      )
      .toBe(true);

    // A clock that stands still until the test moves it (the prompt's 30 s timer).
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 10_000);
    await page.goto(site.url);
    await waitForIslands(page);

    const block = stormBlock(page);
    await expect(block).toBeVisible();
    await expect(block).toContainText("Tornado Warning");
    await expect(block).toContainText(
      "Go to a basement or an inside room on the lowest floor now.",
    );
    await expect(block.getByRole("link", { name: "All weather alerts" })).toHaveAttribute(
      "href",
      "/weather#alerts",
    );
    await expect(block.getByRole("link", { name: "Listen to live radio" })).toHaveAttribute(
      "href",
      "/radio",
    );
    for (const name of EMERGENCY_LINKS) {
      await expect(block.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
        "href",
        /^https:\/\//,
      );
    }
    // Before the featured story, in the document and on the screen.
    const order = await page.evaluate(() => {
      const storm = document.querySelector("main [aria-labelledby='storm-heading']");
      const featured = document.querySelector("main [aria-label='Featured story']");
      if (!storm || !featured) return null;
      return {
        before: Boolean(storm.compareDocumentPosition(featured) & Node.DOCUMENT_POSITION_FOLLOWING),
        above: storm.getBoundingClientRect().bottom <= featured.getBoundingClientRect().top,
      };
    });
    expect(order).toEqual({ before: true, above: true });

    // No ad slot, no sponsor block, and no donation prompt, even past its 30 s.
    await expect(page.locator("[data-ad-type], [data-sponsor]")).toHaveCount(0);
    await expect(page.locator("[data-donation]")).toHaveCount(0);
    await page.clock.runFor(DONATION_DELAY_MS + 5_000);
    await page.clock.resume();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The warning is cancelled: the next load of home is the calm one.
    weather.set({ alerts: [] });
    await expect
      .poll(async () => (await fetch(site.url)).text().then((t) => t.includes("storm-heading")), {
        timeout: 30_000,
      })
      .toBe(false);
    // A reload, not a navigation: the browser may keep the stormy home a minute (max-age=60).
    await page.goto(site.url);
    await page.reload();
    await waitForIslands(page);
    await expect(stormBlock(page)).toHaveCount(0);
    await expect(page.locator("[data-donation]")).toHaveCount(1);
    await expect(page.locator("[data-ad-type='google']").first()).toBeVisible();
    await expect(page.locator("[data-sponsor]")).not.toHaveCount(0);
  } finally {
    await site.stop();
    await weather.close();
  }
});
