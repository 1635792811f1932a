import { createHash } from "node:crypto";
import { onUnknownWeatherText } from "../common/i18n/weather-words";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import type { FeedKey } from "../sites/categories";
import { ISLANDS, type IslandSources } from "../common/islands";
import type { Logger } from "pino";
import { readEnv, withEnvFile, type Env } from "./settings/env";
import { createLogger } from "./logger";
import { createApp, type AppOptions } from "./http/app";
import { LiveChannel } from "./live/events";
import { NewsWatch } from "./live/news";
import { CityDirectory } from "./cities/directory";
import { cityOfSite } from "../sites/editions";
import { defaultCityOverrides } from "./cities/overrides";
import { Network, type CityServices } from "./cities/network";
import { createHttpServer, listen } from "./http/server";
import { Readiness } from "./http/ready";
import { shutdownSequence } from "./http/shutdown";
import { createMetricsServer, listenForMetrics } from "./metrics/listener";
import { Metrics } from "./metrics/metrics";
import type { SharedServices } from "./context";
import { adoptLegacyFiles, claimLegacyMessages, legacyCity } from "./db/legacy";
import { holdDataFolder } from "./db/data-lock";
import { networkDatabaseFile, openDatabase, type Store } from "./db/open";
import { PostgresListener } from "./db/listen";
import { openPostgres } from "./db/postgres";
import { configuredPictures, pictureLinks, withCoverLinks } from "./images/links";
import { createImageRoute } from "./http/images";
import { PictureFailures } from "./images/failures";
import { openImageService } from "./images/service";
import { openMessageStore } from "./messages/store";
import { createOutboundGuard } from "./net/outbound";
import { RadioHub } from "./radio/hub";
import { renderSettings } from "./render/page";
import { RenderPool } from "./render/pool";
import { Subscriptions } from "./news/network";
import { createNewsService } from "./news/service";
import type { NewsEngine } from "./news/engine";
import { pageVersions } from "./http/pages/cache-key";
import { RadarPictures, weatherReader } from "./weather/reader";
import { WeatherService, type CityWeather } from "./weather/service";
import { WEATHER_CHANGES, WeatherStore, parseWeatherChange } from "./weather/store";
import { FEED_CHANGES, NewsStore, parseFeedChange } from "./news/store";
import { openPush } from "./push/service";
import { openBriefing } from "./briefing/service";

/**
 * The process: checks settings and indexes the cities (a bad city file is reported and left
 * out; the others are served), then serves every city by Host. `npm run dev` runs this file
 * through tsx with Vite in middleware mode; `npm start` runs its bundle
 * (build/server-main/index.js) on the production build. Each part is made by a builder below,
 * in the order they depend on one another.
 */
