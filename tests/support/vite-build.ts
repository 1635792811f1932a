import type { ServerBuild } from "react-router";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { expect } from "vitest";
import { DEV_SERVER_TESTS } from "./dev-server-tests";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A quiet Vite dev server in middleware mode and the React Router server build it serves: how a
 * test gets the app without a production build. Close the server when done. Only the files of
 * DEV_SERVER_TESTS may start one (vitest.config.ts runs them one at a time).
 */
export async function viteServerBuild(): Promise<{ vite: ViteDevServer; build: ServerBuild }> {
  // Its type generator rewrites .react-router/types: such files run one at a time.
  const file = path.relative(ROOT, expect.getState().testPath ?? "");
  if (!(DEV_SERVER_TESTS as readonly string[]).includes(file)) {
    throw new Error(
      `${file} starts a Vite dev server: list it in tests/support/dev-server-tests.ts`,
    );
  }
  const vite = await createServer({
    server: { middlewareMode: true },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { vite, build };
}
