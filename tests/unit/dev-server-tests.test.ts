import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEV_SERVER_TESTS } from "../support/dev-server-tests";
import { viteServerBuild } from "../support/vite-build";
import config from "../../vitest.config";

// The test files that start a Vite dev server run one at a time (vitest.config.ts): React
// Router's type generator, which every dev server starts, empties .react-router/types and writes
// it again, and two at once made one file fail now and then (ENOENT, as the other emptied it).

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The repository's test files that call viteServerBuild, as paths from its root. */
function callers(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name) && file !== "tests/unit/dev-server-tests.test.ts") {
        if (readFileSync(path.join(ROOT, file), "utf8").includes("viteServerBuild(")) {
          found.push(file);
        }
      }
    }
  };
  for (const dir of ["app", "server", "sites", "common", "scripts", "tests/unit"]) walk(dir);
  return found.sort();
}

describe("the files that start a Vite dev server", () => {
  it("are all listed, and the list is run one file at a time, apart from the rest", () => {
    expect(callers()).toEqual([...DEV_SERVER_TESTS].sort());
    const projects = (config.test?.projects ?? []) as {
      test?: { include?: string[]; exclude?: string[]; fileParallelism?: boolean };
    }[];
    const devServer = projects.find((p) => p.test?.include?.includes(DEV_SERVER_TESTS[0]));
    expect(devServer?.test?.include).toEqual([...DEV_SERVER_TESTS]);
    expect(devServer?.test?.fileParallelism).toBe(false);
    const rest = projects.filter((p) => p !== devServer);
    for (const p of rest)
      expect(p.test?.exclude).toEqual(expect.arrayContaining([...DEV_SERVER_TESTS]));
  });

  it("cannot be started from a file that is not listed", async () => {
    await expect(viteServerBuild()).rejects.toThrow(
      "tests/unit/dev-server-tests.test.ts starts a Vite dev server: list it in tests/support/dev-server-tests.ts",
    );
  });
});
