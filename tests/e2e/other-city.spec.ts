import { expect, test } from "@playwright/test";
import { getAs as getAt } from "../support/get-as";
import { E2E } from "./env";

const getAs = (host: string, target: string) => getAt(E2E.otherUrl, host, target);

// The same build, serving Anchorage and Honolulu only (SITES), Anchorage for hosts that name
// neither (DEFAULT_SITE): other publications, chosen by Host, no rebuild.

test.use({ baseURL: E2E.otherUrl });

test("the default city serves its own name, contacts and geo tags", async ({ request }) => {
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(
    "<title>Anchorage City Wire: Anchorage News, Weather, Sports &amp; Events</title>",
  );
  expect(html).toContain('<meta name="geo.placename" content="Anchorage"/>');
  expect(html).toContain('<meta name="geo.position" content="61.2181;-149.9003"/>');
  expect(html).toContain('<link rel="canonical" href="https://anchoragecitywire.com/"/>');
  expect(html).toContain("newsroom@anchoragecitywire.com");
  expect(html).toContain("(907) 555-0134");
  expect(html).not.toMatch(/houston|honolulu/i);
});

test("another city by its Host, alternately with the first, each page its own", async () => {
  for (let round = 0; round < 3; round++) {
    for (const path of ["/", "/contact", "/local-news"]) {
      const honolulu = await getAs("WWW.HonoluluCityWire.com:443", path);
      const anchorage = await getAs("anchoragecitywire.com", path);
      expect(honolulu.status).toBe(200);
      expect(anchorage.status).toBe(200);
      expect(honolulu.body).toContain("Honolulu City Wire");
      expect(honolulu.body).toContain('href="https://honolulucitywire.com');
      expect(honolulu.body).not.toMatch(/anchorage/i);
      expect(anchorage.body).toContain("Anchorage City Wire");
      expect(anchorage.body).not.toMatch(/honolulu/i);
    }
  }
  const sitemap = await getAs("honolulucitywire.com", "/sitemap.xml");
  expect(sitemap.body).toContain("<loc>https://honolulucitywire.com/local-news</loc>");
  expect((await getAs("anchoragecitywire.com", "/robots.txt")).body).toContain(
    "Sitemap: https://anchoragecitywire.com/sitemap.xml",
  );
});

test("each city draws its own social image", async () => {
  const res = await fetch(`${E2E.otherUrl}/social.png`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  const honolulu = await getAs("honolulucitywire.com", "/social.png");
  expect(honolulu.status).toBe(200);
  expect(honolulu.body).not.toBe(Buffer.from(await res.arrayBuffer()).toString("utf8"));
});

test("the default city renders its masthead and footer in the browser", async ({ page }) => {
  await page.goto("/contact");
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Anchorage City Wire" }),
  ).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("newsroom@anchoragecitywire.com");
  await expect(page.getByRole("contentinfo")).toContainText(
    "Anchorage City Wire is one of a network of 3,000",
  );
  await expect(page.locator("body")).not.toContainText("Houston");
});
