import { expect, test, type Page } from "@playwright/test";
import { wcagViolations } from "./axe";
import { contrast, luminance } from "./contrast";

// Both colour schemes (issue 55, decision 013): a page follows the reader's system setting by CSS
// alone, with JavaScript off too, and the surfaces that are ink in the light scheme stay ink.

const PAGES = ["/", "/local-news", "/weather", "/radio", "/books", "/es/"];

/** The colours a reader sees first: the page's ground and its first heading's ink (not on ink). */
async function colours(page: Page) {
  return page.evaluate(() => {
    const heading =
      document.querySelector("main :is(h1, h2):not(.sr-only, .on-ink *)") ?? document.body;
    const footer = document.querySelector("footer");
    return {
      scheme: getComputedStyle(document.documentElement).colorScheme,
      ground: getComputedStyle(document.body).backgroundColor,
      ink: getComputedStyle(heading).color,
      footer: footer ? getComputedStyle(footer).backgroundColor : null,
    };
  });
}

/**
 * `path` asked with the system light, then dark: light, it declares both schemes and is `paper`
 * with dark ink; dark (the first response's own CSS, no script), a dark ground with light ink.
 */
async function inBothSchemes(page: Page, path: string, paper: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(path);
  const light = await colours(page);
  expect(light.scheme, path).toBe("light dark");
  expect(light.ground, path).toBe(paper);
  expect(luminance(light.ink), path).toBeLessThan(0.05);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(path);
  const dark = await colours(page);
  expect(luminance(dark.ground), path).toBeLessThan(0.02);
  expect(luminance(dark.ink), path).toBeGreaterThan(0.6);
  return { light, dark };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("each page is light paper for a light system and dark for a dark one, from its first paint", async ({
      page,
    }) => {
      for (const path of PAGES) {
        const { light, dark } = await inBothSchemes(page, path, "rgb(253, 252, 249)");
        // The footer is ink in both schemes.
        if (light.footer) expect(dark.footer, path).toBe(light.footer);
      }
    });
  });
}

test("in the dark scheme a field is a dark ground with light text, not a white box", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/weather");
  // The header's search field (bg-white text-ink): white is the fields' ground, dark here.
  const fill = await page.evaluate(() => {
    const search = document.querySelector<HTMLInputElement>('input[type="search"]');
    const style = search ? getComputedStyle(search) : null;
    return { field: style?.backgroundColor ?? "", text: style?.color ?? "" };
  });
  expect(luminance(fill.field)).toBeLessThan(0.05);
  expect(luminance(fill.text)).toBeGreaterThan(0.6);
});

test("a search field's placeholder is the muted text colour, 4.5:1 on the field in both schemes", async ({
  page,
}) => {
  // A placeholder is text a reader must read (WCAG 1.4.3), which axe does not check.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of ["/", "/es/"]) {
      await page.goto(path);
      const { field, placeholder, muted } = await page.evaluate(() => {
        const search = document.querySelector('input[type="search"]');
        return {
          field: search ? getComputedStyle(search).backgroundColor : "",
          placeholder: search ? getComputedStyle(search, "::placeholder").color : "",
          muted: getComputedStyle(document.documentElement).getPropertyValue("--muted").trim(),
        };
      });
      expect(placeholder, `${path}, ${colorScheme}`).toBe(rgbOf(muted));
      expect(contrast(placeholder, field), `${path}, ${colorScheme}`).toBeGreaterThanOrEqual(4.5);
    }
  }
});

/** `#rrggbb` as a computed colour, `rgb(r, g, b)`. */
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test("the briefing's own pages (the server makes them) follow the reader's scheme, with no violation", async ({
  page,
}) => {
  // The sign-up page (its field and button) and a confirmation link that is no longer valid.
  for (const path of ["/briefing", "/es/briefing/confirm?token=gone"]) {
    const { dark } = await inBothSchemes(page, path, "rgb(250, 250, 249)");
    // The site's own dark ground.
    expect(dark.ground, path).toBe("rgb(21, 20, 18)");
    expect(await wcagViolations(page), path).toEqual([]);
  }
  // In the dark, the field is a dark ground with light text (axe checked the button's contrast).
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/briefing");
  const field = await page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element) : null;
    };
    return {
      field: style('input[type="email"]')?.backgroundColor ?? "",
      text: style('input[type="email"]')?.color ?? "",
    };
  });
  expect(luminance(field.field)).toBeLessThan(0.05);
  expect(luminance(field.text)).toBeGreaterThan(0.6);
});
