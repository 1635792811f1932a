import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ISLANDS, type IslandSources } from "../../common/islands";
import type { Env } from "../settings/env";
import { createApp, type AppOptions } from "../http/app";
import type { SharedServices } from "../context";
import { renderSettings } from "../render/page";
import { RenderPool } from "../render/pool";

/**
 * The HTTP app the process serves: over Vite in development, over the build in production (its
 * stylesheet and islands read once, pages made on worker threads), and its request limits.
 */

/** Who is believed about the reader's address and host, and how many renders and posts wait. */
export function requestLimits(env: Env) {
  return {
    trustProxy: env.TRUST_PROXY,
    trustForwardedHost: env.TRUST_FORWARDED_HOST,
    renders: {
      concurrency: env.RENDER_CONCURRENCY,
      queue: env.RENDER_QUEUE,
      maxWaitMs: env.RENDER_MAX_WAIT_MS,
    },
    rendersPerClient: env.RENDER_PER_CLIENT,
    writes: {
      concurrency: env.WRITE_CONCURRENCY,
      queue: env.WRITE_QUEUE,
      maxWaitMs: env.RENDER_MAX_WAIT_MS,
    },
  };
}

/** What both apps are made of besides the build: every option of createApp but these. */
export type Serving = Omit<AppOptions, "services" | "build" | "vite" | "pool">;

/** Development: the app over Vite in middleware mode (sources, hot reload). */
export async function developmentApp(serving: Serving) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const services: SharedServices = {
    isDev: true,
    embedPlaceholders: true,
    briefing: serving.briefing && { open: serving.briefing.open, hour: serving.briefing.hour },
  };
  return { app: createApp({ services, vite, ...serving }), pool: undefined };
}

/**
 * Production: the app over the build (build/server-main/ holds this bundle, the React Router
 * build sits beside it), its stylesheet and islands read once, pages made on worker threads
 * (the bundle's render-worker.js) when RENDER_WORKERS is above 0. `here`: the entry's folder
 * (build/server-main/, where server/index.ts is bundled).
 */
export async function productionApp(env: Env, serving: Serving, here: string) {
  const buildDir = path.resolve(here, "..");
  const serverEntry = path.join(buildDir, "server", "index.js");
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const stylesheet = readStylesheet(server, path.join(buildDir, "client"));
  const services: SharedServices = {
    isDev: false,
    embedPlaceholders: env.SHOW_EMBED_PLACEHOLDERS,
    stormAds: env.STORM_ADS,
    briefing: serving.briefing && { open: serving.briefing.open, hour: serving.briefing.hour },
    stylesheet: stylesheet.css,
    stylesheetHref: stylesheet.href,
    islands: readIslands(buildDir),
  };
  const pool =
    env.RENDER_WORKERS > 0
      ? new RenderPool({
          filename: path.join(here, "render-worker.js"),
          build: pathToFileURL(serverEntry).href,
          settings: renderSettings(services, true),
          workers: env.RENDER_WORKERS,
          // Reads' renders and form posts' own allowance.
          concurrency: env.RENDER_CONCURRENCY + env.WRITE_CONCURRENCY,
        })
      : undefined;
  const app = createApp({
    services,
    build: { server, clientDir: path.join(buildDir, "client") },
    pool,
    ...serving,
  });
  return { app, pool };
}

/**
 * Where the islands build (vite.islands.config.ts) put each island's module, from its manifest
 * (build/islands-manifest.json): by name, as served from build/client. Every island of
 * common/islands.ts must be there: a build without one does not start.
 */
function readIslands(buildDir: string): IslandSources {
  const manifest = JSON.parse(
    readFileSync(path.join(buildDir, "islands-manifest.json"), "utf8"),
  ) as Record<string, { file: string; name?: string; isEntry?: boolean }>;
  const found = new Map<string, string>();
  for (const entry of Object.values(manifest)) {
    if (entry.isEntry && entry.name)
      found.set(entry.name, `/${path.posix.relative("client", entry.file)}`);
  }
  const missing = Object.keys(ISLANDS).filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`The islands build lacks ${missing.join(", ")}`);
  return Object.fromEntries(found) as IslandSources;
}

/**
 * The built stylesheet: where it is served (root.tsx exports it) and its text, which pages inline
 * (cut to their rules): as Tailwind built it, which the build keeps in build/stylesheet/ since
 * the served file has the short names too (scripts/build-css.mjs, decision 015).
 */
function readStylesheet(build: ServerBuild, clientDir: string): { href: string; css: string } {
  const href = (build.routes.root?.module as { stylesheet?: unknown } | undefined)?.stylesheet;
  if (typeof href !== "string") throw new Error("The build's root route names no stylesheet");
  const source = path.join(clientDir, "..", "stylesheet", path.basename(href));
  return {
    href,
    css: readFileSync(existsSync(source) ? source : path.join(clientDir, href), "utf8"),
  };
}
