import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORIES, FEED_KEYS, HOME_SECTIONS, LIST_SLUGS, categoryAt } from "./categories";

describe("the table of categories", () => {
  it("has the sixteen categories of docs/product.md §1, each key and slug once", () => {
    expect(CATEGORIES).toHaveLength(16);
    expect(new Set(CATEGORIES.map((c) => c.key)).size).toBe(16);
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(16);
  });

  it("derives the feed keys of docs/product.md §7, in order", () => {
    expect(FEED_KEYS).toEqual([
      "local",
      "national",
      "world",
      "politics",
      "business",
      "technology",
      "automotive",
      "realestate",
      "health",
      "sports",
      "arts",
      "food",
      "lifestyle",
      "opinion",
      "archives",
    ]);
  });

  it("derives home's six sections of docs/product.md §2, with their See All pages", () => {
    expect(HOME_SECTIONS).toEqual([
      { title: "Local", key: "local", slug: "local-news" },
      { title: "National", key: "national", slug: "national-news" },
      { title: "World", key: "world", slug: "world-news" },
      { title: "Politics & Government", key: "politics", slug: "politics" },
      { title: "Business & Finance", key: "business", slug: "business" },
      { title: "Technology & Innovation", key: "technology", slug: "technology" },
    ]);
  });

  it("derives the eleven list pages of docs/product.md §2", () => {
    expect(LIST_SLUGS).toEqual([
      "local-news",
      "national-news",
      "world-news",
      "politics",
      "business",
      "technology",
      "automotive",
      "real-estate",
      "health",
      "food",
      "lifestyle",
    ]);
  });

  it("gives every category with a page of its own a route module", () => {
    for (const c of CATEGORIES.filter((c) => c.page === "own")) {
      expect(existsSync(path.resolve(import.meta.dirname, `../app/routes/${c.slug}.tsx`))).toBe(
        true,
      );
    }
  });

  it("finds a category by its slug, and nothing for another path", () => {
    expect(categoryAt("real-estate")?.key).toBe("realestate");
    expect(categoryAt("arts-culture")?.key).toBe("arts");
    expect(categoryAt("weather")).toBeUndefined();
  });
});
