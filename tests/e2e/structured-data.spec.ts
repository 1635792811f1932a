import { expect, test, type APIRequestContext } from "@playwright/test";
import { gotoReady } from "./helpers";

// The page metadata of docs/product.md §3 as the server HTML carries it (what crawlers and social cards
// read): times, section and the JSON-LD ItemList of a news page's stories. Every route's JSON-LD
// is checked against schema.org in app/lib/structured-data.test.ts; this proves the server sends it.

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

interface PageNode {
  "@type": string;
  datePublished?: string;
  dateModified?: string;
  mainEntity?: { "@type": string; itemListElement: { position: number; url: string }[] };
}

async function serverHtml(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const tag = (property: string) => {
    const match = new RegExp(`<meta property="${property}" content="([^"]*)"/>`).exec(html);
    return match ? decode(match[1] ?? "") : undefined;
  };
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? "null") as PageNode,
  );
  return { html, tag, jsonLd };
}

test("a news page carries its times, its section and the list of the stories it shows", async ({
  request,
}) => {
  await expect
    .poll(async () => (await (await request.get("/api/articles?category=world")).json()).state)
    .toBe("ready");
  const { html, tag, jsonLd } = await serverHtml(request, "/world-news");
  const page = jsonLd.find((d) => d["@type"] === "CollectionPage");
  const items = page?.mainEntity?.itemListElement ?? [];
  expect(page?.mainEntity?.["@type"]).toBe("ItemList");
  expect(items.length).toBeGreaterThan(0);
  expect(items.length).toBeLessThanOrEqual(15);
  expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));

  // The stories' cards, in page order: their links (those with one) and their dates.
  const cards = html
    .split("<article")
    .slice(1)
    .map((c) => c.split("</article>")[0] ?? "");
  const links = [
    ...new Set(cards.flatMap((c) => /href="([^"]+)"/.exec(c)?.[1] ?? []).map(decode)),
  ].filter((url) => url !== "#");
  expect(items.map((i) => i.url)).toEqual(links);
  const newest = cards
    .flatMap((c) => /<time dateTime="([^"]+)"/i.exec(c)?.[1] ?? [])
    .sort((a, b) => Date.parse(b) - Date.parse(a))[0];

  expect(tag("og:type")).toBe("article");
  expect(tag("article:section")).toBe("World News");
  expect(tag("article:published_time")).toBe(newest);
  expect(tag("article:modified_time")).toBe(newest);
  expect(page?.datePublished).toBe(newest);
  expect(page?.dateModified).toBe(newest);
});

test("a static page carries its content's date, in the city's offset", async ({ request }) => {
  const { tag, jsonLd } = await serverHtml(request, "/faq");
  const page = jsonLd.find((d) => d["@type"] === "WebPage");
  expect(tag("article:published_time")).toBe("2026-10-15T00:00:00-05:00");
  expect(tag("article:modified_time")).toBe("2026-10-15T00:00:00-05:00");
  expect(page?.datePublished).toBe("2026-10-15T00:00:00-05:00");
  expect(tag("article:section")).toBeUndefined();
});

// The tags are built by each page's loader on the server (decision 005). A link is a page load
// (decision 008): the page reached has its own title, description, canonical and JSON-LD.
test("after following a link the page's own tags replace the last page's", async ({
  page,
  request,
}) => {
  const faq = await serverHtml(request, "/faq");
  await gotoReady(page, "/");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Frequently Asked Questions" })
    .click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page).toHaveTitle("Frequently Asked Questions | Houston City Wire");
  const canonical = /<link rel="canonical" href="([^"]*)"\/>/.exec(faq.html)?.[1];
  expect(canonical).toMatch(/\/faq$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical ?? "");
  const description = /<meta name="description" content="([^"]*)"\/>/.exec(faq.html)?.[1];
  expect(description).toBeTruthy();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    decode(description ?? ""),
  );
  const types = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) =>
      els.map((el) => (JSON.parse(el.textContent ?? "{}") as PageNode)["@type"]),
    );
  expect(types).toContain("FAQPage");
  // A page load: the document is the new page's, with none of the last page's tags left.
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).name,
    ),
  ).toMatch(/\/faq$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
});
