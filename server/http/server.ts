import { createServer, type RequestListener, type Server } from "node:http";
import { refusalBeforeBody, sendRefusal } from "./refusals";
import { IdentifiedResponse } from "./request-log";

/**
 * How long a client may take: to send its headers, and its whole request (headers and body).
 * A form is a few kilobytes: a body that takes longer than this is a client holding a connection
 * open (one byte every few seconds), answered 408 and closed. Responses are not limited (the
 * radio stream lasts as long as its listener).
 */
export const CLIENT_TIMEOUTS = {
  headersMs: 20_000,
  requestMs: 30_000,
  checkEveryMs: 5_000,
  /**
   * How long an idle keep-alive connection is held for the client's next request. Longer than
   * the idle time of what sits in front (nginx's upstream keepalive_timeout and load balancers'
   * idle timeouts are 60 s): Node's 5 s let the server close a connection just as a proxy or a
   * client reused it, and that request failed with ECONNRESET (seen in the e2e suite).
   */
  keepAliveMs: 65_000,
};

/**
 * The HTTP server of the app. Node's defaults let a request take 300 s and check every 30 s;
 * here a slow request ends after CLIENT_TIMEOUTS. A client that asks `Expect: 100-continue` is
 * answered "100 Continue" only when its request would be accepted: a body that is too large,
 * or sent with a method or type the site refuses, is refused first, before the client sends it.
 */
export function createHttpServer(
  app: RequestListener,
  timeouts: Partial<typeof CLIENT_TIMEOUTS> = {},
): Server {
  const { headersMs, requestMs, checkEveryMs, keepAliveMs } = { ...CLIENT_TIMEOUTS, ...timeouts };
  const server = createServer(
    {
      headersTimeout: Math.min(headersMs, requestMs),
      requestTimeout: requestMs,
      connectionsCheckingInterval: checkEveryMs,
      keepAliveTimeout: keepAliveMs,
      ServerResponse: IdentifiedResponse,
    },
    app,
  );
  server.on("checkContinue", (req, res) => {
    const refusal = refusalBeforeBody(req);
    if (refusal) {
      // The body was never invited: nothing of it is read, and the connection ends here.
      res.shouldKeepAlive = false;
      sendRefusal(res, refusal);
      return;
    }
    res.writeContinue();
    app(req, res);
  });
  return server;
}

/**
 * Connections the kernel may hold completed for the server before it accepts them (the listen
 * backlog). Node's default of 511 is less than one burst of readers opening connections (or a
 * flood of them): past it a new connection's SYN is dropped and retried a second or three later,
 * so a health probe arriving behind the burst waited 3 to 5 s. The kernel caps it at
 * net.core.somaxconn (4096 on current Linux).
 */
export const LISTEN_BACKLOG = 4096;

/** Listens on `port` and `host` with LISTEN_BACKLOG. */
export function listen(
  server: Server,
  port: number,
  host: string,
  onListening?: () => void,
): Server {
  return server.listen({ port, host, backlog: LISTEN_BACKLOG }, onListening);
}
