import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/pages";

// The sites under test configure no embed: readers must see none of the placeholders, and no
// third-party script is named by the pages or allowed by their CSP.

const PLACEHOLDERS = ["coming soon", "will appear here", "Your ad could be here", "data-ad-type"];

test("no page shows a placeholder for an embed that is not configured", async ({ request }) => {
  for (const page of PUBLIC_PAGES) {
    const res = await request.get(page.path);
    const html = await res.text();
    for (const text of PLACEHOLDERS) expect(html, `${page.path}: ${text}`).not.toContain(text);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(/script-src ([^;]*)/.exec(csp)?.[1] ?? "", page.path).not.toMatch(/https?:/);
  }
});

test("the pages that lose an embed keep their content", async ({ page }) => {
  await page.goto("/partners");
  // Each document is still offered, by mail to the newsroom.
  await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
  await page.goto("/local-events");
  await expect(page.getByRole("heading", { name: "Submit Your Event" })).toBeVisible();
  await page.goto("/weather");
  await expect(page.getByRole("heading", { name: "Preparedness Tips" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Radar" })).toHaveCount(0);
});
