import { expect, test } from "@playwright/test";
import { E2E } from "./env";

// The same build, started with SITE=austin: another publication, no rebuild.

test.use({ baseURL: E2E.austinUrl });

test("SITE=austin serves the other city's name, contacts and geo tags", async ({ request }) => {
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(
    "<title>Austin City Wire: Austin News, Weather, Sports &amp; Events</title>",
  );
  expect(html).toContain('<meta name="geo.placename" content="Austin"/>');
  expect(html).toContain('<meta name="geo.position" content="30.2672;-97.7431"/>');
  expect(html).toContain('<meta name="ICBM" content="30.2672, -97.7431"/>');
  expect(html).toContain('<link rel="canonical" href="https://austincitywire.com/"/>');
  expect(html).toContain("desk@austincitywire.com");
  expect(html).toContain("(512) 555-0178");
  expect(html).not.toMatch(/houston/i);
});

test("SITE=austin renders its masthead and footer in the browser", async ({ page }) => {
  await page.goto("/contact");
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Austin City Wire" }),
  ).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("desk@austincitywire.com");
  await expect(page.getByRole("contentinfo")).toContainText(
    "Austin City Wire is one of a network of 3,000",
  );
  await expect(page.locator("body")).not.toContainText("Houston");
});
