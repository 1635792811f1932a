import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { siteElsewhere } from "../../tests/support/lock-holder";
import { afterAll, describe, expect, it } from "vitest";
import {
  DataFolderBusyError,
  dataLockFile,
  holdDataFolder,
  lockDataFolderExclusively,
} from "./data-lock";

const root = mkdtempSync(path.join(os.tmpdir(), "data-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const dataDir = () => path.join(root, `data-${++dirs}`);

/** Whether a restore could take the lock now (released at once when it could). */
function restoreCould(dir: string): boolean {
  const lock = lockDataFolderExclusively(dir);
  lock?.release();
  return lock !== undefined;
}

// Each holder is a process started through tsx (a second or more on a busy 2-core machine).
describe("DATA_DIR's lock", { timeout: 60_000 }, () => {
  it("is refused to a restore while a site in another process holds it, and given once that process is gone", async () => {
    const dir = dataDir();
    const site = await siteElsewhere(dir);
    expect(restoreCould(dir)).toBe(false);
    await site.kill();
    expect(restoreCould(dir)).toBe(true);
    // An empty file, private, nothing beside it (no journal left by BEGIN EXCLUSIVE).
    expect(statSync(dataLockFile(dir)).size).toBe(0);
    expect(statSync(dataLockFile(dir)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([".site-lock.db"]);
  });

  it("is shared by two sites, and refused to a restore until both are gone", async () => {
    const dir = dataDir();
    const [first, second] = await Promise.all([siteElsewhere(dir), siteElsewhere(dir)]);
    expect(restoreCould(dir)).toBe(false);
    await first.kill();
    expect(restoreCould(dir)).toBe(false);
    await second.kill();
    expect(restoreCould(dir)).toBe(true);
  });

  it("keeps a site from starting while a restore holds it, and lets it start after", () => {
    const dir = dataDir();
    const restore = lockDataFolderExclusively(dir);
    expect(restore).toBeDefined();
    expect(() => holdDataFolder(dir, { timeoutMs: 0 })).toThrow(DataFolderBusyError);
    expect(() => holdDataFolder(dir, { timeoutMs: 0 })).toThrow(/restore is under way/);
    restore?.release();
    const site = holdDataFolder(dir, { timeoutMs: 0 });
    expect(restoreCould(dir)).toBe(false);
    site.release();
    expect(restoreCould(dir)).toBe(true);
  });
});
