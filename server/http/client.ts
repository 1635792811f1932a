import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { isValidHost } from "./request-checks";

/** Which proxies' forwarding headers are believed (proxy-addr's trust; loopback by default). */
export type TrustProxy = string | string[] | number | false | undefined;

/** A reader as the proxy settings allow them to be read: their address, and their protocol. */
export interface Client {
  address: string;
  protocol: "http" | "https";
}

/** What proxy-addr trusts for a TRUST_PROXY value (false: nobody's forwarding headers). */
function trustOf(setting: TrustProxy): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting ?? "loopback");
}

/**
 * The host a trusted proxy forwarded: the last entry of X-Forwarded-Host, the one the proxy
 * nearest this server added (entries before it are whatever the client or farther hops wrote).
 */
export function forwardedHost(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const joined = Array.isArray(value) ? value.join(",") : value;
  const last = joined.slice(joined.lastIndexOf(",") + 1).trim();
  return last && isValidHost(last) ? last : undefined;
}

/**
 * How a request's reader and host are read, as TRUST_PROXY and TRUST_FORWARDED_HOST allow:
 * `clientOf`, the reader's address and protocol (a trusted proxy's X-Forwarded-For and
 * X-Forwarded-Proto); `hostOf`, the host the request names: its Host (an absolute-form target's
 * authority has replaced it), or, only when TRUST_FORWARDED_HOST says a trusted proxy sets it,
 * that proxy's X-Forwarded-Host.
 */
export function proxySettings(trustProxy: TrustProxy, trustForwardedHost: boolean) {
  const trust = trustOf(trustProxy);
  const fromTrusted = (req: IncomingMessage) => trust(req.socket.remoteAddress ?? "", 0);
  const clientOf = (req: IncomingMessage): Client => {
    const address = proxyaddr(req, trust);
    const forwarded = fromTrusted(req)
      ? String(req.headers["x-forwarded-proto"] ?? "")
          .split(",")[0]
          ?.trim()
      : undefined;
    const encrypted = "encrypted" in req.socket && req.socket.encrypted === true;
    const protocol = forwarded === "https" || (!forwarded && encrypted) ? "https" : "http";
    return { address, protocol };
  };
  const hostOf = (req: IncomingMessage): string | undefined => {
    if (trustForwardedHost && fromTrusted(req)) {
      const forwarded = forwardedHost(req.headers["x-forwarded-host"]);
      if (forwarded) {
        // The page is made for the host the reader asked for (its links, its Origin check).
        req.headers.host = forwarded;
        return forwarded;
      }
    }
    return req.headers.host;
  };
  return { clientOf, hostOf };
}
