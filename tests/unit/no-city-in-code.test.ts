import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CITIES = path.join(ROOT, "sites/cities");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : sourceFiles(full);
    return /\.(tsx?|css|mjs|js|json)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** What names a configured city: its name, city, state and time zone (from its data file). */
function cityMarks(): { city: string; marks: string[] }[] {
  return readdirSync(CITIES)
    .filter((name) => name.endsWith(".json"))
    .map((name) => {
      const data = JSON.parse(readFileSync(path.join(CITIES, name), "utf8")) as Record<
        string,
        string
      >;
      const marks = [data.name, data.city, data.state, data.timeZone].filter(
        (m): m is string => typeof m === "string" && m.length > 0,
      );
      return { city: name, marks };
    });
}

describe("code outside the cities' data", () => {
  const cities = cityMarks();

  it("knows every configured city", () => {
    expect(cities.map((c) => c.city)).toEqual(
      expect.arrayContaining(["anchorage.json", "honolulu.json", "houston.json"]),
    );
    for (const { marks } of cities) expect(marks).toHaveLength(4);
  });

  // Everything city-specific lives in sites/cities/<id>.json: a city's name, state or zone in
  // app/, server/, common/ or the network's defaults is a leak.
  it.each(["app", "server", "common", "sites/network.json"])(
    "%s names no configured city",
    (where) => {
      const full = path.join(ROOT, where);
      const files = statSync(full).isDirectory() ? sourceFiles(full) : [full];
      expect(files.length).toBeGreaterThan(0);
      const leaks = files.flatMap((file) => {
        const text = readFileSync(file, "utf8");
        return cities.flatMap(({ marks }) =>
          marks
            .filter((mark) =>
              new RegExp(`\\b${mark.replace(/[/\\^$*+?.()|[\]{}]/g, "\\$&")}\\b`, "i").test(text),
            )
            .map((mark) => `${path.relative(ROOT, file)}: ${mark}`),
        );
      });
      expect(leaks).toEqual([]);
    },
  );
});
