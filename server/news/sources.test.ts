import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FEED_KEYS } from "../../sites/categories";
import { feedUrl } from "../../sites/schema";
import { testCity } from "../../tests/support/cities";
import { demoFeedsFile } from "../../tests/fixture-servers/demo-feeds";
import { FeedsFileError, feedSources, readFeedsFile } from "./sources";

const dir = mkdtempSync(path.join(os.tmpdir(), "feeds-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(content: unknown): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

describe("the feed registry", () => {
  it.each(["houston", "anchorage", "honolulu"])(
    "gives %s every key of docs/product.md §7, and sports five feeds",
    (id) => {
      const feeds = testCity(id).feeds;
      expect(Object.keys(feeds).sort()).toEqual([...FEED_KEYS].sort());
      expect(feeds.sports).toHaveLength(5);
      for (const entries of Object.values(feeds)) {
        expect(entries.length).toBeGreaterThan(0);
        for (const entry of entries) expect(feedUrl(entry)).toMatch(/^https:\/\//);
      }
    },
  );

  it("lists one source per URL, keyed", () => {
    const sources = feedSources({
      sports: ["https://a.example/1", "https://a.example/2"],
      local: ["https://b.example"],
    });
    expect(sources).toEqual([
      { key: "local", url: "https://b.example" },
      { key: "sports", url: "https://a.example/1" },
      { key: "sports", url: "https://a.example/2" },
    ]);
  });

  it("lists a feed given with its zone and publisher by its URL", () => {
    const sources = feedSources({
      local: [
        "https://b.example",
        { url: "https://c.example/rss", timeZone: "America/Anchorage", name: "C" },
      ],
    });
    expect(sources).toEqual([
      { key: "local", url: "https://b.example" },
      { key: "local", url: "https://c.example/rss" },
    ]);
  });
});

describe("readFeedsFile", () => {
  it("reads a valid file", () => {
    const content = demoFeedsFile("http://127.0.0.1:4180");
    expect(readFeedsFile(write(content))).toEqual(content);
  });

  it("reads a feed given with the publisher's short name and its stories' language", () => {
    const content = {
      world: [
        { url: "https://a.example/world", name: "The Guardian", language: "en-GB" },
        "https://b.example/world",
      ],
    };
    expect(readFeedsFile(write(content))).toEqual(content);
    expect(() =>
      readFeedsFile(write({ world: [{ url: "https://a.example/w", publisher: "x" }] })),
    ).toThrow(FeedsFileError);
    expect(() =>
      readFeedsFile(write({ world: [{ url: "https://a.example/w", language: "not a tag!" }] })),
    ).toThrow(/- world\.0/);
  });

  it("rejects an unknown key, naming it", () => {
    expect(() =>
      readFeedsFile(write({ local: ["https://a.example"], weather: ["https://b.example"] })),
    ).toThrow(/Invalid FEEDS_FILE .*\n {2}- weather: /);
  });

  it.each(["file:///etc/passwd", "javascript:alert(1)", "ftp://a.example/feed", "not a url"])(
    "rejects %s, naming the entry",
    (url) => {
      expect(() => readFeedsFile(write({ world: [url] }))).toThrow(/- world\.0: /);
    },
  );

  it("rejects a file that is not JSON, or missing", () => {
    expect(() => readFeedsFile(write("{ nope"))).toThrow(FeedsFileError);
    expect(() => readFeedsFile(path.join(dir, "missing.json"))).toThrow(/Cannot read FEEDS_FILE/);
  });
});
