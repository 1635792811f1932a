import { expect, test, type Page } from "@playwright/test";
import { PAGES } from "../../app/lib/pages";
import { CATEGORIES, HOME_SECTIONS, LIST_SLUGS, categoryAt } from "../../sites/categories";
import { testCity } from "../support/cities";
import { gotoHydrated } from "./helpers";

// The news pages of the default site, filled from the fixture feeds (the FEEDS_FILE of global-setup.ts).

interface ApiBody {
  state: string;
  articles: { title: string; summary: string; url: string; image: string; date: string | null }[];
}

/** Waits until the engine has the category, and returns its articles as the API gives them. */
async function articlesOf(page: Page, key: string) {
  let body: ApiBody = { state: "loading", articles: [] };
  await expect
    .poll(async () => {
      body = await (await page.request.get(`/api/articles?category=${key}`)).json();
      return body.state;
    })
    .toBe("ready");
  return body.articles;
}

const rawHtml = async (page: Page, path: string) => (await page.request.get(path)).text();
const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

test.describe("home", () => {
  test("features the first local story and shows six sections of at most 5 with See All", async ({
    page,
  }) => {
    const local = await articlesOf(page, "local");
    for (const s of HOME_SECTIONS) await articlesOf(page, s.key);
    const html = await rawHtml(page, "/");
    expect(html).toContain(escapeHtml(local[0]?.title ?? "?"));

    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured story" });
    await expect(featured.getByRole("heading", { level: 2 })).toContainText(local[0]?.title ?? "?");
    for (const s of HOME_SECTIONS) {
      const region = page.getByRole("region", { name: s.title, exact: true });
      await expect(
        region.getByRole("heading", { level: 2, name: s.title, exact: true }),
      ).toBeVisible();
      await expect(region.getByRole("article")).toHaveCount(5);
      await expect(region.getByRole("link", { name: /See All/ })).toHaveAttribute(
        "href",
        PAGES[s.slug].path,
      );
    }
  });

  test("has the Learn More About Houston links and the News Feed block", async ({ page }) => {
    await page.goto("/");
    const learn = page.getByRole("region", { name: "Learn More About Houston" });
    await expect(learn.getByRole("link")).toHaveCount(6);
    await expect(
      page.getByRole("region", { name: "News Feed" }).getByRole("listitem").first(),
    ).toBeVisible();
  });

  test("the News Feed lists the newest stories of home's six sections, and its refresh asks for the same", async ({
    page,
  }) => {
    for (const s of HOME_SECTIONS) await articlesOf(page, s.key);
    const query = HOME_SECTIONS.map((s) => `category=${s.key}`).join("&");
    const combined = (await (await page.request.get(`/api/articles?${query}`)).json()) as ApiBody;
    const expected = combined.articles
      .slice(0, 8)
      .map((a) => (a.url === "#" ? a.title : `${a.title} (opens in a new tab)`));
    expect(expected).toHaveLength(8);

    await page.clock.install();
    await gotoHydrated(page, "/");
    const feed = page.getByRole("region", { name: "News Feed", exact: true });
    await expect(feed.getByRole("listitem").getByRole("link")).toHaveText(expected);
    // Five minutes later it asks /api/articles for the same six categories, and shows the same.
    // (By then the donation dialog is up and hides the page from roles: CSS finds the links.)
    const refresh = page.waitForResponse((r) => r.url().includes("/api/articles"));
    await page.clock.runFor(5 * 60_000);
    const asked = new URL((await refresh).url());
    expect(asked.searchParams.getAll("category")).toEqual(HOME_SECTIONS.map((s) => s.key));
    await page.clock.resume();
    await expect(page.locator('section[aria-label="News Feed"] li a')).toHaveText(expected);
  });

  test("See All goes to the section's page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "See All World news" }).click();
    await expect(page).toHaveURL("/world-news");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("World News");
  });
});

/** The categories filled from feeds. */
const FED = CATEGORIES.filter((c) => c.fed);

