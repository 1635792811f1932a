import { describe, expect, it } from "vitest";
import { MIN_RECENT, composeCategory, type Candidate } from "./compose";
import type { StoredArticle } from "./store";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let nextId = 1;
/** A story of feed `feedId`, published `age` ms before NOW (null: undated). */
function candidate(
  feedId: number,
  title: string,
  age: number | null,
  extra: Partial<StoredArticle> = {},
): Candidate {
  const id = nextId++;
  return {
    feedId,
    article: {
      id,
      uid: String(id),
      title,
      summary: "",
      url: `https://outlet${feedId}.example/${id}`,
      image: "/images/default-news.svg",
      imageIsDefault: true,
      publishedAt: age === null ? null : NOW - age,
      claimedAt: null,
      category: "local",
      language: null,
      feedUrl: `https://outlet${feedId}.example/feed`,
      source: `Outlet ${feedId}`,
      ...extra,
    },
  };
}

const compose = (list: Candidate[], windowMs: number | null = 3 * DAY, limit = 30) =>
  composeCategory(list, { now: NOW, windowMs, limit });

describe("composeCategory: each story once", () => {
  it("keeps a wire story two feeds ran once, the copy published first, crediting the other", () => {
    const title = "Storm knocks out power to thousands across the Gulf Coast";
    const later = candidate(1, title, 1 * HOUR);
    const first = candidate(2, title, 3 * HOUR);
    const other = candidate(1, "City council approves the new budget for parks", 2 * HOUR);
    const { articles } = compose([later, other, first]);
    expect(articles.map((a) => a.id)).toEqual([other.article.id, first.article.id]);
    expect(articles[1]?.alsoAt).toEqual([{ source: "Outlet 1", url: later.article.url }]);
    expect(articles[0]).not.toHaveProperty("alsoAt");
  });

  it("matches headlines whatever their case, accents and punctuation", () => {
    const a = candidate(1, "Mayor’s plan: a new bridge over the bayou", HOUR);
    const b = candidate(2, "MAYOR'S PLAN — A NEW BRIDGE OVER THE BAYOU", 2 * HOUR);
    const c = candidate(3, "Mayor's plan a new bridge over the Bayóu!", 3 * HOUR);
    const { articles } = compose([a, b, c]);
    expect(articles).toHaveLength(1);
    expect(articles[0]?.id).toBe(c.article.id);
    expect(articles[0]?.alsoAt?.map((o) => o.source)).toEqual(["Outlet 1", "Outlet 2"]);
  });

  it("merges the same link from two feeds, whatever its tracking parameters", () => {
    const a = candidate(1, "Short title", HOUR, {
      url: "https://www.wire.example/s/1?utm_source=rss",
    });
    const b = candidate(2, "Other words", 2 * HOUR, { url: "https://wire.example/s/1/" });
    const { articles } = compose([a, b]);
    expect(articles).toHaveLength(1);
    expect(articles[0]?.id).toBe(b.article.id);
  });

  it("keeps one feed's recurring headlines apart: they are different days' stories", () => {
    const title = "Your evening briefing: what you need to know tonight";
    const today = candidate(1, title, HOUR);
    const yesterday = candidate(1, title, DAY);
    expect(compose([today, yesterday]).articles).toHaveLength(2);
  });

  it("keeps short headlines from two feeds apart (too little to tell one story)", () => {
    expect(
      compose([
        candidate(1, "Letters to the editor", HOUR),
        candidate(2, "Letters to the editor", 2 * HOUR),
      ]).articles,
    ).toHaveLength(2);
  });

  it("credits each other publisher once, never the kept copy's own", () => {
    const title = "Astros sign their ace to a five-year extension";
    const { articles } = compose([
      candidate(1, title, HOUR, { source: "Wire" }),
      candidate(2, title, 2 * HOUR, { source: "Wire" }),
      candidate(3, title, 3 * HOUR, { source: "Chronicle" }),
      candidate(4, title, 4 * HOUR, { source: "KHOU" }),
    ]);
    expect(articles).toHaveLength(1);
    expect(articles[0]?.source).toBe("KHOU");
    expect(articles[0]?.alsoAt?.map((o) => o.source)).toEqual(["Wire", "Chronicle"]);
  });

  it("takes a dated copy over an undated one as the first published", () => {
    const title = "Port of Houston reports a record month for containers";
    const undated = candidate(1, title, null);
    const dated = candidate(2, title, 5 * HOUR);
    const { articles } = compose([dated, undated]);
    expect(articles.map((a) => a.id)).toEqual([dated.article.id]);
  });
});

describe("composeCategory: recent stories first", () => {
  const titles = (n: number, age: (i: number) => number | null) =>
    Array.from({ length: n }, (_, i) => candidate(1, `Story number ${i}`, age(i)));

  it(`shows only the window's stories when it has ${MIN_RECENT} or more`, () => {
    const recent = titles(MIN_RECENT, (i) => (i + 1) * HOUR);
    const old = titles(10, (i) => (30 + i) * DAY);
    const { articles, changesAt } = compose([...recent, ...old]);
    expect(articles.map((a) => a.id)).toEqual(recent.map((c) => c.article.id));
    // The list changes when its oldest recent story leaves the window.
    expect(changesAt).toBe(NOW - MIN_RECENT * HOUR + 3 * DAY);
  });

  it(`lets older stories fill in after the recent ones when fewer than ${MIN_RECENT} are recent`, () => {
    const recent = titles(MIN_RECENT - 1, (i) => (i + 1) * HOUR);
    const old = titles(3, (i) => (30 + i) * DAY);
    const undated = titles(1, () => null);
    const { articles, changesAt } = compose([...recent, ...old, ...undated]);
    expect(articles.map((a) => a.id)).toEqual(
      [...recent, ...old, ...undated].map((c) => c.article.id),
    );
    expect(changesAt).toBe(Infinity);
  });

  it("shows a stale category's old stories rather than nothing", () => {
    const old = titles(8, (i) => (400 + i) * DAY);
    expect(compose(old).articles).toHaveLength(8);
  });

  it("has no window for the archives: every story, by date", () => {
    const list = titles(20, (i) => (i + 1) * 100 * DAY);
    const { articles, changesAt } = compose(list, null, 15);
    expect(articles).toHaveLength(15);
    expect(changesAt).toBe(Infinity);
  });

  it("keeps at most `limit` stories", () => {
    expect(
      compose(
        titles(40, (i) => i * 60_000),
        3 * DAY,
        30,
      ).articles,
    ).toHaveLength(30);
  });
});
