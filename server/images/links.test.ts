import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BOOK_PLACEHOLDER } from "../../app/components/book-card";
import { parseImagePath } from "../../app/lib/images";
import { SITE_CONTENT } from "../../sites/registry";
import type { NewsReader } from "../news/engine";
import { noResults } from "../news/search";
import type { StoredArticle } from "../news/store";
import { getDefaultOutboundGuard } from "../net/outbound";
import { contentSecurityPolicy } from "../security";
import { COVER_FALLBACK, configuredPictures, withCoverLinks, withPictureLinks } from "./links";
import { ImageService } from "./service";
import { ImageSigner } from "./sign";

const dir = mkdtempSync(path.join(os.tmpdir(), "image-links-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const content = SITE_CONTENT.houston;
const images = new ImageService({
  signer: new ImageSigner("l".repeat(64)),
  articleImage: () => null,
  configured: configuredPictures(content),
  defaultImage: "/images/default-news.svg",
  cache: { dir, maxBytes: 1024 * 1024 },
  guard: getDefaultOutboundGuard(),
  userAgent: "test",
  log: { warn: () => {} },
});

function article(id: number, image: string, imageIsDefault = false): StoredArticle {
  return {
    id,
    uid: `u${id}`,
    title: `Story ${id}`,
    summary: "",
    url: `https://news.example.org/${id}`,
    image,
    imageIsDefault,
    publishedAt: null,
    claimedAt: null,
    category: "World",
    feedUrl: "https://feeds.example.org/world.xml?token=secret",
  };
}

const stories = [
  article(1, "https://cdn.example.org/one.jpg"),
  article(2, "/images/default-news.svg", true),
];
const reader: NewsReader = {
  getCategory: (category) => ({
    category,
    state: "ready",
    error: null,
    updatedAt: 1,
    articles: stories,
  }),
  getCategories: (categories) => ({
    categories: [...categories],
    state: "ready",
    error: null,
    updatedAt: 1,
    articles: stories,
  }),
  version: () => 7,
  search: (query) => ({
    ...noResults(query),
    hits: stories.map((a) => ({ article: a, title: [a.title], summary: [""] })),
  }),
};

describe("withPictureLinks", () => {
  const linked = withPictureLinks(reader, images);

  it("gives loaders the image route's path, never the feed's picture URL", () => {
    const [first, second] = linked.getCategory("world").articles;
    expect(parseImagePath(first?.image ?? "")).toMatchObject({ width: 640 });
    expect(JSON.stringify(linked.getCategory("world"))).not.toContain("cdn.example.org");
    // The default picture is local already.
    expect(second?.image).toBe("/images/default-news.svg");
  });

  it("links the articles of every read (combined categories and search)", () => {
    expect(JSON.stringify(linked.getCategories(["world", "local"]))).not.toContain(
      "cdn.example.org",
    );
    expect(JSON.stringify(linked.search("story"))).not.toContain("cdn.example.org");
    expect(linked.version("world")).toBe(7);
  });

  it("links each article object once", () => {
    expect(linked.getCategory("world").articles[0]).toBe(linked.getCategory("local").articles[0]);
  });
});

describe("withCoverLinks", () => {
  it("names every cover by its image route path, which the route knows", () => {
    const covers = withCoverLinks(content, images).pages.books.books.map((b) => b.cover);
    const configured = covers.filter(Boolean);
    expect(configured.length).toBeGreaterThan(0);
    for (const cover of configured) {
      const parsed = parseImagePath(cover);
      expect(parsed).not.toBeNull();
      expect(images.resolve(parsed?.id ?? "")).toMatchObject({ fallback: COVER_FALLBACK });
    }
    // Books without a cover keep their typographic cover.
    expect(covers.filter((c) => c === "").length).toBe(
      content.pages.books.books.filter((b) => b.cover === "").length,
    );
  });

  it("falls back to the books page's own placeholder", () => {
    expect(COVER_FALLBACK).toBe(BOOK_PLACEHOLDER);
  });
});

describe("the Content-Security-Policy", () => {
  it("allows pictures from this origin only (and data: URLs)", () => {
    expect(contentSecurityPolicy()).toContain("img-src 'self' data:;");
  });
});
