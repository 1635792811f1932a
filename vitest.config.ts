import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the reactRouter() plugin stays out of unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,server,sites,common,scripts,tests/unit}/**/*.test.{ts,tsx}"],
    environment: "node",
    // A file per core: Vitest's default leaves one core idle (cores - 1), which on CI's two is a
    // single worker, and the tests spend much of their time waiting (databases, child processes,
    // sockets). Each file still runs in a process of its own (docs/decisions/014-ci-time.md).
    maxWorkers: availableParallelism(),
    restoreMocks: true,
  },
});