for (const { slug, key } of FED) {
  const info = PAGES[slug];
  test(`${info.path} renders its articles in the server HTML`, async ({ page }) => {
    const articles = await articlesOf(page, key);
    const html = await rawHtml(page, info.path);
    for (const a of articles.slice(0, 3)) expect(html).toContain(escapeHtml(a.title));
    if (articles.some((a) => a.date)) expect(html).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT/);
  });
}

test.describe("list pages", () => {
  for (const id of LIST_SLUGS) {
    test(`${PAGES[id].path}: each card's title, summary, image and link match the feed's item`, async ({
      page,
    }) => {
      const articles = await articlesOf(page, categoryAt(id)?.key ?? "?");
      await page.route("**/*", (route) =>
        new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort(),
      );
      await page.goto(PAGES[id].path);
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(articles.length);
      for (const [i, a] of articles.entries()) {
        const card = cards.nth(i);
        await expect(card.getByRole("heading", { level: 2 })).toContainText(a.title);
        if (a.summary) await expect(card.getByText(a.summary, { exact: true })).toBeVisible();
        const link = card.getByRole("link").first();
        await expect(link).toHaveAttribute("href", a.url);
        if (a.url !== "#") {
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", /noopener/);
        }
      }
      // Pictures as the server rendered them (before any fallback after a failed load); a story
      // whose feed gave none is a text card, with no picture box at all.
      const html = await rawHtml(page, PAGES[id].path);
      const pictured = articles.filter((a) => a.image !== "/images/default-news.svg");
      for (const a of pictured) expect(html).toContain(`src="${escapeHtml(a.image)}"`);
      expect(html.match(/data-card="text"/g)?.length ?? 0).toBe(articles.length - pictured.length);
    });
  }
});

test.describe("the byline of a list page", () => {
  test("says how many outlets its stories come from, gathered by the newsroom", async ({
    page,
  }) => {
    // One feed fills /real-estate; three fill /local-news (the fixture feeds).
    await page.goto("/real-estate");
    await expect(
      page.getByText(/^Stories from 1 outlet, gathered by the Houston City Wire newsroom/),
    ).toBeVisible();
    await page.goto("/local-news");
    const byline = page.getByText(
      /^Stories from \d outlets, gathered by the Houston City Wire newsroom/,
    );
    await expect(byline).toBeVisible();
    const count = Number(/from (\d)/.exec((await byline.textContent()) ?? "")?.[1]);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(3);
    await expect(byline).toContainText("Updated");
    await expect(page.getByText(/^By the Houston City Wire newsroom/)).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const path of ["/", "/world-news", "/sports"]) {
    test(`${path} shows the news`, async ({ page }) => {
      await articlesOf(page, "world");
      await articlesOf(page, "sports");
      await page.goto(path);
      expect(await page.getByRole("main").getByRole("article").count()).toBeGreaterThan(3);
    });
  }
});

test("no article link or picture on any news page has a non-http(s) URL", async ({ page }) => {
  for (const { slug: id, key } of FED) {
    await articlesOf(page, key);
    const html = await rawHtml(page, PAGES[id].path);
    const articleHtml = html.match(/<article[\s\S]*?<\/article>/g) ?? [];
    expect(articleHtml.length).toBeGreaterThan(0);
    for (const block of articleHtml) {
      for (const [, url] of block.matchAll(/(?:href|src)="([^"]*)"/g)) {
        expect(url === "#" || /^(https?:\/\/|\/)/.test(url ?? ""), `${id}: ${url}`).toBe(true);
      }
    }
  }
});

