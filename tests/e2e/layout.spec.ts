import { expect, test, type Page } from "@playwright/test";
import { HEADER_MAIN, HEADER_MORE, HEADER_PAGES, PAGES } from "../../app/lib/pages";
import { gotoHydrated } from "./helpers";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Opens the header's More disclosure. */
async function openMore(page: Page) {
  const details = mainNav(page).locator("details");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(details).toHaveAttribute("open");
}

test.describe("header at 1280 px", () => {
  test.use({ viewport: DESKTOP });

  test("shows the main sections on one row, then More with the rest: all 21 links, in order", async ({
    page,
  }) => {
    await page.goto("/");
    const row = mainNav(page).getByRole("list", { name: "Sections" }).getByRole("link");
    expect(await row.allTextContents()).toEqual(HEADER_MAIN.map((id) => PAGES[id].label));
    // One row: every link of it, and More, share one line.
    const tops = await mainNav(page)
      .locator("ul[aria-label=Sections] a, summary")
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await openMore(page);
    const inMore = await mainNav(page).locator("details ul").getByRole("link").allTextContents();
    expect(inMore).toEqual(HEADER_MORE.map((id) => PAGES[id].label));
    expect([...HEADER_MAIN, ...HEADER_MORE].sort()).toEqual([...HEADER_PAGES].sort());
  });

  test("every header link navigates (at most one click away) and marks the current page", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    for (const id of HEADER_PAGES.filter((id) => !["radio", "books"].includes(id))) {
      const info = PAGES[id];
      if (HEADER_MORE.includes(id)) await openMore(page);
      await mainNav(page).getByRole("link", { name: info.label, exact: true }).click();
      await expect(page).toHaveURL(info.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.heading);
      // Choosing a link in More closes it.
      await expect(mainNav(page).locator("details")).not.toHaveAttribute("open");
      const summary = mainNav(page).locator("summary");
      if (HEADER_MORE.includes(id)) {
        await expect(summary).toContainText("the current page is here");
        await openMore(page);
      } else {
        await expect(summary).not.toContainText("the current page is here");
      }
      await expect(mainNav(page).locator('[aria-current="page"]:visible')).toHaveText(info.label);
      await page.keyboard.press("Escape");
    }
  });

  for (const id of ["radio", "books"] as const) {
    test(`the ${PAGES[id].label} link leaves the layout for ${PAGES[id].path}`, async ({
      page,
    }) => {
      await gotoHydrated(page, "/");
      await openMore(page);
      await mainNav(page).getByRole("link", { name: PAGES[id].label, exact: true }).click();
      await expect(page).toHaveURL(PAGES[id].path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES[id].heading);
      await expect(mainNav(page)).toHaveCount(0);
      await page.getByRole("link", { name: "Back to Home" }).click();
      await expect(page).toHaveURL("/");
    });
  }

  test("More opens from the keyboard, and Escape or a click outside closes it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const summary = mainNav(page).locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(mainNav(page).locator("details")).toHaveAttribute("open");
    await page.keyboard.press("Tab");
    await expect(mainNav(page).locator("details ul a").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(mainNav(page).locator("details")).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();
    await openMore(page);
    await page.mouse.click(640, 700); // somewhere outside the disclosure
    await expect(mainNav(page).locator("details")).not.toHaveAttribute("open");
  });

  test("the partner links at the top are labelled as partners", async ({ page }) => {
    await page.goto("/");
    const partners = page.getByRole("list", { name: "Partner sites" });
    await expect(partners).toContainText("Partners:");
    await expect(partners.getByRole("link")).toHaveCount(2);
  });

  test("partner links open in a new tab with rel noopener", async ({ page }) => {
    await page.goto("/");
    const partners = page.getByRole("list", { name: "Partner sites" }).getByRole("link");
    await expect(partners).toHaveCount(2);
    for (const link of await partners.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
  });

  test("the search box opens the search page with the typed text (decision 003)", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search news" });
    await box.fill("flood control bond");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=flood+control+bond");
    await expect(box).toHaveValue("flood control bond");
  });

  test("each navigation scrolls to the top", async ({ page }) => {
    await gotoHydrated(page, "/");
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Careers" });
    await footerLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footerLink.click();
    await expect(page).toHaveURL("/careers");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/weather");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await skip.press("Enter");
    await expect(page.locator("#main-content")).toBeFocused();
  });
});

test.describe("footer", () => {
  test("has the four columns, the legal and careers links, contacts and the network line", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of ["Sections", "More", "Legal", "Connect"]) {
      await expect(footer.getByRole("heading", { name })).toBeVisible();
    }
    for (const [name, path] of [
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Service", "/terms-of-service"],
      ["Careers", "/careers"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        String(path),
      );
    }
    await expect(
      footer.getByRole("link", { name: "newsroom@houstoncitywire.com" }),
    ).toHaveAttribute("href", "mailto:newsroom@houstoncitywire.com");
    await expect(footer.getByRole("link", { name: "(713) 555-0142" })).toHaveAttribute(
      "href",
      "tel:7135550142",
    );
    await expect(footer).toContainText("one of a network of 3,000 local publications");
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: PHONE });

  test("the toggle opens the panel and choosing a link closes it", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "site-menu");
    await expect(mainNav(page)).toBeHidden();

    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(mainNav(page)).toBeVisible();
    await expect(mainNav(page).getByRole("searchbox", { name: "Search news" })).toBeVisible();

    await mainNav(page).getByRole("link", { name: "Weather", exact: true }).click();
    await expect(page).toHaveURL("/weather");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weather");
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("choosing the current page's link also closes it, and Escape closes it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/weather");
    await page.getByRole("button", { name: "Open menu" }).click();
    await mainNav(page).getByRole("link", { name: "Weather", exact: true }).click();
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mainNav(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mainNav(page)).toBeHidden();
  });

  test("the search box in the menu opens the search page and closes the menu", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const box = mainNav(page).getByRole("searchbox", { name: "Search news" });
    await box.fill("rodeo");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=rodeo");
    await expect(mainNav(page)).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the navigation is shown and its links work", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
    await mainNav(page).getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  });
});

test.describe("header between 768 and 1023 px", () => {
  test.use({ viewport: { width: 800, height: 700 } });

  test("the row scrolls sideways instead of wrapping, and More stays in view", async ({ page }) => {
    await page.goto("/");
    const row = mainNav(page).getByRole("list", { name: "Sections" });
    const size = await row.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll).toBeGreaterThan(size.client);
    const tops = await row
      .getByRole("link")
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(mainNav(page).locator("summary")).toBeInViewport();
  });
});

test.describe("header at 1024 px", () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test("fits the main sections and More on one row", async ({ page }) => {
    await page.goto("/");
    const row = mainNav(page).getByRole("list", { name: "Sections" });
    const size = await row.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.client);
  });
});

test.describe("header without JavaScript", () => {
  test.use({ viewport: DESKTOP, javaScriptEnabled: false });

  test("More opens and closes by click", async ({ page }) => {
    await page.goto("/");
    const details = mainNav(page).locator("details");
    await details.locator("summary").click();
    await expect(details).toHaveAttribute("open");
    await expect(details.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
    await details.locator("summary").click();
    await expect(details).not.toHaveAttribute("open");
  });
});
