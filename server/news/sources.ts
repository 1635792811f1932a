import { z } from "zod";
import { FEED_KEYS } from "../../sites/categories";
import type { SiteConfig } from "../../sites/schema";
import { SettingsFileError, readSettingsFile } from "../settings-file";
import type { ListedFeed } from "./feed-report";
import type { FeedListing } from "./network";

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

/** Every feed a city lists, by category in the table's order, as `npm run feeds` reports them. */
export function feedSources(
  feeds: Partial<Record<(typeof FEED_KEYS)[number], readonly FeedListing[]>>,
): ListedFeed[] {
  return FEED_KEYS.flatMap((key) =>
    (feeds[key] ?? []).map((entry) => ({
      key,
      url: typeof entry === "string" ? entry : entry.url,
    })),
  );
}
