// The whole site offline: the fixture feed server (the real-world feeds of tests/fixtures/feeds),
// the fixture radio station (a looped MP3 with ICY titles) and the production build pointed at
// both through FEEDS_FILE, RADIO_UPSTREAM and RADIO_PORTS. The two fixture servers take free
// ports; the site listens on PORT (3000). Run with `npm run demo`; Ctrl+C stops all three. The
// feeds are served with their dates moved to today (their newest items minutes old at start).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CityDirectory } from "../server/cities/directory";
import { readEnv, withEnvFile } from "../server/settings/env";
import { demoFeedsFile } from "../tests/fixture-servers/demo-feeds";
import { startFeedServer } from "../tests/fixture-servers/feed-server";
import { startRadioStation } from "../tests/fixture-servers/radio-upstream";
import {
  CALM_ALERTS,
  DEMO_ALERTS,
  HURRICANE_WARNING,
  startWeatherServer,
} from "../tests/fixture-servers/weather-server";

const env = readEnv(withEnvFile());
const dataDir = path.resolve("data/demo");
mkdirSync(dataDir, { recursive: true });

// localhost names no city: the demo's is Houston (or DEFAULT_SITE), fed by the fixtures.
const defaultSite = env.DEFAULT_SITE ?? "houston";
// A fixture date that names no zone is read in the city's zone, so it is moved in that zone too.
// (A city that cannot be read leaves UTC here; the site says what is wrong with it.)
const cities = new CityDirectory({
  dir: env.CITIES_DIR,
  networkFile: env.NETWORK_FILE,
  only: [defaultSite],
});
const city = cities.has(defaultSite) ? cities.load(defaultSite) : null;
const timeZone = city && "city" in city ? city.city.timeZone : undefined;
const feeds = await startFeedServer(0, "127.0.0.1", { shiftDates: { timeZone } });
const station = await startRadioStation();
// Live-looking weather: the fixture service's answers, dated from now. A calm day (a wind
// advisory) unless DEMO_STORM=1: then a flash flood warning is in force, its banner on every page
// and home in storm mode; DEMO_STORM=hurricane: a hurricane warning ahead of landfall too (no
// known end), on a hot, humid afternoon (a heat index of 102 °F).
const storm = process.env.DEMO_STORM;
const weather = await startWeatherServer({
  alerts:
    storm === "hurricane"
      ? [HURRICANE_WARNING, ...DEMO_ALERTS]
      : storm === "1"
        ? DEMO_ALERTS
        : CALM_ALERTS,
});
if (storm === "hurricane") weather.set({ heatIndexC: 38.9 });
const feedsFile = path.join(dataDir, "feeds.json");
writeFileSync(feedsFile, JSON.stringify(demoFeedsFile(feeds.url, { pictures: true }), null, 2));
const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
console.log(
  `demo: fixture feeds on ${feeds.url}, fixture radio on ${station.url}, site on ${siteUrl} (Ctrl+C stops)`,
);

const site = spawn(process.execPath, ["build/server-main/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(env.PORT),
    DEFAULT_SITE: defaultSite,
    FEEDS_FILE: feedsFile,
    // Feeds of few items a week would otherwise earn the longest interval (news/schedule.ts).
    FEED_MAX_REFRESH_SECONDS: String(env.FEED_REFRESH_SECONDS),
    // The fixture feeds are on loopback, which the feed fetcher refuses unless allowed.
    ALLOW_PRIVATE_HOSTS: new URL(feeds.url).hostname,
    // The demo is the offline site: nothing past this machine (pictures of the real feeds whose
    // hosts it cannot reach show the site's own).
    ALLOW_PUBLIC_HOSTS: "false",
    DATA_DIR: dataDir,
    // No load balancer in front of the demo: Ctrl-C stops it at once.
    SHUTDOWN_GRACE_SECONDS: "0",
    NWS_API_URL: weather.url,
    NWS_RADAR_URL: weather.url,
    RADIO_UPSTREAM: station.url,
    RADIO_PORTS: String(station.port),
    SITE_URL: siteUrl,
  },
});
const stop = () => site.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
site.on(
  "exit",
  (code) =>
    void Promise.all([feeds.close(), station.close(), weather.close()]).then(() =>
      process.exit(code ?? 0),
    ),
);
