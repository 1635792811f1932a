import { onUnknownWeatherText } from "../common/i18n/weather-words";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FeedKey } from "../sites/categories";
import type { Logger } from "pino";
import { readEnv, withEnvFile, type Env } from "./settings/env";
import { createLogger } from "./logger";
import type { LiveChannel } from "./live/events";
import { CityDirectory } from "./cities/directory";
import { defaultCityOverrides } from "./cities/overrides";
import { createHttpServer, listen } from "./http/server";
import type { Readiness } from "./http/ready";
import { shutdownSequence } from "./http/shutdown";
import { createMetricsServer, listenForMetrics } from "./metrics/listener";
import { Metrics } from "./metrics/metrics";
import { holdDataFolder } from "./db/data-lock";
import type { Store } from "./db/open";
import { createImageRoute } from "./http/images";
import { createOutboundGuard } from "./net/outbound";
import type { RadioHub } from "./radio/hub";
import type { RenderPool } from "./render/pool";
import { Subscriptions } from "./news/subscriptions";
import type { NewsEngine } from "./news/engine";
import { pageVersions } from "./http/pages/cache-key";
import { openPush } from "./push/service";
import { openBriefing } from "./briefing/service";
import { developmentApp, productionApp, requestLimits, type Serving } from "./start/apps";
import { listenForFeedChanges, listenForWeatherChanges } from "./start/changes";
import { openLive, radioOf } from "./start/live-and-radio";
import { servedCities, openNews, openPictures, openWeather, type Parts } from "./start/services";
import { openMessages, openStore, readinessOf } from "./start/storage";

/**
 * The process: checks settings and indexes the cities (a bad city file is reported and left
 * out; the others are served), then serves every city by Host. `npm run dev` runs this file
 * through tsx with Vite in middleware mode; `npm start` runs its bundle
 * (build/server-main/index.js) on the production build. Each part is made by a builder
 * (server/start/), in the order they depend on one another.
 */
async function main(): Promise<void> {
  const env = readEnv(withEnvFile());
  const isDev = env.NODE_ENV === "development";
  const logger = createLogger(env.LOG_LEVEL, isDev);
  // A weather word a Spanish page had to leave in English, once each: the tables can grow.
  onUnknownWeatherText((kind, text, language) =>
    logger.warn({ kind, text, language }, "weather text not translated"),
  );
  const cities = readCities(env, logger);
  // Held for the process's life: `npm run restore` refuses while any site uses DATA_DIR.
  const dataLock = holdDataFolder(env.DATA_DIR);
  const db = await openStore(env, cities.served, logger);
  const metrics = metricsOf(env);
  // Feeds and pictures reach other servers through one guard (SSRF: public addresses only).
  const guard = createOutboundGuard({
    allowPrivateHosts: env.ALLOW_PRIVATE_HOSTS,
    allowPublicHosts: env.ALLOW_PUBLIC_HOSTS,
  });
  const parts: Parts = { db, network: cities.directory.network(), guard, logger, metrics };
  const opened = await openServices(env, parts, cities);
  const hubs = new Map<string, RadioHub>();
  const readiness = readinessOf(db, cities.served);
  const serving = servingOf(env, parts, opened, { hubs, readiness });
  const { app, pool } = isDev
    ? await developmentApp(serving)
    : await productionApp(env, serving, path.dirname(fileURLToPath(import.meta.url)));
  const server = createHttpServer(app);
  listenPublic(env, server, logger, {
    cities: cities.served.length,
    renderWorkers: pool ? env.RENDER_WORKERS : 0,
    feeds: cities.subscriptions.urls().size,
  });
  const { engine, live } = opened;
  const metricsServer = serveMetrics(env, metrics, { engine, live, hubs, db }, logger);
  // Stored articles are served at once; the first refresh runs in the background.
  void engine.start();
  opened.weather.start();
  opened.push.start();
  opened.briefing.start();
  const running: Running = { opened, hubs, pool, metricsServer, server, db, dataLock };
  stopOnSignals(env, readiness, logger, () => stopRunning(running));
}

/** The cities read (readCities): the directory, the ids served and the feeds they list. */
type Cities = ReturnType<typeof readCities>;

/**
 * The long-lived services over the database, in the order they depend on one another: news,
 * pictures, messages, weather, every city by Host, the live channel, push warnings and the
 * morning briefing; with what other instances announce of news and weather (PostgreSQL).
 */
async function openServices(env: Env, parts: Parts, { directory, served, subscriptions }: Cities) {
  const { logger } = parts;
  const engine = await openNews(env, { ...parts, subscriptions });
  const feedListener = await listenForFeedChanges(env, engine, logger);
  const images = openPictures(env, parts);
  const messages = await openMessages(env);
  const weather = openWeather(env, { ...parts, directory, served });
  const weatherListener = await listenForWeatherChanges(env, weather, logger);
  const cities = servedCities(env, { directory, engine, images, messages, weather });
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
  return {
    engine,
    feedListener,
    images,
    messages,
    weather,
    weatherListener,
    cities,
    sitesOf,
    live,
    push,
    briefing,
  };
}

/** The services openServices opened. */
type Opened = Awaited<ReturnType<typeof openServices>>;

/** What the app serves (createApp's options but the build's): the cities and their services. */
function servingOf(
  env: Env,
  { logger, metrics }: Parts,
  opened: Opened,
  { hubs, readiness }: { hubs: Map<string, RadioHub>; readiness: Readiness },
): Serving {
  const { cities, engine, weather, live, sitesOf } = opened;
  return {
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
    push: opened.push.api,
    briefing: opened.briefing.api,
    images: createImageRoute(opened.images, logger),
    logger,
    readiness,
    observer: metrics?.http,
    ...requestLimits(env),
  };
}

/** What the process runs once it serves: what stopRunning ends. */
interface Running {
  opened: Opened;
  hubs: Map<string, RadioHub>;
  pool: RenderPool | undefined;
  metricsServer: ReturnType<typeof serveMetrics>;
  server: ReturnType<typeof createHttpServer>;
  db: Store;
  dataLock: ReturnType<typeof holdDataFolder>;
}

/**
 * Ends what the process runs: the refreshes (news, weather, push, briefing) stopped, the radio
 * relays, live channel, render workers and metrics closed, the server's connections ended; then
 * the databases closed and DATA_DIR let go.
 */
async function stopRunning(running: Running): Promise<void> {
  const { opened, hubs, pool, metricsServer, server, db } = running;
  const refreshesStopped = Promise.all([
    opened.engine.stop(),
    opened.weather.stop(),
    opened.push.stop(),
    opened.briefing.stop(),
  ]);
  for (const hub of hubs.values()) hub.shutdown();
  opened.live.close();
  void pool?.close();
  metricsServer?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await refreshesStopped;
  await Promise.allSettled([
    opened.feedListener?.close(),
    opened.weatherListener?.close(),
    db.close(),
    opened.messages.db.close(),
  ]);
  running.dataLock.release();
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

main().catch((error: unknown) => {
  // Start-up errors (bad env, bad site config) are for the operator: print them plainly.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
