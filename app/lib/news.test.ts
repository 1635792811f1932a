import { describe, expect, it } from "vitest";
import type { CategoryNews } from "../../server/news/engine";
import type { StoredArticle } from "../../server/news/store";
import { toNewsBlock } from "./news";

function story(id: number, feedUrl: string): StoredArticle {
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
    category: "Local",
    feedUrl,
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
      3,
    );
    // Stories 1 to 3 are shown: two feeds.
    expect(block.outlets).toBe(2);
    expect(JSON.stringify(block)).not.toContain(".example/feed");
  });

  it("counts none when it shows nothing", () => {
    expect(toNewsBlock(news([])).outlets).toBe(0);
  });
});
