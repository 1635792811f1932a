import { z } from "zod";
import { FEED_KEYS } from "../../sites/categories";
import { FeedEntrySchema, type FeedEntry } from "../../sites/schema";
import { SettingsFileError, readSettingsFile } from "../settings/settings-file";
import type { ListedFeed } from "./feed-report";
import type { FeedListing } from "./subscriptions";

/**
 * A FEEDS_FILE: feeds per feed key, each a URL or, as in a city's data, its URL with what the
 * city knows of it (its dates' zone, the publisher's short name, its stories' language).
 */
const FEED_LISTS = Object.fromEntries(
  FEED_KEYS.map((key) => [key, z.array(FeedEntrySchema).optional()]),
) as Record<(typeof FEED_KEYS)[number], z.ZodOptional<z.ZodArray<typeof FeedEntrySchema>>>;

/**
 * Its `editions`: the feeds of the city's editions in other languages, by language
 * (`{ "es": { "local": [...] } }`), each category over the file's own.
 */
const FeedsFileSchema = z.strictObject({
  ...FEED_LISTS,
  editions: z.record(z.string().regex(/^[a-z]{2,3}$/), z.strictObject(FEED_LISTS)).optional(),
});

type FeedLists = Partial<Record<(typeof FEED_KEYS)[number], FeedEntry[]>>;

/** Thrown for a FEEDS_FILE that cannot be used; the message names the file and the bad entries. */
export class FeedsFileError extends SettingsFileError {
  override name = "FeedsFileError";
}

/**
 * Reads a FEEDS_FILE (`{ "local": ["https://…", { "url": "https://…", "name": "…" }], … }`),
 * rejecting unknown keys, non-http(s) URLs and unknown fields.
 */
export function readFeedsFile(file: string): FeedLists & { editions?: Record<string, FeedLists> } {
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
