import { expect, test } from "@playwright/test";
import { TEST_SITE_URL } from "./env";

// The site's own feeds (issue 54) as a reader's browser and feed app meet them: named in each
// news page's <head>, in the footer and the sitemap; answered with their type, cached like pages
// (ETag and Last-Modified, 304 to a conditional request), under the edition's translated paths.

const TYPES = ["application/rss+xml", "application/atom+xml", "application/feed+json"];

for (const [path, feedBase] of [
  ["/", `${TEST_SITE_URL}/`],
  ["/local-news", `${TEST_SITE_URL}/local-news/`],
  ["/es/noticias-locales", `${TEST_SITE_URL}/es/noticias-locales/`],
] as const) {
  test(`${path} names its three feeds in <head>`, async ({ page }) => {
    await page.goto(path);
    const links = await page
      .locator('head link[rel="alternate"][type]')
      .evaluateAll((els) =>
        els
          .map((el) => [el.getAttribute("type"), el.getAttribute("href"), el.getAttribute("title")])
          .filter(([type]) => type !== "text/html"),
      );
    expect(links.map(([type]) => type)).toEqual(TYPES);
    expect(links.map(([, href]) => href)).toEqual(
      ["rss.xml", "atom.xml", "feed.json"].map((file) => `${feedBase}${file}`),
    );
    for (const [, , title] of links) expect(title).toBeTruthy();
  });
}

test("a feed is sent with its type, compressed, and answers 304 to either validator", async ({
  request,
}) => {
  for (const [file, type] of [
    ["rss.xml", "application/rss+xml"],
    ["atom.xml", "application/atom+xml"],
    ["feed.json", "application/feed+json"],
  ]) {
    const answer = await request.get(`/local-news/${file}`, {
      headers: { "Accept-Encoding": "br" },
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe(`${type}; charset=utf-8`);
    expect(answer.headers()["content-encoding"]).toBe("br");
    const etag = answer.headers()["etag"] as string;
    const lastModified = answer.headers()["last-modified"] as string;
    expect(etag).toMatch(/^"/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    const byTag = await request.get(`/local-news/${file}`, {
      headers: { "Accept-Encoding": "br", "If-None-Match": etag },
    });
    expect(byTag.status()).toBe(304);
    const byDate = await request.get(`/local-news/${file}`, {
      headers: { "Accept-Encoding": "br", "If-Modified-Since": lastModified },
    });
    expect(byDate.status()).toBe(304);
    // A date before its last change gets the feed.
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const changed = await request.get(`/local-news/${file}`, {
      headers: { "Accept-Encoding": "br", "If-Modified-Since": earlier },
    });
    expect(changed.status()).toBe(200);
  }
  const json = (await (await request.get("/local-news/feed.json")).json()) as {
    version: string;
    items: { id: string; url: string; title: string }[];
  };
  expect(json.version).toBe("https://jsonfeed.org/version/1.1");
  expect(json.items.length).toBeGreaterThan(0);
  expect(json.items.length).toBeLessThanOrEqual(50);
});

test("a feed lists its page's stories in the page's order", async ({ page, request }) => {
  await page.goto("/local-news");
  const onPage = await page
    .locator("#main-content article h2 a, #main-content article h3 a")
    .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
  const json = (await (await request.get("/local-news/feed.json")).json()) as {
    items: { url: string }[];
  };
  expect(json.items.map((item) => item.url)).toEqual(onPage.slice(0, json.items.length));
});

test("/rss and /feed lead to home's RSS, in each edition; the Spanish feeds are in Spanish", async ({
  request,
}) => {
  for (const [from, to] of [
    ["/rss", "/rss.xml"],
    ["/feed", "/rss.xml"],
    ["/es/rss", "/es/rss.xml"],
  ] as const) {
    const answer = await request.get(from, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(new URL(answer.headers()["location"] as string, TEST_SITE_URL).pathname).toBe(to);
  }
  const atom = await request.get("/es/noticias-locales/atom.xml");
  expect(atom.status()).toBe(200);
  expect(await atom.text()).toContain('xml:lang="es-US"');
  // The route's own spelling goes to the translated one.
  const english = await request.get("/es/local-news/atom.xml", { maxRedirects: 0 });
  expect(english.status()).toBe(301);
  expect(english.headers()["location"]).toContain("/es/noticias-locales/atom.xml");
  const alerts = await request.get("/es/clima/rss.xml");
  expect(alerts.status()).toBe(200);
  expect(await alerts.text()).toContain("<language>es-US</language>");
});

test("the footer and the sitemap name the feeds", async ({ page, request }) => {
  await page.goto("/faq");
  const footer = page.locator("footer");
  for (const [name, href] of [
    ["RSS", "/rss.xml"],
    ["Atom", "/atom.xml"],
    ["JSON Feed", "/feed.json"],
    ["Weather alerts", "/weather/rss.xml"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/rss.xml", "/local-news/atom.xml", "/weather/feed.json"]) {
    expect(sitemap).toContain(`<loc>${TEST_SITE_URL}${path}</loc>`);
  }
  expect(sitemap).toContain(`${TEST_SITE_URL}/es/noticias-locales/rss.xml`);
});