async function main(): Promise<void> {
  const env = readEnv(withEnvFile());
  const isDev = env.NODE_ENV === "development";
  const logger = createLogger(env.LOG_LEVEL, isDev);
  // A weather word a Spanish page had to leave in English, once each: the tables can grow.
  onUnknownWeatherText((kind, text, language) =>
    logger.warn({ kind, text, language }, "weather text not translated"),
  );
  const { directory, served, subscriptions } = readCities(env, logger);
  // Held for the process's life: `npm run restore` refuses while any site uses DATA_DIR.
  const dataLock = holdDataFolder(env.DATA_DIR);
  const db = await openStore(env, served, logger);
  const metrics = metricsOf(env);
  // Feeds and pictures reach other servers through one guard (SSRF: public addresses only).
  const guard = createOutboundGuard({
    allowPrivateHosts: env.ALLOW_PRIVATE_HOSTS,
    allowPublicHosts: env.ALLOW_PUBLIC_HOSTS,
  });
  const network = directory.network();
  const parts = { db, network, guard, logger, metrics };
  const engine = await openNews(env, { ...parts, subscriptions });
  const listener = await listenForFeedChanges(env, engine, logger);
  const images = openPictures(env, parts);
  const messages = await openMessages(env);
  const weather = openWeather(env, { ...parts, directory, served });
  const weatherListener = await listenForWeatherChanges(env, weather, logger);
  const cities = cityNetwork(env, { directory, engine, images, messages, weather });
  // A city's pages in every edition (its own and its other languages'): each hears its alerts.
  const sitesOf = (city: string) => [city, ...directory.editionsOf(city).map((e) => e.site)];
  const live = openLive(env, { engine, weather, sitesOf }, logger);
  // Warnings pushed to the readers of their zones, worked out when a city's weather changes.
  const push = openPush({
    ...parts,
    env,
    city: (site) => cities.city(site),
    sitesOf,
    weatherOf: (city) => weather.peek(city),
    defaultSite: env.DEFAULT_SITE ?? served[0],
  });
  weather.onChange((city) => push.delivery.cityChanged(city));
  // The morning briefing by e-mail: sign-ups, and each city's at BRIEFING_HOUR in its zone.
  const briefing = openBriefing({ ...parts, env, city: (site) => cities.city(site), sitesOf });
  const hubs = new Map<string, RadioHub>();
  const readiness = readinessOf(db, served);
  const serving: Serving = {
    cities,
    version: pageVersions(
      (city) => weather.version(city),
      (site, key) => engine.version(site, key as FeedKey),
    ),
    changes: (now) => engine.changes() + weather.changes(now),
    radio: radioOf(hubs, logger, (city, title) => {
      for (const site of sitesOf(city)) live.publish(site, "nowplaying", { title });
    }),
    live,
    push: push.api,
    briefing: briefing.api,
    images: createImageRoute(images, logger),
    logger,
    readiness,
    observer: metrics?.http,
    ...requestLimits(env),
  };
  const { app, pool } = isDev ? await developmentApp(serving) : await productionApp(env, serving);
  const server = createHttpServer(app);
  const renderWorkers = pool ? env.RENDER_WORKERS : 0;
  listenPublic(env, server, logger, {
    cities: served.length,
    renderWorkers,
    feeds: subscriptions.urls().size,
  });
  const metricsServer = serveMetrics(env, metrics, { engine, live, hubs, db }, logger);
  // Stored articles are served at once; the first refresh runs in the background.
  void engine.start();
  weather.start();
  push.start();
  briefing.start();
  stopOnSignals(env, readiness, logger, async () => {
    const refreshesStopped = Promise.all([
      engine.stop(),
      weather.stop(),
      push.stop(),
      briefing.stop(),
    ]);
    for (const hub of hubs.values()) hub.shutdown();
    live.close();
    void pool?.close();
    metricsServer?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await refreshesStopped;
    const stores = [listener?.close(), weatherListener?.close(), db.close(), messages.db.close()];
    await Promise.allSettled(stores);
    dataLock.release();
  });
}

/**
 * What /readyz checks (http/ready.ts): a SELECT 1 on the network's database (the health
 * tracker's view first, on PostgreSQL) and the cities served. The schema was migrated as the
 * database was opened, before this.
 */
function readinessOf(db: Store, served: readonly string[]): Readiness {
  const health = db.health;
  return new Readiness({
    queryDatabase: () => sql`SELECT 1`.execute(db.db),
    databaseAvailable: health ? () => health.available : undefined,
    cities: () => served.length,
  });
}

/** The process's metrics, only with METRICS_PORT: without it nothing is counted, no port opened. */
function metricsOf(env: Env): Metrics | undefined {
  return env.METRICS_PORT === undefined ? undefined : new Metrics();
}

/** The public app's server on HOST:PORT; what it serves is logged once it listens. */
function listenPublic(
  env: Env,
  server: ReturnType<typeof createHttpServer>,
  logger: Logger,
  serving: { cities: number; renderWorkers: number; feeds: number },
): void {
  listen(server, env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, ...serving, defaultSite: env.DEFAULT_SITE ?? null }, "listening");
  });
}

