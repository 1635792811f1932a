import { describe, expect, it } from "vitest";
import type { CategoryNews } from "../../server/news/engine";
import type { StoredArticle } from "../../server/news/store";
import { leadStory, toNewsBlock } from "./news";

function story(id: number, feedUrl: string, extra: Partial<StoredArticle> = {}): StoredArticle {
  return {
    id,
    uid: String(id),
    title: `Story ${id}`,
    summary: "",
    url: `https://news.example.org/${id}`,
    image: "/images/default-news.svg",
    imageIsDefault: true,
    publishedAt: 1_700_000_000_000 - id,
    claimedAt: null,
    category: "local",
    feedUrl,
    source: new URL(feedUrl).host,
    language: null,
    ...extra,
  };
}

function news(articles: StoredArticle[]): CategoryNews {
  return { category: "local", state: "ready", error: null, updatedAt: null, articles };
}

describe("toNewsBlock", () => {
  it("counts the outlets of the stories it shows, and names no feed", () => {
    const block = toNewsBlock(
      news([
        story(1, "https://a.example/feed"),
        story(2, "https://b.example/rss"),
        story(3, "https://a.example/feed"),
        story(4, "https://c.example/atom"),
      ]),
      "en-US",
      { limit: 3 },
    );
    // Stories 1 to 3 are shown: two publishers.
    expect(block.outlets).toBe(2);
    expect(block.articles.map((a) => a.source)).toEqual(["a.example", "b.example", "a.example"]);
    expect(JSON.stringify(block)).not.toContain(".example/feed");
  });

  it("counts the outlets credited as also running a story, each publisher once", () => {
    const block = toNewsBlock(
      news([
        story(1, "https://a.example/feed", {
          alsoAt: [
            { source: "b.example", url: "https://b.example/1" },
            { source: "d.example", url: "https://d.example/1" },
          ],
        }),
        story(2, "https://b.example/rss"),
      ]),
      "en-US",
    );
    expect(block.outlets).toBe(3);
    expect(block.articles[0]?.alsoAt?.map((o) => o.source)).toEqual(["b.example", "d.example"]);
    expect(block.articles[1]).not.toHaveProperty("alsoAt");
  });

  it("shows from the `from`th story: a news feed's headlines after a page's own", () => {
    const all = news([1, 2, 3, 4].map((id) => story(id, "https://a.example/feed")));
    const rest = toNewsBlock(all, "en-US", { from: 3 });
    expect(rest.articles.map((a) => a.id)).toEqual(["4"]);
  });

  it("marks a story's language and direction only where they are not the city's", () => {
    const block = toNewsBlock(
      news([
        story(1, "https://a.example/feed", { language: "fr" }),
        story(2, "https://a.example/feed", { language: "ur" }),
        story(3, "https://a.example/feed", { language: "en-GB" }),
        story(4, "https://a.example/feed", { language: null }),
      ]),
      "en-US",
    );
    expect(block.articles.map((a) => [a.lang, a.dir])).toEqual([
      ["fr", undefined],
      ["ur", "rtl"],
      [undefined, undefined],
      [undefined, undefined],
    ]);
    // On a page in Arabic, an English story is marked, left to right.
    const arabic = toNewsBlock(
      news([story(5, "https://a.example/feed", { language: "en" })]),
      "ar",
    );
    expect(arabic.articles.map((a) => [a.lang, a.dir])).toEqual([["en", "ltr"]]);
  });

  it("names each story's category (its key) by its label in the city's language", () => {
    const stories = news([
      story(1, "https://a.example/feed", { category: "realestate" }),
      story(2, "https://a.example/feed", { category: "arts" }),
      story(3, "https://a.example/feed"),
    ]);
    const labels = (locale: string) => toNewsBlock(stories, locale).articles.map((a) => a.category);
    expect(labels("en-US")).toEqual(["Real Estate", "Arts & Culture", "Local"]);
    expect(labels("es-US")).toEqual(["Bienes raíces", "Arte y cultura", "Noticias locales"]);
  });

  it("counts none when it shows nothing", () => {
    expect(toNewsBlock(news([]), "en-US").outlets).toBe(0);
  });
});

describe("leadStory (home's lead)", () => {
  const NOW = 1_700_000_000_000;
  const HOUR = 3600_000;
  const at = (id: number, hoursAgo: number) =>
    story(id, "https://a.example/feed", { publishedAt: NOW - hoursAgo * HOUR });
  const home = (local: StoredArticle[], world: StoredArticle[]) => [
    { key: "local" as const, news: { ...news(local), category: "local" as const } },
    { key: "world" as const, news: { ...news(world), category: "world" as const } },
  ];

  it("is the newest local story while it is recent", () => {
    expect(leadStory(home([at(1, 2)], [at(2, 1)]), NOW)?.id).toBe(1);
  });

  it("is never an old local story while another section has a recent one: the newest of those", () => {
    expect(leadStory(home([at(1, 24 * 30)], [at(3, 1), at(2, 5)]), NOW)?.id).toBe(3);
  });

  it("is the newest local story when nothing is recent, and none without a local story", () => {
    expect(leadStory(home([at(1, 24 * 30)], [at(2, 24 * 40)]), NOW)?.id).toBe(1);
    expect(leadStory(home([], []), NOW)).toBeUndefined();
    // The site's built-in featured story then stands in (docs/product.md §2), a recent story elsewhere or not.
    expect(leadStory(home([], [at(2, 1)]), NOW)).toBeUndefined();
  });

  it("is never a paid post a listing keeps, in Local or elsewhere", () => {
    const paid = (id: number, hoursAgo: number) => ({ ...at(id, hoursAgo), sponsored: true });
    expect(leadStory(home([paid(1, 1), at(2, 2)], []), NOW)?.id).toBe(2);
    expect(leadStory(home([at(1, 24 * 30)], [paid(3, 1), at(4, 2)]), NOW)?.id).toBe(4);
  });
});
