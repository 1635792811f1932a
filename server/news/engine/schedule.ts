import { setImmediate as nextTurn } from "node:timers/promises";
import pLimit from "p-limit";
import type { FeedBook } from "./feed-book";
import type { EngineOptions } from "./options";

/** The first retry delay of a failing feed (FEED_BACKOFF_BASE_SECONDS); it doubles per failure. */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_MAX_MS = 3600_000;
/** How often the scheduler looks for due feeds. */
export const TICK_MS = 15_000;
export const DEFAULT_CONCURRENCY = 4;

/**
 * How long an instance holds a feed it is refreshing (NewsStore.claim): past it, another may
 * take it. A refresh usually ends far sooner (a fetch gives up after its timeout); one that waits
 * longer (its host's turn, a slow answer) has its lease renewed every third of it
 * (Schedule.renewLeases); an instance that died mid-refresh holds nothing longer than this.
 */
export const LEASE_MS = 60_000;

/** How often the retention policy runs (and once at start). */
export const PRUNE_INTERVAL_MS = 3600_000;
/** The longest interval between two fetches of a feed, unless FEED_MAX_REFRESH_SECONDS says. */
export const MAX_REFRESH_MS = 86_400_000;
export const DEFAULT_PER_HOST_CONCURRENCY = 2;

