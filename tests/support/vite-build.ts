import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";

/**
 * A quiet Vite dev server in middleware mode and the React Router server build it serves: how a
 * test gets the app without a production build. Close the server when done.
 */
export async function viteServerBuild(): Promise<{ vite: ViteDevServer; build: ServerBuild }> {
  const vite = await createServer({
    server: { middlewareMode: true },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { vite, build };
}
