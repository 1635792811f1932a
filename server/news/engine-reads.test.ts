import { describe, expect, it, vi } from "vitest";
import { fetchedFeed, rssDocument } from "../../tests/support/rss";
import { openDatabase, type Db } from "../db/open";
import { ALL_FEEDS_FAILED, NewsEngine, combineNews, type CategoryNews } from "./engine";
import { Subscriptions, type FeedListing, type NetworkRules } from "./subscriptions";
import { parseSearchQuery } from "./search";
import type { SearchQuery } from "./store";
import { NewsStore, type StoredArticle } from "./store";

import {
  dbs,
  CITY,
  REFRESH_MS,
  T0,
  harness,
  rowsOf,
  rss,
} from "../../tests/support/engine-harness";

describe("combineNews (home's News Feed, /api/articles with several categories)", () => {
  let nextId = 1;
  const article = (title: string, hour: number | null, url = `https://n.example/${title}`) =>
    ({
      id: nextId++,
      uid: title,
      title,
      summary: "",
      url,
      image: "/images/default-news.svg",
      imageIsDefault: true,
      publishedAt: hour === null ? null : T0 + hour * 3600_000,
      claimedAt: null,
      category: "local",
      feedUrl: "https://feeds.example/x",
      source: "Example News",
      language: null,
    }) satisfies StoredArticle;
  const news = (
    category: CategoryNews["category"],
    articles: StoredArticle[],
    state: CategoryNews["state"] = "ready",
  ): CategoryNews => ({
    category,
    state,
    error: state === "error" ? ALL_FEEDS_FAILED : null,
    updatedAt: articles.length ? T0 : null,
    articles,
  });

  it("lists every category's stories newest first, undated last, each story once", async () => {
    const shared = "https://n.example/shared";
    const combined = combineNews([
      news("local", [article("L1", 1), article("L-undated", null), article("both", 0, shared)]),
      news("world", [article("W2", 2), article("both again", -1, shared), article("W0", -2)]),
    ]);
    expect(combined.categories).toEqual(["local", "world"]);
    expect(combined.articles.map((a) => a.title)).toEqual(["W2", "L1", "both", "W0", "L-undated"]);
    expect(combined.state).toBe("ready");
  });

  it("keeps every story without a link (a hostile feed's non-http links): each is itself, as the pages show it", async () => {
    const combined = combineNews([
      news("local", [
        article("No link one", 3, "#"),
        article("No link two", 2, "#"),
        article("No link three", 1, "#"),
        article("L1", 0),
      ]),
    ]);
    expect(combined.articles.map((a) => a.title)).toEqual([
      "No link one",
      "No link two",
      "No link three",
      "L1",
    ]);
  });

  it("keeps the newest `limit`", async () => {
    const many = Array.from({ length: 20 }, (_, i) => article(`A${i}`, i));
    expect(combineNews([news("local", many)], 8).articles.map((a) => a.title)).toEqual([
      "A19",
      "A18",
      "A17",
      "A16",
      "A15",
      "A14",
      "A13",
      "A12",
    ]);
  });

  it.each([
    [["ready", "error"], "ready", true],
    [["loading", "error"], "loading", false],
    [["error", "error"], "error", false],
    [["ready", "ready"], "ready", false],
  ] as const)("states %j → %s (articles: %s)", (states, expected, withArticles) => {
    const combined = combineNews([
      news("local", withArticles ? [article("x", 1)] : [], states[0]),
      news("world", [], states[1]),
    ]);
    expect(combined.state).toBe(expected);
    expect(combined.error).toBe(expected === "error" ? ALL_FEEDS_FAILED : null);
  });
});

