import { describe, expect, it } from "vitest";
import type { SearchResults } from "../../server/news/search";
import { describeCount, searchHref } from "./search";
import { readSearchParams, toSearchPage } from "./search.server";

describe("readSearchParams", () => {
  it.each([
    ["q=bayou", { q: "bayou", page: 1 }],
    ["q=bayou&page=3", { q: "bayou", page: 3 }],
    ["q=caf%C3%A9+owners&page=2&page=5", { q: "café owners", page: 2 }],
    ["", { q: "", page: 1 }],
    ["q=x&page=0", { q: "x", page: 1 }],
    ["q=x&page=-2", { q: "x", page: 1 }],
    ["q=x&page=2.5", { q: "x", page: 1 }],
    ["q=x&page=abc", { q: "x", page: 1 }],
    ["q=x&page=", { q: "x", page: 1 }],
  ])("reads %j as %j", (search, expected) => {
    expect(readSearchParams(new URLSearchParams(search))).toEqual(expected);
  });
});

describe("toSearchPage", () => {
  it("gives the cards with their marks, and never the feed's URL", () => {
    const results: SearchResults = {
      query: "bayou",
      page: 1,
      pageCount: 1,
      total: 1,
      more: false,
      hits: [
        {
          article: {
            id: 7,
            uid: "u",
            title: "Bayou cleanup",
            summary: "Volunteers on the bayou",
            url: "https://news.example.org/a",
            image: "/images/default-news.svg",
            imageIsDefault: true,
            publishedAt: Date.parse("2026-11-22T12:00:00Z"),
            claimedAt: null,
            category: "local",
            feedUrl: "https://feeds.example.org/private?token=secret",
            source: "Example News",
            language: null,
          },
          title: ["", "Bayou", " cleanup"],
          summary: ["Volunteers on the ", "bayou", ""],
        },
      ],
    };
    const page = toSearchPage(results, "en-US");
    expect(page.articles).toEqual([
      {
        id: "7",
        title: "Bayou cleanup",
        summary: "Volunteers on the bayou",
        url: "https://news.example.org/a",
        image: "/images/default-news.svg",
        category: "Local",
        publishedAt: "2026-11-22T12:00:00.000Z",
        source: "Example News",
        marks: { title: ["", "Bayou", " cleanup"], summary: ["Volunteers on the ", "bayou", ""] },
      },
    ]);
    expect(JSON.stringify(page)).not.toContain("feeds.example.org");
  });
});

describe("describeCount", () => {
  it.each([
    [{ total: 12, more: false, query: "bayou" }, "12 results for “bayou”"],
    [{ total: 1, more: false, query: "bayou" }, "1 result for “bayou”"],
    [{ total: 1000, more: true, query: "news" }, "1,000+ results for “news”"],
  ])("counts %j as %j", (results, expected) => {
    expect(describeCount(results, "en-US")).toBe(expected);
  });
});

describe("searchHref", () => {
  it("links to a page of results, page 1 without its number", () => {
    expect(searchHref("café & bar")).toBe("/search?q=caf%C3%A9+%26+bar");
    expect(searchHref("bayou", 2)).toBe("/search?q=bayou&page=2");
  });
});
