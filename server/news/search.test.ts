import Database from "better-sqlite3";
import pg from "pg";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FeedKey } from "../../sites/categories";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { databaseFixture, makeLegacySqlite } from "../../tests/support/databases";
import { openDatabase, type Db, type Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { NewsEngine } from "./engine";
import type { FetchResult } from "./fetcher";
import type { Article } from "./normalize";
import { story as storyAt } from "../../tests/support/stories";
import { fetchedFeed, rssDocument } from "../../tests/support/rss";
import {
  MAX_QUERY_LENGTH,
  MAX_TERMS,
  markText,
  relevanceOf,
  termMatcher,
  titleRelevanceOf,
  type QueryTerms,
} from "../../common/search-text";
import { stemmerFor } from "../../common/stemming";
import {
  RECENCY_HALF_LIFE_MS,
  SEARCH_PAGE_SIZE,
  SEARCH_WINDOW,
  normalizeSearchText,
  parseSearchQuery,
  type SearchResults,
} from "./search";
import type { ListedFeed } from "./feed-report";
import { Subscriptions } from "./subscriptions";
import { NewsStore, type SearchQuery } from "./store";

/** A feed as the tests' city lists it: its category and URL. */
type FeedSource = ListedFeed;
/** The city whose stories these tests search. */
const CITY = "test";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const HOUR = 3600_000;

const dbs: Store[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close()));
});

// Search reads the same on both databases: SQLite's FTS5 index and PostgreSQL's tsvector.
let postgres: TestPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
// Stopping removes its folder, forty-odd databases, which a busy machine takes seconds over.
afterAll(() => postgres?.stop(), 60_000);

/** The database the tests of a block run on. */
let dialect: Store["dialect"] = "sqlite";

/** A fresh, empty database of the current dialect. */
function fresh(): Promise<Store> {
  return dialect === "postgres"
    ? openPostgres((postgres as TestPostgres).createDatabase(), { poolSize: 2 })
    : openDatabase(":memory:");
}

/** An article of the feeds' parse, published at T0 unless `extra` says otherwise. */
const story = (uid: string, title: string, extra: Partial<Article> = {}): Article =>
  storyAt(uid, title, T0, extra);

/** A store and an engine over it; `fetch` answers the engine's refreshes (none by default). */
async function setUp(
  sources: FeedSource[] = [{ key: "local", url: "https://feeds.example.org/local" }],
  fetch: (url: string) => FetchResult = () => ({ kind: "error", reason: "no network in tests" }),
  given?: Store,
) {
  const db = given ?? (await fresh());
  if (!given) dbs.push(db);
  const store = new NewsStore(db);
  const clock = { now: T0 };
  const feeds: Partial<Record<FeedKey, string[]>> = {};
  for (const { key, url } of sources) (feeds[key] ??= []).push(url);
  const network = await NewsEngine.open({
    store,
    subscriptions: Subscriptions.of(CITY, "America/Chicago", feeds),
    log: { info: () => {}, warn: () => {}, error: () => {} },
    userAgent: "test",
    defaultImage: "/images/default-news.svg",
    refreshMs: 600_000,
    maxRefreshMs: 600_000,
    now: () => clock.now,
    fetch: async (url) => fetch(url),
  });
  /** The city's search, and the network's refresh. */
  const engine = {
    search: (query: string, page?: number) => network.city(CITY).search(query, page),
    refreshDue: () => network.refreshDue(),
  };
  /** Stores `articles` as one successful fetch of the feed of `key` (its first feed). */
  const save = async (articles: Article[], key: FeedKey = "local") => {
    const url = sources.find((s) => s.key === key)?.url;
    const id = url === undefined ? undefined : (await store.addFeeds([url])).get(url);
    if (id === undefined) throw new Error(`no feed for ${key}`);
    await store.recordSuccess(id, {
      articles,
      etag: null,
      lastModified: null,
      now: clock.now,
      nextAttempt: clock.now + 600_000,
    });
  };
  return { db, store, engine, network, clock, save };
}

const titles = (results: SearchResults) => results.hits.map((h) => h.article.title);