describe("the in-memory snapshot of each category", () => {
  it("answers pages from memory: no SQL on a read, whatever the number of reads", async () => {
    const h = await harness([{ key: "world", url: "https://a.example/w" }], () =>
      rss([{ title: "One", date: new Date(T0).toUTCString() }]),
    );
    await h.engine.refreshDue();
    await h.engine.getCategory("world");
    const newest = vi.spyOn(h.store, "newest");
    const feeds = vi.spyOn(h.store, "feeds");
    const prepare = vi.spyOn(h.db.sqlite as Db, "prepare");
    for (let i = 0; i < 100; i++)
      expect((await h.engine.getCategory("world")).articles).toHaveLength(1);
    expect(newest).not.toHaveBeenCalled();
    expect(feeds).not.toHaveBeenCalled();
    expect(prepare).not.toHaveBeenCalled();
  });

  it("is replaced when a refresh changes what the category shows, and its version moves", async () => {
    let title = "First";
    const h = await harness([{ key: "world", url: "https://a.example/w" }], () =>
      rss([{ title, date: new Date(T0).toUTCString() }]),
    );
    const changes: [string, number][] = [];
    h.engine.onChange((url) => changes.push([url, h.engine.version("world")]));
    const loading = h.engine.version("world");
    const changesBefore = h.engine.changes();
    await h.engine.refreshDue();
    const first = h.engine.version("world");
    expect(first).toBe(loading + 1);
    // The engine's count of changes moves with any version (the page cache's epoch).
    expect(h.engine.changes()).toBeGreaterThan(changesBefore);
    const changesAtFirst = h.engine.changes();
    expect((await h.engine.getCategory("world")).articles[0]?.title).toBe("First");
    title = "Second";
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    expect((await h.engine.getCategory("world")).articles.map((a) => a.title)).toEqual([
      "Second",
      "First",
    ]);
    expect(h.engine.version("world")).toBe(first + 1);
    expect(h.engine.changes()).toBeGreaterThan(changesAtFirst);
    expect(changes).toEqual([
      ["https://a.example/w", first],
      ["https://a.example/w", first + 1],
    ]);
  });

  it("keeps its version when a refresh changes nothing it shows", async () => {
    const h = await harness([{ key: "world", url: "https://a.example/w" }], () => ({
      kind: "error",
      reason: "HTTP 500",
    }));
    await h.engine.refreshDue();
    const version = h.engine.version("world");
    const changes = h.engine.changes();
    expect((await h.engine.getCategory("world")).state).toBe("error");
    h.clock.now += 3600_000;
    await h.engine.refreshDue();
    expect(h.engine.version("world")).toBe(version);
    expect(h.engine.changes()).toBe(changes);
  });
});

describe("one fetch per feed URL", () => {
  it("fetches and parses a URL that two categories list once per refresh, and stores it for each", async () => {
    const url = "https://a.example/shared";
    const h = await harness(
      [
        { key: "local", url },
        { key: "business", url },
        { key: "business", url: "https://a.example/own" },
      ],
      (u) =>
        rss([
          { title: u === url ? "Shared story" : "Own story", date: new Date(T0).toUTCString() },
        ]),
    );
    await h.engine.refreshDue();
    expect(h.fetch.mock.calls.map(([u]) => u).sort()).toEqual(["https://a.example/own", url]);
    expect(
      (await h.engine.getCategory("local")).articles.map((a) => [a.title, a.category]),
    ).toEqual([["Shared story", "local"]]);
    expect(
      (await h.engine.getCategory("business")).articles.map((a) => [a.title, a.category]).sort(),
    ).toEqual([
      ["Own story", "business"],
      ["Shared story", "business"],
    ]);
    // Stored once, with the key of the category first listing it (migration 0011), not a label.
    const stored = await h.db.db
      .selectFrom("articles")
      .select(["title", "category"])
      .orderBy("title")
      .execute();
    expect(stored).toEqual([
      { title: "Own story", category: "business" },
      { title: "Shared story", category: "local" },
    ]);
    h.clock.now += REFRESH_MS * 2;
    await h.engine.refreshDue();
    expect(h.fetch).toHaveBeenCalledTimes(4);
  });
});

