import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/pages";
import { gotoReady, waitForIslands } from "./helpers";

// Each page inlines only the rules its own markup uses (server/page-css.ts), and its bootstrap
// loads the whole stylesheet before it hydrates (deferHydration in server/render/hydration.ts).

/** Every element of the body: its box and the computed styles a missing rule would change. */
function layout(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")].map((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return [
        element.tagName,
        element.getAttribute("class") ?? "",
        ...[box.x, box.y, box.width, box.height].map((n) => n.toFixed(1)),
        ...["display", "position", "color", "background-color", "font-size", "font-weight"].map(
          (p) => style.getPropertyValue(p),
        ),
        ...["border-top-width", "border-top-style", "box-shadow", "opacity", "transform"].map((p) =>
          style.getPropertyValue(p),
        ),
        style.getPropertyValue("text-decoration-line"),
      ].join(" ");
    }),
  );
}

/** Opens (or closes) every <details> of the page: the state a reader reaches without scripts. */
function setDetails(page: Page, open: boolean): Promise<void> {
  return page.evaluate((value) => {
    for (const details of document.querySelectorAll("details")) details.open = value;
  }, open);
}

/** Where the whole stylesheet is, as the page's bootstrap names it. */
async function wholeStylesheet(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  const href = /l\.href = "(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(href).toBeDefined();
  return String(href);
}

const ROUTES = [...PUBLIC_PAGES.map((p) => p.path), "/search?q=houston", "/no-such-page"];

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    // No transitions: a box caught mid-turn (the FAQ's opening sign) is not a missing rule.
    test.use({ viewport, reducedMotion: "reduce" });

    test("every page's own rules lay it out exactly as the whole stylesheet does", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const href = await wholeStylesheet(page);
      // The page as a reader without scripts has it: its inline rules only.
      await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
      for (const route of ROUTES) {
        await page.goto(route);
        const inline = await page.locator("#site-css").evaluate((s) => s.textContent ?? "");
        expect(inline.length, route).toBeGreaterThan(1_000);
        const closed = await layout(page);
        await setDetails(page, true);
        const open = await layout(page);
        await page.addStyleTag({ url: href });
        expect(await layout(page), `${route}, its <details> open`).toEqual(open);
        await setDetails(page, false);
        expect(await layout(page), route).toEqual(closed);
      }
    });
  });
}

test("a page inlines less than the whole stylesheet, and the bootstrap fetches the whole one", async ({
  page,
}) => {
  const href = await wholeStylesheet(page);
  const whole = await (await page.request.get(href)).text();
  for (const route of ["/", "/local-news", "/books", "/radio"]) {
    const html = await (await page.request.get(route)).text();
    const inline = /<style id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inline.length, route).toBeGreaterThan(5_000);
    expect(inline.length, route).toBeLessThan(whole.length * 0.7);
    const boot = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(boot).toContain(`l.href = "${href}"`);
  }
});

test("the page hydrates only once the whole stylesheet has come", async ({ page }) => {
  const href = await wholeStylesheet(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(href, async (route) => {
    await held;
    await route.continue();
  });
  const entryRequested: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/entry\.client-[^/]+\.js$/.test(r.url())) entryRequested.push(r.url());
  });
  const html = await (await page.request.get("/faq")).text();
  const modules = [...html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)]
    .map((m) => String(m[1]))
    .filter((src) => !src.includes("entry.client"));
  expect(modules.length).toBeGreaterThan(1);
  const loaded = Promise.all(
    modules.map((src) => page.waitForResponse((r) => new URL(r.url()).pathname === src)),
  );
  await page.goto("/faq");
  await loaded;
  // Every route module is in, and the stylesheet is held: React Router's entry is not asked for.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  expect(entryRequested).toEqual([]);
  release();
  await waitForIslands(page);
  expect(entryRequested).toHaveLength(1);
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => [
      l.getAttribute("href"),
      (l as HTMLLinkElement).sheet !== null,
    ]),
  );
  expect(sheets).toEqual([[href, true]]);
});

test("after a client-side navigation the new page has the rules it needs", async ({ page }) => {
  // /radio's own rules lack those of home's lead section (a border on each story of its grid).
  const radio = await (await page.request.get("/radio")).text();
  expect(radio).not.toContain("border-t>*");
  await gotoReady(page, "/radio");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  const stories = page.locator('[class*="[&>*]:!border-t"] > article');
  await expect(stories.first()).toBeVisible();
  await expect(stories.first()).toHaveCSS("border-top-width", "1px");
});
