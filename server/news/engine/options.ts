import type { FeedOutcome } from "../../metrics/observer";
import type { FetchOptions, FetchResult } from "../fetcher";
import type { Subscriptions } from "../subscriptions";
import type { NewsStore, Retention } from "../store";

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface EngineOptions {
  store: NewsStore;
  /** Which feeds the served cities list (news/subscriptions.ts): only those are fetched. */
  subscriptions: Subscriptions;
  log: Logger;
  userAgent: string;
  /** The network's default photo, for stories whose feed gives none. */
  defaultImage: string;
  /** FEED_REFRESH_SECONDS in ms: the shortest interval between two fetches of a feed. */
  refreshMs: number;
  /** FEED_MAX_REFRESH_SECONDS in ms: the longest (a day unless told). */
  maxRefreshMs?: number;
  /** FEED_BACKOFF_BASE_SECONDS in ms (default 1 minute). */
  backoffBaseMs?: number;
  /** Fetches at once, all hosts together. */
  concurrency?: number;
  /** Fetches at once from one host (a publisher's many feeds are not fetched all at once). */
  perHostConcurrency?: number;
  now?: () => number;
  random?: () => number;
  fetch?: (url: string, options: FetchOptions) => Promise<FetchResult>;
  fetchOptions?: Partial<FetchOptions>;
  /** How long old articles are kept (RETENTION_DAYS, RETENTION_MIN_PER_FEED). */
  retention?: Retention;
  /** How many feeds' newest articles are kept in memory (the rest are read again when asked). */
  feedCacheSize?: number;
  /** How many (city, category) reads are kept in memory. */
  categoryCacheSize?: number;
  /** How long an instance holds a feed it refreshes (LEASE_MS unless told). */
  leaseMs?: number;
  /**
   * With a database other instances share: how often to read every listed feed's stored state
   * and take in what changed (the fallback of notifications, which a lost connection misses).
   * Unset: never (one instance, which knows its own writes).
   */
  syncMs?: number;
  /** Told how each fetch of a feed ended (the metrics: server/metrics/observer.ts). */
  onFetch?: (outcome: FeedOutcome) => void;
}
