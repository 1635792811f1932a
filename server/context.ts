import type { Logger } from "pino";
import type { AppLoadContext } from "react-router";
import type { SiteContent } from "../sites/content";
import type { City } from "../sites/schema";
import type { CityServices } from "./cities/network";
import type { CityMessages } from "./messages/store";
import type { NewsReader } from "./news/engine";

/** What every loader and action receives as `context`: the one seam between server and app. */
export interface LoadContext {
  /** The validated data of the city the request's host names. */
  site: City;
  /** The publication's editorial content (static blocks of the pages). */
  content: SiteContent;
  /** Canonical base URL (SITE_URL, else the site's baseUrl), without a trailing slash. */
  siteUrl: string;
  /** The request time in ms since the epoch; server and client format dates from it. */
  now: number;
  /** True in the Vite dev server (stack traces may be shown). */
  isDev: boolean;
  /** Unconfigured embeds show a placeholder (SHOW_EMBED_PLACEHOLDERS, or development). */
  embedPlaceholders: boolean;
  /** The site's stylesheet, inlined in every page's head (empty in development). */
  stylesheet?: string;
  /** The stored news, by category (never waits on a fetch). */
  news: NewsReader;
  /** The city's contact messages. */
  messages: CityMessages;
  /** The reader's address (for the contact form's rate limit). */
  clientAddress: string;
  /** A request-scoped logger. */
  log: Pick<Logger, "info" | "warn" | "error" | "debug">;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends LoadContext {}
}

/** What every city's requests share: the build's stylesheet, the mode, the clock. */
export interface SharedServices {
  isDev: boolean;
  /** Unconfigured embeds show a placeholder rather than nothing. */
  embedPlaceholders?: boolean;
  /** The site's stylesheet as text (production: read once from the build). */
  stylesheet?: string;
  /**
   * Where the whole stylesheet is served (production). When set, each page inlines only the rules
   * its own markup uses, and loads the whole stylesheet before it hydrates (server/pages.ts).
   */
  stylesheetHref?: string;
  clock?: () => number;
}

/** What one request's load context is made of: the shared services and its city's. */
export type ContextServices = SharedServices & Omit<CityServices, "csp">;

/** Builds the load context of one request from the long-lived services. */
export function createLoadContext(
  services: ContextServices,
  request: { log: LoadContext["log"]; ip?: string },
): AppLoadContext {
  return {
    site: services.site,
    content: services.content,
    siteUrl: services.siteUrl,
    now: (services.clock ?? Date.now)(),
    isDev: services.isDev,
    stylesheet: services.stylesheet,
    embedPlaceholders: services.embedPlaceholders ?? services.isDev,
    news: services.news,
    messages: services.messages,
    clientAddress: request.ip ?? "unknown",
    log: request.log,
  };
}
