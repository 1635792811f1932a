import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { CACHE_CONTROL } from "../../common/cache-control";
import type { CityServices } from "../cities/served";
import { parsePort, type RadioHub } from "../radio/hub";
import { json } from "./answers";
import { isRead, type CityExchange, type Handler } from "./exchange";
import { SECURITY_HEADERS } from "./headers";
import type { Refusal } from "./refusals";
import { cityLocale, isClientGone, sendRefusal, serverText } from "./refusals";

/** The radio relay's audio: the city's live stream, relayed to every listener. */
export const STREAM_PATH = "/api/stream";
/** What the radio plays now, as JSON. */
export const NOW_PLAYING_PATH = "/api/radio/now-playing";

/** A city's radio relay, made only when one of the radio's paths is asked for. */
export type RadioOf = (city: CityServices) => RadioHub | undefined;

/**
 * The hub of the city a radio request names: undefined (not this handler's request) when the
 * path is not `path` or the city has no radio; a city whose data is invalid is refused (503).
 */
function hubFor(
  exchange: CityExchange,
  path: string,
  radio: RadioOf,
): RadioHub | "refused" | undefined {
  if (exchange.pathname !== path || !isRead(exchange.req)) return undefined;
  try {
    return radio(exchange.city());
  } catch (error) {
    sendRefusal(exchange.res, error as Refusal);
    return "refused";
  }
}

/** The headers of an audio answer (the stream, or HEAD's). */
function audioHeaders(contentType: string): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    "Cache-Control": CACHE_CONTROL.stream,
    "Content-Type": contentType,
  };
}

/** Answers with a JSON body (errors), never stored. */
function sendJson(
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "Cache-Control": CACHE_CONTROL.stream,
    "Content-Type": "application/json; charset=utf-8",
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/**
 * GET/HEAD `/api/stream?port=N` on one city's relay: 400 for a port it may not open, 503 while
 * no station is configured or the relay is full, 502 when the station cannot be reached; else the
 * audio, as one endless body (server/radio/hub.ts relays it).
 */
export async function relayStream(
  hub: RadioHub,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const ports = new URL(req.url ?? "/", "http://relay").searchParams.getAll("port");
  const port = parsePort(ports.length === 1 ? ports[0] : undefined, hub.ports);
  if (port === null) {
    sendJson(res, 400, { error: `port must be one of: ${hub.ports.join(", ")}` });
    return;
  }
  if (!hub.configured) {
    sendJson(res, 503, { error: "The radio stream is not configured." });
    return;
  }
  if (req.method === "HEAD") {
    res.writeHead(200, audioHeaders(hub.contentType(port)));
    res.end();
    return;
  }
  if (hub.full) {
    sendJson(
      res,
      503,
      { error: "Too many listeners. Please try again shortly." },
      {
        "Retry-After": "30",
      },
    );
    return;
  }
  const joined = await hub.join(port, res, (contentType) => {
    // An endless body ends when the connection closes, as Icecast's do: no chunked framing
    // around every block.
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, { ...audioHeaders(contentType), "X-Accel-Buffering": "no" });
    res.flushHeaders();
  });
  if (joined === "unavailable") sendJson(res, 502, { error: "The radio stream is unavailable." });
}

/**
 * The live stream (`/api/stream`): audio, never compressed (Cache-Control: no-transform) and
 * never cached; a listener who goes away is no error.
 */
export function radioStream(radio: RadioOf, logger: Logger): Handler<CityExchange> {
  return (exchange) => {
    const hub = hubFor(exchange, STREAM_PATH, radio);
    if (hub === undefined) return false;
    if (hub === "refused") return true;
    const { req, res } = exchange;
    relayStream(hub, req, res).catch((err: unknown) => {
      if (isClientGone(err)) {
        logger.debug({ url: req.url }, "listener went away");
        res.destroy();
        return;
      }
      logger.error({ err }, "radio stream failed");
      if (!res.headersSent)
        json(res, 500, { error: serverText("server.internalError", cityLocale(exchange.city)) });
      else res.destroy();
    });
    return true;
  };
}

/**
 * The site's API outside React Router: what the radio plays now (`/api/radio/now-playing`),
 * answered from the relay's memory. (The stories API, `/api/articles`, is a resource route of
 * the React app: made and cached as pages are.)
 */
export function radioApi(radio: RadioOf): Handler<CityExchange> {
  return (exchange) => {
    const hub = hubFor(exchange, NOW_PLAYING_PATH, radio);
    if (hub === undefined) return false;
    if (hub !== "refused") json(exchange.res, 200, hub.nowPlaying());
    return true;
  };
}
