import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { renderPage } from "../../tests/support/home-page";
import { fixedNews } from "../../tests/support/news";
import { story } from "../../tests/support/stories";
import type { NewsReader } from "../../server/news/engine";
import SearchPage, { loader } from "./search";

// The search page as the server makes it (the root's data, the site layout, the page), for the
// fixture city: its own pages in a short list above the stories.

const NOW = Date.parse("2026-11-25T18:00:00Z");
const CITY = fixtureCity();

/** One story found for any query: "Hurricane drill downtown", "hurricane" marked. */
const oneStory: NewsReader["search"] = async (query, page = 1) => ({
  query,
  page,
  more: false,
  pageCount: 2,
  total: 21,
  hits: [
    {
      article: {
        ...story("s", "Hurricane drill downtown", NOW),
        id: 1,
        feedUrl: "https://feeds.fixtureville.test/local.xml",
        source: "Fixtureville Public Radio",
      },
      title: ["", "Hurricane", " drill downtown"],
      summary: [""],
    },
  ],
});

/** No story found (the news a test gives the app answers so: tests/support/news.ts). */
const noStories = fixedNews().search;

/** The page's HTML for `search` (its query string), the news answering as `news` says. */
function searchPage(search: string, news: NewsReader["search"]): Promise<string> {
  return renderPage(
    CITY,
    `/search?${search}`,
    { id: "search", path: "search", loader, Component: SearchPage },
    { news: { ...fixedNews(), search: news }, now: NOW },
  );
}

describe("the search page", () => {
  it("lists the site's own pages above the stories: hurricane finds /weather", async () => {
    const html = await searchPage("q=hurricane", oneStory);
    const list = html.indexOf("On this site</h2>");
    expect(list).toBeGreaterThan(-1);
    const link = html.indexOf('<a class="link font-semibold" href="/weather"');
    expect(link).toBeGreaterThan(list);
    expect(html.indexOf("hurricane</mark> preparedness", link)).toBeGreaterThan(link);
    expect(list).toBeLessThan(html.indexOf("21 results for “hurricane”"));
    expect(list).toBeLessThan(html.indexOf("drill downtown"));
  });

  it("keeps its texts: no stories, the site's pages still listed", async () => {
    const html = await searchPage("q=hurricane", noStories);
    expect(html).toContain("On this site</h2>");
    expect(html).toContain(
      "No stories match “hurricane”. Check the spelling, or try fewer or other words.",
    );
  });

  it("lists no pages for a query that none holds, nor with the second page of stories", async () => {
    expect(await searchPage("q=levee", oneStory)).not.toContain("On this site");
    expect(await searchPage("q=hurricane&page=2", oneStory)).not.toContain("On this site");
  });

  it("says what to do for an empty query, and lists nothing", async () => {
    const html = await searchPage("q=", noStories);
    expect(html).toContain("Type one or more words in the search box to find stories.");
    expect(html).not.toContain("On this site");
  });
});
