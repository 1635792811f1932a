import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The real-world feed corpus, kept in the repository (tests/fixtures/feeds, byte-exact: see
 * .gitattributes), with SOURCES.md naming each file's origin and licence.
 */
export const FEED_FIXTURES_DIR = path.resolve(import.meta.dirname, "../fixtures/feeds");

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
