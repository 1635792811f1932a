import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { mainOf, renderHome } from "../../tests/support/home-page";
import { fixedNews, storedStory } from "../../tests/support/news";
import { HOME_KEYS, type FeedKey } from "../../sites/categories";
import type { CategoryNews } from "../../server/news/engine";
import type { StoredArticle } from "../../server/news/store";

// Home's sections and lead as the server makes them (issue 37): a section with nothing to show
// is left out rather than showing its error, and the lead story is shown once on the page.

const NOW = Date.parse("2026-11-25T18:00:00Z");
const HOUR = 3_600_000;
const CITY = fixtureCity();
const [LOCAL, ...OTHERS] = HOME_KEYS as [FeedKey, ...FeedKey[]];

/** Two stories of `key`, each with an id of its own on the page. */
function twoStories(key: FeedKey): StoredArticle[] {
  const base = 100 * ((HOME_KEYS as readonly FeedKey[]).indexOf(key) + 1);
  return [1, 2].map((n) =>
    storedStory(base + n, key, `The ${key} desk files story number ${n} today`, NOW - n * HOUR),
  );
}

function home(options: {
  articles: (key: FeedKey) => StoredArticle[];
  state?: (key: FeedKey) => Pick<CategoryNews, "state" | "error">;
}): Promise<string> {
  return renderHome(CITY, { news: fixedNews(options), now: NOW }).then(mainOf);
}

const failed = { state: "error", error: "Failed to fetch RSS feed" } as const;
const loading = { state: "loading", error: null } as const;
const count = (text: string, part: string) => text.split(part).length - 1;

describe("home's sections", () => {
  it("leaves out a section that failed or was never fetched: no error or loading text", async () => {
    const [national, world, ...rest] = OTHERS;
    const main = await home({
      articles: (key) => (rest.includes(key) ? twoStories(key) : []),
      state: (key) =>
        key === LOCAL ? failed : key === national ? loading : { state: "ready", error: null },
    });
    expect(main).not.toContain("Error loading");
    expect(main).not.toContain('role="alert"');
    expect(main).not.toContain("No stories yet");
    expect(main).not.toMatch(/Loading \\w+ news/);
    for (const key of [LOCAL, national, world]) expect(main).not.toContain(`id="section-${key}"`);
    for (const key of rest) expect(main).toContain(`id="section-${key}"`);
    // A section still loading: the page asks for itself again until it is ready, unseen.
    expect(main).toContain('<span hidden="" data-news-state="loading"></span>');
    expect(main).toContain('data-island="until-ready"');
  });

  it("says once, under the built-in lead, that news is not available when no section has a story", async () => {
    const main = await home({ articles: () => [], state: () => failed });
    expect(count(main, "News is not available right now. Please check back soon.")).toBe(1);
    expect(main).toContain(CITY.content.news.featuredStory.title);
    const lead = main.indexOf('aria-label="Featured story"');
    expect(main.indexOf("News is not available right now")).toBeGreaterThan(lead);
    expect(main).not.toContain("Error loading");
    expect(main).not.toContain('role="alert"');
    expect(main).not.toContain("data-news-state");
  });

  it("says news is loading, once, while every section is still loading, and asks again", async () => {
    const main = await home({ articles: () => [], state: () => loading });
    expect(count(main, "Loading the latest news...")).toBe(1);
    expect(main).toContain('data-news-state="loading"');
    expect(main).toContain('data-island="until-ready"');
    expect(main).not.toContain("News is not available");
  });

  it("keeps every section with stories, and asks for nothing again when all are ready", async () => {
    const main = await home({ articles: twoStories });
    for (const key of HOME_KEYS) expect(main).toContain(`id="section-${key}"`);
    expect(main).not.toContain("data-news-state");
    expect(main).not.toContain("News is not available");
  });
});

describe("the lead story", () => {
  it("is shown once, with a fresh feed and an old one in Local, even without a link or a long headline", async () => {
    // Local: a fresh feed's story without a link and with a short headline (it leads), and an
    // old feed's stories from days ago; the other sections carry today's news.
    const fresh = storedStory(1, LOCAL, "Bayou closes again", NOW - HOUR, {
      url: "#",
      source: "Fresh Feed",
    });
    const old = [2, 3, 4].map((n) =>
      storedStory(n, LOCAL, `An old feed's story number ${n} from days ago`, NOW - n * 24 * HOUR, {
        source: "Old Feed",
      }),
    );
    const main = await home({
      articles: (key) => (key === LOCAL ? [fresh, ...old] : twoStories(key)),
    });
    const lead = main.indexOf('aria-label="Featured story"');
    expect(main.indexOf("Bayou closes again", lead)).toBeGreaterThan(lead);
    // Once on the page: not again in Local's headlines nor in the News Feed.
    expect(count(main, "Bayou closes again")).toBe(1);
    expect(main).toContain(`id="section-${LOCAL}"`);
    expect(main).toContain("An old feed&#x27;s story number 2 from days ago");
    // Nor by the News Feed's refresh, which finds the page's stories by their links.
    expect(main).toContain('"shown":["1"]');
  });
});
