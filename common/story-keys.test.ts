import { describe, expect, it } from "vitest";
import { ShownStories, linkKey, notShown, titleKey } from "./story-keys";

describe("linkKey", () => {
  it("is one key for a link with or without www., tracking parameters, a fragment or a trailing slash", () => {
    const key = linkKey("https://news.example/story/1");
    for (const url of [
      "http://www.news.example/story/1/",
      "https://NEWS.example/story/1?utm_source=rss&utm_medium=feed",
      "https://news.example/story/1#comments",
      "https://news.example/story/1?fbclid=abc",
    ])
      expect(linkKey(url)).toBe(key);
  });

  it("keeps the parameters that name the story", () => {
    expect(linkKey("https://news.example/view?id=1")).not.toBe(
      linkKey("https://news.example/view?id=2"),
    );
  });

  it("is none for a story without a link", () => {
    expect(linkKey("#")).toBeNull();
  });
});

describe("titleKey", () => {
  it("folds case, accents and punctuation", () => {
    expect(titleKey("Mayor’s plan: a new BRIDGE over the Bayóu!")).toBe(
      "mayor s plan a new bridge over the bayou",
    );
  });

  it("is none for a headline too short to be told from another", () => {
    expect(titleKey("Letters to the editor")).toBeNull();
  });
});

describe("notShown", () => {
  it("passes over what a page already shows, by link or by headline, and keeps each story once", () => {
    const shown = new ShownStories();
    shown.add({ url: "https://a.example/1", title: "A" });
    const list = [
      { url: "https://www.a.example/1?utm_source=x", title: "A again" },
      {
        url: "https://b.example/2",
        title: "Storm knocks out power across the Gulf Coast",
        source: "B",
      },
      {
        url: "https://c.example/3",
        title: "Storm knocks out power across the Gulf Coast",
        source: "C",
      },
      { url: "https://d.example/4", title: "D" },
      // One publisher's recurring headline: another day's story.
      {
        url: "https://b.example/5",
        title: "Storm knocks out power across the Gulf Coast",
        source: "B",
      },
    ];
    expect(notShown(list, shown).map((s) => s.url)).toEqual([
      "https://b.example/2",
      "https://d.example/4",
      "https://b.example/5",
    ]);
    expect(notShown(list, new ShownStories(), 1)).toHaveLength(1);
  });

  it("knows a stored story by its id: one without a link or with a short headline is still itself", () => {
    const shown = new ShownStories();
    notShown([{ id: "7", url: "#", title: "Update", source: "A" }], shown);
    const list = [
      { id: "7", url: "#", title: "Update", source: "A" },
      { id: 8, url: "#", title: "Update", source: "A" },
    ];
    expect(notShown(list, shown).map((s) => s.id)).toEqual([8]);
  });
});
