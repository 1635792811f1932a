import type { FeedKey } from "../../sites/categories";
import type { NewsStore } from "./store";

/** One feed's state, as `npm run feeds` reports it (times are epoch milliseconds or null). */
export interface FeedReport {
  key: FeedKey;
  url: string;
  /** ok: its last fetch worked; failing: its last fetch failed; new: never fetched yet. */
  state: "ok" | "failing" | "new";
  lastAttempt: number | null;
  lastSuccess: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextAttempt: number | null;
  itemsStored: number;
}

/** A feed as a city lists it: its category and URL. */
export interface ListedFeed {
  key: FeedKey;
  url: string;
}

/**
 * The state of each listed feed (a city's, or every served city's), by category then in listed
 * order. A feed is stored once per URL, so two cities listing it show the same state.
 */
export async function describeFeeds(
  store: NewsStore,
  listed: readonly ListedFeed[],
): Promise<FeedReport[]> {
  const rows = new Map((await store.feeds()).map((row) => [row.url, row]));
  const reports = await Promise.all(
    listed.map(async ({ key, url }): Promise<FeedReport> => {
      const feed = rows.get(url);
      return {
        key,
        url,
        state:
          !feed || feed.lastAttempt === null
            ? ("new" as const)
            : feed.lastError !== null
              ? ("failing" as const)
              : ("ok" as const),
        lastAttempt: feed?.lastAttempt ?? null,
        lastSuccess: feed?.lastSuccess ?? null,
        lastError: feed?.lastError ?? null,
        consecutiveFailures: feed?.consecutiveFailures ?? 0,
        nextAttempt: feed?.nextAttempt ?? null,
        itemsStored: feed ? await store.countArticles(feed.id) : 0,
      };
    }),
  );
  return reports.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

type Style = "green" | "red" | "yellow" | "dim" | "bold";

export interface FormatOptions {
  /** Colours a piece of text (or returns it as it is, without colour). */
  paint: (style: Style, text: string) => string;
  /** Makes remote text (an error's reason) safe for a terminal. */
  escape: (text: string) => string;
}

/** "3 min ago", "in 40 s": how far `time` is from `now`, in the largest whole unit. */
export function relative(time: number, now: number): string {
  const seconds = Math.round((time - now) / 1000);
  const size = Math.abs(seconds);
  const [value, unit] =
    size < 90
      ? [size, "s"]
      : size < 90 * 60
        ? [Math.round(size / 60), "min"]
        : size < 36 * 3600
          ? [Math.round(size / 3600), "h"]
          : [Math.round(size / 86_400), "d"];
  return seconds >= 0 ? `in ${value} ${unit}` : `${value} ${unit} ago`;
}

const when = (time: number | null, now: number) =>
  time === null ? "never" : `${new Date(time).toISOString()} (${relative(time, now)})`;

/** What the newsroom is told, at start-up and by `npm run feeds`, of a site that lists no feed. */
export const NO_FEEDS =
  "No feeds configured: the cities served (and FEEDS_FILE) list none, so every news page stays empty.";

/** The report as text: a block per feed, a summary line at the end. */
export function formatFeeds(feeds: readonly FeedReport[], now: number, o: FormatOptions): string {
  if (feeds.length === 0) return `${NO_FEEDS}\n`;
  const marks = {
    ok: o.paint("green", "ok"),
    failing: o.paint("red", "FAILING"),
    new: o.paint("yellow", "new"),
  };
  const blocks = feeds.map((f) => {
    const lines = [
      `${o.paint("bold", f.key)}  ${marks[f.state]}  ${o.escape(f.url)}`,
      `  last success  ${when(f.lastSuccess, now)}`,
    ];
    if (f.lastError !== null) {
      lines.push(
        `  last error    ${o.paint("red", o.escape(f.lastError))} (${f.consecutiveFailures} in a row)`,
      );
    }
    lines.push(
      `  next attempt  ${f.nextAttempt === null ? "at start-up" : when(f.nextAttempt, now)}`,
    );
    lines.push(`  items stored  ${f.itemsStored}`);
    return lines.join("\n");
  });
  const failing = feeds.filter((f) => f.state === "failing").length;
  const summary = `${feeds.length} feeds: ${feeds.length - failing} ok or new, ${failing} failing`;
  return `${blocks.join("\n\n")}\n\n${failing ? o.paint("red", summary) : summary}\n`;
}
