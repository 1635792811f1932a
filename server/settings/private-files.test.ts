import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { networkDatabaseFile, openDatabase } from "../db/open";
import { openMessageStore } from "../messages/store";
import { privateDir } from "./private-files";

// DATA_DIR holds readers' contact messages: no other local user may read it or its files.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "private-"));
  dirs.push(dir);
  return dir;
}

const mode = (file: string) => statSync(file).mode & 0o777;

describe("the data folder and its database", () => {
  it("are made 0700 and 0600 whatever the umask, the WAL and its index too", async () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(scratch(), "data");
      const { store, db } = await openMessageStore({ dataDir, secret: "s".repeat(40) });
      await store.submit(
        "houston",
        { name: "Ann", email: "ann@example.com", subject: "Hi", message: "A message" },
        "127.0.0.1",
      );
      expect(mode(dataDir)).toBe(0o700);
      for (const suffix of ["", "-wal", "-shm"]) {
        expect(mode(`${networkDatabaseFile(dataDir)}${suffix}`), suffix || "db").toBe(0o600);
      }
      await db.close();
    } finally {
      process.umask(previous);
    }
  });

  it("brings a folder and a database made readable by an older version down to owner-only", async () => {
    const dataDir = path.join(scratch(), "data");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, "houston.db");
    await (await openDatabase(file)).close();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, "");
    chmodSync(`${file}-wal`, 0o644);
    await (await openDatabase(file)).close();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it("privateDir makes missing parents and the folder itself owner-only", async () => {
    const dir = path.join(scratch(), "a", "b");
    privateDir(dir);
    expect(mode(dir)).toBe(0o700);
  });
});