/** What the builders below are given besides the settings. */
interface Parts {
  db: Store;
  network: ReturnType<CityDirectory["network"]>;
  guard: ReturnType<typeof createOutboundGuard>;
  logger: Logger;
  /** The metrics (METRICS_PORT set), told of feed fetches and weather answers. */
  metrics: Metrics | undefined;
}

/**
 * The metrics listener on METRICS_HOST:METRICS_PORT (a server of its own, never the public
 * port), once what its gauges read exists: feeds' ages, live channels, radio listeners, the
 * database pool. Undefined without METRICS_PORT. A port that is taken is logged ("metrics port
 * … is in use: metrics are off") and the site runs on without metrics.
 */
function serveMetrics(
  env: Env,
  metrics: Metrics | undefined,
  {
    engine,
    live,
    hubs,
    db,
  }: { engine: NewsEngine; live: LiveChannel; hubs: Map<string, RadioHub>; db: Store },
  logger: Logger,
) {
  if (!metrics || env.METRICS_PORT === undefined) return undefined;
  metrics.watch({
    feeds: () => engine.feedSuccesses(),
    liveConnections: () => live.size,
    radioListeners: () => [...hubs].map(([city, hub]): [string, number] => [city, hub.listeners]),
    databasePool: db.poolStats,
  });
  const server = createMetricsServer(metrics);
  void listenForMetrics(server, { port: env.METRICS_PORT, host: env.METRICS_HOST, log: logger });
  return server;
}

/** The cities of CITIES_DIR (each bad one logged and left out) and the feeds they list. */
function readCities(env: Env, logger: Logger) {
  const directory = new CityDirectory({
    dir: env.CITIES_DIR,
    networkFile: env.NETWORK_FILE,
    only: env.SITES,
    overrides: defaultCityOverrides(env),
  });
  for (const problem of directory.problems) {
    logger.error({ site: problem.id, file: problem.file }, problem.message);
  }
  const served = directory.ids();
  if (served.length === 0) throw new Error(`No city to serve in ${env.CITIES_DIR}`);
  return {
    directory,
    served,
    subscriptions: new Subscriptions(directory.feeds(), {
      notNews: directory.network().notNews,
    }),
  };
}