describe("normalizeSearchText", () => {
  it("spells queries that search and read the same one way: case, spaces, +, repeated words", () => {
    for (const q of [
      "Flood Houston",
      "  flood   houston ",
      "flood+houston+",
      "FLOOD houston",
      "houston flood houston",
    ]) {
      expect(normalizeSearchText(q.replaceAll("+", " ")), q).toBe("flood houston");
    }
    expect(normalizeSearchText(' "*^ -:() ')).toBe("");
  });

  it("keeps the words in the order typed, and their diacritics: the page shows the query", () => {
    expect(normalizeSearchText("flood control bond")).toBe("flood control bond");
    expect(normalizeSearchText("houston flood")).toBe("houston flood");
    expect(normalizeSearchText("Zurück")).toBe("zurück");
  });

  it("searches exactly what the text it normalizes searches", () => {
    for (const q of [
      "Flood  Houston+",
      "flood BAYOU flood",
      "b a",
      "vitamin d",
      "cafe\u0301 École x",
      "one two three four five six seven eight nine ten",
    ]) {
      const as = parseSearchQuery(q);
      const normal = parseSearchQuery(normalizeSearchText(q));
      expect(normal?.terms, q).toEqual(as?.terms);
      expect(normal?.prefix, q).toBe(as?.prefix);
      // FTS5 folds case itself: the same words, matched the same way.
      expect(normal?.match, q).toBe(as?.match.toLowerCase());
      expect(normalizeSearchText(normalizeSearchText(q)), q).toBe(normalizeSearchText(q));
    }
  });
});

describe("parseSearchQuery", () => {
  it("quotes each word, requires them all and reads the last as a prefix", async () => {
    expect(parseSearchQuery("  Bayou  Café ")).toEqual({
      text: "Bayou  Café",
      terms: ["bayou", "cafe"],
      prefix: true,
      match: '"Bayou" "Café"*',
    });
  });

  it("is null for text without a word (the empty state)", async () => {
    expect(parseSearchQuery("")).toBeNull();
    expect(parseSearchQuery(' "*^ -:() \u0000 ')).toBeNull();
  });

  it("matches a one-letter last word whole", async () => {
    expect(parseSearchQuery("vitamin d")).toMatchObject({ match: '"vitamin" "d"', prefix: false });
  });

  it("keeps each word once, at its last place", async () => {
    expect(parseSearchQuery("flood BAYOU flood")?.terms).toEqual(["bayou", "flood"]);
  });

  it(`looks for ${MAX_TERMS} words at most, with no prefix past the cap`, async () => {
    const query = parseSearchQuery("one two three four five six seven eight nine ten");
    expect(query?.terms).toHaveLength(MAX_TERMS);
    expect(query?.prefix).toBe(false);
    expect(query?.match.endsWith('"eight"')).toBe(true);
  });

  it(`reads the first ${MAX_QUERY_LENGTH} characters of a long query, a word cut there as a prefix`, async () => {
    const query = parseSearchQuery("flood ".repeat(2000));
    expect(query?.text).toHaveLength(MAX_QUERY_LENGTH);
    expect(query).toMatchObject({ terms: ["flood", "fl"], prefix: true });
  });

  it("keeps a decomposed accented word whole", async () => {
    expect(parseSearchQuery("cafe\u0301 e\u0301cole")?.terms).toEqual(["cafe", "ecole"]);
  });
});

/** A query's matcher with English stemming (SQLite's, and the default on PostgreSQL). */
const english = (query: QueryTerms) => termMatcher(query, stemmerFor("en"));

describe("markText", () => {
  it("marks the words a query matches, whatever their case and diacritics", async () => {
    const query = english({ terms: ["cafe", "bayou"], prefix: false });
    expect(markText("Café owners on the Bayou: a café", query)).toEqual([
      "",
      "Café",
      " owners on the ",
      "Bayou",
      ": a ",
      "café",
      "",
    ]);
  });

  it("marks a word's other forms: the stemmed ones", async () => {
    const query = english({ terms: ["flooding", "approving"], prefix: false });
    expect(markText("Council approves plan for flooded streets", query)).toEqual([
      "Council ",
      "approves",
      " plan for ",
      "flooded",
      " streets",
    ]);
    expect(markText("Trump visits", english({ terms: ["trumps"], prefix: false }))).toEqual([
      "",
      "Trump",
      " visits",
    ]);
  });

  it("marks longer words for a prefix, and only whole words (by stem) otherwise", async () => {
    const hurric = english({ terms: ["hurric"], prefix: true });
    expect(markText("Hurricanes and hurricane hunters", hurric)).toEqual([
      "",
      "Hurricanes",
      " and ",
      "hurricane",
      " hunters",
    ]);
    expect(
      markText("Floodgates on the flood plain", english({ terms: ["flood"], prefix: false })),
    ).toEqual(["Floodgates on the ", "flood", " plain"]);
  });

  it("gives the text whole when nothing matches", async () => {
    expect(markText("Nothing here", english({ terms: ["bayou"], prefix: false }))).toEqual([
      "Nothing here",
    ]);
  });

  it("marks by the stemmer of the story's language", async () => {
    const german = termMatcher({ terms: ["hauser"], prefix: false }, stemmerFor("de-DE"));
    expect(markText("Das Haus am See", german)).toEqual(["Das ", "Haus", " am See"]);
    expect(markText("Das Haus am See", english({ terms: ["hauser"], prefix: false }))).toEqual([
      "Das Haus am See",
    ]);
  });
});

