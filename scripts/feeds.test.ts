import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { feedUrl } from "../sites/schema";
import { testCity } from "../tests/support/cities";
import { whileRestoring } from "../tests/support/lock-holder";
import { networkDatabaseFile, openDatabase } from "../server/db/open";
import { NO_FEEDS, type FeedReport } from "../server/news/feed-report";
import { NewsStore } from "../server/news/store";

const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "feeds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A FEEDS_FILE for the default city (Houston, served alone). */
function feedsFile(feeds: object): Record<string, string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(feeds));
  return { FEEDS_FILE: file, SITES: "houston", DEFAULT_SITE: "houston" };
}

const run = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/feeds.ts", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dir, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });

// Each test starts a process through tsx (about a second, several on a busy 2-core machine).
describe("npm run feeds", { timeout: 30_000 }, () => {
  it("says where the database should be when the site never ran", () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No database at ${path.join(dir, "network.db")}`);
  });

  it("prints each feed's state, escaping what a feed's server sent, and --json for scripts", async () => {
    const db = await openDatabase(networkDatabaseFile(dir));
    const store = new NewsStore(db);
    const url = "https://b.example/local.xml";
    const id = (await store.addFeeds([url])).get(url) ?? -1;
    await store.recordFailure(
      id,
      "Network error: \u001b[2Jgone\r",
      Date.now(),
      Date.now() + 60_000,
    );
    await db.close();
    const env = feedsFile({ local: [url] });
    const text = run(env);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("local  FAILING  https://b.example/local.xml");
    expect(text.stdout).toContain("Network error: \\x1b[2Jgone\\r (1 in a row)");
    // No colour on a pipe, and no raw escape or carriage return from the feed's server.
    expect(text.stdout.includes("\u001b") || text.stdout.includes("\r")).toBe(false);
    const json = JSON.parse(run(env, "--json").stdout) as { key: string; lastError: string }[];
    expect(json).toEqual([
      expect.objectContaining({ key: "local", state: "failing", consecutiveFailures: 1 }),
    ]);
    expect(json[0]?.lastError).toBe("Network error: \u001b[2Jgone\r");
  });

  it("says that no feed is configured when the cities served list none (a feed list of {})", () => {
    const result = run(feedsFile({}));
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${NO_FEEDS}\n`);
  });

  it("reports one city's feeds with --site, and every served city's feeds, each URL once, without", () => {
    const urls = (id: string) =>
      new Set(Object.values(testCity(id).feeds).flatMap((entries) => entries.map(feedUrl)));
    const [anchorage, honolulu] = [urls("anchorage"), urls("honolulu")];
    const one = JSON.parse(run({}, "--json", "--site", "anchorage").stdout) as FeedReport[];
    expect(new Set(one.map((f) => f.url))).toEqual(anchorage);
    // Never fetched into this database: new.
    expect(one.find((f) => f.url === "https://www.adn.com/arc/outboundfeeds/rss/")).toMatchObject({
      key: "local",
      state: "new",
    });
    const both = JSON.parse(run({ SITES: "anchorage,honolulu" }, "--json").stdout) as FeedReport[];
    expect(new Set(both.map((f) => f.url))).toEqual(new Set([...anchorage, ...honolulu]));
    expect(both).toHaveLength(new Set([...anchorage, ...honolulu]).size);
  });

  it("refuses a --site it does not know, with the usage", () => {
    const result = run({}, "--site", "gotham");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('No city "gotham"');
    expect(result.stderr).toContain("Usage: npm run feeds");
  });

  it("refuses at once while a restore holds DATA_DIR, saying so", async () => {
    const result = await whileRestoring(dir, () => run({}, "--json"));
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      `A restore is under way on DATA_DIR (${dir}): run npm run feeds again once it is done`,
    );
    expect(run({}, "--json").status).toBe(0);
  });
});
