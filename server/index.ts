import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { readEnv, withEnvFile } from "./env";
import { createLogger } from "./logger";
import { createApp } from "./app";
import { createHttpServer } from "./http-server";
import type { ContextServices } from "./context";
import { readEmbedsFile } from "./embeds";
import { configuredPictures, withCoverLinks, withPictureLinks } from "./images/links";
import { createImageRoute } from "./images/route";
import { openImageService } from "./images/service";
import { openMessageStore } from "./messages/store";
import { createOutboundGuard } from "./net/outbound";
import { RadioHub } from "./radio/hub";
import { createNewsService } from "./news/service";
import { SITE_CONTENT, loadSite } from "../sites/registry";

/**
 * The process: checks settings and the site config (a bad one stops here with a message naming
 * the field), then serves the site. `npm run dev` runs this file through tsx with Vite in
 * middleware mode; `npm start` runs its bundle (build/server-main/index.js) on the production build.
 */
async function main(): Promise<void> {
  const env = readEnv(withEnvFile());
  const isDev = env.NODE_ENV === "development";
  const logger = createLogger(env.LOG_LEVEL, isDev);
  const configured = loadSite(env.SITE);
  // The radio settings (and EMBEDS_FILE) replace the site config's, so every part sees one value.
  const site = {
    ...configured,
    embeds: env.EMBEDS_FILE ? readEmbedsFile(env.EMBEDS_FILE) : configured.embeds,
    radio: {
      ...configured.radio,
      upstream: env.RADIO_UPSTREAM ?? configured.radio.upstream,
      ports: env.RADIO_PORTS ?? configured.radio.ports,
      maxListeners: env.RADIO_MAX_LISTENERS ?? configured.radio.maxListeners,
    },
  };
  const siteUrl = env.SITE_URL ?? site.baseUrl;
  // Feeds and pictures reach other servers through one guard (SSRF: public addresses only).
  const guard = createOutboundGuard({
    allowPrivateHosts: env.ALLOW_PRIVATE_HOSTS,
    allowPublicHosts: env.ALLOW_PUBLIC_HOSTS,
  });
  const news = createNewsService({
    site,
    siteUrl,
    dataDir: env.DATA_DIR,
    feedsFile: env.FEEDS_FILE,
    refreshSeconds: env.FEED_REFRESH_SECONDS,
    backoffBaseSeconds: env.FEED_BACKOFF_BASE_SECONDS,
    retention: { days: env.RETENTION_DAYS, minPerFeed: env.RETENTION_MIN_PER_FEED },
    guard,
    logger,
  });
  const content = SITE_CONTENT[env.SITE];
  const images = openImageService({
    dataDir: env.DATA_DIR,
    siteId: site.id,
    secret: env.IMAGE_KEY_SECRET,
    cacheMb: env.IMAGE_CACHE_MB,
    db: news.db,
    guard,
    defaultImage: site.defaultImage,
    configured: configuredPictures(content),
    userAgent: `${site.name} pictures (+${siteUrl})`,
    log: logger.child({ part: "images" }),
  });
  // Its own connection, with synchronous FULL: an acknowledged message survives power loss.
  const messages = openMessageStore({
    dataDir: env.DATA_DIR,
    siteId: env.SITE,
    secret: env.CONTACT_KEY_SECRET,
  });
  const radio = new RadioHub({
    upstream: site.radio.upstream,
    ports: site.radio.ports,
    maxListeners: site.radio.maxListeners,
    log: logger.child({ part: "radio" }),
    userAgent: `${site.name} radio relay (+${siteUrl})`,
  });
  // Loaders see pictures as image route paths only (server/images/links.ts).
  const services: ContextServices = {
    site,
    content: withCoverLinks(content, images),
    siteUrl,
    isDev,
    embedPlaceholders: isDev || env.SHOW_EMBED_PLACEHOLDERS,
    news: withPictureLinks(news.engine, images),
    messages: messages.store,
  };

  const serving = {
    images: createImageRoute(images, logger),
    trustProxy: env.TRUST_PROXY,
    renders: { concurrency: env.RENDER_CONCURRENCY, queue: env.RENDER_QUEUE },
  };
  let app;
  if (isDev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    app = createApp({ services, logger, vite, radio, ...serving });
  } else {
    // The bundle lives in build/server-main/; the React Router build sits beside it.
    const here = path.dirname(fileURLToPath(import.meta.url));
    const buildDir = path.resolve(here, "..");
    const serverEntry = path.join(buildDir, "server", "index.js");
    const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const stylesheet = readStylesheet(server, path.join(buildDir, "client"));
    services.stylesheet = stylesheet.css;
    services.stylesheetHref = stylesheet.href;
    app = createApp({
      services,
      logger,
      build: { server, clientDir: path.join(buildDir, "client") },
      radio,
      ...serving,
    });
  }

  const server = createHttpServer(app);
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, site: site.id, siteUrl }, "listening");
  });
  // Stored articles are served at once; the first refresh runs in the background.
  void news.engine.start();
  const stop = (signal: string) => {
    logger.info({ signal }, "shutting down");
    const refreshesStopped = news.engine.stop();
    radio.shutdown();
    server.close(() => {
      void refreshesStopped.then(() => {
        news.db.close();
        messages.db.close();
        process.exit(0);
      });
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** The built stylesheet: where it is served (root.tsx exports it) and its text, which pages inline. */
function readStylesheet(build: ServerBuild, clientDir: string): { href: string; css: string } {
  const href = (build.routes.root?.module as { stylesheet?: unknown } | undefined)?.stylesheet;
  if (typeof href !== "string") throw new Error("The build's root route names no stylesheet");
  return { href, css: readFileSync(path.join(clientDir, href), "utf8") };
}

main().catch((error: unknown) => {
  // Start-up errors (bad env, bad site config) are for the operator: print them plainly.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
