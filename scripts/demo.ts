// The whole site offline: the fixture feed server (the real-world feeds of ../shared/fixtures),
// the fixture radio station (a looped MP3 with ICY titles) on the site's radio port, and the
// production build pointed at both through FEEDS_FILE and RADIO_UPSTREAM. Run with `npm run demo`.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { demoFeedsFile } from "../tests/fixture-servers/demo-feeds";
import { startFeedServer } from "../tests/fixture-servers/feed-server";
import { startRadioStation } from "../tests/fixture-servers/radio-upstream";
import { DEFAULT_SITE_ID, SITES, SITE_IDS, type SiteId } from "../sites/registry";

const port = process.env.PORT ?? "3000";
const feedPort = Number(process.env.DEMO_FEEDS_PORT ?? 4180);
const dataDir = path.resolve("data/demo");
mkdirSync(dataDir, { recursive: true });

const feeds = await startFeedServer(feedPort);
// The relay asks for the station on the site's radio port (8076), so the station listens there.
const siteId = SITE_IDS.find((id) => id === process.env.SITE) ?? (DEFAULT_SITE_ID as SiteId);
const radioPort = SITES[siteId].radio.ports[0] ?? 8076;
const station = await startRadioStation({ port: radioPort });
const feedsFile = path.join(dataDir, "feeds.json");
writeFileSync(feedsFile, JSON.stringify(demoFeedsFile(feeds.url), null, 2));
console.log(
  `demo: fixture feeds on ${feeds.url}, fixture radio on ${station.url}, site on http://localhost:${port}`,
);

const site = spawn(process.execPath, ["build/server-main/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    FEEDS_FILE: feedsFile,
    DATA_DIR: dataDir,
    RADIO_UPSTREAM: station.url,
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  },
});
const stop = () => site.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
site.on(
  "exit",
  (code) => void Promise.all([feeds.close(), station.close()]).then(() => process.exit(code ?? 0)),
);
