import { expect, test, type Page } from "@playwright/test";

// The front page on a phone leads with news (docs/design.md "The phone front page"), and a list page
// puts its first story before any video or advertising.

test.use({ viewport: { width: 375, height: 812 } });

/** The top of each element matched, in page coordinates. */
async function tops(page: Page, selector: string): Promise<number[]> {
  return page
    .locator(selector)
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top + window.scrollY));
}

test("on a phone the first screen shows the lead story and at least two more headlines", async ({
  page,
}) => {
  // A calm day (global-setup.ts): under an Extreme or Severe alert home leads with the emergency
  // block instead (storm.spec.ts).
  await page.goto("/");
  const headlines = await tops(page, "#main-content article :is(h2, h3) a");
  expect(headlines.filter((top) => top < 812).length).toBeGreaterThanOrEqual(3);
  // The lead story is the first thing in the page's content.
  const [lead] = await tops(page, "#main-content article");
  const [firstSection] = await tops(page, "#main-content section[aria-labelledby^=section-]");
  expect(lead).toBeLessThan(firstSection ?? Infinity);
});

for (const path of ["/", "/local-news"]) {
  test(`${path}: no advertising or video comes before the first story`, async ({ page }) => {
    await page.goto(path);
    const [firstStory = Infinity] = await tops(page, "#main-content article");
    const others = await tops(
      page,
      "#main-content :is([data-ad-type], figure:has(iframe, img[src*=video-poster]))",
    );
    for (const top of others) expect(top).toBeGreaterThan(firstStory);
  });
}

test("a story without a picture is a text card, never an empty picture box", async ({ page }) => {
  await page.goto("/local-news");
  const textCards = page.locator('#main-content article[data-card="text"]');
  expect(await textCards.count()).toBeGreaterThan(0);
  await expect(textCards.locator("img")).toHaveCount(0);
  await expect(textCards.first().getByRole("heading")).toBeVisible();
});
