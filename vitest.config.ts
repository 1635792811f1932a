import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { DEV_SERVER_TESTS } from "./tests/support/dev-server-tests.ts";

const INCLUDE = ["{app,server,sites,common,scripts,tests/unit}/**/*.test.{ts,tsx}"];

// Kept apart from vite.config.ts so the reactRouter() plugin stays out of unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // A file per core: Vitest's default leaves one core idle (cores - 1), which on CI's two is a
    // single worker, and the tests spend much of their time waiting (databases, child processes,
    // sockets). Each file still runs in a process of its own (docs/decisions/014-ci-time.md).
    maxWorkers: availableParallelism(),
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: INCLUDE, exclude: [...DEV_SERVER_TESTS] },
      },
      {
        // The files that start a Vite dev server (tests/support/vite-build.ts), one at a time:
        // React Router's plugin then runs its type generator, which empties the project's
        // .react-router/types and writes it again, and two at once made one fail (ENOENT) as the
        // other emptied it (Vitest's recipe for files that share a resource).
        extends: true,
        test: { name: "dev-server", include: [...DEV_SERVER_TESTS], fileParallelism: false },
      },
    ],
  },
});
