import { expect, test, type APIRequestContext } from "@playwright/test";

// Pictures come through the site's own image route (/img/<width>/<signed id>): a page never
// makes the reader's browser ask another origin for one, and its CSP would refuse it.

async function readyWorld(request: APIRequestContext) {
  await expect
    .poll(async () => (await (await request.get("/api/articles?category=world")).json()).state)
    .toBe("ready");
}

test("a news page asks no other origin for pictures, and its CSP allows none", async ({
  page,
  baseURL,
}) => {
  await readyWorld(page.request);
  const origin = new URL(baseURL ?? "").origin;
  const pictures: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "image") pictures.push(r.url());
  });
  const response = await page.goto("/world-news");
  expect(response?.headers()["content-security-policy"]).toContain("img-src 'self' data:;");
  const card = page.getByRole("main").getByRole("article").first().getByRole("img");
  await expect(card).toHaveAttribute("srcset", /^\/img\/320\/\S+ 320w, \/img\/640\/\S+ 640w/);
  await expect(card).toHaveAttribute("sizes", /100vw/);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => pictures.length).toBeGreaterThan(0);
  expect(pictures.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
});

test("a card's picture is the image route's; a picture it cannot get is the default one", async ({
  request,
}) => {
  await readyWorld(request);
  const html = await (await request.get("/world-news")).text();
  const src = /<article[\s\S]*?<img[^>]*? src="(\/img\/640\/[^"]+)"/.exec(html)?.[1] ?? "";
  expect(src).not.toBe("");
  const answer = await request.get(src, { maxRedirects: 0, headers: { accept: "image/webp" } });
  // The fixture feeds' pictures are on their publishers' hosts, which the site under test may
  // not reach (ALLOW_PUBLIC_HOSTS=false): the default picture, for a short while.
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe("/images/default-news.svg");
  expect(answer.headers()["cache-control"]).toBe("public, max-age=600");
  // A forged or tampered id names nothing.
  const tampered = src.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  expect((await request.get(tampered, { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get("/img/640/a1.AAAAAAAAAAA")).status()).toBe(404);
  expect((await request.get(src.replace("/640/", "/641/"))).status()).toBe(404);
});
