import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/db/open";
import { MessageStore } from "../server/messages/store";

const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "messages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = () =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/messages.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dir, SITE: "houston" },
    encoding: "utf8",
    timeout: 30_000,
  });

// Each test starts a process through tsx (about a second, several on a busy 2-core machine).
describe("npm run messages", { timeout: 30_000 }, () => {
  it("says so when there is no message", () => {
    expect(run().stdout).toContain("No messages.");
  });

  it("prints the stored messages, newest first", () => {
    const db = openDatabase(path.join(dir, "houston.db"));
    let now = Date.parse("2026-11-20T10:00:00Z");
    const store = new MessageStore(db, () => now);
    store.submit(
      { name: "Ana", email: "ana@example.org", subject: "Older tip", message: "First" },
      "a",
    );
    now += 60_000;
    store.submit(
      { name: "Bo", email: "bo@example.org", subject: "Newer tip", message: "Second\nline" },
      "b",
    );
    db.close();
    const out = run().stdout;
    expect(out.indexOf("Newer tip")).toBeLessThan(out.indexOf("Older tip"));
    expect(out).toContain("Bo <bo@example.org>");
    expect(out).toContain("  Second\n  line");
  });
});
