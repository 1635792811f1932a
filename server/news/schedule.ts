/**
 * How often a feed is fetched, from how often it publishes (Miniflux's "entry frequency"
 * scheduler: a week divided by the entries of the last week), between the shortest interval
 * (FEED_REFRESH_SECONDS) and the longest (FEED_MAX_REFRESH_SECONDS, a day by default), and
 * never sooner than the feed itself asks: its RSS `<ttl>`, or its answer's Cache-Control max-age
 * or Expires (both capped at the longest interval, so a feed cannot silence itself for a month).
 * From: https://miniflux.app/docs/configuration.html#polling-scheduler
 */
export interface ScheduleInput {
  /** Publication dates of the feed's items as last fetched (null: undated). */
  published: readonly (number | null)[];
  now: number;
  minMs: number;
  maxMs: number;
  /** The channel's `<ttl>`, in minutes. */
  ttlMinutes?: number;
  /** How long the answer said it stays fresh, in ms. */
  freshForMs?: number;
}

export const WEEK_MS = 7 * 86_400_000;

/** The interval until a feed's next fetch, in ms (before jitter). */
export function feedInterval(input: ScheduleInput): number {
  const { minMs } = input;
  const maxMs = Math.max(input.maxMs, minMs);
  const lastWeek = input.published.filter(
    (t) => t !== null && t <= input.now && t > input.now - WEEK_MS,
  ).length;
  // A feed with no dated item this week is checked at the longest interval; an undated feed
  // gives no pace to go by, so it keeps the shortest.
  const undated = input.published.length > 0 && input.published.every((t) => t === null);
  const pace = undated ? minMs : lastWeek === 0 ? maxMs : WEEK_MS / lastWeek;
  const asked = Math.max((input.ttlMinutes ?? 0) * 60_000, input.freshForMs ?? 0);
  return Math.round(Math.min(maxMs, Math.max(minMs, pace, Math.min(asked, maxMs))));
}