describe("relevanceOf", () => {
  const score = relevanceOf(english({ terms: ["cafe", "flood"], prefix: true }));

  it("weighs a match in the title above one in the summary", async () => {
    expect(score({ title: "Café after the flood", summary: "" })).toBeGreaterThan(
      score({ title: "Opening day", summary: "A café after the flood" }),
    );
  });

  it("counts a word's forms for exact terms and the stem's longer words for the prefix", async () => {
    expect(score({ title: "Cafeteria after floods", summary: "" })).toBe(
      score({ title: "After floods", summary: "" }),
    );
    expect(score({ title: "Cafes after flooding", summary: "" })).toBeGreaterThan(
      score({ title: "Cafes after the rain", summary: "" }),
    );
    expect(score({ title: "Cafes after the floodgates", summary: "" })).toBe(
      score({ title: "Cafes after the flooding", summary: "" }),
    );
  });

  it("adds less for each further match of a term", async () => {
    const once = score({ title: "Cafe", summary: "" });
    const twice = score({ title: "Cafe cafes", summary: "" });
    const thrice = score({ title: "Cafe cafes café", summary: "" });
    expect(twice - once).toBeGreaterThan(thrice - twice);
    expect(thrice).toBeGreaterThan(twice);
  });
});

describe("titleRelevanceOf", () => {
  const score = titleRelevanceOf(english({ terms: ["cafe", "flood"], prefix: true }));

  it("scores a story from its title, each word not in it as one match in the summary", async () => {
    const full = relevanceOf(english({ terms: ["cafe", "flood"], prefix: true }));
    expect(score("Cafes after the flooding")).toBe(
      full({ title: "Cafes after the flooding", summary: "" }),
    );
    expect(score("Opening day")).toBe(full({ title: "Opening day", summary: "A cafe, a flood" }));
    expect(score("Cafe reopens")).toBeGreaterThan(score("Opening day"));
    expect(score("Cafe after floods")).toBeGreaterThan(score("Cafe reopens"));
  });
});