describe("retention", () => {
  it("deletes what no fetch listed for RETENTION_DAYS beyond each feed's newest RETENTION_MIN_PER_FEED", async () => {
    let batch = 0;
    const h = await harness(
      [{ key: "world", url: "https://a.example/w" }],
      () => {
        batch++;
        return rss(
          Array.from({ length: 15 }, (_, i) => ({
            title: `Batch ${batch} story ${i}`,
            date: new Date(T0 + batch * 86_400_000 - i * 60_000).toUTCString(),
          })),
        );
      },
      undefined,
      { retention: { days: 30, minPerFeed: 20 } },
    );
    // Four daily fetches of 15 new stories each: 60 stored.
    for (let day = 0; day < 4; day++) {
      await h.engine.refreshDue();
      h.clock.now += 86_400_000;
    }
    const [feed] = await rowsOf(h.store, h.sources, "world");
    expect(await h.store.countArticles(feed?.id ?? -1)).toBe(60);
    // Nothing is 30 days old yet: all stay.
    expect(await h.engine.prune()).toBe(0);
    // 31 days on, all are old: the newest 20 stay.
    h.clock.now += 31 * 86_400_000;
    expect(await h.engine.prune()).toBe(40);
    expect(await h.store.countArticles(feed?.id ?? -1)).toBe(20);
    expect((await h.engine.getCategory("world")).articles[0]?.title).toBe("Batch 4 story 0");
  });

  it("runs at start and every hour", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const h = await harness([], () => rss([]));
      const prune = vi.spyOn(h.store, "prune");
      await h.engine.start();
      expect(prune).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(3600_000);
      expect(prune).toHaveBeenCalledTimes(2);
      await h.engine.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the store's reads", () => {
  it("take a feed's newest from the index, never sorting its history", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const id = (await store.addFeeds(["https://a.example/w"])).get("https://a.example/w") ?? -1;
    // The query the store runs (Kysely's text of it), as SQLite plans it.
    const execute = vi.spyOn(db.db.getExecutor(), "executeQuery");
    await store.newest({ id, url: "https://a.example/w", title: null }, 15);
    const query = execute.mock.calls[0]?.[0];
    expect(query?.sql).toMatch(/order by published_at IS NULL/i);
    const plan = (db.sqlite as Db)
      .prepare(`EXPLAIN QUERY PLAN ${query?.sql ?? ""}`)
      .all(...(query?.parameters ?? [])) as { detail: string }[];
    expect(plan.map((p) => p.detail).join("; ")).toMatch(/USING (COVERING )?INDEX articles_newest/);
    expect(plan.map((p) => p.detail).join("; ")).not.toMatch(/TEMP B-TREE/);
  });

  it("prepare each statement once, and reuse it", async () => {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const store = new NewsStore(db);
    const id = (await store.addFeeds(["https://a.example/w"])).get("https://a.example/w") ?? -1;
    const query = parseSearchQuery("x") as SearchQuery;
    const everything = async () => {
      await store.addFeeds(["https://a.example/w"]);
      await store.recordSuccess(id, {
        articles: [],
        etag: null,
        lastModified: null,
        now: T0,
        nextAttempt: T0,
      });
      await store.newest({ id, url: "https://a.example/w", title: null }, 15);
      await store.feeds();
      await store.search(query, 10, [id]);
      await store.articles([1]);
      await store.prune(T0);
    };
    await everything();
    const prepare = vi.spyOn(db.sqlite as Db, "prepare");
    await everything();
    expect(prepare).not.toHaveBeenCalled();
  });
});

describe("leases on a database of one instance (SQLite)", () => {
  it("takes back at start-up what its previous run leased and left mid-refresh", async () => {
    const db = await openDatabase(":memory:");
    const store = new NewsStore(db);
    const url = "https://a.example/w";
    const ids = [...(await store.addFeeds([url])).values()];
    // The previous run leased the feed, then stopped before writing.
    expect(await store.claim(ids, T0, 60_000, "previous run")).toEqual(ids);
    expect(await store.claim(ids, T0 + 1_000, 60_000, "another")).toEqual([]);
    const h = await harness([{ key: "world", url }], () => rss([{ title: "Back" }]), db);
    await h.engine.refreshDue();
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect((await h.store.feeds())[0]?.leaseUntil).toBeNull();
  });
});

