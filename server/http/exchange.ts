import type { IncomingMessage, ServerResponse } from "node:http";
import type { CityServices } from "../cities/served";
import type { Slugs } from "../../common/slugs";

/** A request on its way along the request path (server/http/app.ts), and its response. */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The path of the request target, without its query (an absolute-form target's, once adopted). */
  pathname: string;
}

/** A request once its Host has named a city of this process. */
export interface CityExchange extends Exchange {
  /**
   * The city's id, or its edition's ("<city>.es"): all a cache hit needs. An edition under a
   * path prefix has that prefix taken off `pathname` (the handlers see /api/live, not
   * /es/api/live); `req.url` stays as the reader wrote it.
   */
  readonly site: string;
  /** The edition's path prefix (e.g. /es), "" for a city's default edition or an own host. */
  readonly base: string;
  /** The site's pages' paths in its language (common/slugs.ts), if it translates them. */
  readonly slugs?: Slugs;
  /** The city's services, made when first asked for; throws a Refusal (503) for a city whose data is invalid. */
  readonly city: () => CityServices;
}

/**
 * One step of the request path: true when it took the request (answered it, or is answering it),
 * false to pass it on to the next.
 */
export type Handler<E extends Exchange = Exchange> = (exchange: E) => boolean;

/** Whether a request only reads (GET or HEAD): what files, pictures, audio and probes answer. */
export function isRead(req: IncomingMessage): boolean {
  const method = req.method;
  return method === "GET" || method === "HEAD";
}

/** The path of a request target, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
