import type { Logger } from "pino";
import type { Env } from "../settings/env";
import type { CityDirectory } from "../cities/directory";
import { ServedCities } from "../cities/served";
import type { Metrics } from "../metrics/metrics";
import type { Store } from "../db/open";
import { configuredPictures, pictureLinks, withCoverLinks } from "../images/links";
import { PictureFailures } from "../images/failures";
import { openImageService } from "../images/service";
import type { createOutboundGuard } from "../net/outbound";
import type { Subscriptions } from "../news/subscriptions";
import { createNewsService } from "../news/service";
import { RadarPictures, weatherReader } from "../weather/reader";
import { WeatherService } from "../weather/service";
import { WeatherStore } from "../weather/store";
import { NewsStore } from "../news/store";
import type { openMessages } from "./storage";

/**
 * The long-lived services the process opens over its database and outbound guard: the news
 * engine, the pictures, the weather, and every city by Host over them (cities/served.ts).
 */

/** What the process's builders (here and beside) are given besides the settings. */
export interface Parts {
  db: Store;
  network: ReturnType<CityDirectory["network"]>;
  guard: ReturnType<typeof createOutboundGuard>;
  logger: Logger;
  /** The metrics (METRICS_PORT set), told of feed fetches and weather answers. */
  metrics: Metrics | undefined;
}

/** The news engine over every city's feeds (started by main once the server listens). */
export function openNews(
  env: Env,
  { db, subscriptions, network, guard, logger, metrics }: Parts & { subscriptions: Subscriptions },
) {
  return createNewsService({
    db,
    subscriptions,
    userAgent: `${network.name} news reader (+${network.url})`,
    defaultImage: network.defaultImage,
    refreshSeconds: env.FEED_REFRESH_SECONDS,
    maxRefreshSeconds: env.FEED_MAX_REFRESH_SECONDS,
    backoffBaseSeconds: env.FEED_BACKOFF_BASE_SECONDS,
    retention: { days: env.RETENTION_DAYS, minPerFeed: env.RETENTION_MIN_PER_FEED },
    guard,
    logger,
    // Instances sharing PostgreSQL: what the others refreshed is announced (below), and read
    // every minute besides, since a notification sent while the connection was down is lost.
    syncMs: env.DATABASE_URL ? SYNC_MS : undefined,
    leaseSeconds: env.FEED_LEASE_SECONDS,
    onFetch: metrics?.feedFetched,
  });
}

/** How often an instance sharing PostgreSQL reads the feeds' state the others may have changed. */
const SYNC_MS = 60_000;

/** The pictures' service; instances sharing PostgreSQL share what pictures failed too. */
export function openPictures(env: Env, { db, network, guard, logger }: Parts) {
  const sharedFailures = env.DATABASE_URL ? new PictureFailures(db) : undefined;
  if (sharedFailures) {
    // Forgotten failures leave the table hourly (a failure read after its time counts for none).
    setInterval(() => {
      sharedFailures.prune(Date.now()).catch((err: unknown) => {
        logger.warn({ err }, "pruning picture failures failed");
      });
    }, 3600_000).unref();
  }
  return openImageService({
    dataDir: env.DATA_DIR,
    secret: env.IMAGE_KEY_SECRET,
    cacheMb: env.IMAGE_CACHE_MB,
    news: new NewsStore(db),
    sharedFailures,
    guard,
    defaultImage: network.defaultImage,
    configured: [],
    userAgent: `${network.name} pictures (+${network.url})`,
    log: logger.child({ part: "images" }),
  });
}

/**
 * Live weather for the cities asked about, through the same guard; its last good answers in the
 * database. The service asks its users to name themselves and a contact: the default city's.
 */
export function openWeather(
  env: Env,
  {
    db,
    directory,
    served,
    network,
    guard,
    logger,
    metrics,
  }: Parts & { directory: CityDirectory; served: readonly string[] },
): WeatherService {
  const contactCity =
    env.DEFAULT_SITE && directory.has(env.DEFAULT_SITE) ? env.DEFAULT_SITE : served[0];
  const contactOf = contactCity ? directory.load(contactCity) : undefined;
  const contact = contactOf && "city" in contactOf ? contactOf.city.contact.email : network.url;
  return new WeatherService({
    store: new WeatherStore(db),
    fetch: guard.fetch,
    userAgent: `(${network.name}, ${contact})`,
    apiUrl: env.NWS_API_URL,
    radarUrl: env.NWS_RADAR_URL,
    alertsMs: env.NWS_ALERTS_SECONDS * 1000,
    log: logger.child({ part: "weather" }),
    onAnswer: metrics?.weatherAnswered,
  });
}

/** Every city by Host, each with its news, messages, weather and pictures (cities/served.ts). */
export function servedCities(
  env: Env,
  parts: {
    directory: CityDirectory;
    engine: Awaited<ReturnType<typeof createNewsService>>;
    images: ReturnType<typeof openImageService>;
    messages: Awaited<ReturnType<typeof openMessages>>;
    weather: WeatherService;
  },
): ServedCities {
  const { directory, engine, images, messages, weather } = parts;
  const radarPictures = new RadarPictures(images);
  const linked = pictureLinks(images);
  return new ServedCities({
    directory,
    defaultSite: env.DEFAULT_SITE,
    // Loaders see pictures as image route paths only (server/images/links.ts).
    news: (id) => linked(engine.city(id)),
    messages: (id) => messages.store.forSite(id),
    weather: (city) => weatherReader(weather, city, radarPictures),
    content: (content) => withCoverLinks(content, images),
    onLoad: (id, outcome) => {
      // (An invalid city is logged by the app, once, when its readers get a 503.)
      if ("city" in outcome) images.configure(configuredPictures(outcome.city.content));
    },
  });
}
