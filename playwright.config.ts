import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./tests/chromium.mjs";

// E2E runs against the production build (npm run build first), with two processes of the same
// build: the default site and SITE=austin, which proves the city is chosen at start-up.
export const HOUSTON_URL = "http://127.0.0.1:4173";
export const AUSTIN_URL = "http://127.0.0.1:4174";
/** The canonical base the default-site server is started with. */
export const TEST_SITE_URL = "https://news.example.test";
/** The fixture feed server; tests/e2e/feeds.json (the FEEDS_FILE) points at it. */
export const FEEDS_URL = "http://127.0.0.1:4180";

const serverEnv = { NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1" };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e-artifacts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: HOUSTON_URL,
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: CHROMIUM_LAUNCH_OPTIONS },
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/fixture-servers/serve-radio.ts 8076",
      url: "http://127.0.0.1:8076/stream",
      reuseExistingServer: !process.env.CI,
    },
    {
      command: "npx tsx tests/fixture-servers/serve-feeds.ts 4180",
      url: `${FEEDS_URL}/feeds/espn-top.rss.xml`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: "node build/server-main/index.js",
      url: `${HOUSTON_URL}/healthz`,
      env: {
        ...serverEnv,
        PORT: "4173",
        SITE_URL: TEST_SITE_URL,
        FEEDS_FILE: "tests/e2e/feeds.json",
        DATA_DIR: "test-results/data-houston",
        RADIO_UPSTREAM: "http://127.0.0.1:8076/stream",
      },
      reuseExistingServer: !process.env.CI,
    },
    {
      command: "node build/server-main/index.js",
      url: `${AUSTIN_URL}/healthz`,
      env: { ...serverEnv, PORT: "4174", SITE: "austin", DATA_DIR: "test-results/data-austin" },
      reuseExistingServer: !process.env.CI,
    },
  ],
});
