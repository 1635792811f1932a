import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the reactRouter() plugin stays out of unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,server,sites,common,scripts,tests/unit}/**/*.test.{ts,tsx}"],
    environment: "node",
    restoreMocks: true,
  },
});
