import { z } from "zod";
import { FEED_KEYS } from "../../sites/categories";
import type { SiteConfig } from "../../sites/schema";
import { SettingsFileError, readSettingsFile } from "../settings-file";
import type { FeedSource } from "./store";

const FeedsFileSchema = z.strictObject(
  Object.fromEntries(
    FEED_KEYS.map((key) => [
      key,
      z.array(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })).optional(),
    ]),
  ) as Record<(typeof FEED_KEYS)[number], z.ZodOptional<z.ZodArray<z.ZodURL>>>,
);

/** Thrown for a FEEDS_FILE that cannot be used; the message names the file and the bad entries. */
export class FeedsFileError extends SettingsFileError {
  override name = "FeedsFileError";
}

/** Reads a FEEDS_FILE (`{ "local": ["https://…"], … }`), rejecting unknown keys and non-http(s) URLs. */
export function readFeedsFile(file: string): SiteConfig["feeds"] {
  return readSettingsFile("FEEDS_FILE", file, FeedsFileSchema, FeedsFileError);
}

/** Every feed to fetch: the site's configured URLs, or those of FEEDS_FILE when one is given. */
export function feedSources(feeds: SiteConfig["feeds"]): FeedSource[] {
  return FEED_KEYS.flatMap((key) => (feeds[key] ?? []).map((url) => ({ key, url })));
}