/** The news engine over every city's feeds (started by main once the server listens). */
function openNews(
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

/**
 * With DATABASE_URL: hears what other instances wrote of the feeds (FEED_CHANGES), and reads the
 * whole state again after the connection was lost. Undefined on SQLite (one process).
 */
async function listenForFeedChanges(
  env: Env,
  engine: Awaited<ReturnType<typeof createNewsService>>,
  logger: Logger,
): Promise<PostgresListener | undefined> {
  if (!env.DATABASE_URL) return undefined;
  const listener = new PostgresListener({
    url: env.DATABASE_URL,
    channel: FEED_CHANGES,
    onMessage: (payload) => {
      const change = parseFeedChange(payload);
      if (change) {
        engine.feedChanged(change.feedId, change.instance).catch((err: unknown) => {
          logger.error({ err, feed: change.feedId }, "reading a changed feed failed");
        });
      }
    },
    onReconnect: () => {
      engine.syncFromStore().catch((err: unknown) => {
        logger.error({ err }, "reading the feeds' state from the database failed");
      });
    },
    log: logger.child({ part: "database" }),
  });
  await listener.start();
  return listener;
}

/**
 * With DATABASE_URL: hears which weather answers other instances stored (WEATHER_CHANGES), so
 * that an alert one of them fetched reaches this one's open pages at once. Undefined on SQLite.
 */
async function listenForWeatherChanges(
  env: Env,
  weather: WeatherService,
  logger: Logger,
): Promise<PostgresListener | undefined> {
  if (!env.DATABASE_URL) return undefined;
  const listener = new PostgresListener({
    url: env.DATABASE_URL,
    channel: WEATHER_CHANGES,
    onMessage: (payload) => {
      const change = parseWeatherChange(payload);
      if (!change) return;
      weather.stored(change.url, change.instance).catch((err: unknown) => {
        logger.warn(
          { err, url: change.url },
          "reading a weather answer another instance stored failed",
        );
      });
    },
    onReconnect: () => undefined,
    log: logger.child({ part: "database" }),
  });
  await listener.start();
  return listener;
}

/** The pictures' service; instances sharing PostgreSQL share what pictures failed too. */
function openPictures(env: Env, { db, network, guard, logger }: Parts) {
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
function openWeather(
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

/** Every city by Host, each with its news, messages, weather and pictures (cities/network.ts). */
function cityNetwork(
  env: Env,
  parts: {
    directory: CityDirectory;
    engine: Awaited<ReturnType<typeof createNewsService>>;
    images: ReturnType<typeof openImageService>;
    messages: Awaited<ReturnType<typeof openMessages>>;
    weather: WeatherService;
  },
): Network {
  const { directory, engine, images, messages, weather } = parts;
  const radarPictures = new RadarPictures(images);
  const linked = pictureLinks(images);
  return new Network({
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

/**
 * Open pages' live channel (LIVE_MAX_CONNECTIONS, LIVE_MAX_PER_CLIENT), and what it tells them
 * of: a city's new stories, once it has an open page (news changes, local or announced by
 * another instance, reach the engine first), and, from radioOf, its radio's titles.
 */
function openLive(
  env: Env,
  {
    engine,
    weather,
    sitesOf,
  }: {
    engine: Awaited<ReturnType<typeof createNewsService>>;
    weather: WeatherService;
    /** A city's site and its editions' (which share its weather). */
    sitesOf: (city: string) => string[];
  },
  logger: Logger,
): LiveChannel {
  const watch = new NewsWatch(
    (city) => engine.city(city),
    (city, change) => live.publish(city, "news", change),
  );
  const failed = (err: unknown) =>
    logger.error({ err }, "reading news for the live channel failed");
  const live = new LiveChannel({
    maxConnections: env.LIVE_MAX_CONNECTIONS,
    maxPerClient: env.LIVE_MAX_PER_CLIENT,
    onOpen: (city) => void watch.watch(city).catch(failed),
  });
  engine.onChange(() => void watch.changed().catch(failed));
  // The banner's alerts: told when the list of urgent alerts in force changes, not the weather.
  const alerts = new Map<string, string>();
  weather.onChange((city) => {
    const { digest, event } = urgentAlerts(weather.peek(city));
    if (alerts.get(city) === digest) return;
    const first = !alerts.has(city);
    alerts.set(city, digest);
    if (!first || digest) for (const site of sitesOf(city)) live.publish(site, "alert", event);
  });
  return live;
}

/**
 * What an `alert` event says of a city's urgent alerts: the first ids the banner names and how
 * many there are. A page told of it fetches its banner anew (app/islands/lib/live.ts), so the
 * event carries no text of the alerts: it stays a few hundred bytes whatever the service says.
 */
function urgentAlerts(weather: CityWeather | undefined) {
  const urgent = (weather?.alerts ?? []).filter((alert) => alert.urgent);
  // A digest of them all says whether they changed; the ids of the first few, which ones.
  const digest = createHash("sha256")
    .update(urgent.map((alert) => alert.id).join("\n"))
    .digest("base64url");
  return {
    digest: urgent.length > 0 ? digest : "",
    event: { ids: urgent.slice(0, ALERT_EVENT_IDS).map((alert) => alert.id), count: urgent.length },
  };
}

/** The alert ids an `alert` event names: as many as the banner names (BANNER_ALERTS). */
const ALERT_EVENT_IDS = 3;

/** Who is believed about the reader's address and host, and how many renders and posts wait. */
function requestLimits(env: Env) {
  return {
    trustProxy: env.TRUST_PROXY,
    trustForwardedHost: env.TRUST_FORWARDED_HOST,
    renders: {
      concurrency: env.RENDER_CONCURRENCY,
      queue: env.RENDER_QUEUE,
      maxWaitMs: env.RENDER_MAX_WAIT_MS,
    },
    rendersPerClient: env.RENDER_PER_CLIENT,
    writes: {
      concurrency: env.WRITE_CONCURRENCY,
      queue: env.WRITE_QUEUE,
      maxWaitMs: env.RENDER_MAX_WAIT_MS,
    },
  };
}

/**
 * Each city's radio relay, made when its radio is first asked for, kept in `hubs`; `onTitle` is
 * told when the title its first port (the one the radio page plays) names changes.
 */
function radioOf(
  hubs: Map<string, RadioHub>,
  logger: Logger,
  onTitle: (city: string, title: string | null) => void,
) {
  return (city: CityServices): RadioHub => {
    // One relay of the station per city, whichever edition's page plays it.
    const id = cityOfSite(city.site.id);
    let hub = hubs.get(id);
    if (!hub) {
      hub = new RadioHub({
        upstream: city.site.radio.upstream,
        ports: city.site.radio.ports,
        maxListeners: city.site.radio.maxListeners,
        log: logger.child({ part: "radio", site: id }),
        userAgent: `${city.site.name} radio relay (+${city.siteUrl})`,
        onTitle: (port, title) => {
          if (port === city.site.radio.ports[0]) onTitle(id, title);
        },
      });
      hubs.set(id, hub);
    }
    return hub;
  };
}

/** What both apps are made of besides the build: every option of createApp but these. */
type Serving = Omit<AppOptions, "services" | "build" | "vite" | "pool">;

/** Development: the app over Vite in middleware mode (sources, hot reload). */
async function developmentApp(serving: Serving) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const services: SharedServices = {
    isDev: true,
    embedPlaceholders: true,
    briefing: serving.briefing && { open: serving.briefing.open, hour: serving.briefing.hour },
  };
  return { app: createApp({ services, vite, ...serving }), pool: undefined };
}

/**
 * Production: the app over the build (build/server-main/ holds this bundle, the React Router
 * build sits beside it), its stylesheet and islands read once, pages made on worker threads
 * (the bundle's render-worker.js) when RENDER_WORKERS is above 0.
 */
async function productionApp(env: Env, serving: Serving) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const buildDir = path.resolve(here, "..");
  const serverEntry = path.join(buildDir, "server", "index.js");
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const stylesheet = readStylesheet(server, path.join(buildDir, "client"));
  const services: SharedServices = {
    isDev: false,
    embedPlaceholders: env.SHOW_EMBED_PLACEHOLDERS,
    stormAds: env.STORM_ADS,
    briefing: serving.briefing && { open: serving.briefing.open, hour: serving.briefing.hour },
    stylesheet: stylesheet.css,
    stylesheetHref: stylesheet.href,
    islands: readIslands(buildDir),
  };
  const pool =
    env.RENDER_WORKERS > 0
      ? new RenderPool({
          filename: path.join(here, "render-worker.js"),
          build: pathToFileURL(serverEntry).href,
          settings: renderSettings(services, true),
          workers: env.RENDER_WORKERS,
          // Reads' renders and form posts' own allowance.
          concurrency: env.RENDER_CONCURRENCY + env.WRITE_CONCURRENCY,
        })
      : undefined;
  const app = createApp({
    services,
    build: { server, clientDir: path.join(buildDir, "client") },
    pool,
    ...serving,
  });
  return { app, pool };
}

/**
 * SIGTERM and SIGINT stop the process (shutdown.ts): /readyz turns 503 at once, the server
 * keeps serving for SHUTDOWN_GRACE_SECONDS, then `close` ends what it runs (the server stops
 * taking connections and its open ones end); exit code 0 then, or after 5 s whatever is open.
 */
function stopOnSignals(
  env: Env,
  readiness: Readiness,
  logger: Logger,
  close: () => Promise<void>,
): void {
  const stop = shutdownSequence({
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    drain: () => readiness.drain(),
    close,
    exit: (code) => process.exit(code),
    log: logger,
  });
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * The readers' messages: a connection of their own, with synchronous FULL on SQLite, so that an
 * acknowledged message survives power loss.
 */
function openMessages(env: Env) {
  return openMessageStore({
    dataDir: env.DATA_DIR,
    secret: env.CONTACT_KEY_SECRET,
    databaseUrl: env.DATABASE_URL,
  });
}

/** The database: PostgreSQL with DATABASE_URL, or SQLite in DATA_DIR (openEmbedded). */
async function openStore(env: Env, served: readonly string[], logger: Logger): Promise<Store> {
  const db = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, {
        poolSize: env.DATABASE_POOL_SIZE,
        // Its outages and their ends are logged (db/health.ts), the message store's pool's too.
        log: logger.child({ part: "database" }),
      })
    : await openEmbedded(env.DATA_DIR, served, env.DEFAULT_SITE, logger);
  logger.info({ database: db.dialect }, "database ready");
  return db;
}

/** How often an instance sharing PostgreSQL reads the feeds' state the others may have changed. */
const SYNC_MS = 60_000;

/**
 * The embedded database: SQLite in DATA_DIR. A DATA_DIR of the days of one city per process
 * becomes the network's (db/legacy.ts).
 */
async function openEmbedded(
  dataDir: string,
  served: readonly string[],
  defaultSite: string | undefined,
  logger: Logger,
): Promise<Store> {
  const legacy = legacyCity(dataDir, served, defaultSite);
  if (legacy.ambiguous.length > 1) {
    // Not guessed: the operator says which city's news and messages become the network's.
    logger.error(
      { found: legacy.ambiguous },
      "Several one-city databases in DATA_DIR: set DEFAULT_SITE to the one to adopt, or move them",
    );
    throw new Error("Several one-city databases in DATA_DIR and no DEFAULT_SITE to choose one");
  }
  const adopted = legacy.city !== undefined && adoptLegacyFiles(dataDir, legacy.city);
  const db = await openDatabase(networkDatabaseFile(dataDir));
  if (adopted && legacy.city && db.sqlite) {
    logger.info(
      { site: legacy.city, messages: claimLegacyMessages(db.sqlite, legacy.city) },
      "adopted the one-city database",
    );
  }
  return db;
}

/**
 * Where the islands build (vite.islands.config.ts) put each island's module, from its manifest
 * (build/islands-manifest.json): by name, as served from build/client. Every island of
 * common/islands.ts must be there: a build without one does not start.
 */
function readIslands(buildDir: string): IslandSources {
  const manifest = JSON.parse(
    readFileSync(path.join(buildDir, "islands-manifest.json"), "utf8"),
  ) as Record<string, { file: string; name?: string; isEntry?: boolean }>;
  const found = new Map<string, string>();
  for (const entry of Object.values(manifest)) {
    if (entry.isEntry && entry.name)
      found.set(entry.name, `/${path.posix.relative("client", entry.file)}`);
  }
  const missing = Object.keys(ISLANDS).filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`The islands build lacks ${missing.join(", ")}`);
  return Object.fromEntries(found) as IslandSources;
}

/** The built stylesheet: where it is served (root.tsx exports it) and its text, which pages inline. */
function readStylesheet(build: ServerBuild, clientDir: string): { href: string; css: string } {
  const href = (build.routes.root?.module as { stylesheet?: unknown } | undefined)?.stylesheet;
  if (typeof href !== "string") throw new Error("The build's root route names no stylesheet");
  return { href, css: readFileSync(path.join(clientDir, href), "utf8") };
}

main().catch((error: unknown) => {
  // Start-up errors (bad env, bad site config) are for the operator: print them plainly.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
