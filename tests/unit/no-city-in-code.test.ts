import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : sourceFiles(full);
    return /\.(tsx?|css|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("code outside sites/", () => {
  // Everything city-specific lives in sites/<city>/; a city name in app/ or server/ is a leak.
  it.each(["app", "server"])("%s/ never names Houston", (dir) => {
    const files = sourceFiles(path.join(ROOT, dir));
    expect(files.length).toBeGreaterThan(0);
    const leaks = files.filter((file) => /houston/i.test(readFileSync(file, "utf8")));
    expect(leaks.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
