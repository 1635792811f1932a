// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { withPageVisibility } from "../../../tests/support/page-visibility";
import {
  CONTENT_REPLACED,
  ERROR_POLL_MS,
  LOADING_POLL_MS,
  newsStates,
  replaceContent,
  untilReady,
} from "./until-ready";

const { setHidden } = withPageVisibility();

const LOADING = `<p role="status" data-news-state="loading">Loading sports news...</p>`;
const FAILED = `<p role="alert" data-news-state="error">Error loading news: Failed to fetch RSS feed</p>`;
const READY = `<article><h2><a href="https://news.example/1">A story</a></h2></article>`;

/** A page as the server makes it, its main content `html`. */
function page(html: string): Document {
  return new DOMParser().parseFromString(
    `<main id="main-content" tabindex="-1">${html}</main>`,
    "text/html",
  );
}

/** The page the reader has open, its main content `html`. */
function open(html: string): HTMLElement {
  document.body.innerHTML = `<main id="main-content" tabindex="-1">${html}</main>`;
  return document.getElementById("main-content") as HTMLElement;
}

/** Lets the asked-for page arrive (the fake clock does not run promises). */
const settle = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => document.body.replaceChildren());

describe("until-ready: a page whose news is loading or failed asks again", () => {
  it("asks every 2 s while loading, every 10 s once failed, never once ready", async () => {
    const main = open(LOADING);
    const answers = [page(LOADING), page(FAILED), page(FAILED), page(READY)];
    const ask = vi.fn(() => Promise.resolve(answers.shift() ?? null));
    untilReady(main, ask);
    await vi.advanceTimersByTimeAsync(LOADING_POLL_MS - 1);
    expect(ask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(1);
    // Still loading: nothing changes.
    expect(main.innerHTML).toBe(LOADING);
    await vi.advanceTimersByTimeAsync(LOADING_POLL_MS);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(newsStates(main)).toBe("error: Error loading news: Failed to fetch RSS feed");
    // Failed: every 10 s.
    await vi.advanceTimersByTimeAsync(ERROR_POLL_MS - 1);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(ERROR_POLL_MS);
    expect(ask).toHaveBeenCalledTimes(4);
    expect(main.innerHTML).toBe(READY);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * ERROR_POLL_MS);
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it("asks nothing on a page whose news is ready", async () => {
    const ask = vi.fn(() => Promise.resolve(null));
    untilReady(open(READY), ask);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ask).not.toHaveBeenCalled();
  });

  it("asks nothing while the page is hidden; back in view, it asks at once, then on time", async () => {
    const ask = vi.fn(() => Promise.resolve(page(LOADING)));
    untilReady(open(LOADING), ask);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(20 * LOADING_POLL_MS);
    expect(ask).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    setHidden(false);
    await settle();
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LOADING_POLL_MS - 1);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it("asks nothing while its last question is unanswered", async () => {
    const ask = vi.fn(() => new Promise<Document | null>(() => {}));
    untilReady(open(LOADING), ask);
    await vi.advanceTimersByTimeAsync(5 * LOADING_POLL_MS);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("keeps what it shows when the page could not be had", async () => {
    const main = open(FAILED);
    untilReady(main, () => Promise.resolve(null));
    await vi.advanceTimersByTimeAsync(3 * ERROR_POLL_MS);
    expect(main.innerHTML).toBe(FAILED);
  });
});

describe("replacing the main content", () => {
  it("starts the islands of the new content, keeps focus on the same link, and says so", () => {
    const main = open(`${LOADING}<aside><a href="/faq">FAQ</a></aside>`);
    main.querySelector("a")?.focus();
    const heard = vi.fn();
    document.addEventListener(CONTENT_REPLACED, heard);
    const next = page(
      `${READY}<aside><a href="/faq">FAQ</a></aside><script type="text/x-island" data-island="news-feed" data-src="/assets/island-x.js"></script>`,
    ).getElementById("main-content") as HTMLElement;
    replaceContent(main, next);
    document.removeEventListener(CONTENT_REPLACED, heard);
    expect(document.activeElement?.textContent).toBe("FAQ");
    expect(main.contains(document.activeElement)).toBe(true);
    const script = main.querySelector("script");
    expect(script?.getAttribute("src")).toBe("/assets/island-x.js");
    expect(script?.dataset.island).toBe("news-feed");
    expect(script?.type).toBe("module");
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("gives focus to the content itself when its element is gone", () => {
    const main = open(`${LOADING}<button>Retry</button>`);
    main.querySelector("button")?.focus();
    replaceContent(main, page(READY).getElementById("main-content") as HTMLElement);
    expect(document.activeElement).toBe(main);
  });
});
