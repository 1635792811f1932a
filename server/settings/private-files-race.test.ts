import type * as nodeFs from "node:fs";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { privateDatabaseFile } from "./private-files";

// A database's rollback journal is deleted at each commit, by whichever process commits: one
// process bringing a new database's files to 0600 may see the journal of another that is
// migrating it, and find it gone a moment later. Here the look says the journal is there and it
// is not (the file went between the two), which stopped the opening process with ENOENT.
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof nodeFs>();
  return {
    ...fs,
    existsSync: (name: string) => name.endsWith("-journal") || fs.existsSync(name),
  };
});

const dir = mkdtempSync(path.join(os.tmpdir(), "private-race-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a database's files brought to 0600", () => {
  it("are not stopped by a companion file that is gone by the time it would be changed", () => {
    const file = path.join(dir, "raced.db");
    expect(existsSync(`${file}-journal`)).toBe(true); // the look, as the race saw it
    expect(() => privateDatabaseFile(file)).not.toThrow();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
