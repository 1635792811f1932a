import type { Logger } from "pino";
import type { CityServices } from "../cities/network";
import type { RadioHub } from "../radio/hub";
import { json } from "./answers";
import { isRead, type CityExchange, type Handler } from "./exchange";
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
    hub.stream(req, res).catch((err: unknown) => {
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
