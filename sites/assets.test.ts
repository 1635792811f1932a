import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITES } from "./registry";

const PUBLIC = path.resolve(import.meta.dirname, "../public");

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("site assets", () => {
  it.each(Object.values(SITES).map((s) => [s.id, s.socialImage]))(
    "%s has its 1200×630 social image in public/",
    (_id, image) => {
      expect(pngSize(path.join(PUBLIC, image))).toEqual({ width: 1200, height: 630 });
    },
  );
});
