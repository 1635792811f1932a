import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFeedDate } from "../../server/news/dates";
import { feedBytes } from "../../server/news/decode";
import { parseFeedBytes } from "../../server/news/parse";
import {
  NEWEST_ITEM_AGE_MS,
  readDate,
  shiftFeedDates,
  withCurrentDates,
} from "../fixture-servers/current-dates";
import { DEMO_FEEDS } from "../fixture-servers/demo-feeds";
import { startFeedServer, type FeedServer } from "../fixture-servers/feed-server";
import { MALFORMED, readFixture, WELL_FORMED } from "../support/fixtures";

// A fixed clock, with seconds, so that rounding to the minute shows.
const NOW = Date.UTC(2026, 10, 25, 18, 30, 17, 250);
const MINUTE = 60_000;

/** Each entry's date as the site reads it (parser and dates.ts), in `timeZone`. */
function entryDates(feed: Buffer, timeZone = "UTC"): (number | null)[] {
  return parseFeedBytes(feedBytes(feed)).entries.map((e) => parseFeedDate(e.date, timeZone));
}

function newest(dates: (number | null)[]): number {
  return Math.max(...dates.filter((d): d is number => d !== null));
}

/** The text of every `<NAME>` element of a feed read one character a byte. */
function texts(feed: Buffer, name: string): string[] {
  const re = new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`, "g");
  return [...feed.toString("latin1").matchAll(re)].map((m) => m[1] ?? "");
}

/** The feed with the content of every element named in `names` emptied. */
function withoutDates(feed: Buffer, names: string[]): Buffer {
  const re = new RegExp(`(<(${names.join("|")})(?:\\s[^>]*)?>)[^<]*(</\\2>)`, "g");
  return Buffer.from(feed.toString("latin1").replace(re, "$1$3"), "latin1");
}

function expectMinutesOld(at: number) {
  expect(NOW - at).toBeGreaterThanOrEqual(NEWEST_ITEM_AGE_MS - MINUTE / 2);
  expect(NOW - at).toBeLessThanOrEqual(NEWEST_ITEM_AGE_MS + MINUTE / 2);
}

/** Each date moved by one offset, a whole number of minutes: order and spacing kept. */
function expectOneOffset(before: (number | null)[], after: (number | null)[]) {
  expect(after.length).toBe(before.length);
  const offsets = new Set(
    before.map((b, i) => (b === null ? null : (after[i] ?? NaN) - b)).filter((o) => o !== null),
  );
  expect(offsets.size).toBe(1);
  const [offset] = offsets;
  expect((offset ?? NaN) % MINUTE).toBe(0);
}

describe("the demo's feeds, moved to today", () => {
  it("an RSS feed: its newest pubDate minutes before now, its items' spacing kept, RFC 822 in the same zone", () => {
    const feed = readFixture("reuters-world.rss.xml");
    const shifted = withCurrentDates(feed, { now: NOW });
    const before = entryDates(feed);
    const after = entryDates(shifted);
    expect(before.every((d) => d !== null)).toBe(true);
    expectMinutesOld(newest(after));
    expectOneOffset(before, after);
    const pubDates = texts(shifted, "pubDate");
    expect(pubDates.length).toBe(texts(feed, "pubDate").length);
    for (const date of pubDates) {
      expect(date).toMatch(
        /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d [A-Z][a-z]{2} 2026 \d\d:\d\d:\d\d -0500$/,
      );
    }
  });

  it("a zone name (EST) becomes its offset; a channel date later than the newest item is now, not in the future", () => {
    // ESPN: one item at 10:44:02 EST, a lastBuildDate eight hours later (GMT).
    const shifted = withCurrentDates(readFixture("espn-top.rss.xml"), { now: NOW });
    const [pubDate] = texts(shifted, "pubDate");
    expect(pubDate).toMatch(/^Wed, 25 Nov 2026 13:25:02 -0500$/);
    expectMinutesOld(parseFeedDate(pubDate, "UTC") ?? NaN);
    expect(texts(shifted, "lastBuildDate")).toEqual([new Date(NOW).toUTCString()]);
  });

  it("an Atom feed: its newest entry minutes before now, spacing kept, ISO 8601 with the same offset", () => {
    const feed = readFixture("theverge-frontpage.atom.xml");
    const shifted = withCurrentDates(feed, { now: NOW });
    const before = entryDates(feed);
    const after = entryDates(shifted);
    expectMinutesOld(newest(after));
    expectOneOffset(before, after);
    for (const date of [...texts(shifted, "published"), ...texts(shifted, "updated")]) {
      expect(date).toMatch(/^2026-11-\d\dT\d\d:\d\d:\d\d-05:00$/);
    }
  });

  it.each([
    ["oren-ru.windows-1251.rss.xml", "windows-1251", "Оренбург"],
    ["golem-de.iso-8859-1.rss.xml", "iso-8859-1", "für"],
  ])("%s keeps every byte but its dates' (%s)", (name, charset, word) => {
    const feed = readFixture(name);
    const shifted = withCurrentDates(feed, { now: NOW });
    expect(texts(shifted, "pubDate")).not.toEqual(texts(feed, "pubDate"));
    expectMinutesOld(newest(entryDates(shifted)));
    const dates = ["pubDate", "lastBuildDate"];
    expect(withoutDates(shifted, dates).equals(withoutDates(feed, dates))).toBe(true);
    // And the text is still that charset's (nothing was decoded and encoded again).
    expect(new TextDecoder(charset).decode(shifted)).toContain(word);
  });

  it("leaves a date it cannot read as it is, and moves the others", () => {
    const feed = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\xe9</title>
<item><title>Read</title><pubDate>Mon, 02 Jan 2017 10:00:00 GMT</pubDate></item>
<item><title>Unreadable</title><pubDate>sometime last week</pubDate></item>
<item><title>Other words</title><pubDate>Seg, 24 Set 2018 19:42:40 -0300</pubDate></item>
<item><title>No such day</title><pubDate>Mon, 45 Foo 2017 99:00:00 GMT</pubDate></item>
</channel></rss>`,
      "latin1",
    );
    const shifted = withCurrentDates(feed, { now: NOW });
    expect(texts(shifted, "pubDate")).toEqual([
      "Wed, 25 Nov 2026 18:25:00 GMT",
      "sometime last week",
      "Seg, 24 Set 2018 19:42:40 -0300",
      "Mon, 45 Foo 2017 99:00:00 GMT",
    ]);
    expect(shifted.toString("latin1")).toContain("<title>Caf\xe9</title>");
  });

  it("moves a date in CDATA, one padded with whitespace, and a <time datetime> inside a pubDate", () => {
    const livemint = withCurrentDates(readFixture("livemint-news.rss.xml"), { now: NOW });
    expectMinutesOld(newest(entryDates(livemint)));
    expect(livemint.toString("latin1")).toMatch(
      /<pubDate><!\[CDATA\[\w{3}, \d\d \w{3} 2026 [\d:]{8} GMT ?\]\]> ?<\/pubDate>/,
    );
    const transfermarkt = withCurrentDates(readFixture("transfermarkt-news.rss.xml"), { now: NOW });
    expectMinutesOld(newest(entryDates(transfermarkt)));
    const fda = withCurrentDates(readFixture("fda-drug-recalls.rss.xml"), { now: NOW });
    expect(fda.toString("latin1")).toContain(
      `<time datetime="2026-11-25T18:25:28Z">Fri, 05/03/2019 - 15:21</time>`,
    );
  });

  it("reads and writes a date naming no zone in the site's zone", () => {
    const timeZone = "America/Chicago";
    // NBC: "Sat, Dec 16 2023 02:02:33 PM", no zone: read in Houston's.
    const nbc = withCurrentDates(readFixture("nbc-newyork.rss.xml"), { now: NOW, timeZone });
    expectMinutesOld(newest(entryDates(nbc, timeZone)));
    expect(nbc.toString("latin1")).toContain("<pubDate>Wed, Nov 25 2026 12:25:33 PM</pubDate>");
    const kc = withCurrentDates(readFixture("kc0011.gb2312.rss.xml"), { now: NOW, timeZone });
    expectMinutesOld(newest(entryDates(kc, timeZone)));
    expect(texts(kc, "pubDate")).toContain("2026/11/25 12:25:00");
    // The same wall clock in another season: the zone's offset then, not now's.
    expect(readDate("2026-07-01 12:00:00", timeZone)?.at).toBe(Date.UTC(2026, 6, 1, 17));
  });

  it("rewrites each field where it stands, in the width it had", () => {
    const write = (text: string, by: number) => {
      const date = readDate(text);
      return date ? date.write(date.at + by) : null;
    };
    const day = 86_400_000;
    expect(write("Fri, 7 May 2021 10:44:02 EST", day)).toBe("Sat, 8 May 2021 10:44:02 -0500");
    expect(write("Fri,  7 May 2021 10:44 +0100", 10 * day)).toBe("Mon,  17 May 2021 10:44 +0100");
    expect(write("7 May 2021 10:44:02 GMT", MINUTE)).toBe("7 May 2021 10:45:02 GMT");
    expect(write("2018-03-13T16:44:15.104Z", day)).toBe("2018-03-14T16:44:15.104Z");
    expect(write("2017-06-21T10:31:27-07:00", 14 * 60 * MINUTE)).toBe("2017-06-22T00:31:27-07:00");
    expect(write("2017-06-21", day)).toBe("2017-06-22");
    expect(write("2020/1/10 14:26:00", 31 * day)).toBe("2020/2/10 14:26:00");
    expect(write("Sat, Dec 16 2023 11:02:33 pm", 2 * MINUTE * 30)).toBe(
      "Sun, Dec 17 2023 12:02:33 am",
    );
    expect(write("Fri, 05/03/2019 - 15:21", day)).toBeNull();
  });

  it.each([
    ["UTF-16LE", (b: Buffer) => b],
    ["UTF-16BE", (b: Buffer) => Buffer.from(b).swap16()],
  ])("moves the dates of a %s feed and keeps its other characters", (_name, order) => {
    const xml = (date: string) =>
      `\ufeff<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>Ωmega 🗞 €</title><item><title>Ünïcode</title><pubDate>${date}</pubDate></item></channel></rss>`;
    const feed = order(Buffer.from(xml("Mon, 02 Jan 2017 10:00:00 GMT"), "utf16le"));
    const shifted = withCurrentDates(feed, { now: NOW });
    expect(
      shifted.equals(order(Buffer.from(xml("Wed, 25 Nov 2026 18:25:00 GMT"), "utf16le"))),
    ).toBe(true);
    expectMinutesOld(newest(entryDates(shifted)));
  });

  it("every demo feed with a dated item: its newest minutes old as the site reads it, no date past now", () => {
    const timeZone = "America/Chicago";
    for (const name of new Set(Object.values(DEMO_FEEDS).flat())) {
      const feed = readFixture(name);
      const shifted = withCurrentDates(feed, { now: NOW, timeZone });
      const dates = entryDates(shifted, timeZone);
      if (dates.every((d) => d === null)) {
        expect(name).toBe("japantimes-latest.rss.xml"); // its items carry no date
        continue;
      }
      expect.soft(NOW - newest(dates), name).toBeGreaterThanOrEqual(NEWEST_ITEM_AGE_MS - MINUTE);
      expect.soft(NOW - newest(dates), name).toBeLessThanOrEqual(NEWEST_ITEM_AGE_MS + MINUTE);
      for (const d of dates) if (d !== null) expect.soft(d, name).toBeLessThanOrEqual(NOW);
      // Nor any other date of it (a channel's lastBuildDate, an entry's later `updated`).
      const other = [
        "lastBuildDate",
        "pubDate",
        "dc:date",
        "dcterms:issued",
        "published",
        "updated",
      ];
      for (const text of other.flatMap((element) => texts(shifted, element))) {
        const at = parseFeedDate(text, timeZone);
        if (at !== null) expect.soft(at, `${name}: ${text}`).toBeLessThanOrEqual(NOW);
      }
    }
  });

  it("shiftFeedDates with no readable date gives the very same bytes", () => {
    const feed = readFixture("heise-newsticker.rss090.xml");
    expect(shiftFeedDates(feed, 5 * MINUTE)).toBe(feed);
  });
});

