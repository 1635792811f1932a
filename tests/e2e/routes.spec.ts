import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/pages";
import { FEED_PATHS } from "../../app/lib/feeds";
import { publicPath } from "../../common/slugs";
import { readFileSync } from "node:fs";
import { TEST_SITE_URL } from "./env";
import { gotoReady } from "./helpers";

// Raw server HTML (not the hydrated DOM): what crawlers and social cards see.

/** The module of the first island a page names (every page has the header's menu). */
const islandScript = (html: string) =>
  /<script type="text\/x-island" data-island="[\w-]+" data-src="(\/assets\/[^"]+\.js)"/.exec(
    html,
  )?.[1];

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

for (const page of PUBLIC_PAGES) {
  test(`${page.path} answers 200 with its heading, title and canonical`, async ({ request }) => {
    const res = await request.get(page.path);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/html");
    const html = await res.text();
    const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];
    expect(decode(h1 ?? "")).toBe(page.heading);
    const title = decode(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? "");
    expect(title).toContain("Houston City Wire");
    if (page.kind !== "home") expect(title).toContain(page.heading);
    expect(html).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${page.path}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${TEST_SITE_URL}${page.path}"/>`);
    expect(html).toContain('<meta name="geo.region" content="US-TX"/>');
    expect(html).toContain('<script type="application/ld+json">');
  });
}

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/local-news/extra", "/%E2%9C%93?q=<script>"]) {
    test(`${path} answers 404 with the not-found screen`, async ({ request, page }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
      expect(decode(await res.text())).toContain("We couldn't find the page you're looking for.");
      await page.goto(path);
      await expect(page.getByText("We couldn't find the page you're looking for.")).toBeVisible();
      await page.getByRole("link", { name: "Return to Homepage" }).click();
      await expect(page).toHaveURL("/");
    });
  }

  test("the not-found page offers search and the main sections", async ({ page }) => {
    await page.goto("/no-such-page-offers");
    const search = page.getByRole("search", { name: "Search the news" });
    await search.getByRole("searchbox").fill("rodeo");
    await search.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL("/search?q=rodeo");
    await page.goto("/no-such-page-offers");
    const sections = page.getByRole("navigation", { name: "Main sections" });
    await expect(sections.getByRole("link", { name: "Local", exact: true })).toBeVisible();
    await sections.getByRole("link", { name: "Sports", exact: true }).click();
    await expect(page).toHaveURL("/sports");
  });

  test("the not-found page's canonical is /404", async ({ request }) => {
    const html = await (await request.get("/nowhere")).text();
    expect(html).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/404"/>`);
  });
});

test("/automotive-energy answers a 301 to /automotive", async ({ request }) => {
  const res = await request.get("/automotive-energy", { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()["location"]).toBe("/automotive");
});

test("unexpected query strings are ignored", async ({ request }) => {
  const res = await request.get("/weather?utm_source=x&page=-1&%00=%FF");
  expect(res.status()).toBe(200);
});

test("a page asked with a query it does not read is the page itself, its islands started", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await gotoReady(page, "/local-news?utm_source=mail&x=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Local News");
  expect(new URL(page.url()).search).toBe("?utm_source=mail&x=1");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Weather" })
    .click();
  await expect(page).toHaveURL(/\/weather$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weather");
  expect(errors).toEqual([]);
});

test("robots.txt points at the sitemap", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
});

test("sitemap.xml lists every public route and every page's feeds as absolute URLs, in each of the city's editions", async ({
  request,
}) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await res.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  // Houston's English pages and its Spanish edition's, under /es at their Spanish paths (issue 38).
  // Its Spanish paths are the Spanish layer's (sites/languages/es.json).
  const layer = JSON.parse(readFileSync("sites/languages/es.json", "utf8")) as {
    slugs: Record<string, string>;
  };
  const spanish = layer.slugs;
  const editions = [
    { base: TEST_SITE_URL, slugs: undefined },
    { base: `${TEST_SITE_URL}/es`, slugs: spanish },
  ];
  expect(spanish?.weather).toBe("clima");
  expect(locs.sort()).toEqual(
    editions
      .flatMap(({ base, slugs }) =>
        // The pages, then their own feeds (issue 54), each at its path in the edition's language.
        [...PUBLIC_PAGES.map((p) => p.path), ...FEED_PATHS].map(
          (path) => `${base}${publicPath(path, slugs)}`,
        ),
      )
      .sort(),
  );
});

