import { expect, test, type Page } from "@playwright/test";
import { build } from "esbuild";
import { PUBLIC_PAGES } from "../../app/lib/pages";
import { gotoReady } from "./helpers";

// Each page inlines only the rules its own markup uses (server/render/page-css.ts); an island that shows
// markup the page did not have loads the whole stylesheet first (wholeStylesheet() in
// app/islands/lib/ready.ts), which <html data-stylesheet> names.

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

/** Where the whole stylesheet is, as the page names it for its islands (<html data-stylesheet>). */
async function wholeStylesheet(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  const href = /<html[^>]* data-stylesheet="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
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
      test.setTimeout(240_000); // some forty pages twice, on a shared machine
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

test("a page inlines less than the whole stylesheet, and names the whole one", async ({ page }) => {
  const href = await wholeStylesheet(page);
  const whole = await (await page.request.get(href)).text();
  for (const route of ["/", "/local-news", "/books", "/radio"]) {
    const html = await (await page.request.get(route)).text();
    const inline = /<style id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inline.length, route).toBeGreaterThan(2_000);
    expect(inline.length, route).toBeLessThan(whole.length * 0.5);
    // Every colour is read from the scheme's own properties (var(--ink)): no layer of aliases
    // (--color-ink: var(--ink)) in every page's rules.
    expect(inline, route).not.toContain("@layer theme");
    // Headlines name their line height with their size (text-xl/snug): no leading-* class sets
    // Tailwind's --tw-leading, so each size's line height is written as a number.
    expect(inline, route).not.toContain("--tw-leading");
    expect(html, route).toContain(`data-stylesheet="${href}"`);
  }
});

/** app/islands/lib/ready.ts as a module, its exports on window (the page's CSP bypassed). */
async function readyModule(): Promise<string> {
  const bundle = await build({
    entryPoints: ["app/islands/lib/ready.ts"],
    bundle: true,
    format: "esm",
    write: false,
    target: "es2022",
  });
  const code = bundle.outputFiles[0]?.text ?? "";
  return code.replace(/export\s*\{([^}]*)\};?\s*$/, (_, names: string) => {
    const assigned = names
      .split(",")
      .map((n) => n.trim().split(/\s+as\s+/))
      .map(([local, exported]) => `window.${exported ?? local} = ${local};`);
    return assigned.join("\n");
  });
}

test.describe("an island showing markup the page did not have", () => {
  test.use({ bypassCSP: true });

  test("gets every rule: wholeStylesheet() resolves once the whole stylesheet has come, and loads it once", async ({
    page,
  }) => {
    const href = await wholeStylesheet(page);
    // /faq's own rules lack those of home's lead section (a border on each story of its grid),
    // and no island of /faq loads the whole stylesheet itself (/radio's player does).
    const faq = await (await page.request.get("/faq")).text();
    expect(faq).not.toContain("border-t>*");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route(href, async (route) => {
      requests++;
      await held;
      await route.continue();
    });
    await gotoReady(page, "/faq");
    await page.addScriptTag({ content: await readyModule(), type: "module" });
    await page.waitForFunction(() => "wholeStylesheet" in window);
    // What an island would show: home's grid of stories, not in /faq's markup.
    await page.evaluate(() => {
      const grid = document.createElement("div");
      grid.className = "[&>*]:!border-t";
      grid.innerHTML = "<article id='shown'>A story</article>";
      document.body.append(grid);
      const w = window as unknown as { wholeStylesheet(): Promise<void>; loaded?: boolean };
      const first = w.wholeStylesheet();
      void first.then(() => (w.loaded = true));
      if (w.wholeStylesheet() !== first) throw new Error("a second call loads it again");
    });
    const shown = page.locator("#shown");
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    expect(await page.evaluate(() => (window as { loaded?: boolean }).loaded)).toBeUndefined();
    await expect(shown).toHaveCSS("border-top-width", "0px");
    release();
    await page.waitForFunction(() => (window as { loaded?: boolean }).loaded === true);
    await expect(shown).toHaveCSS("border-top-width", "1px");
    expect(requests).toBe(1);
    expect(
      await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]').length),
    ).toBe(1);
  });
});

test("a link is a page load, and the new page brings the rules it needs", async ({ page }) => {
  // /radio's own rules lack those of home's lead section (a border on each story of its grid).
  await gotoReady(page, "/radio");
  await page.evaluate(() => ((window as { before?: boolean }).before = true));
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState();
  expect(await page.evaluate(() => (window as { before?: boolean }).before)).toBeUndefined();
  expect(await page.evaluate(() => document.querySelector('link[rel="stylesheet"]'))).toBeNull();
  // The Local section's grid (its `[&>*]:!border-t`; the page's class names are short, decision 015).
  const stories = page.locator("section:has(#section-local) article");
  await expect(stories.first()).toBeVisible();
  await expect(stories.first()).toHaveCSS("border-top-width", "1px");
});
