// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedItem } from "~/components/news-feed-list";
import { NewsFeedList } from "~/components/news-feed-list";
import type { NewsFeedProps } from "~/components/news-feed-refresh";
import { ClockContext } from "~/components/relative-time";
import { renderFeed } from "../news-feed-render";
import { refreshFeeds, type RenderFeed } from "./news-feed";
import { countNumberFormats } from "../../../tests/support/date-formats";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const ZONE = { locale: "en-US", timeZone: "America/Chicago" };

const item = (id: string, minutesAgo: number): FeedItem => ({
  id,
  title: `Headline ${id}`,
  url: `https://news.example/${id}`,
  source: "Example",
  date: new Date(NOW - minutesAgo * 60_000).toISOString(),
});

/**
 * A News Feed as NewsFeedBlock writes it (its list's container, then its props), after the
 * stories the page shows elsewhere (`links`).
 */
function feed({
  links,
  had,
  zone = ZONE,
  pageClock,
  ...props
}: Omit<NewsFeedProps, "categories" | "zone" | "had"> & {
  links: string[];
  had: FeedItem[];
  /** Its props' zone: "none" where the page carries the clock (as NewsFeedBlock writes it). */
  zone?: NewsFeedProps["zone"] | "none";
  /** The clock island's marker and props before the feed, as the page's first date writes them. */
  pageClock?: string;
}): HTMLElement {
  const full: NewsFeedProps = {
    categories: ["local"],
    ...(zone === "none" ? {} : { zone }),
    had: had.map((i) => i.id),
    ...props,
  };
  const clockMarker =
    pageClock === undefined
      ? ""
      : `<time datetime="2026-11-25T11:00:00Z" data-relative="">1 hour ago</time><script type="text/x-island" data-island="clock" data-src="/assets/island-clock.js"></script><script type="application/json">${pageClock}</script>`;
  const stories =
    clockMarker + links.map((url) => `<article><a href="${url}">A story</a></article>`).join("");
  const clock = { now: NOW, ...ZONE };
  document.body.innerHTML = `${stories}<section><div data-news-feed="/assets/island-news-feed-render.js">${renderToString(
    <ClockContext value={clock}>
      <NewsFeedList items={had} />
    </ClockContext>,
  )}</div><script type="application/json">${JSON.stringify(full)}</script></section>`;
  return document.querySelector("[data-news-feed]") as HTMLElement;
}

/** /api/articles answering `articles` (ready), or failing with `status`. */
function answer(articles: FeedItem[] | null, status = 200) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ state: "ready", articles }), {
        status,
        headers: { "content-type": "application/json" },
      }),
    ),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

