// The whole site offline: the fixture feed server (the real-world feeds of ../shared/fixtures)
// and the production build pointed at it through FEEDS_FILE. Run with `npm run demo`.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { demoFeedsFile } from "../tests/fixture-servers/demo-feeds";
import { startFeedServer } from "../tests/fixture-servers/feed-server";

const port = process.env.PORT ?? "3000";
const feedPort = Number(process.env.DEMO_FEEDS_PORT ?? 4180);
const dataDir = path.resolve("data/demo");
mkdirSync(dataDir, { recursive: true });

const feeds = await startFeedServer(feedPort);
const feedsFile = path.join(dataDir, "feeds.json");
writeFileSync(feedsFile, JSON.stringify(demoFeedsFile(feeds.url), null, 2));
console.log(`demo: fixture feeds on ${feeds.url}, site on http://localhost:${port}`);

const site = spawn(process.execPath, ["build/server-main/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    FEEDS_FILE: feedsFile,
    DATA_DIR: dataDir,
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  },
});
const stop = () => site.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
site.on("exit", (code) => void feeds.close().then(() => process.exit(code ?? 0)));
