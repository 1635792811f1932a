import { createServer, type Server } from "node:http";
import type { Metrics } from "./metrics";

/** What the listener logs with (pino's Logger fits). */
export interface ListenerLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * The metrics listener: a server of its own (METRICS_HOST:METRICS_PORT, loopback unless told),
 * never the public app, so that how busy the site is stays with the operator's scraper. It
 * answers GET (and HEAD) /metrics with the Prometheus text, 404 to every other path and 405 to
 * other methods.
 */
export function createMetricsServer(metrics: Pick<Metrics, "text" | "contentType">): Server {
  return createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Not found\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method not allowed\n");
      return;
    }
    metrics.text().then(
      (text) => {
        res.writeHead(200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      () => {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Metrics unavailable\n");
      },
    );
  });
}

/**
 * Starts the metrics listener on `host`:`port`. Metrics are an aid, never a reason to stop the
 * site: a port that is taken (or any other error of the listener) is logged, naming the port and
 * host, and the site goes on without metrics. Resolves true once it listens, false if it could not.
 */
export function listenForMetrics(
  server: Server,
  { port, host, log }: { port: number; host: string; log: ListenerLog },
): Promise<boolean> {
  return new Promise((resolve) => {
    // Kept after the start: an 'error' event with no listener would end the process.
    server.on("error", (error: NodeJS.ErrnoException) => {
      const fields = { port, host, code: error.code, err: error };
      if (server.listening) {
        log.error(fields, `metrics listener on ${host}:${port} failed: ${error.message}`);
        return;
      }
      const why =
        error.code === "EADDRINUSE"
          ? "is in use"
          : error.code === "EACCES"
            ? "is not allowed"
            : `could not be opened (${error.code ?? error.message})`;
      log.error(fields, `metrics port ${port} on ${host} ${why}: metrics are off`);
      resolve(false);
    });
    server.listen({ port, host }, () => {
      log.info({ port, host }, "metrics listening");
      resolve(true);
    });
  });
}
