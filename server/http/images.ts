import type { IncomingMessage, ServerResponse } from "node:http";
import { IMAGE_PREFIX } from "../images/route";
import { clientKey } from "../net/client-key";
import { isRead, type CityExchange, type Handler } from "./exchange";

/**
 * Pictures (`/img/<width>/<id>`): the network's, with ids signed by URL, whichever city's page
 * names them; fetched, resized and kept by the image route (server/images/route.ts), the work
 * shared fairly between readers (each an IPv4 address or an IPv6 /64, by `addressOf`).
 */
export function imageRoute(
  route: (req: IncomingMessage, res: ServerResponse, pathname: string, reader?: string) => void,
  addressOf?: (req: IncomingMessage) => string,
): Handler<CityExchange> {
  return ({ req, res, pathname }) => {
    if (!pathname.startsWith(IMAGE_PREFIX) || !isRead(req)) return false;
    route(req, res, pathname, addressOf && clientKey(addressOf(req)));
    return true;
  };
}
