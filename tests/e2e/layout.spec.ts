import { expect, test, type Page } from "@playwright/test";
import { HEADER_PAGES, PAGES } from "../../app/lib/pages";
import { contrast } from "./contrast";
import { gotoReady } from "./helpers";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("header at 1280 px", () => {
  test.use({ viewport: DESKTOP });

  test("the partner links at the top are labelled as sponsored, by a visible label", async ({
    page,
  }) => {
    await page.goto("/");
    const label = page.getByText("Sponsored:", { exact: true });
    await expect(label).toBeVisible();
    // The list is named by that label, and holds the two partner links only.
    const partners = page.getByRole("list", { name: "Sponsored:", exact: true });
    await expect(partners.getByRole("link")).toHaveCount(2);
    await expect(partners.getByRole("listitem")).toHaveCount(2);
  });

  test("partner links open in a new tab with rel noopener", async ({ page }) => {
    await page.goto("/");
    const partners = page.getByRole("list", { name: "Sponsored:", exact: true }).getByRole("link");
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
    await gotoReady(page, "/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search news" });
    await box.fill("flood control bond");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=flood+control+bond");
    await expect(box).toHaveValue("flood control bond");
  });

  test("each navigation scrolls to the top", async ({ page }) => {
    await gotoReady(page, "/");
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Careers" });
    await footerLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footerLink.click();
    await expect(page).toHaveURL("/careers");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the keyboard reaches the top strip (Español, the sponsors) after the skip link and before the masthead and the navigation, as it stands on the screen", async ({
    page,
  }) => {
    await gotoReady(page, "/");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    // (On a calm day: no alert banner, whose link would come first: weather.spec.ts.) Then the
    // strip's links, in its order: the other edition, then the two sponsors.
    const strip = [
      page.getByRole("link", { name: "Español" }),
      ...(await page
        .getByRole("list", { name: "Sponsored:", exact: true })
        .getByRole("link")
        .all()),
    ];
    expect(strip).toHaveLength(3);
    for (const link of strip) {
      await page.keyboard.press("Tab");
      await expect(link).toBeFocused();
    }
    // Then the publication's name, and the navigation after it.
    await page.keyboard.press("Tab");
    const masthead = page.getByRole("banner").getByRole("link", { name: "Houston City Wire" });
    await expect(masthead).toBeFocused();
    const home = mainNav(page).getByRole("link", { name: "Home", exact: true }).first();
    for (let i = 0; i < 5 && !(await home.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(home).toBeFocused();
    // On the screen, the strip is above the masthead, which is above the navigation.
    const [sponsor, name, nav] = await Promise.all([
      strip[1]?.boundingBox(),
      masthead.boundingBox(),
      home.boundingBox(),
    ]);
    expect(sponsor?.y ?? Infinity).toBeLessThan(name?.y ?? 0);
    expect(name?.y ?? Infinity).toBeLessThan(nav?.y ?? 0);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/weather");
    const skip = page.getByRole("link", { name: "Skip to content" });
    // Hidden (one clipped pixel) until focused, then whole at the top left, over the header.
    const hidden = await skip.boundingBox();
    expect(hidden?.width).toBeLessThanOrEqual(1);
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    const shown = await skip.evaluate((a) => {
      const box = a.getBoundingClientRect();
      const style = getComputedStyle(a);
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return {
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        position: style.position,
        padding: style.padding,
        clip: style.clipPath,
        onTop: a.contains(top),
      };
    });
    expect(shown).toMatchObject({ x: 8, y: 8, position: "fixed", padding: "8px 16px" });
    expect(shown.clip).toBe("none");
    expect(shown.width).toBeGreaterThan(100);
    expect(shown.height).toBeGreaterThanOrEqual(24);
    expect(shown.onTop).toBe(true);
    await skip.press("Enter");
    await expect(page.locator("#main-content")).toBeFocused();
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`stories' headlines are set tight or snug at ${viewport.width} px, at every size`, async ({
    page,
  }) => {
    // Each headline names its line height with its size (text-xl/snug, sm:text-3xl/tight): a
    // size of a larger screen keeps the headline's leading rather than the size's own.
    await page.setViewportSize(viewport);
    for (const path of ["/", "/local-news", "/sports"]) {
      await page.goto(path);
      const ratios = await page
        .locator("main article :is(h2, h3):has(> a)")
        .evaluateAll((headings) =>
          headings.map((h) => {
            const style = getComputedStyle(h);
            return Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize);
          }),
        );
      expect(ratios.length, path).toBeGreaterThan(10);
      for (const ratio of ratios) expect([1.25, 1.375], path).toContain(Number(ratio.toFixed(3)));
    }
  });
}

test.describe("sidebars at 1280 px", () => {
  test.use({ viewport: DESKTOP });

  /** The computed face, weight and style of an element. */
  const faceOf = (el: Element) => {
    const style = getComputedStyle(el);
    return { family: style.fontFamily, weight: style.fontWeight, style: style.fontStyle };
  };

  test("set their block headings in the face of the section headings", async ({ page }) => {
    await page.goto("/");
    const section = await page
      .getByRole("main")
      .getByRole("heading", { level: 2, name: "National", exact: true })
      .evaluate(faceOf);
    expect(section.weight).toBe("700");
    for (const path of ["/", "/local-news", "/sports", "/arts-culture", "/contact"]) {
      await page.goto(path);
      const headings = page.getByRole("complementary", { name: "Related" }).getByRole("heading");
      expect(await headings.count(), path).toBeGreaterThan(0);
      for (const heading of await headings.all()) {
        expect(await heading.evaluate(faceOf), path).toEqual(section);
      }
    }
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

  test("its focus ring stands out from its dark ground (3:1, WCAG 2.2), while the page's keeps the accent", async ({
    page,
  }) => {
    await gotoReady(page, "/");
    // A keyboard user's focus (the ring is :focus-visible's).
    await page.keyboard.press("Tab");
    const ringOf = (el: Element) => {
      const style = getComputedStyle(el);
      // The colour the ring is drawn on: the nearest ancestor's that is not transparent.
      let ground = "rgb(255, 255, 255)";
      for (let node: Element | null = el; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") {
          ground = bg;
          break;
        }
      }
      return {
        visible: el.matches(":focus-visible"),
        color: style.outlineColor,
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        ground,
      };
    };
    const footer = page.getByRole("contentinfo");
    for (const name of ["Careers", "Privacy Policy", "newsroom@houstoncitywire.com"]) {
      const link = footer.getByRole("link", { name, exact: true });
      await link.focus();
      const ring = await link.evaluate(ringOf);
      expect(ring.visible, name).toBe(true);
      expect(ring.style, name).toBe("solid");
      expect(ring.width, name).toBeGreaterThanOrEqual(2);
      expect(ring.ground, name).toBe("rgb(26, 26, 26)");
      expect(contrast(ring.color, ring.ground), name).toBeGreaterThanOrEqual(3);
    }
    // The rest of the site keeps its ring in the accent, on paper.
    const story = page.getByRole("main").locator("article a[href]").first();
    await story.focus();
    const ring = await story.evaluate(ringOf);
    expect(ring.visible).toBe(true);
    expect(ring.color).toBe("rgb(138, 28, 28)");
    expect(contrast(ring.color, ring.ground)).toBeGreaterThanOrEqual(3);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: PHONE });

  test("the toggle opens the panel and choosing a link closes it", async ({ page }) => {
    await gotoReady(page, "/");
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

  test("the panel lists every header link, in order, and marks the current page", async ({
    page,
  }) => {
    await gotoReady(page, "/weather");
    await page.getByRole("button", { name: "Open menu" }).click();
    const links = mainNav(page).getByRole("link");
    expect(await links.allTextContents()).toEqual(HEADER_PAGES.map((id) => PAGES[id].label));
    for (const link of await links.all()) await expect(link).toBeVisible();
    await expect(mainNav(page).locator('[aria-current="page"]:visible')).toHaveText("Weather");
  });

  test("choosing the current page's link also closes it, and Escape closes it", async ({
    page,
  }) => {
    await gotoReady(page, "/weather");
    await page.getByRole("button", { name: "Open menu" }).click();
    await mainNav(page).getByRole("link", { name: "Weather", exact: true }).click();
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mainNav(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mainNav(page)).toBeHidden();
  });

  test("the search box in the menu opens the search page and closes the menu", async ({ page }) => {
    await gotoReady(page, "/");
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

  test("the header, which holds the open menu, scrolls away with the page on a phone", async ({
    page,
  }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, 2000));
    const header = await page.locator("header").first().boundingBox();
    // Not sticky: it has gone up with the page instead of covering most of the screen.
    expect((header?.y ?? 0) + (header?.height ?? 0)).toBeLessThanOrEqual(0);
  });
});

for (const [name, viewport] of [
  ["375", PHONE],
  ["1280", DESKTOP],
] as const) {
  test.describe(`the sticky header at ${name} px`, () => {
    test.use({ viewport });

    test("never covers the element the keyboard focuses", async ({ page }) => {
      await gotoReady(page, "/");
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // A link halfway down the main content, now far above the view: scrolled back into view at
      // the top, it lands below the sticky header rather than under it.
      const links = page.locator("main a[href]");
      const link = links.nth(Math.floor((await links.count()) / 2));
      // Brought to the top edge, as a browser does for a #target and as Firefox and Safari do for
      // the keyboard's focus (Chromium centres what it focuses).
      await link.evaluate((el) => el.scrollIntoView());
      await link.focus();
      const [linkBox, headerBox] = await Promise.all([
        link.boundingBox(),
        page.locator("header").first().boundingBox(),
      ]);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(headerBox?.y).toBe(0);
      expect(linkBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.height ?? 0) - 1);
    });
  });
}
