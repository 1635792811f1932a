// npm run briefing -- --city ID --now: sends a city's morning briefing of today (its own date) to
// its confirmed subscribers at once, whatever the hour (operators, and tests). The same store,
// claims and mails as the server's scheduler (server/briefing/): a subscriber already sent
// today's, by the server or an earlier run, is not sent it again. Needs SMTP_URL.
import { parseArgs } from "node:util";
import { createLogger } from "../server/logger";
import { CityDirectory } from "../server/cities/directory";
import { ServedCities } from "../server/cities/served";
import { defaultCityOverrides } from "../server/cities/overrides";
import { networkDatabaseFile, openDatabase } from "../server/db/open";
import { openPostgres } from "../server/db/postgres";
import { CONTACT_LIMITS } from "../server/messages/store";
import { createOutboundGuard } from "../server/net/outbound";
import { Subscriptions } from "../server/news/subscriptions";
import { createNewsService } from "../server/news/service";
import { readEnv, withEnvFile } from "../server/settings/env";
import { weatherPlace } from "../server/weather/reader";
import { WeatherService } from "../server/weather/service";
import { WeatherStore } from "../server/weather/store";
import { openBriefing } from "../server/briefing/service";
import { holdDataFolderForTool } from "./tool-lock";

const USAGE = "Usage: npm run briefing -- --city ID --now";

function readOptions(): { city: string } {
  try {
    const { values } = parseArgs({
      options: { city: { type: "string" }, now: { type: "boolean" } },
    });
    if (!values.city || !/^[a-z][a-z0-9-]{0,62}$/.test(values.city))
      throw new Error("--city must be a city id (a file name in CITIES_DIR)");
    if (!values.now) throw new Error("--now is required: the server sends at BRIEFING_HOUR itself");
    return { city: values.city };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const { city } = readOptions();
const env = readEnv(withEnvFile());
if (!env.SMTP_URL) {
  console.error("SMTP_URL is not set: there is nowhere to send the briefing.");
  process.exit(1);
}
const logger = createLogger(env.LOG_LEVEL, false);
const directory = new CityDirectory({
  dir: env.CITIES_DIR,
  networkFile: env.NETWORK_FILE,
  only: env.SITES,
  overrides: defaultCityOverrides(env),
});
if (!directory.has(city)) {
  console.error(`${city} is not a city of ${env.CITIES_DIR}`);
  process.exit(2);
}
// DATA_DIR's lock, held while this runs as a site holds it: `npm run restore` refuses meanwhile.
holdDataFolderForTool(env, "npm run briefing");
const db = env.DATABASE_URL
  ? await openPostgres(env.DATABASE_URL, { poolSize: 4 })
  : await openDatabase(networkDatabaseFile(env.DATA_DIR));
const network = directory.network();
const guard = createOutboundGuard({
  allowPrivateHosts: env.ALLOW_PRIVATE_HOSTS,
  allowPublicHosts: env.ALLOW_PUBLIC_HOSTS,
});
// The stored news as the server reads it (never fetched here: the engine is not started).
const engine = await createNewsService({
  db,
  subscriptions: new Subscriptions(directory.feeds(), { notNews: network.notNews }),
  userAgent: `${network.name} news reader (+${network.url})`,
  defaultImage: network.defaultImage,
  refreshSeconds: env.FEED_REFRESH_SECONDS,
  backoffBaseSeconds: env.FEED_BACKOFF_BASE_SECONDS,
  retention: { days: env.RETENTION_DAYS, minPerFeed: env.RETENTION_MIN_PER_FEED },
  guard,
  logger,
});
// The stored weather, and the weather service's answer when it is older than its interval.
const weather = new WeatherService({
  store: new WeatherStore(db),
  fetch: guard.fetch,
  userAgent: `(${network.name}, ${network.url})`,
  apiUrl: env.NWS_API_URL,
  radarUrl: env.NWS_RADAR_URL,
  log: logger.child({ part: "weather" }),
});
const cities = new ServedCities({
  directory,
  news: (id) => engine.city(id),
  messages: () => ({ submit: () => Promise.reject(new Error("unused")), limits: CONTACT_LIMITS }),
  weather: (site) => ({ get: () => weather.get(weatherPlace(site)), version: () => 0 }),
});
const briefing = openBriefing({
  env,
  db,
  logger,
  city: (site) => cities.city(site),
  sitesOf: (id) => [id, ...directory.editionsOf(id).map((e) => e.site)],
});
let failed = false;
try {
  const tally = await briefing.sendCity(city);
  console.log(
    `${city}: ${tally.sent} sent, ${tally.done} sent already, ${tally.held} being sent by another instance, ${tally.rejected} refused for good (ended), ${tally.failed} failed`,
  );
  failed = tally.failed > 0;
} finally {
  await briefing.stop();
  await weather.stop();
  await engine.stop();
  guard.close();
  await db.close();
}
process.exit(failed ? 1 : 0);
