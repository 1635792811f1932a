import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { gotoReady } from "./helpers";

// Issue 53, points 1 and 2, on the fixture feeds (global-setup.ts): who wrote each story, and
// only news. Politics is Talking Points Memo's Atom feed, whose entries name their authors and
// one of which is a job ad; Local's CTV and NBC items name theirs in dc:creator; the Spanish
// edition's Local is La Nación's.

/** The job ad Talking Points Memo's feed carries among its stories. */
const JOB_AD = "We're Hiring: Senior Editor";
/** Its newest story, and who wrote it (its <author><name>). */
const TPM_STORY = "Hannity Announces Fox Has Hired Sebastian Gorka As NatSec Strategist";

interface ApiBody {
  state: string;
  articles: { title: string; url: string }[];
}

/** Waits until the engine has read the category, and returns its articles as the API gives them. */
async function articlesOf(page: Page, key: string) {
  let body: ApiBody = { state: "loading", articles: [] };
  await expect
    .poll(async () => {
      body = (await (await page.request.get(`/api/articles?category=${key}`)).json()) as ApiBody;
      return body.state;
    })
    .toBe("ready");
  return body.articles;
}

// (several pages each, on a machine that may be busy)
test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.locator("main");
/** The headlines of the cards of a page's main part, as seen (screen readers' words left out). */
const cardTitles = (page: Page) =>
  main(page)
    .getByRole("article")
    .getByRole("heading")
    .evaluateAll((headings) =>
      headings.map((h) => {
        const copy = h.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(".sr-only").forEach((s) => s.remove());
        return (copy.textContent ?? "").trim();
      }),
    );

test("the fixture's job ad is in no list: not /api/articles, the category page, home or search", async ({
  page,
}) => {
  const feed = readFileSync(
    path.join(import.meta.dirname, "../fixtures/feeds/talkingpointsmemo.atom.xml"),
    "utf8",
  );
  expect(feed).toContain(JOB_AD);
  const api = await articlesOf(page, "politics");
  expect(api.map((a) => a.title)).toContain(TPM_STORY);
  expect(api.map((a) => a.title)).not.toContain(JOB_AD);

  // The page lists what the API gives, and no more.
  await gotoReady(page, "/politics");
  const titles = await cardTitles(page);
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(api.map((a) => a.title)).toContain(title);
  expect(titles).not.toContain(JOB_AD);
  await expect(main(page)).not.toContainText("Senior Editor");

  await gotoReady(page, "/");
  await expect(main(page)).not.toContainText(JOB_AD);

  await gotoReady(page, "/search?q=senior+editor");
  expect(await cardTitles(page)).not.toContain(JOB_AD);
  await gotoReady(page, "/search?q=hiring");
  expect(await cardTitles(page)).not.toContain(JOB_AD);
});

for (const width of [375, 1280]) {
  test(`cards name their authors in small muted text, inside the card, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await articlesOf(page, "politics");
    await gotoReady(page, "/politics");
    const card = main(page).getByRole("article").filter({ hasText: TPM_STORY });
    await expect(card.locator("[data-byline]")).toHaveText("By Esme Cribb");

    const bylines = main(page).locator("[data-byline]");
    expect(await bylines.count()).toBeGreaterThan(3);
    const boxes = await bylines.evaluateAll((nodes) =>
      nodes.map((node) => {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        const article = (node.closest("article") as HTMLElement).getBoundingClientRect();
        return {
          text: node.textContent ?? "",
          fontSize: Number.parseFloat(style.fontSize),
          lineHeight: Number.parseFloat(style.lineHeight),
          color: style.color,
          height: box.height,
          inside:
            box.left >= article.left - 0.5 &&
            box.right <= article.right + 0.5 &&
            box.top >= article.top &&
            box.bottom <= article.bottom + 0.5,
        };
      }),
    );
    for (const b of boxes) {
      expect(b.text, b.text).toMatch(/^By \S/);
      expect(b.fontSize, b.text).toBeLessThanOrEqual(13);
      // At most two lines (a byline is at most 80 characters of names).
      expect(b.height, b.text).toBeLessThanOrEqual(2 * b.lineHeight + 1);
      expect(b.inside, b.text).toBe(true);
    }
    // Muted: not the headline's ink.
    const headlineColour = await card
      .getByRole("heading")
      .evaluate((h) => getComputedStyle(h).color);
    expect(boxes[0]?.color).not.toBe(headlineColour);
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    // The page's JSON-LD names the authors of the stories it lists.
    const graphs = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ""));
    expect(graphs.join("\n")).toContain(
      JSON.stringify({ "@type": "Person", name: "Esme Cribb" }).slice(1, -1),
    );
  });
}

test("a search result names its author; the Spanish edition says 'Por'", async ({ page }) => {
  await articlesOf(page, "local");
  await gotoReady(page, "/search?q=gunman+passengers");
  const result = main(page)
    .getByRole("article")
    .filter({ hasText: "Suspected gunman picked off passengers, sent crowds fleeing" });
  await expect(result.locator("[data-byline]")).toHaveText("By David Fischer");

  // (La Nación's feed is the edition's own: read once the page has its stories)
  const bylines = main(page).locator("[data-byline]");
  await expect
    .poll(
      async () => {
        await gotoReady(page, "/es/noticias-locales");
        return bylines.count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await expect(bylines.first()).toHaveText(/^Por \S/);
  await expect(main(page).locator("[data-byline]", { hasText: "Fernando Bertello" })).toHaveText(
    "Por Fernando Bertello",
  );
});
