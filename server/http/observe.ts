import type { ServerResponse } from "node:http";
import { NO_CITY, type HttpObserver, type RouteClass } from "../metrics/observer";

/** What the request path learns of a request as it goes, for the metrics. */
export interface RequestLabels {
  /** Which handler took it (app.ts). */
  route: RouteClass;
  /** The city its Host named (a directory id), or none. */
  city: string;
  /** The page cache's answer, told by the page sender (noteCache). */
  cache?: string;
  /** Whether it was refused under load (noteShed). */
  shed?: boolean;
}

/**
 * The labels of each response being watched. The page sender and the refusals note what only
 * they know here, rather than in headers: a header given to writeHead cannot be read back.
 * Weak: a response forgotten is its entry forgotten.
 */
const watched = new WeakMap<ServerResponse, RequestLabels>();

/** Notes the page cache's answer (X-Cache) of a watched response; nothing when unwatched. */
export function noteCache(res: ServerResponse, outcome: string): void {
  const labels = watched.get(res);
  if (labels) labels.cache = outcome;
}

/** Notes that a watched response refuses its request under load (503 with Retry-After). */
export function noteShed(res: ServerResponse): void {
  const labels = watched.get(res);
  if (labels) labels.shed = true;
}

/**
 * Starts watching a request for the metrics: when its response closes (sent, or its reader gone:
 * the stream and the live channel close only then), the observer is told its route class and
 * city as the request path set them, its status, how long it took, and what was noted of it.
 * Labels start as other and none: a request refused before a handler or a city took it, and an
 * unknown Host, stay so.
 */
export function observeRequest(
  observer: HttpObserver | undefined,
  res: ServerResponse,
): RequestLabels {
  const labels: RequestLabels = { route: "other", city: NO_CITY };
  if (!observer) return labels;
  watched.set(res, labels);
  const started = process.hrtime.bigint();
  res.once("close", () => {
    const status = res.statusCode;
    observer.request({
      route: labels.route,
      city: labels.city,
      status,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
      cache: labels.cache,
      // The live channel sets its Retry-After with setHeader, which can be read back.
      shed: labels.shed === true || (status === 503 && res.hasHeader("Retry-After")),
    });
  });
  return labels;
}
