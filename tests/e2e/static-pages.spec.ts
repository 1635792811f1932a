import { expect, test, type APIRequestContext } from "@playwright/test";
import { gotoReady } from "./helpers";

// The static pages built so far from Houston's data (sites/cities/houston.json): FAQ and careers.

/** The JSON-LD blocks of a page's server HTML. */
async function jsonLd(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
}

test("/faq has 15 questions that open on click, several at once", async ({ page }) => {
  await gotoReady(page, "/faq");
  const items = page.locator("main details");
  await expect(items).toHaveCount(15);
  const first = items.nth(0);
  const third = items.nth(2);
  await expect(first).not.toHaveAttribute("open", "");
  await first.locator("summary").click();
  await third.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await expect(third).toHaveAttribute("open", "");
  await expect(first.getByRole("paragraph")).toBeVisible();
  await first.locator("summary").click();
  await expect(first).not.toHaveAttribute("open", "");
  await expect(third).toHaveAttribute("open", "");
  const more = page.getByRole("region", { name: "Still have a question?" });
  await expect(more.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expect(more.getByRole("link", { name: "Email Newsroom" })).toHaveAttribute(
    "href",
    "mailto:newsroom@houstoncitywire.com",
  );
});

test("/faq carries FAQPage structured data with every question", async ({ request }) => {
  const faq = (await jsonLd(request, "/faq")).find((d) => d["@type"] === "FAQPage") as
    { mainEntity: unknown[] } | undefined;
  expect(faq?.mainEntity).toHaveLength(15);
});

test("/careers lists 6 openings, 8 benefits, how to apply and the internship", async ({ page }) => {
  await page.goto("/careers");
  const openings = page.getByRole("region", { name: "Open Positions" }).getByRole("listitem");
  await expect(openings).toHaveCount(6);
  for (const item of await openings.all()) {
    await expect(item.getByRole("heading", { level: 3 })).not.toBeEmpty();
    await expect(item).toContainText(/·\s*(Full-time|Part-time)/);
  }
  await expect(page.getByRole("region", { name: "Benefits" }).getByRole("listitem")).toHaveCount(8);
  await expect(
    page.getByRole("region", { name: "How to Apply" }).getByRole("link"),
  ).toHaveAttribute("href", "mailto:careers@houstoncitywire.com");
  await expect(page.getByRole("region", { name: "Internship Program" })).toBeVisible();
});

test("/careers carries a JobPosting for each opening", async ({ request }) => {
  const jobs = (await jsonLd(request, "/careers")).filter((d) => d["@type"] === "JobPosting");
  expect(jobs).toHaveLength(6);
  for (const job of jobs) {
    expect(job).toMatchObject({
      hiringOrganization: { name: "Houston City Wire" },
      // The posting day's start in the city, with its offset (structured data wants a zone).
      datePosted: expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00[+-]\d\d:\d\d$/),
    });
  }
});

test("/weather keeps its content: preparedness tips, and the climate normals with their source and period", async ({
  page,
}) => {
  // Its live parts (conditions, forecast, alerts, radar) are tests/e2e/weather.spec.ts's.
  await page.goto("/weather");
  await expect(page.getByRole("region", { name: "Preparedness Tips" })).toContainText(
    "June to November",
  );
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveCount(4);
  await expect(table.getByRole("rowheader")).toHaveCount(12);
  await expect(table.locator("caption")).toContainText(
    "1991–2020 (NOAA National Centers for Environmental Information",
  );
  await expect(page.getByText("UV index")).toHaveCount(0);
});

test("/partners offers its three documents, by mail while their previews are not configured", async ({
  page,
}) => {
  await page.goto("/partners");
  for (const title of ["Media Kit", "Partnership Overview", "Community Impact Report"]) {
    const region = page.getByRole("region", { name: title });
    await expect(region.getByRole("heading", { name: title })).toBeVisible();
    await expect(region).not.toContainText("coming soon");
    await expect(
      region.getByRole("link", { name: "newsroom@houstoncitywire.com" }),
    ).toHaveAttribute(
      "href",
      `mailto:newsroom@houstoncitywire.com?subject=${encodeURIComponent(title)}`,
    );
  }
});

for (const [path, heading, sections] of [
  ["/privacy-policy", "Privacy Policy", 9],
  ["/terms-of-service", "Terms of Service", 8],
] as const) {
  test(`${path} has numbered sections`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const titles = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(titles).toHaveCount(sections);
    await expect(titles.first()).toHaveText(/^1\. /);
    await expect(titles.last()).toHaveText(new RegExp(`^${sections}\\. `));
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
}

for (const [path, heading, full] of [
  ["/privacy", "Privacy", "/privacy-policy"],
  ["/terms", "Terms", "/terms-of-service"],
] as const) {
  test(`${path} is the short version, inside the header and footer, linking to the full one`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    expect(await page.getByRole("main").getByRole("paragraph").count()).toBeGreaterThan(3);
    await expect(
      page.getByRole("main").getByRole("link", { name: /^Read the full/ }),
    ).toHaveAttribute("href", full);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
}
