import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./tests/chromium.mjs";

// E2E runs against the production build (npm run build first). Its global setup starts, each on
// a free port with fresh data, the fixture feed server, the fixture radio station and two
// processes of the same build: the default site and SITE=austin, which proves the city is chosen
// at start-up. The workers find them through environment variables (tests/e2e/env.ts); baseURL
// is the default site's (this file is read again in each worker, after the global setup).

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e-artifacts",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: process.env.E2E_HOUSTON_URL,
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    // Every page registers the offline service worker (/sw.js, issue 52), which would answer the
    // pages, assets and pictures of the rest of a test once it has taken over, out of reach of
    // page.route(). The specs test the pages as the server sends them; offline.spec.ts (and any
    // spec that needs the worker, such as Web Push's) allows it with test.use().
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: CHROMIUM_LAUNCH_OPTIONS },
    },
  ],
});
