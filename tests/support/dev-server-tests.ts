/**
 * The test files that start a Vite dev server (viteServerBuild), which vitest.config.ts runs one
 * at a time; viteServerBuild refuses to start from a file that is not listed here.
 */
export const DEV_SERVER_TESTS = [
  "server/http/app.test.ts",
  "server/http/app-cities.test.ts",
  "server/http/app-editions.test.ts",
  "server/http/app-metrics.test.ts",
  "server/http/offline.test.ts",
  "server/render/render.test.ts",
] as const;
