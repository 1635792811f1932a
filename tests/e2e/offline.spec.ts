import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { gotoReady } from "./helpers";

// The offline storm kit (issue 52, point 5): a reader who has opened the site once can open home
// and the weather page, and any page they read, with the network down, each with a note that
// says when it was saved, in the page's language. The rest of the suite runs without service
// workers (playwright.config.ts); this spec lets the site's worker (/sw.js) register.

test.use({ serviceWorkers: "allow" });

/** The caches the worker keeps pages in (app/offline/service-worker.ts). */
const PAGE_CACHES = ["kept-v1", "pages-v1"];

/** Every URL the worker has stored, in any of its caches. */
function storedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** The paths of the pages the worker holds, in its page caches. */
function storedPages(page: Page): Promise<string[]> {
  return page.evaluate(async (names) => {
    const paths: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return paths;
  }, PAGE_CACHES);
}

/** Waits until the worker controls the page and holds `paths`. */
async function untilKept(page: Page, paths: string[]): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(() => storedPages(page), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(paths));
}

/**
 * Goes offline as a reader coming back later does: the browser's HTTP cache no longer holds the
 * pages fresh (a page is fresh there for a minute: a page opened within it, worker or not, is the
 * browser's copy), and the network is down.
 */
async function offline(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await context.setOffline(true);
}

/** The note a page shown from the worker's copy has, last in its <body>. */
const note = (page: Page) => page.locator("body > p.saved-note");

/** Messages the page logged about its Content Security Policy. */
function cspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

test("home and /weather open offline, with the time they were saved; a page read too", async ({
  page,
  context,
}) => {
  const csp = cspReports(page);
  await gotoReady(page, "/");
  // Home and the weather page are kept from the first visit, the weather page never opened.
  await untilKept(page, ["/", "/weather"]);
  // A page the reader opens, once the worker is there, is kept too.
  await gotoReady(page, "/local-news");
  await untilKept(page, ["/local-news"]);

  await offline(page, context);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(note(page)).toHaveText(/^Saved at \d{1,2}:\d{2}\s[AP]M$/);
  // On the screen wherever the reload leaves the reader: held at its foot.
  await expect(note(page)).toBeInViewport();

  await page.goto("/");
  await expect(page.locator("main#main-content")).toBeVisible();
  await expect(page.getByRole("link", { name: "Houston City Wire" }).first()).toBeVisible();
  await expect(note(page)).toHaveText(/^Saved at \d{1,2}:\d{2}\s[AP]M$/);
  // Drawn by the page's own rules (every page carries the note's): ink on paper, as the whole
  // stylesheet draws it.
  await expect(note(page)).toHaveCSS("background-color", "rgb(26, 26, 26)");
  await expect(note(page)).toHaveCSS("text-align", "center");
  await expect(note(page)).toBeInViewport();
  await page.mouse.wheel(0, 2000);
  await expect(note(page)).toBeInViewport();

  await page.goto("/weather");
  await expect(page.getByRole("heading", { name: "Current Conditions" })).toBeVisible();
  await expect(note(page)).toHaveText(/^Saved at \d{1,2}:\d{2}\s[AP]M$/);

  // A page never opened is not there: the browser's own error.
  await expect(page.goto("/sports")).rejects.toThrow();

  // Back online, the network's page again, without the note.
  await context.setOffline(false);
  await gotoReady(page, "/weather");
  await expect(note(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Current Conditions" })).toBeVisible();
  expect(csp).toEqual([]);
});

test("the Spanish edition's home and /es/clima open offline with the note in Spanish", async ({
  page,
  context,
}) => {
  await gotoReady(page, "/es/");
  await untilKept(page, ["/es/", "/es/clima"]);

  await offline(page, context);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.locator("main#main-content")).toBeVisible();
  // "Guardada a las 7:42 p. m." (es-US writes the time on a 12-hour clock, as the site's pages do).
  await expect(note(page)).toHaveText(/^Guardada a las \d{1,2}:\d{2}\s?[ap]\.\s?m\.$/);

  await page.goto("/es/clima");
  await expect(page.getByRole("heading", { name: "Condiciones actuales" })).toBeVisible();
  await expect(note(page)).toHaveText(/^Guardada a las /);
});

test("the worker keeps no API answer, and is asked for again on each visit", async ({
  page,
  request,
}) => {
  await gotoReady(page, "/");
  await untilKept(page, ["/", "/weather"]);
  // The page's own API calls (the live channel opens at once) and one more from the page.
  const status = await page.evaluate(
    async () => (await fetch("/api/articles?category=local")).status,
  );
  expect(status).toBe(200);
  await gotoReady(page, "/weather");
  const urls = await storedUrls(page);
  expect(urls.length).toBeGreaterThan(2);
  expect(urls.filter((url) => /\/api\/|\/healthz/.test(new URL(url).pathname))).toEqual([]);

  // The worker's script is revalidated on every visit (a new release's takes over on the next).
  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(worker.headers()["service-worker-allowed"]).toBeUndefined();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/");
});
