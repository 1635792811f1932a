// @vitest-environment happy-dom
// The page's island scripts are not fetched (the test imports the island itself).
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BOOK_PLACEHOLDER } from "../../common/images";
import type { Book } from "../../sites/content";

vi.mock("~/lib/root-data", () => ({
  useSite: () => ({
    site: { defaultImage: "/images/default-news.svg" },
    islands: { pictures: "/assets/island-pictures.js" },
  }),
}));
const { StoryImage } = await import("~/components/story-image");
const { BookCard } = await import("~/components/book-card");
const { translatorFor } = await import("../../common/i18n");
const { TypographicCover } = await import("~/components/typographic-cover");

const ID = "a7.AAAAAAAAAAA";
/** A picture that loads (happy-dom decodes data URLs at once; it loads nothing else). */
const LOADED = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

const book = (title: string, cover: string): Book => ({
  title,
  cover,
  url: "https://store.example/book",
  author: "Billionaire Buddha",
});

/** Makes an image look still on its way (happy-dom's images, loading nothing, look failed). */
function loading(img: HTMLImageElement): void {
  Object.defineProperty(img, "complete", { value: false, configurable: true });
}
/** Makes it fail now: done, nothing to show, and its error event. */
function fail(img: HTMLImageElement): void {
  delete (img as { complete?: boolean }).complete;
  img.dispatchEvent(new Event("error"));
}

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector) as T;

// The page as the server sends it: some pictures failed before the island ran, some are still
// loading, one loaded. Then the island runs, once, as a page's module does.
beforeAll(async () => {
  document.body.innerHTML = renderToStaticMarkup(
    <main>
      <div id="failed-early">
        <StoryImage src={`/img/640/${ID}`} alt="Failed early" />
      </div>
      <div id="fails-later">
        <StoryImage src={`/img/640/${ID}`} alt="Fails later" />
      </div>
      <div id="loaded">
        <StoryImage src={LOADED} alt="Loaded" />
      </div>
      <ul>
        <BookCard t={translatorFor("en-US")} book={book("Tao Te Ching", `/img/640/${ID}`)} />
        <BookCard t={translatorFor("en-US")} book={book("The Bhagavad Gita", `/img/640/${ID}`)} />
        <BookCard t={translatorFor("en-US")} book={book("Billionaire Zen: Ancient Wisdom", "")} />
      </ul>
    </main>,
  );
  loading($("#fails-later img"));
  for (const img of document.querySelectorAll<HTMLImageElement>("li img")) loading(img);
  await import("./pictures");
});

describe("the pictures island", () => {
  it("says it has started", () => {
    expect(document.documentElement.getAttribute("data-islands-ready")).toContain("pictures");
  });

  it("shows the default photo, without a srcset, for a story picture that failed before it ran", () => {
    const img = $<HTMLImageElement>("#failed-early img");
    expect(img.getAttribute("src")).toBe("/images/default-news.svg");
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
  });

  it("leaves a picture that is loading or loaded as it is", () => {
    expect($("#fails-later img").getAttribute("src")).toBe(`/img/640/${ID}`);
    expect($("#fails-later img").getAttribute("srcset")).toContain("/img/320/");
    expect($("#loaded img").getAttribute("src")).toBe(LOADED);
  });

  it("falls back when a picture fails later, once: a failing default photo stays", () => {
    const img = $<HTMLImageElement>("#fails-later img");
    fail(img);
    expect(img.getAttribute("src")).toBe("/images/default-news.svg");
    expect(img.hasAttribute("srcset")).toBe(false);
    fail(img);
    expect(img.getAttribute("src")).toBe("/images/default-news.svg");
  });

  it("ignores an error of what an image no longer shows (it is loading its fallback)", () => {
    const card = $("li:nth-child(1)");
    const img = card.querySelector("img") as HTMLImageElement;
    img.dispatchEvent(new Event("error"));
    expect(img.getAttribute("src")).toBe(`/img/640/${ID}`);
  });

  it("replaces a book cover by the placeholder, then by its typographic cover, never a loop", () => {
    const card = $("li:nth-child(2)");
    const heading = card.querySelector("h3") as HTMLElement;
    expect(heading.className).toContain("line-clamp-2");
    const img = card.querySelector("img") as HTMLImageElement;
    fail(img);
    expect(img.getAttribute("src")).toBe(BOOK_PLACEHOLDER);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(card.querySelector("[data-pattern]")).toBeNull();
    fail(img);
    expect(card.querySelector("img, template")).toBeNull();
    const cover = card.querySelector("[aria-hidden=true][data-pattern]");
    expect(cover?.textContent).toContain("The Bhagavad Gita");
    // The cover sets the title: the heading is for screen readers only, as on a card without one.
    expect(heading.className).toBe("sr-only");
    expect(heading.className).toBe($("li:nth-child(3) h3").className);
  });

  it("puts in the typographic cover the server makes for a book without a picture", () => {
    const cover = $("li:nth-child(2) [data-pattern]");
    const host = document.createElement("div");
    host.innerHTML = renderToStaticMarkup(
      <TypographicCover book={book("The Bhagavad Gita", "")} />,
    );
    expect(cover.outerHTML).toBe(host.innerHTML);
  });
});
