import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { STATEMENT_CACHE_SIZE } from "./open";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite store under forced garbage collection", () => {
  it("prepares and drops thousands of statements, closes and exits 0 (no native abort)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "statements-gc-"));
    dirs.push(dir);
    const run = spawnSync(
      process.execPath,
      [
        "--expose-gc",
        "--import",
        "tsx",
        "tests/support/statement-churn.ts",
        path.join(dir, "n.db"),
      ],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(run.stderr).toBe("");
    expect({ status: run.status, signal: run.signal }).toEqual({ status: 0, signal: null });
    expect(JSON.parse(run.stdout)).toEqual({
      prepared: 20 * 2 * (STATEMENT_CACHE_SIZE + 64),
      rounds: 20,
    });
  }, 150_000);
});