describe.each(["sqlite", "postgres"] as const)("NewsEngine.search on %s", (which) => {
  beforeAll(() => {
    dialect = which;
  });

  it("ignores diacritics both ways: cafe finds café, café finds cafe", async () => {
    const { engine, save } = await setUp();
    await save([
      story("a", "New café opens downtown", { publishedAt: T0 }),
      story("b", "Cafe owners meet the mayor", { publishedAt: T0 - HOUR }),
    ]);
    const expected = ["New café opens downtown", "Cafe owners meet the mayor"];
    expect(titles(await engine.search("cafe"))).toEqual(expected);
    expect(titles(await engine.search("CAFÉ"))).toEqual(expected);
    expect((await engine.search("cafe")).hits[0]?.title).toEqual([
      "New ",
      "café",
      " opens downtown",
    ]);
  });

  it("requires every word, in the title or the summary", async () => {
    const { engine, save } = await setUp();
    await save([
      story("a", "Bayou flood warning", { publishedAt: T0 }),
      story("b", "Bayou cleanup", { summary: "After the flood, volunteers", publishedAt: T0 - 1 }),
      story("c", "Flood insurance rates", { publishedAt: T0 - 2 }),
    ]);
    expect(titles(await engine.search("bayou flood"))).toEqual([
      "Bayou flood warning",
      "Bayou cleanup",
    ]);
    expect(titles(await engine.search("bayou insurance"))).toEqual([]);
  });

  it("finds a word's other forms: flooding finds flooded, approving approves, Trumps Trump", async () => {
    const { engine, save } = await setUp();
    await save([
      story("a", "Streets flooded after the storm", { publishedAt: T0 }),
      story("b", "Council approves the port budget", { publishedAt: T0 - 1 }),
      story("c", "Trump visits the port", { publishedAt: T0 - 2 }),
    ]);
    expect(titles(await engine.search("flooding"))).toEqual(["Streets flooded after the storm"]);
    expect(titles(await engine.search("approving"))).toEqual(["Council approves the port budget"]);
    expect(titles(await engine.search("approving budgets"))).toEqual([
      "Council approves the port budget",
    ]);
    expect(titles(await engine.search("Trumps"))).toEqual(["Trump visits the port"]);
    expect(titles(await engine.search("visited ports"))).toEqual(["Trump visits the port"]);
    // The forms found are the ones marked.
    expect((await engine.search("flooding storms")).hits[0]?.title).toEqual([
      "Streets ",
      "flooded",
      " after the ",
      "storm",
      "",
    ]);
  });

  it("reads the last word as a prefix of stems and the others as whole words", async () => {
    const { engine, save } = await setUp();
    await save([
      story("a", "Flooding on the bayou", { publishedAt: T0 }),
      story("b", "Bayou floodgates open", { publishedAt: T0 - 1 }),
      story("c", "Hurricanes ahead", { publishedAt: T0 - 2 }),
    ]);
    expect(titles(await engine.search("flo"))).toEqual([
      "Flooding on the bayou",
      "Bayou floodgates open",
    ]);
    expect(titles(await engine.search("bayou flood"))).toEqual([
      "Flooding on the bayou",
      "Bayou floodgates open",
    ]);
    expect(titles(await engine.search("flood bayou"))).toEqual(["Flooding on the bayou"]);
    expect(titles(await engine.search("hurric"))).toEqual(["Hurricanes ahead"]);
    expect((await engine.search("hurric")).hits[0]?.title).toEqual(["", "Hurricanes", " ahead"]);
  });

  it("ranks by relevance and recency together: a title match as two days newer, undated last", async () => {
    const { engine, save } = await setUp();
    const DAY = 24 * HOUR;
    expect(RECENCY_HALF_LIFE_MS).toBe(DAY);
    await save([
      story("undated", "Rodeo history", { publishedAt: null }),
      story("older", "Rodeo parade route", { publishedAt: T0 - 2 * HOUR }),
      story("summary", "Parade route", { summary: "The rodeo starts", publishedAt: T0 }),
      story("title", "Rodeo tickets", { publishedAt: T0 }),
      story("new", "Rodeo opens", { publishedAt: T0 + HOUR }),
      story("old-title", "Rodeo records fall", { publishedAt: T0 - 4 * DAY }),
      story("old-summary", "Weekend guide", { summary: "Rodeo and more", publishedAt: T0 - DAY }),
    ]);
    expect(titles(await engine.search("rodeo"))).toEqual([
      "Rodeo opens",
      "Rodeo tickets",
      // Its title holds the word (four times a summary's): above a newer summary match...
      "Rodeo parade route",
      "Parade route",
      // ...but not by more than two days: a day-old summary match above a four-day-old title.
      "Weekend guide",
      "Rodeo records fall",
      "Rodeo history",
    ]);
  });

  it(`pages by ${SEARCH_PAGE_SIZE} with the count, and gives page 1 for a page that does not exist`, async () => {
    const { engine, save } = await setUp();
    await save(
      Array.from({ length: 45 }, (_, i) =>
        story(`s${i}`, `Storm update ${i}`, { publishedAt: T0 - i * 60_000 }),
      ),
    );
    const second = await engine.search("storm", 2);
    expect(second).toMatchObject({ page: 2, pageCount: 3, total: 45, more: false });
    expect(titles(second)).toHaveLength(SEARCH_PAGE_SIZE);
    expect(titles(second)[0]).toBe("Storm update 20");
    expect(titles(await engine.search("storm", 3))).toEqual([
      "Storm update 40",
      "Storm update 41",
      "Storm update 42",
      "Storm update 43",
      "Storm update 44",
    ]);
    for (const page of [0, -1, 4, 1.5, Number.NaN]) {
      expect(await engine.search("storm", page)).toMatchObject({ page: 1, pageCount: 3 });
    }
  });

  it("ranks the same way on every page: each page goes on where the one before stopped", async () => {
    const { engine, save } = await setUp();
    await save([
      ...Array.from({ length: 20 }, (_, i) =>
        story(`s${i}`, `Report ${i}`, { summary: "At the rodeo", publishedAt: T0 }),
      ),
      ...Array.from({ length: 5 }, (_, i) => story(`t${i}`, `Rodeo ${i}`, { publishedAt: T0 })),
      story("hour", "Rodeo an hour ago", { publishedAt: T0 - HOUR }),
      story("week", "Rodeo last week", { publishedAt: T0 - 7 * 24 * HOUR }),
    ]);
    const first = titles(await engine.search("rodeo", 1));
    const second = titles(await engine.search("rodeo", 2));
    expect(first.slice(0, 6)).toEqual([
      "Rodeo 4",
      "Rodeo 3",
      "Rodeo 2",
      "Rodeo 1",
      "Rodeo 0",
      "Rodeo an hour ago",
    ]);
    expect(first.slice(6)).toEqual(Array.from({ length: 14 }, (_, i) => `Report ${19 - i}`));
    expect(second).toEqual([
      "Report 5",
      "Report 4",
      "Report 3",
      "Report 2",
      "Report 1",
      "Report 0",
      "Rodeo last week",
    ]);
  });

  it(`looks at the ${SEARCH_WINDOW} most recently stored matches and says there are more`, async () => {
    const { engine, save } = await setUp();
    await save(
      Array.from({ length: SEARCH_WINDOW + 5 }, (_, i) =>
        story(`s${i}`, `Traffic report ${i}`, { publishedAt: T0 - i * 60_000 }),
      ),
    );
    expect(await engine.search("traffic")).toMatchObject({ total: SEARCH_WINDOW, more: true });
    expect(await engine.search("report 7")).toMatchObject({ total: 1, more: false });
  });

  it("shows a story stored for two categories once", async () => {
    const { engine, save } = await setUp([
      { key: "local", url: "https://feeds.example.org/a" },
      { key: "national", url: "https://feeds.example.org/b" },
    ]);
    const shared = story("x", "Port expansion approved", { url: "https://news.example.org/port" });
    await save([shared], "local");
    await save([{ ...shared, category: "national" }], "national");
    expect(await engine.search("port expansion")).toMatchObject({ total: 1 });
  });

  it("searches a city's own feeds only; a feed two cities list is found by both, in each one's category", async () => {
    const db = await fresh();
    dbs.push(db);
    const store = new NewsStore(db);
    const [houston, anchorage, shared] = [
      "https://feeds.example.org/houston",
      "https://feeds.example.org/anchorage",
      "https://feeds.example.org/wire",
    ];
    const network = await NewsEngine.open({
      store,
      subscriptions: new Subscriptions([
        {
          id: "houston",
          timeZone: "America/Chicago",
          feeds: { local: [houston], national: [shared] },
        },
        { id: "anchorage", timeZone: "America/Anchorage", feeds: { local: [anchorage, shared] } },
      ]),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      userAgent: "test",
      defaultImage: "/images/default-news.svg",
      refreshMs: 600_000,
    });
    const ids = await store.addFeeds([houston, anchorage, shared]);
    const save = (url: string, article: Article) =>
      store.recordSuccess(ids.get(url) ?? -1, {
        articles: [article],
        etag: null,
        lastModified: null,
        now: T0,
        nextAttempt: T0 + 600_000,
      });
    await save(houston, story("h", "Ferry fares rise on the ship channel", { publishedAt: T0 }));
    await save(anchorage, story("a", "Ferry to Kodiak delayed", { publishedAt: T0 - HOUR }));
    await save(
      shared,
      story("s", "Ferry strike ends", { publishedAt: T0 - 2 * HOUR, category: "Wire" }),
    );
    const hits = async (city: string) =>
      (await network.search(city, "ferry")).hits.map((h) => [h.article.title, h.article.category]);
    expect(await hits("houston")).toEqual([
      ["Ferry fares rise on the ship channel", "local"],
      ["Ferry strike ends", "national"],
    ]);
    expect(await hits("anchorage")).toEqual([
      ["Ferry to Kodiak delayed", "local"],
      ["Ferry strike ends", "local"],
    ]);
    // A city the network does not serve finds nothing.
    expect((await network.search("honolulu", "ferry")).total).toBe(0);
    expect(titles(await network.city("anchorage").search("kodiak"))).toEqual([
      "Ferry to Kodiak delayed",
    ]);
  });

  it("leaves out the stories of feeds no longer configured", async () => {
    const db = await fresh();
    dbs.push(db);
    const first = await setUp(
      [{ key: "local", url: "https://feeds.example.org/old" }],
      undefined,
      db,
    );
    await first.save([story("a", "Levee repairs begin")]);
    const second = await setUp(
      [{ key: "local", url: "https://feeds.example.org/new" }],
      undefined,
      db,
    );
    expect((await second.engine.search("levee")).total).toBe(0);
  });

  it("follows each refresh: a changed title is found by its new words, not its old ones", async () => {
    let title = "Council approves budget";
    const rss = (): FetchResult =>
      fetchedFeed(
        rssDocument({
          items: [
            {
              title,
              link: "https://news.example.org/budget",
              date: "Sun, 22 Nov 2026 10:00:00 GMT",
            },
          ],
        }),
        "https://feeds.example.org/local",
      );
    const { engine, clock } = await setUp(undefined, rss);
    await engine.refreshDue();
    expect(titles(await engine.search("budget"))).toEqual(["Council approves budget"]);
    title = "Council delays vote on spending plan";
    clock.now += 3600_000;
    await engine.refreshDue();
    expect(titles(await engine.search("spending"))).toEqual([title]);
    expect((await engine.search("budget")).total).toBe(0);
  });

  it("forgets the stories the retention policy prunes", async () => {
    const { engine, save, store, clock } = await setUp();
    await save([story("old", "Hurricane season outlook", { publishedAt: T0 - 40 * 24 * HOUR })]);
    clock.now = T0 + 40 * 24 * HOUR;
    await save([story("new", "Hurricane drill today", { publishedAt: clock.now })]);
    expect((await engine.search("hurricane")).total).toBe(2);
    expect(await store.prune(clock.now, { days: 30, minPerFeed: 1 })).toBe(1);
    expect(titles(await engine.search("hurricane"))).toEqual(["Hurricane drill today"]);
  });

  it("gives the empty state for a query without a word", async () => {
    const { engine, save } = await setUp();
    await save([story("a", "Anything at all")]);
    expect(await engine.search("  ?! ")).toEqual({
      query: "",
      page: 1,
      pageCount: 0,
      total: 0,
      more: false,
      hits: [],
    });
  });

  describe("with hostile input", () => {
    const stored = [
      story("near", "Near the bayou or the port", { publishedAt: T0 }),
      story("title", "Title: the bayou bill", { publishedAt: T0 - 1 }),
      story("x", "Plan X for the port", { publishedAt: T0 - 2 }),
    ];

    it.each([
      ['"', "", []],
      ["*", "", []],
      ["^", "", []],
      ["\u0000\u0007\u001b\u007f", "", []],
      ['"bayou', '"bayou', ["Near the bayou or the port", "Title: the bayou bill"]],
      ["bayou*", "bayou*", ["Near the bayou or the port", "Title: the bayou bill"]],
      ["NEAR(", "NEAR(", ["Near the bayou or the port"]],
      ["NEAR(bayou port, 2)", "NEAR(bayou port, 2)", []],
      ["OR", "OR", ["Near the bayou or the port"]],
      ["bayou OR port", "bayou OR port", ["Near the bayou or the port"]],
      ["-x", "-x", ["Plan X for the port"]],
      ["title:", "title:", ["Title: the bayou bill"]],
      ["title:bayou", "title:bayou", ["Title: the bayou bill"]],
      ["^bayou", "^bayou", ["Near the bayou or the port", "Title: the bayou bill"]],
      ["{title summary}: port", "{title summary}: port", []],
      ["bayou AND NOT port", "bayou AND NOT port", []],
    ])("%j searches %j and finds %j", async (input, query, expected) => {
      const { engine, save } = await setUp();
      await save(stored);
      const results = await engine.search(input);
      expect(results.query).toBe(query);
      expect(titles(results)).toEqual(expected);
    });

    it("reads 10 KB of text as its first 200 characters", async () => {
      const { engine, save } = await setUp();
      await save(stored);
      const results = await engine.search(`bayou ${"x".repeat(10_000)}`);
      expect(results.query).toHaveLength(MAX_QUERY_LENGTH);
      expect(results.total).toBe(0);
    });
  });
});

