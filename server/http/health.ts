import { jsonHeaders } from "./headers";
import { isRead, type Handler } from "./exchange";

/** The health probe's path (liveness: the process answers; it reads no database). */
export const HEALTH_PATH = "/healthz";

/**
 * The health probe, its answer made once: the first step of the request path, answered whatever
 * the Host (a load balancer's probe names the instance, not a city) and however busy the site is.
 */
export function healthProbe(): Handler {
  const body = Buffer.from(JSON.stringify({ status: "ok" }));
  const headers = { ...jsonHeaders(), "Content-Length": String(body.length) };
  return ({ req, res, pathname }) => {
    if (pathname !== HEALTH_PATH || !isRead(req)) return false;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
