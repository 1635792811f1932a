import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { testCity } from "../support/cities";
import { E2E } from "./env";
import { gotoReady, startSiteServer, type SiteServer } from "./helpers";

// A server of its own, started here so that its first fetches are still running when the pages
// are opened: a slow feed (loading, then ready), failing feeds (errors), a fresh feed (relative
// dates), and no local feed (home's built-in featured story).

let server: SiteServer | undefined;
let BASE = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startSiteServer((dataDir) => {
    const feedsFile = path.join(dataDir, "feeds.json");
    writeFileSync(
      feedsFile,
      JSON.stringify({
        // Slow enough to be still loading when a busy machine opens the page.
        lifestyle: [`${E2E.feedsUrl}/slow/9000/feeds/daringfireball.atom.xml`],
        food: [`${E2E.feedsUrl}/status/500`],
        archives: [`${E2E.feedsUrl}/status/503`],
        opinion: [`${E2E.feedsUrl}/status/404`],
        health: [`${E2E.feedsUrl}/fresh`],
        politics: [`${E2E.feedsUrl}/hostile`],
      }),
    );
    return {
      SITES: "anchorage",
      DEFAULT_SITE: "anchorage",
      FEEDS_FILE: feedsFile,
      // The fixture feeds are on loopback, which the feed fetcher refuses unless allowed.
      ALLOW_PRIVATE_HOSTS: new URL(E2E.feedsUrl).hostname,
    };
  });
  BASE = server.url;
});

test.afterAll(async () => server?.stop());

test("a loading category says so, then shows its articles without a reload", async ({ page }) => {
  await gotoReady(page, `${BASE}/lifestyle`);
  await expect(page.getByRole("status")).toHaveText("Loading lifestyle news...");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible({
    timeout: 15_000,
  });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  // Styled as the same page is when it comes ready: the page's own rules were cut to its loading
  // state's markup (server/render/page-css.ts), so the stories' rules must come with them.
  const looks = (p: Page) =>
    p
      .getByRole("main")
      .getByRole("article")
      .first()
      .evaluate((article) => {
        const heading = article.querySelector("h2, h3") ?? article;
        const a = getComputedStyle(article);
        const h = getComputedStyle(heading);
        return [a.display, a.borderTopWidth, a.paddingTop, h.fontFamily, h.fontSize, h.fontWeight];
      });
  const fresh = await page.context().newPage();
  await gotoReady(fresh, `${BASE}/lifestyle`);
  expect(await looks(page)).toEqual(await looks(fresh));
});

test("nothing executable from a hostile feed reaches the page", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${BASE}/api/articles?category=politics`)).json()).state,
    )
    .toBe("ready");
  const html = await (await page.request.get(`${BASE}/politics`)).text();
  // No dangerous URL in any attribute, no event handler, no script from the feed. (The words may
  // appear as text, which is harmless.)
  expect(html).not.toMatch(/(?:href|src)="\s*(?:javascript|vbscript|data):/i);
  expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  expect(html).not.toMatch(/<script>alert|<svg onload/i);
  await gotoReady(page, `${BASE}/politics`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: /Hostile headline/ })).toBeVisible();
  for (const href of await main
    .locator("a[href]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("href")))) {
    expect(href === "#" || /^(https?:\/\/|\/|mailto:)/.test(href ?? "")).toBe(true);
  }
  for (const src of await main
    .locator("img")
    .evaluateAll((els) => els.map((e) => e.getAttribute("src")))) {
    expect(/^(https?:\/\/|\/)/.test(src ?? "")).toBe(true);
  }
  expect(dialogs).toEqual([]);
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
    testCity("anchorage").content.news.featuredStory.title,
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
  expect(html).toMatch(/<time dateTime="[^"]+" data-relative="">Just now<\/time>/);
  expect(html).toContain(">3 hours ago</time>");
  expect(html).toContain(">2 days ago</time>");

  await page.clock.install({ time: Date.now() });
  await gotoReady(page, `${BASE}/health`);
  // (The donation dialog opens meanwhile and hides the page from role queries: use CSS.)
  const card = page.locator("article", { hasText: "Fresh story from half an hour ago" });
  await expect(card.locator("time")).toHaveText("Just now");
  await page.clock.runFor(31 * 60_000);
  await expect(card.locator("time")).toHaveText("1 hour ago");
});

test("the clock tells a count that moved without making an Intl.NumberFormat", async ({ page }) => {
  // The first Intl.NumberFormat a page makes holds its main thread for 10 to 25 ms (ICU's number
  // data): "Updated 12 minutes ago" is written with the locale's digits instead.
  await page.addInitScript(() => {
    const made = { count: 0 };
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct(target, args: unknown[]) {
        made.count++;
        return Reflect.construct(target, args) as object;
      },
    });
    Object.assign(window, { numberFormatsMade: made });
  });
  await page.clock.install({ time: Date.now() });
  await gotoReady(page, `${BASE}/health`);
  const updated = page.locator("time[data-relative=minutes]");
  await page.clock.runFor(12 * 60_000);
  await expect(updated).toHaveText(/^\d+ minutes ago$/);
  const made = await page.evaluate(
    () => (window as unknown as { numberFormatsMade: { count: number } }).numberFormatsMade.count,
  );
  expect(made).toBe(0);
});