test.describe("story cards", () => {
  test("link the title to the story in a new tab, with the date in <time>", async ({ page }) => {
    const [first] = await articlesOf(page, "world");
    await page.goto("/world-news");
    const card = page
      .getByRole("article")
      .filter({ hasText: first?.title ?? "?" })
      .first();
    const link = card.getByRole("link", { name: first?.title ?? "?" });
    await expect(link).toHaveAttribute("href", first?.url ?? "");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(card.locator("time")).toHaveAttribute("datetime", /^\d{4}-/);
    const img = card.getByRole("img");
    await expect(img).toHaveAttribute("alt", first?.title ?? "?");
    await expect(img).toHaveAttribute("width", "640");
    await expect(img).toHaveAttribute("height", "360");
  });

  test("replace a picture that fails to load with the default photo", async ({ page }) => {
    await page.route("**/img/**", (route) => route.abort());
    await gotoHydrated(page, "/world-news");
    const img = page.getByRole("article").first().getByRole("img");
    await expect(img).toHaveAttribute("src", "/images/default-news.svg");
  });

  test("load pictures below the fold lazily", async ({ page }) => {
    await page.goto("/world-news");
    const images = page.getByRole("main").getByRole("article").getByRole("img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.last()).toHaveAttribute("loading", "lazy");
  });

  test("hydrate without a mismatch", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await gotoHydrated(page, "/world-news");
    await gotoHydrated(page, "/");
    expect(
      errors.filter((e) => !/Failed to load resource|ERR_|Content Security Policy/.test(e)),
    ).toEqual([]);
  });
});

test("/archives labels every card Archive", async ({ page }) => {
  await articlesOf(page, "archives");
  await page.goto("/archives");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("From the Archives");
  const cards = page.getByRole("main").getByRole("article");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all())
    await expect(card.getByText("Archive", { exact: true })).toBeVisible();
});

test("/opinion has Read full article links and the two boxes", async ({ page }) => {
  await articlesOf(page, "opinion");
  await page.goto("/opinion");
  const main = page.getByRole("main");
  expect(await main.getByRole("link", { name: /^Read full article/ }).count()).toBeGreaterThan(0);
  const submit = page.getByRole("region", { name: "Submit Your Opinion" });
  await expect(submit).toContainText("Op-eds: 600-800 words");
  await expect(submit).toContainText("Letters: 200-300 words");
  await expect(page.getByRole("region", { name: "Editorial Standards" })).toBeVisible();
});

test("/sports has the interview, three highlights, the latest news and four upcoming games", async ({
  page,
}) => {
  await articlesOf(page, "sports");
  await page.goto("/sports");
  await expect(
    page.getByRole("heading", { name: testCity("houston").content.news.sports.interview.title }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Highlights" }).getByRole("listitem")).toHaveCount(
    3,
  );
  expect(
    await page.getByRole("region", { name: "Latest Sports News" }).getByRole("article").count(),
  ).toBeGreaterThan(0);
  await expect(
    page.getByRole("region", { name: "Upcoming Games" }).getByRole("listitem"),
  ).toHaveCount(4);
});

test("/arts-culture has the arts feed and a Cultural Calendar of three", async ({ page }) => {
  await articlesOf(page, "arts");
  await page.goto("/arts-culture");
  await expect(
    page.getByRole("region", { name: "Cultural Calendar" }).getByRole("listitem"),
  ).toHaveCount(3);
  expect(await page.getByRole("main").getByRole("article").count()).toBeGreaterThan(0);
});

test("/local-events invites events (its unconfigured events wall left out)", async ({ page }) => {
  await page.goto("/local-events");
  await expect(page.getByText("will appear here")).toHaveCount(0);
  await expect(page.locator("iframe")).toHaveCount(0);
  const box = page.getByRole("region", { name: "Submit Your Event" });
  for (const kind of ["Community Events", "Cultural Activities", "Business Gatherings"]) {
    await expect(box.getByText(kind, { exact: true })).toBeVisible();
  }
});

test("/local-news has the Local News Feed, and no unconfigured video", async ({ page }) => {
  await articlesOf(page, "local");
  await page.goto("/local-news");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Local News");
  await expect(page.getByText("Featured Video")).toHaveCount(0);
  await expect(page.getByText("Video coming soon")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Local News Feed" }).getByRole("listitem").first(),
  ).toBeVisible();
});

// Ad slots and their reserved heights (250/600 px, less on phones) appear only with an ad client
// configured, and none without one: tests/e2e/embeds.spec.ts and
// app/components/ad-placeholder.test.tsx.