beforeEach(() => vi.setSystemTime(NOW));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the News Feed's refresh", () => {
  it("asks for its categories and renders the newer headlines the page does not show", async () => {
    const container = feed({
      links: [item("page", 0).url],
      had: [item("old", 30)],
      limit: 2,
    });
    const fetch = answer([item("page", 0), item("new", 1), item("old", 30)]);
    const render = vi.fn<RenderFeed>();
    const load = vi.fn(() => Promise.resolve(render));
    await refreshFeeds(document, load);
    expect(fetch).toHaveBeenCalledWith("/api/articles?category=local", expect.anything());
    expect(load).toHaveBeenCalledWith("/assets/island-news-feed-render.js");
    expect(render).toHaveBeenCalledWith(container, [item("new", 1), item("old", 30)], ZONE);
  });

  it("asks for as many stories as reach its last headline (depth), and keeps what it lists", async () => {
    // The server keeps 30 stories of its categories; the page shows the 20 newest, the News
    // Feed the next 8. The API's default answer (15) holds none of them.
    const kept = Array.from({ length: 30 }, (_, i) => item(`s${i}`, 10 + i));
    const container = feed({
      links: kept.slice(0, 20).map((story) => story.url),
      had: kept.slice(20, 28),
      limit: 8,
      depth: 28,
    });
    const fetch = vi.fn((url: string) => {
      const limit = Number(new URL(url, "https://city.example").searchParams.get("limit") ?? 15);
      // A headline newer than all: the page shows it nowhere.
      const articles = [item("fresh", 1), ...kept].slice(0, limit);
      return Promise.resolve(Response.json({ state: "ready", articles }));
    });
    vi.stubGlobal("fetch", fetch);
    const render = vi.fn<RenderFeed>();
    await refreshFeeds(document, () => Promise.resolve(render));
    expect(fetch).toHaveBeenCalledWith("/api/articles?category=local&limit=28", expect.anything());
    // The new headline, then the seven newest it listed: still eight.
    expect(render).toHaveBeenCalledWith(container, [item("fresh", 1), ...kept.slice(20, 27)], ZONE);
  });

  it("never lists again a story the page shows without a link (its id, in the props)", async () => {
    const unlinked = { ...item("lead", 0), url: "#" };
    const container = feed({ links: ["#"], had: [item("old", 30)], limit: 3, shown: ["lead"] });
    answer([unlinked, item("new", 1), item("old", 30)]);
    const render = vi.fn<RenderFeed>();
    await refreshFeeds(document, () => Promise.resolve(render));
    expect(render).toHaveBeenCalledWith(container, [item("new", 1), item("old", 30)], ZONE);
  });

  it("renders with the page's clock, the clock island's props, where its own leave it out", async () => {
    const spanish = { locale: "es-US", timeZone: "America/Chicago", digits: "0123456789" };
    const container = feed({
      links: [],
      had: [item("old", 30)],
      limit: 3,
      zone: "none",
      pageClock: JSON.stringify({ ...spanish, at: NOW }),
    });
    answer([item("new", 1), item("old", 30)]);
    const render = vi.fn<RenderFeed>();
    await refreshFeeds(document, () => Promise.resolve(render));
    expect(render).toHaveBeenCalledWith(container, [item("new", 1), item("old", 30)], spanish);
    // Its own, where it has them, over the page's.
    const own = feed({ links: [], had: [item("old", 30)], limit: 3, pageClock: "{}" });
    answer([item("new", 1), item("old", 30)]);
    await refreshFeeds(document, () => Promise.resolve(render));
    expect(render).toHaveBeenLastCalledWith(own, [item("new", 1), item("old", 30)], ZONE);
  });

  it("asks for nothing where neither its props nor the page give the clock", async () => {
    const load = vi.fn(() => Promise.resolve(vi.fn<RenderFeed>()));
    for (const pageClock of [undefined, "not json", '{"locale":"en-US"}', '{"words":{}}']) {
      feed({ links: [], had: [item("old", 30)], limit: 3, zone: {}, pageClock });
      const fetch = answer([item("new", 1), item("old", 30)]);
      await refreshFeeds(document, load);
      expect(fetch, String(pageClock)).not.toHaveBeenCalled();
    }
    expect(load).not.toHaveBeenCalled();
  });

  it("loads no renderer when nothing is new, or the refresh failed", async () => {
    feed({ links: [], had: [item("a", 5)], limit: 8 });
    const load = vi.fn(() => Promise.resolve(vi.fn<RenderFeed>()));
    answer([item("a", 5)]);
    await refreshFeeds(document, load);
    answer(null, 503);
    await refreshFeeds(document, load);
    answer([]);
    await refreshFeeds(document, load);
    expect(load).not.toHaveBeenCalled();
  });

  it("adds to what it listed after an earlier refresh", async () => {
    feed({ links: [], had: [item("a", 50)], limit: 3 });
    const render = vi.fn<RenderFeed>();
    answer([item("b", 20), item("a", 50)]);
    await refreshFeeds(document, () => Promise.resolve(render));
    answer([item("c", 10)]);
    await refreshFeeds(document, () => Promise.resolve(render));
    expect(render.mock.calls.at(-1)?.[1].map((i) => i.id)).toEqual(["c", "b", "a"]);
  });

  it("knows what it lists by id, as the answer gives it: one the server dropped goes", async () => {
    feed({ links: [], had: [item("a", 50), item("b", 40)], limit: 3 });
    const render = vi.fn<RenderFeed>();
    answer([item("c", 10), item("a", 50)]);
    await refreshFeeds(document, () => Promise.resolve(render));
    expect(render.mock.calls.at(-1)?.[1].map((i) => i.id)).toEqual(["c", "a"]);
  });
});

describe("the News Feed's renderer", () => {
  it("replaces the server's list with the same component's, its dates kept by the clock", () => {
    const container = feed({ links: [], had: [item("old", 30)], limit: 8 });
    expect(container.querySelectorAll("li")).toHaveLength(1);
    act(() => renderFeed(container, [item("new", 1), item("old", 180)], ZONE));
    const items = container.querySelectorAll("li");
    expect(items).toHaveLength(2);
    expect(container.querySelectorAll("ol")).toHaveLength(1);
    expect(items[0]?.querySelector("a")?.getAttribute("href")).toBe("https://news.example/new");
    const times = [...container.querySelectorAll("time")];
    expect(times.map((t) => t.textContent)).toEqual(["Just now", "3 hours ago"]);
    expect(times.every((t) => t.hasAttribute("data-relative"))).toBe(true);
    // No second clock: the page's is already running.
    expect(container.querySelector("script")).toBeNull();
    act(() => renderFeed(container, [item("newer", 0)], ZONE));
    expect(container.querySelectorAll("li")).toHaveLength(1);
  });

  it("tells counts in the zone's digits, making no Intl.NumberFormat, as the clock island does", () => {
    const container = feed({ links: [], had: [], limit: 8 });
    const formats = countNumberFormats();
    // Locales no other test here formats a number in (formats are kept per locale).
    act(() => renderFeed(container, [item("old", 180)], { ...ZONE, locale: "en-IE" }));
    expect(container.querySelector("time")?.textContent).toBe("3 hours ago");
    const arabic = { ...ZONE, locale: "ar-SA", digits: "٠١٢٣٤٥٦٧٨٩" };
    act(() => renderFeed(container, [item("old", 180)], arabic));
    expect(container.querySelector("time")?.textContent).toBe("٣ hours ago");
    expect(formats.made()).toBe(0);
  });
});