/** Delay before retrying a feed that failed `failures` times in a row: 1 min doubling, 1 h at most. */
export function backoffMs(failures: number, baseMs = BACKOFF_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/**
 * When a feed that failed `failures` times in a row is tried again: after its backoff, or after
 * what the answer asked for (Retry-After) when longer, an hour at most.
 */
export function retryDelayMs(failures: number, baseMs?: number, retryAfterMs?: number): number {
  return Math.max(backoffMs(failures, baseMs), Math.min(retryAfterMs ?? 0, BACKOFF_MAX_MS));
}

/** Now plus `intervalMs`, ±10 % so that feeds sharing a host do not fall into step. */
export function nextAttemptAt(now: number, intervalMs: number, random: () => number): number {
  return now + Math.round(intervalMs * (0.9 + 0.2 * random()));
}

/** The shortest and longest interval between a feed's fetches (refreshMs, maxRefreshMs). */
export function intervalBounds(options: Pick<EngineOptions, "refreshMs" | "maxRefreshMs">): {
  minMs: number;
  maxMs: number;
} {
  const minMs = options.refreshMs;
  return { minMs, maxMs: Math.max(minMs, options.maxRefreshMs ?? MAX_REFRESH_MS) };
}

/** What the schedule runs: one feed's refresh, the retention policy, the catch-up read. */
export interface ScheduledWork {
  /** Refreshes one feed (fetch, read, store, and what pages show of it taken in). */
  refresh(url: string, id: number): Promise<void>;
  /** refreshDue, pruning and syncing from the timers: each logs its own failure. */
  refreshDueLogged(): Promise<void>;
  pruneLogged(): Promise<void>;
  syncLogged(): Promise<void>;
  renewLeasesLogged(): Promise<void>;
}

/**
 * When each feed is fetched: the timers (a tick looking for due feeds, hourly pruning, the
 * catch-up read of a shared database), which feeds are due and leased to this instance, and how
 * many fetches run at once (overall and per host; at most one refresh of a URL at a time).
 */
export class Schedule {
  /** Refreshes under way, by feed URL. */
  private readonly running = new Map<string, Promise<void>>();
  /** Feeds this instance leased whose refresh has not ended (their leases are renewed). */
  private readonly held = new Set<number>();
  /** Feeds another instance holds, until when (they are not claimed again before). */
  private readonly leasedElsewhere = new Map<number, number>();
  private readonly limit;
  private readonly hostLimits = new Map<string, ReturnType<typeof pLimit>>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private stopped = false;

  constructor(
    private readonly options: EngineOptions,
    private readonly feeds: FeedBook,
    private readonly work: ScheduledWork,
    private readonly now: () => number,
  ) {
    this.limit = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
  }

  /** Starts refreshing (every due feed at once, then whatever is due on each tick) and pruning. */
  start(): Promise<void> {
    this.stopped = false;
    // Often enough for the shortest wait: the refresh interval, or the first backoff step.
    const tick = Math.min(TICK_MS, this.options.refreshMs, this.options.backoffBaseMs ?? TICK_MS);
    this.every(tick, () => this.work.refreshDueLogged());
    this.every(PRUNE_INTERVAL_MS, () => this.work.pruneLogged());
    if (this.options.syncMs) this.every(this.options.syncMs, () => this.work.syncLogged());
    this.every(Math.max(1, Math.floor(this.leaseMs / 3)), () => this.work.renewLeasesLogged());
    void this.work.pruneLogged();
    return this.work.refreshDueLogged();
  }

  private every(ms: number, job: () => Promise<void>): void {
    const timer = setInterval(() => void job(), ms);
    timer.unref?.();
    this.timers.push(timer);
  }

  /**
   * Stops the timers; resolves once the refreshes under way have stopped (a refresh stops at its
   * next turn: nothing more is written or read).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.running.values()]);
  }

  /** Waits for the next turn of the event loop; false once the engine has been stopped. */
  async turn(): Promise<boolean> {
    await nextTurn();
    return !this.stopped;
  }

  /**
   * Refreshes every listed feed that is due now and that this instance could lease (another
   * instance sharing the database may hold it, or have refreshed it already), each once;
   * resolves when they have finished.
   */
  async refreshDue(): Promise<void> {
    const now = this.now();
    const due = this.dueAt(now);
    if (due.size === 0) return;
    const { store } = this.options;
    const claimed = new Set(await store.claim([...due.keys()], now, this.leaseMs, store.instance));
    // The others: read again, to know when they are due now (or until when they are held).
    const others = [...due.keys()].filter((id) => !claimed.has(id));
    for (const row of await store.feedsByIds(others)) {
      this.feeds.rows.set(row.id, row);
      if (row.leaseUntil !== null && row.leaseUntil > now)
        this.leasedElsewhere.set(row.id, row.leaseUntil);
      else this.leasedElsewhere.delete(row.id);
    }
    await Promise.all(
      [...due]
        .filter(([id]) => claimed.has(id))
        .map(([id, url]) => {
          this.held.add(id);
          return this.refresh(url, id).finally(() => this.held.delete(id));
        }),
    );
  }

  /**
   * Extends the leases of the feeds whose refresh here is still under way, so that no other
   * instance takes one meanwhile (the start's timer: every third of a lease).
   */
  async renewLeases(): Promise<void> {
    if (this.held.size === 0) return;
    const { store } = this.options;
    await store.renew([...this.held], this.now(), this.leaseMs, store.instance);
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? LEASE_MS;
  }

  /** The listed feeds due at `now` (by id) that no refresh here or lease elsewhere holds. */
  private dueAt(now: number): Map<number, string> {
    const due = new Map<number, string>();
    for (const [url, id] of this.feeds.ids) {
      if (this.running.has(url) || (this.leasedElsewhere.get(id) ?? 0) > now) continue;
      const next = this.feeds.rows.get(id)?.nextAttempt;
      if (next === null || next === undefined || next <= now) due.set(id, url);
    }
    return due;
  }

  /** Another instance wrote a feed's state: its lease there has ended. */
  released(id: number): void {
    this.leasedElsewhere.delete(id);
  }

  /** Refreshes one feed URL within the limits (at most one refresh of a URL at a time). */
  private refresh(url: string, id: number): Promise<void> {
    const running = this.running.get(url);
    if (running) return running;
    const host = hostOf(url);
    let hostLimit = this.hostLimits.get(host);
    if (!hostLimit) {
      hostLimit = pLimit(this.options.perHostConcurrency ?? DEFAULT_PER_HOST_CONCURRENCY);
      this.hostLimits.set(host, hostLimit);
    }
    // The host's limit outside the overall one: a feed waiting for its host holds no slot.
    const task = hostLimit(() => this.limit(() => this.work.refresh(url, id))).finally(() => {
      this.running.delete(url);
      if (hostLimit.activeCount === 0 && hostLimit.pendingCount === 0) this.hostLimits.delete(host);
    });
    this.running.set(url, task);
    return task;
  }
}

/** The host a feed is fetched from (its URL's, lower-case), for the per-host limit. */
function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
