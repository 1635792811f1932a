import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DataFolderBusyError,
  dataLockFile,
  holdDataFolder,
  lockDataFolderExclusively,
} from "./data-lock";

const ROOT = path.resolve(import.meta.dirname, "../..");
const root = mkdtempSync(path.join(os.tmpdir(), "data-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const dataDir = () => path.join(root, `data-${++dirs}`);

/** What a site does at start-up (server/index.ts), then waits; it ends with its stdin. */
const SITE = `
import { holdDataFolder } from "./server/db/data-lock.ts";
holdDataFolder(process.env.DATA_DIR);
console.log("locked");
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

/** A site's hold on `dir` in a process of its own, once it has printed "locked". */
async function siteElsewhere(dir: string): Promise<{ kill(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SITE], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dir },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const exited = once(child, "exit");
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("locked\n")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the site ended (${code}): ${out}${err}`)));
  });
  return {
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

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
