import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createLoadContext, type ContextServices } from "./context";
import type { RadioHub } from "./radio/hub";
import { CACHE_CONTROL, STATIC_MAX_AGE_SECONDS } from "../app/lib/http";
import { assignNonce, securityHeaders } from "./security";

export interface AppOptions {
  services: ContextServices;
  /** The live radio relay (absent in tests that do not need it). */
  radio?: RadioHub;
  logger: Logger;
  /** Production: the React Router server build and the folder of its client assets. */
  build?: { server: ServerBuild | (() => Promise<ServerBuild>); clientDir: string };
  /** Development: a Vite dev server in middleware mode. */
  vite?: ViteDevServer;
}

/** Creates the HTTP application: security headers, logs, compression, assets and the site. */
export function createApp({ services, logger, build, vite, radio }: AppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.use(assignNonce);
  app.use(securityHeaders(services.isDev));
  // Before the request log, so that health probes do not fill it.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", CACHE_CONTROL.none).json({ status: "ok", site: services.site.id });
  });
  app.use(
    pinoHttp({
      logger,
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  if (radio) {
    // Audio is never compressed (Cache-Control: no-transform) and never cached.
    app.get("/api/stream", radio.stream);
    app.get("/api/radio/now-playing", (_req, res) => {
      res.set("Cache-Control", CACHE_CONTROL.none).json(radio.nowPlaying());
    });
  }
  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else if (build) {
    // Hashed assets, precompressed at build time (scripts/precompress.mjs): brotli, else gzip.
    app.use(
      "/assets",
      expressStaticGzip(path.join(build.clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        serveStatic: {
          cacheControl: false,
          fallthrough: false,
          setHeaders: (res) => res.setHeader("Cache-Control", CACHE_CONTROL.asset),
        },
      }),
    );
    app.use(express.static(build.clientDir, { maxAge: STATIC_MAX_AGE_SECONDS * 1000 }));
  }

  const serverBuild =
    vite !== undefined
      ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : build?.server;
  if (!serverBuild) throw new Error("createApp needs either a build or a Vite dev server");

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: serverBuild,
      mode: services.isDev ? "development" : "production",
      getLoadContext: (req, res) => createLoadContext(services, req, res.locals.nonce as string),
    }),
  );
  // Errors that reach Express (a missing asset, a malformed request): a plain answer, no stack.
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = httpStatusOf(err);
    if (status >= 500) req.log.error({ err }, "request failed");
    if (res.headersSent) return next(err);
    res.status(status).type("text/plain").set("Cache-Control", CACHE_CONTROL.none);
    res.send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error");
  });
  return app;
}

function httpStatusOf(err: unknown): number {
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
