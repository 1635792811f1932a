import type { IncomingMessage } from "node:http";
import { plain } from "./answers";
import { pathOf, type Handler } from "./exchange";
import { serverText } from "./refusals";

/**
 * The longest request target (path and query) answered: 4 KB, twice what browsers and CDNs
 * commonly allow in practice and far more than any link of this site; a longer one is refused
 * with 414 before it is parsed or remembered.
 */
export const MAX_TARGET_LENGTH = 4096;

/** A host name or an IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** An absolute-form request target (`GET http://host/path HTTP/1.1`, RFC 9112 §3.2.2). */
const ABSOLUTE_FORM = /^https?:\/\//i;

/**
 * A path the URL parser (WHATWG's, which `new URL` and React Router use) would read otherwise
 * than its text says: a dot segment (`.` or `..`, a dot also spelled `%2e` or `%2E`: the
 * parser's own list, so `/es/.%2E/faq` is one and `/...` is not), a backslash (a slash to the
 * parser) or a `#` (where the parser ends the path). Node passes all of them through.
 */
const UNRESOLVED_PATH = /[\\#]|(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * Whether a path (without its query) is the path the URL parser reads: no dot segment,
 * backslash or `#` (UNRESOLVED_PATH). Browsers, curl and crawlers resolve dot segments before
 * they send a URL (RFC 3986 §5.2.4), so only a hand-made target has one.
 */
export function isResolvedPath(pathname: string): boolean {
  return !UNRESOLVED_PATH.test(pathname);
}

/**
 * Whether a path is one of React Router's own URLs: a route's data for its client-side router
 * (single fetch, any query: `/faq.data`, `/es/clima.data`, and for a path ending in a slash its
 * `_.data`, `/_.data` for the home, `/es/_.data`; React Router 7 named the home `/_root.data`), or
 * its route manifest (`/__manifest`, under a basename `/es/__manifest`; the config keeps the
 * default manifestPath). This site sends no client-side router (its pages ship islands only),
 * so no page of it asks for them: in production they are refused (routerUrls).
 */
export function isRouterRequest(pathname: string): boolean {
  return pathname.endsWith(".data") || pathname.endsWith("/__manifest");
}

/**
 * How many Host header fields a request carries (Node keeps only the first in `headers`). RFC
 * 9112 §3.2: a request with more than one is answered 400.
 */
export function hostFieldCount(req: IncomingMessage): number {
  const raw = req.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") count++;
  }
  return count;
}

/** Whether a Host header names a host (and, if it has one, a port up to 65535). */
export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  const match = HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/**
 * Reads an absolute-form request target as RFC 9112 §3.2.2 says a server must: its authority
 * replaces the Host header, and the request goes on as its origin-form (path and query). False
 * when the target is not a URL with a valid host (the client's mistake: 400).
 */
export function adoptAbsoluteTarget(req: IncomingMessage): boolean {
  let target: URL;
  try {
    target = new URL(req.url ?? "");
  } catch {
    return false;
  }
  if (!isValidHost(target.host) || target.username || target.password) return false;
  req.headers.host = target.host;
  req.url = `${target.pathname}${target.search}`;
  return true;
}

/**
 * The checks of a request before it is routed: a target too long to answer (414), two Host
 * fields (400: which one names the city would be a guess, RFC 9112 §3.2), an absolute-form
 * target (its authority wins over Host; 400 when it names no host), a path the URL parser would
 * read otherwise (400, below), and a Host that names no host (400, also on the paths that never
 * parse a URL). Readers send the same Host again and again: the last good one is remembered,
 * and not checked again.
 *
 * One path, one site: the site (an edition's prefix, siteAt) is chosen from the path's text and
 * the page from the URL React Router parses, so they must be the same path. `/es/../faq` would
 * be the Spanish edition by its text and `/faq` by its URL: a render of no page, React Router's
 * console warning, a cache entry per spelling. Such a path is refused here, before anything
 * reads it, rather than resolved and redirected: no browser or crawler sends one (they resolve
 * dot segments and read a backslash as a slash before sending), so only probes do, and a
 * redirect would write the reader's text into a Location (`/..//evil.example` resolves to
 * `//evil.example`, another site). An absolute-form target is a URL, read as one: resolved.
 */
export function requestChecks(): Handler {
  let lastHost: string | undefined;
  return (exchange) => {
    const { req, res } = exchange;
    const url = req.url ?? "/";
    if (url.length > MAX_TARGET_LENGTH) {
      plain(res, 414, serverText("server.uriTooLong"));
      return true;
    }
    if (hostFieldCount(req) > 1) {
      plain(res, 400, serverText("server.badRequest"));
      return true;
    }
    if (url.charCodeAt(0) !== 47 /* "/" */ && ABSOLUTE_FORM.test(url)) {
      if (!adoptAbsoluteTarget(req)) {
        plain(res, 400, serverText("server.badRequest"));
        return true;
      }
      exchange.pathname = pathOf(req.url ?? "/");
    }
    if (!isResolvedPath(exchange.pathname)) {
      plain(res, 400, serverText("server.badRequest"));
      return true;
    }
    const host = req.headers.host;
    if (host === lastHost) return false;
    if (!isValidHost(host)) {
      plain(res, 400, serverText("server.badRequest"));
      return true;
    }
    lastHost = host;
    return false;
  };
}

/**
 * React Router's own URLs (isRouterRequest), refused in production with a plain 404 before a
 * page is looked up: no render, nothing kept. Each would otherwise be a render, and a `.data`
 * URL kept every query parameter (`/faq.data?x=1`, `?x=2`, … a render and a cache entry each)
 * for a client-side router this site never sends.
 */
export function routerUrls(): Handler {
  return ({ res, pathname }) => {
    if (!isRouterRequest(pathname)) return false;
    plain(res, 404, serverText("server.notFound"));
    return true;
  };
}
