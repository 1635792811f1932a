import { expect, test, type APIRequestContext } from "@playwright/test";
import { gotoReady } from "./helpers";

// /books, outside the layout. The page's outside covers never load here (no network): every test
// that looks at covers answers them itself.

async function itemList(request: APIRequestContext) {
  const html = await (await request.get("/books")).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1] ?? "null") as { "@type": string; itemListElement?: unknown[] })
    .find((d) => d["@type"] === "ItemList");
}

test("the banner, the line of programs, View All Books and about 45 cards", async ({ page }) => {
  await page.goto("/books");
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  const banner = page.getByRole("region", {
    name: "Advertisement Transform Your Life with Ancient Wisdom",
  });
  for (const name of [/^Apply for Admission/, /^Learn More/]) {
    const link = banner.getByRole("link", { name });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("href", /^https:\/\//);
  }
  await expect(banner).toContainText("Accredited Programs · Expert Instructors · Rich Curriculum");
  // A paid promotion says so, visibly (its accessible name says it too: above).
  await expect(banner.getByText("Advertisement", { exact: true })).toBeVisible();
  const books = page.getByRole("region", { name: "Books", exact: true });
  await expect(books.getByRole("link", { name: /^View All Books/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  const cards = books.getByRole("listitem");
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(40);
  expect(count).toBeLessThanOrEqual(50);
  const first = cards.first();
  // The name begins with the words shown (WCAG 2.5.3, label in name: axe 4.14 checks it).
  const link = first.getByRole("link", { name: /^View on Amazon: .+/ });
  await expect(link).toHaveText("View on Amazon");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  const title = first.getByRole("heading", { level: 3 });
  const full = await title.textContent();
  await expect(link).toHaveAccessibleName(`View on Amazon: ${full} (opens in a new tab)`);
  // A card with a picture (a classic's, or its placeholder) shows its title under it, on two lines.
  const classic = cards.filter({ hasText: "Tao Te Ching" }).getByRole("heading", { level: 3 });
  await expect(classic).toBeVisible();
  expect(await classic.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe("2");
});

test("a typographic cover sets title and author as a cover does, and the title is not repeated under it", async ({
  page,
}) => {
  await page.goto("/books");
  const card = page.getByRole("listitem").first();
  const cover = card.locator("[aria-hidden=true][data-pattern]");
  await expect(cover).toContainText("Billionaire Buddha");
  await expect(cover).toContainText("Ancient Wisdom for Modern Wealth");
  const heading = card.getByRole("heading", { level: 3 });
  // Still the card's name for screen readers, but not printed a second time.
  await expect(heading).toHaveText(/^Billionaire Buddha: Ancient Wisdom for Modern Wealth$/);
  expect(await heading.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  // The series does not look like one block repeated: neighbouring covers differ.
  const looks = await page
    .locator("[data-pattern]")
    .evaluateAll((els) =>
      els
        .slice(0, 10)
        .map((el) => `${getComputedStyle(el).backgroundColor}/${el.getAttribute("data-pattern")}`),
    );
  expect(new Set(looks).size).toBeGreaterThanOrEqual(6);
});

for (const [width, columns] of [
  [375, 2],
  [640, 3],
  [1024, 4],
  [1280, 5],
] as const) {
  test(`the grid has ${columns} columns at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/books");
    const grid = page.getByRole("region", { name: "Books", exact: true }).getByRole("list");
    const template = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns);
    expect(template.split(" ")).toHaveLength(columns);
  });
}

test("a cover the server cannot get is replaced by the placeholder", async ({ page, baseURL }) => {
  // Covers come through the site's image route; the site under test reaches no public host
  // (ALLOW_PUBLIC_HOSTS=false), so the route answers with the placeholder (a short-lived
  // redirect) and the browser asks no one else.
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(new URL(baseURL ?? "http://127.0.0.1").origin)) outside.push(r.url());
  });
  await gotoReady(page, "/books");
  const classic = page.getByRole("listitem").filter({ hasText: "Tao Te Ching" });
  await classic.scrollIntoViewIfNeeded();
  const cover = classic.locator("img");
  await expect(cover).toHaveAttribute("src", /^\/img\/\d+\/c[0-9a-f]{16}\.[\w-]{11}$/);
  const answer = await page.request.get((await cover.getAttribute("src")) ?? "", {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe("/images/book-placeholder.svg");
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(outside.filter((url) => !url.startsWith("data:"))).toEqual([]);
});

test("a failing placeholder never loops: the card settles on its typographic cover", async ({
  page,
}) => {
  // The covers fail in the browser (as a 404 of the image route would), then the placeholder.
  await page.route("**/img/**", (route) => route.fulfill({ status: 404, body: "" }));
  const placeholderRequests: string[] = [];
  await page.route("**/images/book-placeholder.svg", (route) => {
    placeholderRequests.push(route.request().url());
    return route.fulfill({ status: 404, body: "" });
  });
  await gotoReady(page, "/books");
  const gita = page.getByRole("listitem").filter({ hasText: "The Bhagavad Gita" });
  await gita.scrollIntoViewIfNeeded();
  await expect(gita.locator("img")).toHaveCount(0);
  await expect(gita.locator("[aria-hidden=true]")).toContainText("The Bhagavad Gita");
  // With no <img> left, nothing can request the placeholder again.
  const perCard = placeholderRequests.length;
  expect(perCard).toBeGreaterThan(0);
  expect(perCard).toBeLessThanOrEqual(5); // at most once for each of the five classic covers
});

test("the books carry ItemList structured data", async ({ request }) => {
  const list = await itemList(request);
  expect(list?.itemListElement?.length).toBeGreaterThanOrEqual(40);
});
