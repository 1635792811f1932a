import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BOOK_PLACEHOLDER, parseImagePath } from "../../common/images";
import { fixtureCity } from "../../tests/support/fixture-city";
import { fixedNews } from "../../tests/support/news";
import { noResults } from "../news/search";
import type { StoredArticle } from "../news/store";
import { getDefaultOutboundGuard } from "../net/outbound";
import { contentSecurityPolicy } from "../http/headers";
import { StaticFiles } from "../http/static-files";
import { configuredPictures, pictureLinks, withCoverLinks, withPictureLinks } from "./links";
import { openDatabase } from "../db/open";
import { NewsStore } from "../news/store";
import { ImageService, openImageService } from "./service";
import { ImageSigner } from "./sign";

const dir = mkdtempSync(path.join(os.tmpdir(), "image-links-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const city = fixtureCity();
const content = city.content;
const images = new ImageService({
  signer: new ImageSigner("l".repeat(64)),
  articleImage: async () => null,
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
    category: "world",
    feedUrl: "https://feeds.example.org/world.xml?token=secret",
    source: "Example News",
    language: null,
  };
}

const stories = [
  article(1, "https://cdn.example.org/one.jpg"),
  article(2, "/images/default-news.svg", true),
];
const reader = fixedNews({
  updatedAt: 1,
  articles: () => stories,
  version: () => 7,
  search: async (query) => ({
    ...noResults(query),
    hits: stories.map((a) => ({ article: a, title: [a.title], summary: [""] })),
  }),
});

describe("withPictureLinks", () => {
  const linked = withPictureLinks(reader, images);

  it("gives loaders the image route's path, never the feed's picture URL", async () => {
    const [first, second] = (await linked.getCategory("world")).articles;
    expect(parseImagePath(first?.image ?? "")).toMatchObject({ width: 640 });
    expect(JSON.stringify(await linked.getCategory("world"))).not.toContain("cdn.example.org");
    // The default picture is local already.
    expect(second?.image).toBe("/images/default-news.svg");
  });

  it("links the articles of every read (combined categories and search)", async () => {
    expect(JSON.stringify(await linked.getCategories(["world", "local"]))).not.toContain(
      "cdn.example.org",
    );
    expect(JSON.stringify(await linked.search("story"))).not.toContain("cdn.example.org");
    expect(linked.version("world")).toBe(7);
  });

  it("links each article object once", async () => {
    expect((await linked.getCategory("world")).articles[0]).toBe(
      (await linked.getCategory("local")).articles[0],
    );
  });
});

describe("pictureLinks", () => {
  it("links an article once for every city whose reader hands it out", async () => {
    const link = pictureLinks(images);
    const [one, two] = [link(reader), link(reader)];
    const first = (await one.getCategory("world")).articles[0];
    expect(parseImagePath(first?.image ?? "")).toMatchObject({ width: 640 });
    expect((await two.getCategory("local")).articles[0]).toBe(first);
    expect((await two.search("story")).hits[0]?.article).toBe(first);
  });
});

describe("ImageService.configure", () => {
  it("adds a city's covers when it is loaded: unknown before, routed after", async () => {
    const service = new ImageService({
      signer: new ImageSigner("l".repeat(64)),
      articleImage: async () => null,
      configured: [],
      defaultImage: "/images/default-news.svg",
      cache: { dir, maxBytes: 1024 * 1024 },
      guard: getDefaultOutboundGuard(),
      userAgent: "test",
      log: { warn: () => {} },
    });
    const [cover] = configuredPictures(content);
    if (!cover) throw new Error("no configured cover in the books");
    expect(service.configuredPath(cover.url)).toBe("");
    service.configure([cover]);
    const routed = service.configuredPath(cover.url);
    // The same id as a service configured at start: ids are signed by URL.
    expect(routed).toBe(images.configuredPath(cover.url));
    expect(await service.resolve(parseImagePath(routed)?.id ?? "")).toMatchObject({
      fallback: BOOK_PLACEHOLDER,
    });
  });
});

describe("openImageService", () => {
  it("keeps the network's one key in DATA_DIR/network.image-key: the same links after a restart", async () => {
    const dataDir = path.join(dir, "data");
    const db = await openDatabase(":memory:");
    const open = () =>
      openImageService({
        dataDir,
        cacheMb: 1,
        news: new NewsStore(db),
        guard: getDefaultOutboundGuard(),
        defaultImage: "/images/default-news.svg",
        configured: configuredPictures(content),
        userAgent: "test",
        log: { warn: () => {} },
      });
    try {
      const [cover] = configuredPictures(content);
      if (!cover) throw new Error("no configured cover in the books");
      const first = open().configuredPath(cover.url);
      const file = path.join(dataDir, "network.image-key");
      expect(readFileSync(file, "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(open().configuredPath(cover.url)).toBe(first);
      expect(existsSync(path.join(dataDir, `${city.id}.image-key`))).toBe(false);
    } finally {
      await db.close();
    }
  });
});

describe("withCoverLinks", () => {
  it("names every cover by its image route path, which the route knows", async () => {
    const covers = withCoverLinks(content, images).pages.books.books.map((b) => b.cover);
    const configured = covers.filter(Boolean);
    expect(configured.length).toBeGreaterThan(0);
    for (const cover of configured) {
      const parsed = parseImagePath(cover);
      expect(parsed).not.toBeNull();
      expect(await images.resolve(parsed?.id ?? "")).toMatchObject({ fallback: BOOK_PLACEHOLDER });
    }
    // Books without a cover keep their typographic cover.
    expect(covers.filter((c) => c === "").length).toBe(
      content.pages.books.books.filter((b) => b.cover === "").length,
    );
  });

  it("sends a reader whose cover cannot be had to a picture the site serves", async () => {
    const [cover] = configuredPictures(content);
    if (!cover) throw new Error("no configured cover in the books");
    const id = parseImagePath(images.configuredPath(cover.url))?.id ?? "";
    const fallback = (await images.resolve(id))?.fallback;
    expect(fallback).toBe(BOOK_PLACEHOLDER);
    // The fallback is a file of public/, which the client build serves as it is.
    const files = new StaticFiles(path.resolve(import.meta.dirname, "../../public"));
    const server = createServer((req, res) => {
      if (!files.serve(req, res, req.url ?? "/")) res.writeHead(404).end();
    }).listen(0, "127.0.0.1");
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}${fallback ?? ""}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml");
      expect(await answer.text()).toContain("<svg");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the Content-Security-Policy", () => {
  it("allows pictures from this origin only (and data: URLs)", async () => {
    expect(contentSecurityPolicy()).toContain("img-src 'self' data:;");
  });
});
