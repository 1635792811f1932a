import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The shared real-world feed corpus (../shared/fixtures/feeds beside the repository). */
export const FEED_FIXTURES_DIR = path.resolve(
  import.meta.dirname,
  "../../../shared/fixtures/feeds",
);

/** File names of the well-formed fixtures. */
export const WELL_FORMED = readdirSync(FEED_FIXTURES_DIR)
  .filter((f) => f.endsWith(".xml"))
  .sort();
/** File names (malformed/…) of the deliberately broken fixtures. */
export const MALFORMED = readdirSync(path.join(FEED_FIXTURES_DIR, "malformed"))
  .filter((f) => f.endsWith(".xml"))
  .map((f) => `malformed/${f}`)
  .sort();

export function readFixture(name: string): Buffer {
  return readFileSync(path.join(FEED_FIXTURES_DIR, name));
}
