import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SOCIAL_IMAGE_PATH } from "../server/images/social-image";
import { NETWORK_FILE, testCity } from "../tests/support/cities";

const PUBLIC = path.resolve(import.meta.dirname, "../public");
const CITY_IDS = ["houston", "anchorage", "honolulu"] as const;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("site assets", () => {
  it("gives every city the social image the server draws for it", () => {
    const network = JSON.parse(readFileSync(NETWORK_FILE, "utf8")) as { socialImage: string };
    expect(network.socialImage).toBe(SOCIAL_IMAGE_PATH);
  });

  // The server draws /social.png per city (server/images/social-image.ts); any other path must be a
  // 1200×630 PNG of public/.
  it.each(CITY_IDS.map((id) => [id, testCity(id).socialImage]))(
    "%s has its 1200×630 social image (%s)",
    (_id, image) => {
      if (image === SOCIAL_IMAGE_PATH) return;
      const file = path.join(PUBLIC, image);
      expect(existsSync(file), `${image} is not in public/`).toBe(true);
      expect(pngSize(file)).toEqual({ width: 1200, height: 630 });
    },
  );
});
