import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/db/open";
import { NO_FEEDS } from "../server/news/feed-report";
import { NewsStore } from "../server/news/store";

const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "feeds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/feeds.ts", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dir, SITE: "houston" },
    encoding: "utf8",
    timeout: 30_000,
  });

// Each test starts a process through tsx (about a second, several on a busy 2-core machine).
describe("npm run feeds", { timeout: 30_000 }, () => {
  it("says where the database should be when the site never ran", () => {
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No database at ${path.join(dir, "houston.db")}`);
  });

  it("prints each feed's state, escaping what a feed's server sent, and --json for scripts", () => {
    const db = openDatabase(path.join(dir, "houston.db"));
    const store = new NewsStore(db);
    store.syncFeeds([{ key: "local", url: "https://b.example/local.xml" }]);
    const id = store.feeds("local")[0]?.id ?? -1;
    store.recordFailure(id, "Network error: \u001b[2Jgone\r", Date.now(), Date.now() + 60_000);
    db.close();
    const text = run();
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("local  FAILING  https://b.example/local.xml");
    expect(text.stdout).toContain("Network error: \\x1b[2Jgone\\r (1 in a row)");
    // No colour on a pipe, and no raw escape or carriage return from the feed's server.
    expect(text.stdout.includes("\u001b") || text.stdout.includes("\r")).toBe(false);
    const json = JSON.parse(run("--json").stdout) as { key: string; lastError: string }[];
    expect(json).toEqual([
      expect.objectContaining({ key: "local", state: "failing", consecutiveFailures: 1 }),
    ]);
    expect(json[0]?.lastError).toBe("Network error: \u001b[2Jgone\r");
  });

  it("says that no feed is configured when the site was started with none (a feed list of {})", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "feeds-empty-"));
    try {
      const db = openDatabase(path.join(empty, "houston.db"));
      new NewsStore(db).syncFeeds([]);
      db.close();
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/feeds.ts"], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: empty, SITE: "houston" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.stdout).toBe(`${NO_FEEDS}\n`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
