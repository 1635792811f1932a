import type { IncomingMessage } from "node:http";
import { plain } from "./answers";
import { pathOf, type Handler } from "./exchange";
import { serverText } from "./pages/refusals";

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
 * target (its authority wins over Host; 400 when it names no host), and a Host that names no
 * host (400, also on the paths that never parse a URL). Readers send the same Host again and
 * again: the last good one is remembered, and not checked again.
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
