import type { IncomingMessage, ServerResponse } from "node:http";
import { IMAGE_PREFIX } from "../images/route";
import { isRead, type CityExchange, type Handler } from "./exchange";

/**
 * Pictures (`/img/<width>/<id>`): the network's, with ids signed by URL, whichever city's page
 * names them; fetched, resized and kept by the image route (server/images/route.ts).
 */
export function imageRoute(
  route: (req: IncomingMessage, res: ServerResponse, pathname: string) => void,
): Handler<CityExchange> {
  return ({ req, res, pathname }) => {
    if (!pathname.startsWith(IMAGE_PREFIX) || !isRead(req)) return false;
    route(req, res, pathname);
    return true;
  };
}
