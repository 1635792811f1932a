import { expect, test, type APIRequestContext } from "@playwright/test";
import { CATEGORIES, FEED_KEYS } from "../../sites/categories";

// The production build reading the fixture feeds (the FEEDS_FILE of global-setup.ts) through the news engine.

interface ApiArticle {
  id: string;
  title: string;
  summary: string;
  date: string | null;
  relativeDate: string;
  image: string;
  category: string;
  url: string;
}

async function readyCategory(request: APIRequestContext, key: string) {
  let body: { state: string; articles: ApiArticle[] } = { state: "loading", articles: [] };
  await expect
    .poll(async () => {
      body = await (await request.get(`/api/articles?category=${key}`)).json();
      return body.state;
    })
    .toBe("ready");
  return body as {
    category: string;
    state: string;
    error: null;
    updatedAt: string;
    articles: ApiArticle[];
  };
}

test("every category is filled from the fixture feeds", async ({ request }) => {
  for (const key of FEED_KEYS) {
    const body = await readyCategory(request, key);
    expect(body.category).toBe(key);
    expect(body.error).toBeNull();
    expect(body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.articles.length).toBeGreaterThan(0);
    expect(body.articles.length).toBeLessThanOrEqual(15);
    for (const a of body.articles) {
      // As the category table labels it ("Real Estate"), never the bare key (issue 25).
      expect(a.category).toBe(CATEGORIES.find((c) => c.key === key)?.label);
      expect(a.url === "#" || /^https?:\/\//.test(a.url)).toBe(true);
      // The default picture, or the feed's through the site's own image route: never another origin.
      expect(a.image).toMatch(/^\/(images\/|img\/640\/)/);
      expect(a.id).toMatch(/^\d+$/);
      expect(a.summary.length).toBeLessThanOrEqual(203);
    }
  }
});

test("no answer names a feed's URL (they may carry an operator's token)", async ({ request }) => {
  const body = await readyCategory(request, "sports");
  expect(JSON.stringify(body)).not.toContain("127.0.0.1");
  expect(JSON.stringify(body)).not.toContain("/feeds/");
});

test("sports merges its five feeds, newest first", async ({ request }) => {
  const body = await readyCategory(request, "sports");
  // Several publishers' stories (the fixture feeds are ESPN's, Bleacher Report's, Sky's…).
  const publishers = new Set(body.articles.map((a) => new URL(a.url).hostname));
  expect(publishers.size).toBeGreaterThan(1);
  const dates = body.articles.map((a) => Date.parse(a.date ?? "0"));
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
});

test("articles carry ISO dates and relative dates", async ({ request }) => {
  const body = await readyCategory(request, "world");
  const [first] = body.articles;
  expect(first?.date).toMatch(/^\d{4}-\d\d-\d\dT/);
  // The fixtures are years old: the relative date is a locale date.
  expect(first?.relativeDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  const res = await request.get("/api/articles?category=world");
  expect(res.headers()["cache-control"]).toBe(
    "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
  );
  expect(res.headers()["content-type"]).toContain("application/json");
});

for (const query of [
  "",
  "?category=",
  "?category=weather",
  "?category=LOCAL",
  "?category[]=local",
  "?category=%00",
]) {
  test(`/api/articles${query} answers 400 with a JSON error`, async ({ request }) => {
    const res = await request.get(`/api/articles${query}`);
    expect(res.status()).toBe(400);
    expect((await res.json()).error).toMatch(/^category must be one or more of: local, national/);
  });
}

test("/api/articles with a key twice answers 400", async ({ request }) => {
  const res = await request.get("/api/articles?category=local&category=local");
  expect(res.status()).toBe(400);
});

test("several categories together: their stories newest first, each once", async ({ request }) => {
  const world = await readyCategory(request, "world");
  const sports = await readyCategory(request, "sports");
  const res = await request.get("/api/articles?category=world&category=sports");
  const body = await res.json();
  expect(body.categories).toEqual(["world", "sports"]);
  expect(body.category).toBeUndefined();
  expect(body.state).toBe("ready");
  const expected = [...world.articles, ...sports.articles]
    .sort((a, b) => Date.parse(b.date ?? "0") - Date.parse(a.date ?? "0"))
    .slice(0, 15)
    .map((a) => a.title);
  expect(body.articles.map((a: ApiArticle) => a.title)).toEqual(expected);
});
