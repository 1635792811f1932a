import { expect, test, type APIRequestContext } from "@playwright/test";
import { FEED_KEYS } from "../../sites/schema";
import { E2E } from "./env";
import { DEMO_FEEDS } from "../fixture-servers/demo-feeds";

// The production build reading the fixture feeds (the FEEDS_FILE of global-setup.ts) through the news engine.

interface ApiArticle {
  title: string;
  summary: string;
  date: string | null;
  relativeDate: string;
  image: string;
  category: string;
  url: string;
  source: string;
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
      expect(a.category).toBe(key.charAt(0).toUpperCase() + key.slice(1));
      expect(a.url === "#" || /^https?:\/\//.test(a.url)).toBe(true);
      expect(a.image.startsWith("/images/") || /^https?:\/\//.test(a.image)).toBe(true);
      expect(a.source.startsWith(`${E2E.feedsUrl}/feeds/`)).toBe(true);
      expect(a.summary.length).toBeLessThanOrEqual(203);
    }
  }
});

test("sports merges its five feeds, newest first", async ({ request }) => {
  const body = await readyCategory(request, "sports");
  const sources = new Set(body.articles.map((a) => a.source));
  expect(sources.size).toBeGreaterThan(1);
  const sportsFeeds = DEMO_FEEDS.sports.map((f) => `${E2E.feedsUrl}/feeds/${f}`);
  for (const source of sources) expect(sportsFeeds).toContain(source);
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
  expect(res.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
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
    expect((await res.json()).error).toMatch(/^category must be one of: local, national/);
  });
}