test.describe("HTTP", () => {
  test("/healthz answers", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("pages carry the security headers", async ({ request }) => {
    const headers = (await request.get("/")).headers();
    // One inline script runs (the islands' loader), allowed by its hash; never 'unsafe-inline'.
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[\w+/=]+';/);
    expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("geolocation=()");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("hashed assets are cached for a year, other static files briefly", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = islandScript(html);
    expect(asset).toBeTruthy();
    const res = await request.get(String(asset));
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await request.get("/favicon.svg");
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
    expect((await request.get("/assets/missing-abc123.js")).status()).toBe(404);
  });

  for (const encoding of ["br", "gzip"]) {
    test(`HTML and JS are compressed with ${encoding}`, async ({ request }) => {
      const headers = { "Accept-Encoding": encoding };
      const page = await request.get("/", { headers });
      expect(page.headers()["content-encoding"]).toBe(encoding);
      const html = await page.text();
      const asset = islandScript(html);
      expect(asset).toBeTruthy();
      const res = await request.get(String(asset), { headers });
      expect(res.headers()["content-encoding"]).toBe(encoding);
    });
  }
});

test.describe("bad requests", () => {
  test("a malformed percent-encoding answers 400, not a crash", async ({ request }) => {
    const res = await request.get("/%E0%A4%A");
    expect(res.status()).toBe(400);
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("a form post to a page without a form answers 405", async ({ request }) => {
    const res = await request.post("/weather", { form: { a: "1" } });
    expect(res.status()).toBe(405);
  });

  test("a missing asset answers a plain 404", async ({ request }) => {
    const res = await request.get("/assets/nope-123.js");
    expect(res.status()).toBe(404);
    expect(await res.text()).toBe("Not found");
  });
});

test("hashed assets carry only the headers a script needs", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = islandScript(html);
  const headers = (await request.get(String(asset))).headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
  expect(headers["content-security-policy"]).toBeUndefined();
});

test.describe("first paint", () => {
  test("the stylesheet is inline and nothing in the head blocks rendering", async ({ request }) => {
    const html = await (await request.get("/local-news")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const css = /<style id="site-css">([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    expect(css.length).toBeGreaterThan(5_000);
    expect(css).toContain(":focus-visible{outline:3px solid");
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // No script is fetched before the page is on screen: the islands are named by markers (data,
    // not scripts), none is preloaded, and the one script that runs, last in <body>, imports
    // them after the first frame. The rest are data (JSON).
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.filter(([, attrs]) => /\ssrc=/.test(attrs ?? ""))).toHaveLength(0);
    expect(scripts.filter(([, attrs]) => attrs?.includes("x-island")).length).toBeGreaterThan(0);
    const running = scripts.filter(
      ([, attrs]) => !/type="(text\/x-island|application\/(ld\+)?json)"/.test(attrs ?? ""),
    );
    expect(running).toHaveLength(1);
    expect(running[0]?.[2]).toContain("import(s.dataset.src)");
    expect(html.indexOf(running[0]?.[0] ?? "")).toBeGreaterThan(html.lastIndexOf("</main>"));
    expect(html).not.toContain('rel="modulepreload"');
  });

  test("a list page's lead picture loads at once at high priority, the others lazily", async ({
    page,
  }) => {
    await page.goto("/local-news");
    // The first story with a picture has the lead picture (a story without one is a text card).
    const images = page.locator("#main-content article img");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(page.locator('#main-content img[fetchpriority="high"]')).toHaveCount(1);
    await expect(images.last()).toHaveAttribute("loading", "lazy");
  });

  test("home leads with its featured story: its picture at high priority, or text-led", async ({
    page,
  }) => {
    await page.goto("/");
    const lead = page.locator("#main-content article").first();
    const highPriority = page.locator('#main-content img[fetchpriority="high"]');
    if ((await lead.getAttribute("data-card")) === "picture") {
      await expect(lead.locator("img")).toHaveAttribute("fetchpriority", "high");
      await expect(highPriority).toHaveCount(1);
    } else {
      // No picture of its own: a larger headline and no empty box, nothing else at high priority.
      await expect(lead.locator("img")).toHaveCount(0);
      await expect(lead.getByRole("heading", { level: 2 })).toHaveCSS("font-size", /^(36|48)px$/);
      await expect(highPriority).toHaveCount(0);
    }
  });

  // Issue 34: a page loads only its islands (decision 008): at most 15 KB (brotli) of modules on
  // every page, /radio's player too, which runs on Preact, not React (decision 016; 75 KB with
  // React). What a page names (its islands' markers, which the loader imports) and what those
  // modules import statically; not what they load later with import() (the donation dialog, the
  // News Feed's renderer).
  test("first-load JavaScript: only the page's islands, 15 KB at most, and never React", async ({
    request,
  }) => {
    const headers = { "Accept-Encoding": "br" };
    for (const route of [...PUBLIC_PAGES.map((p) => p.path), "/no-such-page"]) {
      const html = await (await request.get(route)).text();
      // No framework bootstrap and no loader data: nothing hydrates as a whole.
      expect(html, route).not.toContain("__reactRouterContext");
      expect(html, route).not.toContain('rel="modulepreload"');
      const queue = [
        ...html.matchAll(/<script type="text\/x-island"[^>]* data-src="([^"]+)"/g),
      ].map((m) => m[1]);
      const seen = new Set<string>();
      let bytes = 0;
      let react = false;
      let preact = false;
      while (queue.length) {
        const src = String(queue.shift());
        if (seen.has(src)) continue;
        seen.add(src);
        const res = await request.get(src, { headers });
        expect(res.headers()["content-encoding"]).toBe("br");
        bytes += Number(res.headers()["content-length"]);
        const code = await (await request.get(src)).text();
        // The page tables stay on the server, and React Router's client is never shipped.
        expect(code, src).not.toContain("gathered from trusted newsrooms");
        expect(code, src).not.toContain("__reactRouterContext");
        // React's element tag: its runtime is in the module. Preact's hooks carry "__H".
        if (code.includes("react.transitional.element")) react = true;
        if (code.includes("__H")) preact = true;
        for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
          queue.push(`/assets/${m[1]}`);
        }
      }
      // React never runs in the browser; Preact only where a component is hydrated at load: the
      // radio player.
      expect(react, route).toBe(false);
      expect(preact, route).toBe(route === "/radio");
      expect(bytes, route).toBeLessThanOrEqual(15 * 1024);
    }
  });
});
