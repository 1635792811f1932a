import { expect, test, type Page } from "@playwright/test";
import { FEED_KEYS } from "../../sites/categories";
import { wcagViolations } from "./axe";
import { gotoReady } from "./helpers";

// Search over the stories stored from the fixture feeds (global-setup.ts serves them to every
// category). The words searched occur in a few fixture stories only.

/** The stored stories that say "Lauderdale", newest first (the undated one last). */
/**
 * The stories holding "lauderdale", as search ranks them (decision 003: a story's date, plus a day
 * for each doubling of its relevance, a match in its headline counting four in its summary): the
 * two with the word in their headline first, then the newest story with it in its summary only,
 * then the undated one.
 */
const LAUDERDALE = [
  "Florida attack updates: Fort Lauderdale airport reopens after shooting",
  "Was Fort Lauderdale shooting air rage? Suspect 'argued with passengers' before 'executing five people at baggage reclaim'",
  "Suspected gunman picked off passengers, sent crowds fleeing",
  "U.S. veteran held after Florida airport shooting leaves five dead, at least eight wounded",
];

/** Waits until every category has been read from its feeds at least once. */
async function newsStored(page: Page): Promise<void> {
  for (const key of FEED_KEYS) {
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/articles?category=${key}`);
        return ((await res.json()) as { state: string }).state;
      })
      .not.toBe("loading");
  }
}

const main = (page: Page) => page.locator("main");
const cards = (page: Page) => main(page).getByRole("article");
const cardTitles = (page: Page) =>
  cards(page)
    .getByRole("heading")
    // What is seen: the words for screen readers (the publisher, "opens in a new tab") left out.
    .evaluateAll((headings) =>
      headings.map((h) => {
        const seen = h.cloneNode(true) as Element;
        for (const hidden of seen.querySelectorAll(".sr-only")) hidden.remove();
        return seen.textContent ?? "";
      }),
    );

test.beforeEach(async ({ page }) => {
  await newsStored(page);
});

test("finds the stories holding a word, by relevance and recency, with the count and the matches marked", async ({
  page,
}) => {
  const response = await page.goto("/search?q=lauderdale");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  await expect(main(page).getByRole("status")).toHaveText("4 results for “lauderdale”");
  expect(await cardTitles(page)).toEqual(LAUDERDALE);
  // Three dated stories; the one with the word in its summary alone is the newest of them, yet
  // follows the two with it in their headline; the undated one comes last, without a date.
  const dates = await cards(page)
    .locator("time")
    .evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute("datetime") ?? "")));
  expect(dates).toHaveLength(3);
  expect(Math.max(...dates)).toBe(dates[2]);
  expect(dates[0]).toBeGreaterThan(dates[1] ?? Infinity);
  for (const card of await cards(page).all()) {
    await expect(card.locator("mark").first()).toHaveText(/^lauderdale$/i);
  }
  await expect(cards(page).nth(1).getByRole("heading").locator("mark")).toHaveText("Lauderdale");
  await expect(cards(page).nth(2).getByRole("heading").locator("mark")).toHaveCount(0);
  await expect(
    page.getByRole("banner").getByRole("searchbox", { name: "Search news" }),
  ).toHaveValue("lauderdale");
  // No feed's URL reaches the page.
  expect(await page.content()).not.toContain("/feeds/");
});

test("requires every word and ignores diacritics", async ({ page }) => {
  await page.goto("/search?q=lauderdale+airport");
  await expect(main(page).getByRole("status")).toHaveText("3 results for “lauderdale airport”");
  // The headline holding both words first, then the story with them in its summary, then the
  // undated one (last whatever its relevance).
  expect(await cardTitles(page)).toEqual([LAUDERDALE[0], LAUDERDALE[2], LAUDERDALE[3]]);

  await page.goto("/search?q=zuruck");
  await expect(main(page).getByRole("status")).toHaveText("1 result for “zuruck”");
  await expect(cards(page).getByRole("heading").locator("mark")).toHaveText("zurück");
});

test("pages through 20 results at a time", async ({ page }) => {
  await gotoReady(page, "/search?q=trump");
  const count = await main(page).getByRole("status").textContent();
  const total = Number(/^(\d+) results/.exec(count ?? "")?.[1]);
  expect(total).toBeGreaterThan(20);
  expect(total).toBeLessThanOrEqual(40);
  const pager = page.getByRole("navigation", { name: "Search result pages" });
  await expect(cards(page)).toHaveCount(20);
  await expect(pager).toContainText("Page 1 of 2");
  await expect(pager.getByRole("link", { name: /Previous/ })).toHaveCount(0);
  const first = await cardTitles(page);

  await pager.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL("/search?q=trump&page=2");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(cards(page)).toHaveCount(total - 20);
  const second = await cardTitles(page);
  expect(second.filter((t) => first.includes(t))).toEqual([]);
  await expect(pager.getByRole("link", { name: /Next/ })).toHaveCount(0);
  await pager.getByRole("link", { name: /Previous/ }).click();
  await expect(page).toHaveURL("/search?q=trump");

  // A page that does not exist shows the first.
  await page.goto("/search?q=trump&page=99");
  await expect(pager).toContainText("Page 1 of 2");
});

test("says what to do for an empty query and when nothing matches", async ({ page }) => {
  for (const path of ["/search", "/search?q=", "/search?q=%22*%5E%20-%3A"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(main(page)).toContainText(
      "Type one or more words in the search box to find stories.",
    );
    await expect(cards(page)).toHaveCount(0);
  }
  await page.goto("/search?q=xyzzyplugh");
  await expect(main(page)).toContainText(
    "No stories match “xyzzyplugh”. Check the spelling, or try fewer or other words.",
  );
  await expect(cards(page)).toHaveCount(0);
});

test("answers hostile queries with a page, never an error", async ({ page }) => {
  for (const q of ['NEAR("', "lauderdale OR", "-lauderdale", "title:lauderdale", "^lauderdale*"]) {
    const response = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(response?.status(), q).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  }
  // A long query just under the 4 KB limit of a request target is searched (its first words);
  // a longer one is refused with 414 (issue 22: long targets never reach the caches).
  const long = await page.request.get(`/search?q=${"lauderdale%20".repeat(300)}`);
  expect(long.status()).toBe(200);
  const tooLong = await page.request.get(`/search?q=${"lauderdale%20".repeat(1000)}`);
  expect(tooLong.status()).toBe(414);
});

test("asks search engines not to index it, and is not in the sitemap", async ({ page }) => {
  const response = await page.goto("/search?q=lauderdale");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/search");
});

test("the header's search box searches, and the page's box searches again", async ({ page }) => {
  await gotoReady(page, "/");
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search news" });
  await box.fill("lauderdale");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=lauderdale");
  await expect(cards(page)).toHaveCount(4);
  await expect(box).toHaveValue("lauderdale");

  const again = page.getByRole("search", { name: "Search again" }).getByRole("searchbox");
  await expect(again).toHaveValue("lauderdale");
  await again.fill("zurück");
  await again.press("Enter");
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent("zurück")}`);
  await expect(cards(page)).toHaveCount(1);
  await expect(box).toHaveValue("zurück");
});

for (const width of [375, 1280]) {
  test(`has no WCAG 2.2 AA violation in either colour scheme at ${width} px, results and pager shown`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoReady(page, "/search?q=trump");
    expect(await wcagViolations(page)).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's search box submits a GET to /search", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search news" });
    await box.fill("lauderdale");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=lauderdale");
    expect(await cardTitles(page)).toEqual(LAUDERDALE);
    await expect(main(page).getByRole("status")).toHaveText("4 results for “lauderdale”");
    await expect(box).toHaveValue("lauderdale");
  });
});
