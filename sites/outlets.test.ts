import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCity } from "./city-data";
import { outletsOf } from "./outlets";

describe("outletsOf", () => {
  it("names each outlet once, by its short name or its host, in alphabetical order", () => {
    expect(
      outletsOf(
        {
          national: [
            { url: "https://feeds.npr.org/1001/rss.xml", name: "NPR" },
            "https://www.example.org/feed",
          ],
          politics: [{ url: "https://feeds.npr.org/1014/rss.xml", name: "npr" }],
          local: [{ url: "https://abc13.com/feed/", name: "ABC13 Houston" }],
        },
        "en-US",
      ),
    ).toEqual(["ABC13 Houston", "example.org", "NPR"]);
    expect(outletsOf({}, "en-US")).toEqual([]);
  });

  it("counts Houston's outlets from its configured feeds", () => {
    const read = (file: string): unknown =>
      JSON.parse(readFileSync(path.join(import.meta.dirname, file), "utf8")) as unknown;
    const { network: _network, ...defaults } = read("network.json") as Record<string, unknown>;
    void _network;
    const houston = parseCity("houston", defaults, read("cities/houston.json"), "houston");
    const outlets = outletsOf(houston.feeds, houston.locale);
    expect(outlets).toContain("Houston Public Media");
    expect(outlets).toContain("NPR");
    expect(outlets.filter((o) => o === "ESPN")).toHaveLength(1);
    expect(outlets.length).toBeGreaterThanOrEqual(10);
  });
});
