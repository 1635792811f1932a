import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The closing line of `npm run test:all`, also when a stage failed.

const SCRIPT = path.resolve(import.meta.dirname, "test-summary.mjs");
const dir = mkdtempSync(path.join(os.tmpdir(), "summary-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(name: string, body: object): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

function vitestReport(name: string, outcomes: Record<string, "passed" | "failed">) {
  const tests = Object.entries(outcomes).map(([fullName, status]) => ({ fullName, status }));
  return report(name, {
    numPassedTests: tests.filter((t) => t.status === "passed").length,
    numFailedTests: tests.filter((t) => t.status === "failed").length,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [{ name: "/repo/a.test.ts", status: "passed", assertionResults: tests }],
  });
}

function summary(...args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
}

describe("test-summary", () => {
  it("adds up Vitest and Playwright reports", () => {
    const unit = vitestReport("unit.json", { one: "passed", two: "passed" });
    const e2e = report("e2e.json", { stats: { expected: 3, flaky: 0, unexpected: 0, skipped: 0 } });
    const run = summary(unit, e2e);
    expect(run.stdout.trim()).toBe("tests: 5 passed, 0 failed");
    expect(run.status).toBe(0);
  });

  it("still prints the line when a stage failed, names the stage and a missing report, and fails", () => {
    const unit = vitestReport("unit-ok.json", { one: "passed" });
    const run = summary("--stages-failed", "lint|e2e", unit, path.join(dir, "e2e-missing.json"));
    expect(run.stdout).toContain("stage failed: lint");
    expect(run.stdout).toContain("stage failed: e2e");
    expect(run.stdout).toContain("no report:");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("tests: 1 passed, 0 failed");
    expect(run.status).toBe(1);
  });

  it("fails a test whose outcome differs between two runs of the suite", () => {
    const utc = vitestReport("utc.json", { dates: "passed", other: "passed" });
    const tz = vitestReport("tz.json", { dates: "failed", other: "passed" });
    const run = summary("--same", utc, tz, utc);
    expect(run.stdout).toContain("differs between");
    expect(run.stdout).toContain("a.test.ts > dates (passed / failed)");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("tests: 2 passed, 1 failed");
    expect(run.status).toBe(1);
  });

  it("compares each pair given with --same (three zones: two pairs)", () => {
    const utc = vitestReport("utc3.json", { dates: "passed", other: "passed" });
    const east = vitestReport("east.json", { dates: "passed", other: "passed" });
    const west = vitestReport("west.json", { dates: "failed", other: "passed" });
    const run = summary("--same", utc, east, "--same", utc, west, utc);
    expect(run.stdout).toContain("a.test.ts > dates (passed / failed)");
    expect(run.stdout).toContain("west.json");
    expect(run.stdout).not.toContain("east.json");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("tests: 2 passed, 1 failed");
    expect(run.status).toBe(1);
  });

  it("names each failed test of either runner just above the closing line", () => {
    const unit = vitestReport("unit-failed.json", { dates: "failed", other: "passed" });
    const e2e = report("e2e-failed.json", {
      stats: { expected: 1, flaky: 0, unexpected: 1, skipped: 0 },
      suites: [
        {
          title: "leases.spec.ts",
          file: "leases.spec.ts",
          specs: [],
          suites: [
            {
              title: "refresh",
              file: "leases.spec.ts",
              specs: [
                {
                  title: "passes",
                  file: "leases.spec.ts",
                  line: 4,
                  tests: [{ status: "expected" }],
                },
                {
                  title: "breaks",
                  file: "leases.spec.ts",
                  line: 9,
                  tests: [{ status: "unexpected" }],
                },
              ],
            },
          ],
        },
      ],
    });
    const run = summary(unit, e2e);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toContain("failed: /repo/a.test.ts > dates");
    expect(lines).toContain("failed: leases.spec.ts:9 refresh › breaks");
    expect(run.stdout).not.toContain("passes");
    expect(lines.at(-1)).toBe("tests: 2 passed, 2 failed");
    expect(run.status).toBe(1);
  });

  it("counts a file that failed outside its tests", () => {
    const broken = report("broken.json", {
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: "/repo/b.test.ts",
          status: "failed",
          message: "beforeAll failed\nstack",
          assertionResults: [{ fullName: "x", status: "skipped" }],
        },
      ],
    });
    const run = summary(broken);
    expect(run.stdout).toContain("/repo/b.test.ts: beforeAll failed");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("tests: 0 passed, 1 failed, 1 skipped");
    expect(run.status).toBe(1);
  });
});
