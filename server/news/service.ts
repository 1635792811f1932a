import path from "node:path";
import type { Logger } from "pino";
import type { SiteConfig } from "../../sites/schema";
import { openDatabase, type Db } from "../db/open";
import { createOutboundGuard, type OutboundGuard } from "../net/outbound";
import { NewsEngine } from "./engine";
import { NO_FEEDS } from "./feed-report";
import { feedSources, readFeedsFile } from "./sources";
import { NewsStore, type Retention } from "./store";

export interface NewsServiceOptions {
  site: SiteConfig;
  siteUrl: string;
  dataDir: string;
  feedsFile?: string;
  refreshSeconds: number;
  backoffBaseSeconds: number;
  retention: Retention;
  /** ALLOW_PRIVATE_HOSTS: what feeds may reach at a private address (none by default). */
  allowPrivateHosts?: readonly string[];
  /** The outbound guard to share (the image route fetches pictures through it too); else its own. */
  guard?: OutboundGuard;
  logger: Logger;
}

/** Opens the site's database and creates the news engine over it (not yet started). */
export function createNewsService(options: NewsServiceOptions): { engine: NewsEngine; db: Db } {
  const { site, logger } = options;
  const feeds = options.feedsFile ? readFeedsFile(options.feedsFile) : site.feeds;
  const db = openDatabase(path.join(options.dataDir, `${site.id}.db`));
  const sources = feedSources(feeds);
  if (sources.length === 0) {
    logger.warn({ site: site.id, feedsFile: options.feedsFile ?? null }, NO_FEEDS);
  }
  const engine = new NewsEngine({
    store: new NewsStore(db),
    sources,
    log: logger.child({ part: "news" }),
    userAgent: `${site.name} news reader (+${options.siteUrl})`,
    defaultImage: site.defaultImage,
    timeZone: site.timeZone,
    refreshMs: options.refreshSeconds * 1000,
    backoffBaseMs: options.backoffBaseSeconds * 1000,
    retention: options.retention,
    // Every feed fetch and redirect connects through one guard (and its connection pool).
    fetchOptions: {
      guard: options.guard ?? createOutboundGuard({ allowPrivateHosts: options.allowPrivateHosts }),
    },
  });
  return { engine, db };
}