describe("the fixture feed server", () => {
  let plain: FeedServer;
  let shifted: FeedServer;
  beforeAll(async () => {
    plain = await startFeedServer(0);
    shifted = await startFeedServer(0, "127.0.0.1", { shiftDates: { now: () => NOW } });
  });
  afterAll(() => Promise.all([plain.close(), shifted.close()]));

  it("serves every fixture byte for byte by default (the end-to-end tests' feeds)", async () => {
    for (const name of [...WELL_FORMED, ...MALFORMED]) {
      const res = await fetch(`${plain.url}/feeds/${name}`, {
        headers: { "accept-encoding": "identity" },
      });
      expect(res.headers.get("content-encoding")).toBeNull();
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(readFixture(name)), name).toBe(true);
    }
  });

  it("with shiftDates, serves the feeds moved to the server's start, the same bytes and validators each time", async () => {
    const url = `${shifted.url}/feeds/reuters-world.rss.xml`;
    const first = await fetch(url);
    const body = Buffer.from(await first.arrayBuffer());
    expect(body.equals(withCurrentDates(readFixture("reuters-world.rss.xml"), { now: NOW }))).toBe(
      true,
    );
    expectMinutesOld(newest(entryDates(body)));
    expect(first.headers.get("last-modified")).toBe(new Date(NOW).toUTCString());
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(url);
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);
    // The demo's route too: pictures local, dates moved.
    const demo = Buffer.from(
      await (await fetch(`${shifted.url}/pictures/feeds/guardian-us.rss.xml`)).arrayBuffer(),
    );
    expectMinutesOld(newest(entryDates(demo)));
    expect(demo.toString("latin1")).toContain(`${shifted.url}/picture/`);
  });
});