describe("what a category's pages credit and show", () => {
  /** An engine over one city listing `feeds` for world news, each answering `answers[url]`. */
  async function worldEngine(
    feeds: FeedListing[],
    answers: Record<string, string>,
    clock = { now: T0 },
    network?: NetworkRules,
  ) {
    const db = await openDatabase(":memory:");
    dbs.push(db);
    const engine = await NewsEngine.open({
      store: new NewsStore(db),
      subscriptions: Subscriptions.of(CITY, "America/Chicago", { world: feeds }, network),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      userAgent: "test",
      defaultImage: "/images/default-news.svg",
      refreshMs: REFRESH_MS,
      maxRefreshMs: REFRESH_MS,
      now: () => clock.now,
      random: () => 0.5,
      fetch: async (url) => fetchedFeed(answers[url] ?? "", url),
    });
    await engine.refreshDue();
    return { engine, clock, read: () => engine.city(CITY).getCategory("world") };
  }

  /** A channel titled `title` of `items` (title and age in hours, or null: undated). */
  const channel = (title: string, items: [string, number | null][], elements = "") =>
    rssDocument({
      title,
      elements,
      items: items.map(([t, hours], i) => ({
        title: t,
        link: `https://${title.replace(/\W/g, "")}.example/${i}`,
        date: hours === null ? undefined : T0 - hours * 3600_000,
      })),
    });

  it("credits each story to its feed's title, or to the short name and language the city's data give", async () => {
    const { read } = await worldEngine(
      [{ url: "https://a.example/w", name: "The Wire", language: "es" }, "https://b.example/w"],
      {
        "https://a.example/w": channel("A Wire Service - Top Stories - Public RSS", [["Uno", 1]]),
        "https://b.example/w": channel(
          "The Other Paper",
          [["Two", 2]],
          "<language>en-gb</language>",
        ),
      },
    );
    const { articles } = await read();
    expect(articles.map((a) => [a.title, a.source, a.language])).toEqual([
      ["Uno", "The Wire", "es"],
      ["Two", "The Other Paper", "en-GB"],
    ]);
  });

  it("shows a wire story two feeds ran once, the first published, crediting the other outlet", async () => {
    const wire = "Storm knocks out power to thousands across the Gulf Coast";
    const { read } = await worldEngine(["https://a.example/w", "https://b.example/w"], {
      "https://a.example/w": channel("Paper A", [
        [wire, 1],
        ["Council approves the parks budget for next year", 2],
      ]),
      "https://b.example/w": channel("Paper B", [[wire, 3]]),
    });
    const { articles } = await read();
    expect(articles.map((a) => [a.title, a.source])).toEqual([
      ["Council approves the parks budget for next year", "Paper A"],
      [wire, "Paper B"],
    ]);
    expect(articles[1]?.alsoAt).toEqual([{ source: "Paper A", url: "https://papera.example/0" }]);
  });

  it("credits an aggregator's item to the outlet it names, over the feed's title and the listing's name", async () => {
    const item = (title: string, outlet: string, url: string, hours: number) =>
      `<item><title>${title} - ${outlet}</title><link>${url}</link><source url="https://${outlet.toLowerCase()}.example">${outlet}</source><pubDate>${new Date(T0 - hours * 3600_000).toUTCString()}</pubDate></item>`;
    const { read, engine } = await worldEngine(
      [{ url: "https://news.google.example/rss", name: "Google News" }, "https://b.example/w"],
      {
        "https://news.google.example/rss": `<rss><channel><title>Top stories - Google News</title>${item(
          "Senate passes the budget",
          "CNN",
          "https://news.google.example/a/1",
          1,
        )}<item><title>An item naming no outlet</title><link>https://news.google.example/a/2</link><pubDate>${new Date(T0 - 2 * 3600_000).toUTCString()}</pubDate></item></channel></rss>`,
        "https://b.example/w": `<rss><channel><title>Paper B</title>${item(
          "Floods close the port",
          "The Associated Press",
          "https://b.example/3",
          3,
        )}</channel></rss>`,
      },
    );
    const { articles } = await read();
    expect(articles.map((a) => [a.title, a.source, a.feedUrl])).toEqual([
      ["Senate passes the budget", "CNN", "https://news.google.example/rss"],
      ["An item naming no outlet", "Google News", "https://news.google.example/rss"],
      ["Floods close the port", "The Associated Press", "https://b.example/w"],
    ]);
    // A search's result names the same outlet.
    const found = await engine.city(CITY).search("senate");
    expect(found.hits.map((h) => [h.article.title, h.article.source])).toEqual([
      ["Senate passes the budget", "CNN"],
    ]);
  });

  it("drops from a byline the outlet it is credited to, keeping the other authors", async () => {
    const item = (title: string, authors: string[], hours: number) =>
      `<item><title>${title}</title><link>https://tm.example/${hours}</link>${authors
        .map((a) => `<dc:creator>${a}</dc:creator>`)
        .join("")}<pubDate>${new Date(T0 - hours * 3600_000).toUTCString()}</pubDate></item>`;
    const rss = (title: string, items: string) =>
      `<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${title}</title>${items}</channel></rss>`;
    const { read, engine } = await worldEngine(
      [{ url: "https://tm.example/rss", name: "Transfermarkt" }, "https://b.example/w"],
      {
        "https://tm.example/rss": rss(
          "TM News",
          item("Villarreal signs Iborra from Leicester", ["Transfermarkt"], 1) +
            item("Salzburg blocks a transfer to Leipzig", ["Ana Pérez", "TRANSFERMARKT"], 2),
        ),
        // Named after the feed's own title, with no listing name.
        "https://b.example/w": rss(
          "Paper B",
          item("Floods close the port", ["Paper B"], 3) +
            item("The port opens again", ["Paper B Staff"], 4),
        ),
      },
    );
    const { articles } = await read();
    expect(articles.map((a) => [a.title, a.source, a.authors])).toEqual([
      ["Villarreal signs Iborra from Leicester", "Transfermarkt", undefined],
      ["Salzburg blocks a transfer to Leipzig", "Transfermarkt", ["Ana Pérez"]],
      ["Floods close the port", "Paper B", undefined],
      ["The port opens again", "Paper B", ["Paper B Staff"]],
    ]);
    const found = await engine.city(CITY).search("villarreal");
    expect(found.hits[0]?.article.authors).toBeUndefined();
  });

  it("leaves paid posts out, unless a listing keeps them: then they are marked to be labelled", async () => {
    const feed = (title: string) =>
      `<rss><channel><title>${title}</title>` +
      `<item><title>[Sponsor] Timing — Automatic Time Tracking</title><link>https://${title}.example/1</link><pubDate>${new Date(T0 - 3600_000).toUTCString()}</pubDate></item>` +
      `<item><title>A mall opens</title><category>Sponsored</category><link>https://${title}.example/2</link><pubDate>${new Date(T0 - 2 * 3600_000).toUTCString()}</pubDate></item>` +
      `<item><title>Council approves the budget</title><link>https://${title}.example/3</link><pubDate>${new Date(T0 - 3 * 3600_000).toUTCString()}</pubDate></item>` +
      `</channel></rss>`;
    const { read } = await worldEngine(
      ["https://a.example/w", { url: "https://b.example/w", sponsored: "keep" }],
      { "https://a.example/w": feed("a"), "https://b.example/w": feed("b") },
    );
    const { articles } = await read();
    expect(articles.map((a) => [a.url, a.title, a.sponsored ?? false])).toEqual([
      ["https://b.example/1", "Timing — Automatic Time Tracking", true],
      ["https://b.example/2", "A mall opens", true],
      ["https://a.example/3", "Council approves the budget", false],
      ["https://b.example/3", "Council approves the budget", false],
    ]);
  });

  it("leaves out what the network's and a listing's rules say is not news, in the category and in search alike", async () => {
    const at = (hours: number) =>
      `<pubDate>${new Date(T0 - hours * 3600_000).toUTCString()}</pubDate>`;
    const item = (site: string, i: number, title: string, extra = "") =>
      // (each feed's headlines its own: the same headline twice is one wire story)
      `<item><title>${title} (${site})</title><link>https://${site}.example/${i}</link>${at(i)}${extra}</item>`;
    const feed = (site: string) =>
      `<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${site}</title>` +
      item(site, 1, "We&apos;re hiring: night editor for our Houston desk") +
      item(site, 2, "Metro reporter (full-time, Houston)", "<category>Jobs</category>") +
      item(
        site,
        3,
        "Hiring freeze at City Hall leaves 300 posts empty",
        "<dc:creator>Ana Pérez</dc:creator>",
      ) +
      item(site, 4, "Promo: two tickets for the price of one") +
      item(site, 5, "City Hall is hiring fewer police officers this year") +
      item(site, 6, "Night market opens", "<category>Sponsored content</category>") +
      item(site, 7, "Hiring fair draws 2,000", "<category>Advertorial</category>") +
      `</channel></rss>`;
    const { read, engine } = await worldEngine(
      ["https://a.example/w", { url: "https://b.example/w", notNews: { titles: ["Promo:"] } }],
      { "https://a.example/w": feed("a"), "https://b.example/w": feed("b") },
      { now: T0 },
      { notNews: { titles: ["We're hiring"], categories: ["Jobs"] } },
    );
    const { articles } = await read();
    expect(articles.map((a) => a.url)).toEqual([
      "https://a.example/3",
      "https://b.example/3",
      "https://a.example/4", // (the listing's own rule is b's alone)
      "https://a.example/5",
      "https://b.example/5",
    ]);
    expect(articles[0]?.authors).toEqual(["Ana Pérez"]);
    // Read by the rules, the categories are not handed on.
    expect(articles.some((a) => "categories" in a)).toBe(false);
    // A search finds the same stories, never what the rules leave out.
    const found = async (q: string) =>
      (await engine.city(CITY).search(q)).hits.map((h) => h.article.url).sort();
    expect(await found("hiring")).toEqual([
      "https://a.example/3",
      "https://a.example/5",
      "https://b.example/3",
      "https://b.example/5",
    ]);
    expect(await found("promo")).toEqual(["https://a.example/4"]);
    // Counted as shown: what the rules leave out is no result.
    expect((await engine.city(CITY).search("hiring")).total).toBe(4);
    expect((await engine.city(CITY).search("reporter")).total).toBe(0);
    expect(await found("reporter")).toEqual([]);
    expect(await found("market")).toEqual([]);
  });

  it("shows the window's stories alone while there are five, and the older ones once time leaves fewer", async () => {
    // Six stories of the last hours, four of last month; world news keeps 3 days.
    const recent: [string, number][] = [1, 2, 3, 4, 5, 60].map((h) => [`Recent ${h}`, h]);
    const old: [string, number][] = [700, 800, 900, 1000].map((h) => [`Old ${h}`, h]);
    const { read, clock } = await worldEngine(["https://a.example/w"], {
      "https://a.example/w": channel("Paper", [...recent, ...old]),
    });
    expect((await read()).articles.map((a) => a.title)).toEqual(recent.map(([t]) => t));
    // Thirteen hours on, the 60-hour-old story has left the window: five remain, alone.
    clock.now = T0 + 13 * 3600_000;
    expect((await read()).articles).toHaveLength(5);
    // At 67.5 hours, "Recent 5" has left too: four recent stories, and the older ones follow
    // them (no refresh in between: time alone changed what the category shows).
    clock.now = T0 + 67.5 * 3600_000;
    expect((await read()).articles.map((a) => a.title)).toEqual(
      [...recent, ...old].map(([t]) => t),
    );
  });
});
