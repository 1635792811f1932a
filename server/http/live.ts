import { CACHE_CONTROL } from "../../common/cache-control";
import type { LiveChannel } from "../live/events";
import { plain } from "./answers";
import { isRead, type CityExchange, type Handler } from "./exchange";
import { SECURITY_HEADERS } from "./headers";
import type { Refusal } from "./refusals";
import { cityLocale, sendRefusal, serverText } from "./refusals";

/** The live channel's path: Server-Sent Events for the city of the Host. */
export const LIVE_PATH = "/api/live";
/** How long a page turned away from a full channel is asked to wait, in seconds. */
export const LIVE_RETRY_AFTER_S = 30;

/** The headers of an open event stream. */
const EVENT_STREAM_HEADERS = {
  ...SECURITY_HEADERS,
  "Content-Type": "text/event-stream; charset=utf-8",
  // Never cached, never transformed (compressed) by anything in between, never buffered.
  "Cache-Control": `${CACHE_CONTROL.none}, no-transform`,
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

/**
 * The live channel (`/api/live`): an open page's one event stream (server/live/events.ts),
 * never cached, never compressed, not a render. A page past the process's or its address's
 * share of connections gets 503 with Retry-After (and the page as rendered stays right).
 */
export function liveChannel(
  channel: LiveChannel,
  addressOf: (req: CityExchange["req"]) => string,
): Handler<CityExchange> {
  return ({ req, res, pathname, city, site }) => {
    if (pathname !== LIVE_PATH || !isRead(req)) return false;
    try {
      city();
    } catch (error) {
      sendRefusal(res, error as Refusal);
      return true;
    }
    const address = addressOf(req);
    if (channel.admits(address) !== undefined) {
      res.setHeader("Retry-After", String(LIVE_RETRY_AFTER_S));
      plain(res, 503, serverText("server.tooManyLive", cityLocale(city)));
      return true;
    }
    if (req.method === "HEAD") {
      res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8" });
      res.end();
      return true;
    }
    const last = req.headers["last-event-id"];
    res.writeHead(200, EVENT_STREAM_HEADERS);
    channel.open(res, site, address, typeof last === "string" ? last.slice(0, 64) : undefined);
    return true;
  };
}
