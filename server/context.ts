import type { EditionInfo } from "../sites/editions";
import type { Logger } from "pino";
import type { IslandSources } from "../common/islands";
import type { SiteContent } from "../sites/content";
import type { City } from "../sites/schema";
import type { CityMessages } from "./messages/store";
import type { NewsReader } from "./news/engine";
import type { CityWeather } from "./weather/city-weather";

/**
 * A city's news as a page's loaders read it (the engine's reader, without the page cache's
 * versions): asynchronously, since the store may be PostgreSQL, and a page may be made on a
 * render worker that asks the process holding the news (server/render/).
 */
export type NewsSource = Omit<NewsReader, "version">;

/**
 * A city's live weather as pages read it (server/weather/service.ts): from what the service
 * holds, never waiting on it.
 */
export interface WeatherSource {
  get(): Promise<CityWeather>;
}

/** A city's weather with what the page cache compares: how many times what it shows changed. */
export interface WeatherReader extends WeatherSource {
  version(): number;
}

/** A city's contact messages as the contact page uses them. */
export type MessageDesk = CityMessages;

/** What the briefing's sign-up form shows: whether sign-ups are open, and the hour it is sent. */
export interface BriefingForm {
  open: boolean;
  hour: number;
}

/** What every loader and action receives as `context`: the one seam between server and app. */
export interface LoadContext {
  /** The validated data of the city the request's host names. */
  site: City;
  /** The publication's editorial content (static blocks of the pages). */
  content: SiteContent;
  /**
   * Canonical base URL (SITE_URL, else the site's baseUrl), without a trailing slash; an edition
   * under a path prefix has it at the end (https://host/es).
   */
  siteUrl: string;
  /** The edition the page is in, and its city's editions (hreflang, the language link). */
  edition: EditionInfo;
  /** The request time in ms since the epoch; server and client format dates from it. */
  now: number;
  /** True in the Vite dev server (stack traces may be shown). */
  isDev: boolean;
  /** Unconfigured embeds show a placeholder (SHOW_EMBED_PLACEHOLDERS, or development). */
  embedPlaceholders: boolean;
  /** Ads stay in the city's pages in storm mode (STORM_ADS); absent or false: left out. */
  stormAds?: boolean;
  /** The morning briefing's sign-up form: open (SMTP_URL set) or closed, and its local hour. */
  briefing?: BriefingForm;
  /** The site's stylesheet, inlined in every page's head (empty in development). */
  stylesheet?: string;
  /** Where the whole stylesheet is served (production), for islands that show markup of their own. */
  stylesheetHref?: string;
  /** Where each island's module is served (production: the islands build; development: Vite). */
  islands?: IslandSources;
  /** The stored news, by category (never waits on a fetch). */
  news: NewsSource;
  /** The city's contact messages. */
  messages: MessageDesk;
  /** The city's live weather (conditions, forecast, alerts). */
  weather: WeatherSource;
  /** The reader's address (for the contact form's rate limit). */
  clientAddress: string;
  /** A request-scoped logger. */
  log: Pick<Logger, "info" | "warn" | "error" | "debug">;
}

/** What every city's requests share: the build's stylesheet, the mode, the clock. */
export interface SharedServices {
  isDev: boolean;
  /** Unconfigured embeds show a placeholder rather than nothing. */
  embedPlaceholders?: boolean;
  /** Ads stay in pages in storm mode (STORM_ADS); absent: left out. */
  stormAds?: boolean;
  /** The morning briefing's sign-up form (absent: closed). */
  briefing?: BriefingForm;
  /** The site's stylesheet as text (production: read once from the build). */
  stylesheet?: string;
  /**
   * Where the whole stylesheet is served (production). When set, each page inlines only the rules
   * its own markup uses; an island that shows markup of its own loads the whole stylesheet first.
   */
  stylesheetHref?: string;
  /** Where each island's module is served (production: build/islands-manifest.json). */
  islands?: IslandSources;
  clock?: () => number;
}