describe("search on SQLite", () => {
  beforeAll(() => {
    dialect = "sqlite";
  });

  it("indexes the articles stored before its migration", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "search-migration-"));
    try {
      const file = path.join(dir, "old.db");
      const old = new Database(file);
      makeLegacySqlite(old, 5);
      old.exec("INSERT INTO feeds (key, url) VALUES ('local', 'https://feeds.example.org/local')");
      old.exec(`INSERT INTO articles (feed_id, uid, title, summary, url, image, image_is_default,
        published_at, category, position, first_seen, last_seen)
        VALUES (1, 'a', 'Zoë''s bakery reopens', '', 'https://news.example.org/a', '/d.svg', 1,
        ${T0}, 'Local', 0, ${T0}, ${T0})`);
      old.close();
      const opened = await openDatabase(file);
      dbs.push(opened);
      const { engine } = await setUp(undefined, undefined, opened);
      expect(titles(await engine.search("zoe"))).toEqual(["Zoë's bakery reopens"]);
      expect(titles(await engine.search("bakeries reopening"))).toEqual(["Zoë's bakery reopens"]);
      expect(() =>
        (opened.sqlite as Db).exec(
          "INSERT INTO articles_fts (articles_fts) VALUES ('integrity-check')",
        ),
      ).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("search on PostgreSQL", () => {
  beforeAll(() => {
    dialect = "postgres";
  });

  it("stems each story in its own language: a German one as German, English ones as English", async () => {
    const { engine, save } = await setUp();
    await save([
      story("de", "Überschwemmung im Tal", { language: "de-DE", publishedAt: T0 }),
      story("en", "Deer hunt opens", { language: "en", publishedAt: T0 - 1 }),
      story("none", "Hunters meet", { language: null, publishedAt: T0 - 2 }),
    ]);
    // German stems both as "uberschwemm" (English would not: "uberschwemmungen").
    expect(titles(await engine.search("Überschwemmungen"))).toEqual(["Überschwemmung im Tal"]);
    expect((await engine.search("Überschwemmungen")).hits[0]?.title).toEqual([
      "",
      "Überschwemmung",
      " im Tal",
    ]);
    // German would stem "hunters" as "hunt" too: an English story is found by English stems only.
    expect(titles(await engine.search("hunters"))).toEqual(["Hunters meet"]);
    expect(titles(await engine.search("hunting deer"))).toEqual(["Deer hunt opens"]);
  });
});

describe.each(["sqlite", "postgres"] as const)("migration 0006 on %s", (which) => {
  let dir: string;
  beforeAll(() => {
    dialect = which;
    dir = mkdtempSync(path.join(os.tmpdir(), "search-0006-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A database as the code at 701c950 left it, with rows (tests/fixtures/databases), opened now. */
  async function fromFixture(): Promise<Store> {
    if (which === "sqlite") {
      const file = path.join(dir, "rows.db");
      const old = new Database(file);
      old.exec(databaseFixture("sqlite-rows"));
      old.close();
      return openDatabase(file);
    }
    const url = (postgres as TestPostgres).createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Loaded as the database's owner, the role that made it.
      await client.query(databaseFixture("postgres-rows"));
    } finally {
      await client.end();
    }
    return openPostgres(url, { poolSize: 2 });
  }

  it("rebuilds the index of the articles the database held: their words found in any form", async () => {
    const db = await fromFixture();
    dbs.push(db);
    const store = new NewsStore(db);
    const found = async (text: string) =>
      (await store.search(parseSearchQuery(text) as SearchQuery, 10, [1, 2, 3])).matches.map(
        (m) => m.id,
      );
    // 1 "Café on the square reopens", 2 "Ferry schedule changes", 3 "Elecciones en la región".
    expect(await found("cafes reopening")).toEqual([1]);
    expect(await found("changed schedules")).toEqual([2]);
    expect(await found("elección")).toEqual([3]);
    expect(await found("region")).toEqual([3]);
  });
});
