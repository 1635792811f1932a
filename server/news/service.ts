import type { Logger } from "pino";
import type { Store } from "../db/open";
import { createOutboundGuard, type OutboundGuard } from "../net/outbound";
import { NewsEngine, type EngineOptions } from "./engine";
import { NO_FEEDS } from "./feed-report";
import type { Subscriptions } from "./subscriptions";
import { NewsStore, type Retention } from "./store";

export interface NewsServiceOptions {
  /** The network's database (SQLite in DATA_DIR, or PostgreSQL). */
  db: Store;
  /** Which feeds the served cities list. */
  subscriptions: Subscriptions;
  /** Who fetches: the network's name and address, for the feeds' publishers. */
  userAgent: string;
  /** The network's default photo, for stories whose feed gives none. */
  defaultImage: string;
  refreshSeconds: number;
  maxRefreshSeconds?: number;
  backoffBaseSeconds: number;
  retention: Retention;
  /** ALLOW_PRIVATE_HOSTS: what feeds may reach at a private address (none by default). */
  allowPrivateHosts?: readonly string[];
  /**
   * How often to read the feeds' state that other instances may have changed (a shared
   * database); unset with a database of this instance alone.
   */
  syncMs?: number;
  /** FEED_LEASE_SECONDS. */
  leaseSeconds?: number;
  /** The outbound guard to share (the image route fetches pictures through it too); else its own. */
  guard?: OutboundGuard;
  logger: Logger;
  /** Told how each feed fetch ended (the metrics). */
  onFetch?: EngineOptions["onFetch"];
}

/** Creates the network's news engine over its database (not yet started). */
export function createNewsService(options: NewsServiceOptions): Promise<NewsEngine> {
  const { logger, subscriptions } = options;
  if (subscriptions.urls().size === 0)
    logger.warn({ cities: [...subscriptions.cities()] }, NO_FEEDS);
  return NewsEngine.open({
    store: new NewsStore(options.db),
    subscriptions,
    log: logger.child({ part: "news" }),
    userAgent: options.userAgent,
    defaultImage: options.defaultImage,
    refreshMs: options.refreshSeconds * 1000,
    maxRefreshMs: (options.maxRefreshSeconds ?? 86_400) * 1000,
    backoffBaseMs: options.backoffBaseSeconds * 1000,
    retention: options.retention,
    syncMs: options.syncMs,
    onFetch: options.onFetch,
    leaseMs: options.leaseSeconds === undefined ? undefined : options.leaseSeconds * 1000,
    // Every feed fetch and redirect connects through one guard (and its connection pool).
    fetchOptions: {
      guard: options.guard ?? createOutboundGuard({ allowPrivateHosts: options.allowPrivateHosts }),
    },
  });
}
