import { createServer, type Server } from "node:http";
import type { Metrics } from "./metrics";

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
