import type { Logger } from "pino";
import type { ServerResponse } from "node:http";
import type { CityLookup, CityServices } from "../cities/served";
import type { Slugs } from "../../common/slugs";
import { htmlHeaders } from "./headers";
import type { CityExchange, Exchange } from "./exchange";
import { Refusal } from "./refusals";

/** The cities served, by Host (server/cities/served.ts): a host's city id, a city by id. */
export interface CitiesByHost {
  idOf(host: string | undefined): string | undefined;
  /** The edition a path of a city's host is in, when under a prefix (/es, /es/weather). */
  editionAt(id: string, pathname: string): { site: string; path: string } | undefined;
  city(id: string): Exclude<CityLookup, { kind: "unknown" }>;
  /** A site's translated paths (a city's or an edition's), if it has any. */
  slugsOf(site: string): Slugs | undefined;
}

const UNKNOWN_HOST_PAGE = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site not found</title>' +
    // Unstyled: the browser's own colours, in the reader's scheme (dark under a dark system).
    '<meta name="color-scheme" content="light dark">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    "</head><body><h1>Site not found</h1><p>No publication of this network is served at this address.</p></body></html>",
);

/**
 * The network's own not-found page: for a host that names no city of this process. Small, never
 * cached (another host may become a city), and it names no city.
 */
function unknownHost(res: ServerResponse, head: boolean): void {
  res.writeHead(404, {
    ...htmlHeaders(),
    "Content-Length": String(UNKNOWN_HOST_PAGE.length),
  });
  res.end(head ? undefined : UNKNOWN_HOST_PAGE);
}

/** Where a request of a city's host is: its site, and the edition's path prefix ("" for none). */
export interface SiteAt {
  /** The city's id, or its edition's ("<city>.es") under a path prefix of the city's hosts. */
  site: string;
  /** The edition's path prefix (e.g. /es), "" for a city's default edition or an own host. */
  base: string;
}

/**
 * The site a request names by its host and path: the city the host names, or that city's edition
 * under a path prefix of its hosts (/es/…); undefined for a host that names no city.
 */
export function siteAt(
  cities: CitiesByHost,
  host: string | undefined,
  pathname: string,
): SiteAt | undefined {
  const id = cities.idOf(host);
  if (id === undefined) return undefined;
  const edition = cities.editionAt(id, pathname);
  return edition ? { site: edition.site, base: edition.path } : { site: id, base: "" };
}

/**
 * The step between the network's handlers and a city's: the city request of the site `at` names
 * (siteAt), or the network's not-found page (then undefined: the request is answered). A city
 * whose data is invalid is found too: its readers get a 503 from the first handler that asks for
 * its services, every other city is served, and its problem is logged once (a Set as large as
 * the cities served, never a reader's text).
 */
export function cityChooser(cities: CitiesByHost, logger: Logger) {
  const reported = new Set<string>();
  return (exchange: Exchange, at: SiteAt | undefined): CityExchange | undefined => {
    if (at === undefined) {
      unknownHost(exchange.res, exchange.req.method === "HEAD");
      return undefined;
    }
    // An edition under a path prefix of the city's hosts: the path within it.
    const { site, base } = at;
    const pathname = exchange.pathname.slice(base.length) || "/";
    const city = (): CityServices => {
      const found = cities.city(site);
      if (found.kind === "city") return found.city;
      if (!reported.has(found.problem.file)) {
        reported.add(found.problem.file);
        const { file, message } = found.problem;
        logger.error({ file, error: message }, "city unavailable");
      }
      throw new Refusal(503, "server.unavailable");
    };
    const slugs = cities.slugsOf(site);
    return {
      req: exchange.req,
      res: exchange.res,
      pathname,
      site,
      base,
      city,
      ...(slugs ? { slugs } : {}),
    };
  };
}
