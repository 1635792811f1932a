import dns, { type LookupAddress } from "node:dns";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch, type RequestInit, type Response } from "undici";

// The outbound guard: every request the server makes to a URL it did not choose (feeds and their
// redirects today, pictures later) goes through it, so that a hostile publisher cannot make the
// server reach loopback, the LAN or a cloud metadata service (SSRF). ipaddr.js classifies the
// addresses; an undici Agent with its own connector vets the address it is about to connect to
// and connects to exactly that one (no second DNS lookup that a rebinding name could answer
// differently).

/** Why an outbound connection was refused: the fetch fails with this as its `cause`. */
export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
  readonly code = "ERR_OUTBOUND_REFUSED";

  constructor(
    readonly address: string,
    why: "private" | "outside" = "private",
  ) {
    super(
      why === "private"
        ? `Refused a private address (${address})`
        : `Refused a host outside ALLOW_PRIVATE_HOSTS (${address}): public hosts are off`,
    );
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// IANA's global unicast block: nothing outside it is a public IPv6 host today.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
// NAT64's well-known prefix (RFC 6052) carries a v4 address in its last 32 bits.
const NAT64_V6 = ipaddr.parseCIDR("64:ff9b::/96");

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(12));
}

/**
 * The range of an IP address, as ipaddr.js names it: only `"unicast"` is a public address.
 * IPv4-mapped (`::ffff:127.0.0.1`) and NAT64 (`64:ff9b::a.b.c.d`) forms are judged by the v4
 * address they carry; other IPv6 forms that embed one (6to4, Teredo, IPv4-compatible) and anything
 * outside 2000::/3 are never `"unicast"`. A string that is not a canonical address is `"invalid"`.
 */
export function addressRange(address: string): string {
  if (!net.isIP(address)) return "invalid";
  const parsed: Address = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
  if (v6.match(NAT64_V6)) return embeddedIPv4(v6).range();
  const range = v6.range();
  return range === "unicast" && !v6.match(GLOBAL_UNICAST_V6) ? "reserved" : range;
}

/** Whether an address is a public (globally routed unicast) one. */
export function isGlobalAddress(address: string): boolean {
  return addressRange(address) === "unicast";
}

/** ALLOW_PRIVATE_HOSTS, parsed: exact URL host names, and address ranges. */
export interface HostAllowlist {
  names: ReadonlySet<string>;
  ranges: readonly [Address, number][];
  /**
   * ALLOW_PUBLIC_HOSTS: false for a site that must reach nothing but its allowlist (tests, the
   * demo, benchmarks, an air-gapped preview): then no public address is connected to, and no
   * host name outside the list is even looked up.
   */
  publicAllowed: boolean;
}

/**
 * Parses allowlist entries: a host name allows that exact URL host (whatever it resolves to); an
 * IP address or a CIDR allows a resolved address inside it. Host names are normalized as the URL
 * parser does (lower case, `127.1` is 127.0.0.1), so that they compare with `URL.hostname`.
 * Throws on an entry that is none of these.
 */
export function parseHostAllowlist(
  entries: readonly string[],
  publicAllowed = true,
): HostAllowlist {
  const names = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const raw of entries) {
    const entry = raw.trim().replace(/^\[(.*)\]$/, "$1");
    if (!entry) continue;
    if (entry.includes("/")) {
      ranges.push(ipaddr.parseCIDR(entry));
      continue;
    }
    const host = net.isIP(entry) ? entry : hostnameOf(entry);
    if (net.isIP(host)) {
      const address: Address = ipaddr.process(host);
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else names.add(host);
  }
  return { names, ranges, publicAllowed };
}

function hostnameOf(entry: string): string {
  let url: URL | null = null;
  try {
    // A port, a path or credentials would make it more than a host.
    if (!/[\s:/?#@\\]/.test(entry)) url = new URL(`http://${entry}/`);
  } catch {
    // Reported below.
  }
  if (!url?.hostname) throw new Error(`Not a host name, IP address or CIDR: ${entry}`);
  return url.hostname;
}

function inRanges(address: string, ranges: HostAllowlist["ranges"]): boolean {
  const parsed: Address = ipaddr.process(address);
  return ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
}

/**
 * Whether `host` (a URL host name, or an IP literal) may be reached at `address`: a public
 * address always, any other only when the allowlist names the host or holds the address.
 */
export function isAllowedAddress(host: string, address: string, allow: HostAllowlist): boolean {
  if (allow.publicAllowed && isGlobalAddress(address)) return true;
  if (!net.isIP(address)) return false;
  return allow.names.has(host.toLowerCase()) || inRanges(address, allow.ranges);
}

/**
 * The addresses of `host` that may be connected to, in the resolver's order. Refused ones are
 * dropped (a connection only ever goes to a vetted address, so a host that also names a private
 * one gains nothing); when none is left, throws OutboundRefusedError naming the first.
 */
export function vetAddresses(
  host: string,
  addresses: readonly LookupAddress[],
  allow: HostAllowlist,
): LookupAddress[] {
  const vetted = addresses.filter((a) => isAllowedAddress(host, a.address, allow));
  if (vetted.length > 0) return vetted;
  const first = addresses[0]?.address ?? host;
  throw new OutboundRefusedError(first, isGlobalAddress(first) ? "outside" : "private");
}

/** Resolves a host name to every address (dns.lookup with `all`, as Node's connect does). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * The `lookup` that net.connect calls for a host name: resolves once, vets, and hands back only
 * vetted addresses, which net then connects to (it asks with `all: true` when it races IPv4 and
 * IPv6, autoSelectFamily, else for one address).
 */
function createVettedLookup(allow: HostAllowlist, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    if (!allow.publicAllowed && !allow.names.has(hostname.toLowerCase())) {
      // Public hosts are off: a name the list does not hold is not even looked up.
      callback(new OutboundRefusedError(hostname, "outside"), "");
      return;
    }
    resolve(hostname)
      .then((addresses) => {
        const wanted = family ? addresses.filter((a) => a.family === family) : addresses;
        if (wanted.length === 0)
          throw Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" });
        const vetted = vetAddresses(hostname, wanted, allow);
        const first = vetted[0] as LookupAddress;
        if (options.all) callback(null, vetted);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ""));
  };
}

/**
 * undici's connector with the checks: net.connect does not call `lookup` for an IP literal (the
 * URL parser has already turned `127.1` and `2130706433` into 127.0.0.1), so a literal is vetted
 * here; a host name is vetted by the lookup.
 */
function createGuardedConnector(allow: HostAllowlist, resolve: Resolver): buildConnector.connector {
  const connect = buildConnector({ lookup: createVettedLookup(allow, resolve) });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
    if (net.isIP(host) && !isAllowedAddress(host, host, allow)) {
      callback(new OutboundRefusedError(host, isGlobalAddress(host) ? "outside" : "private"), null);
      return;
    }
    connect(options, callback);
  };
}

export interface OutboundGuardOptions {
  /** ALLOW_PRIVATE_HOSTS: host names, addresses and CIDRs that may be private. */
  allowPrivateHosts?: readonly string[];
  /** ALLOW_PUBLIC_HOSTS: false reaches nothing but the allowlist (true by default). */
  allowPublicHosts?: boolean;
  /** How host names are resolved (tests stub it); dns.lookup by default. */
  resolve?: Resolver;
}

/** An HTTP client that only connects to public addresses (and allowlisted private ones). */
export interface OutboundGuard {
  /** undici's fetch through the guard: a refused connection rejects with an OutboundRefusedError cause. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /** Closes its pooled connections. */
  close(): Promise<void>;
  /**
   * Resolves a URL's host and vets its addresses as a connection would (a host kept for later,
   * such as a push subscription's endpoint); rejects with an OutboundRefusedError, or the
   * resolver's error for a name with no address.
   */
  vet(url: URL): Promise<void>;
  /** Whether the allowlist (ALLOW_PRIVATE_HOSTS) names this URL host or holds this address. */
  allowsPrivate(host: string): boolean;
}

/**
 * Creates an outbound guard. Every connection it opens, redirects included, goes through its
 * connector, so keep-alive reuse never skips a check (pools are per origin).
 */
export function createOutboundGuard(options: OutboundGuardOptions = {}): OutboundGuard {
  const allow = parseHostAllowlist(
    options.allowPrivateHosts ?? [],
    options.allowPublicHosts ?? true,
  );
  const resolve = options.resolve ?? systemResolver;
  const agent = new Agent({ connect: createGuardedConnector(allow, resolve) });
  const lookup = createVettedLookup(allow, resolve);
  return {
    fetch: (url, init = {}) => fetch(url, { ...init, dispatcher: agent }),
    close: () => agent.close(),
    vet(url) {
      const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
      if (net.isIP(host)) {
        if (isAllowedAddress(host, host, allow)) return Promise.resolve();
        return Promise.reject(
          new OutboundRefusedError(host, isGlobalAddress(host) ? "outside" : "private"),
        );
      }
      return new Promise((resolved, reject) =>
        lookup(host, { all: true }, (error) => (error ? reject(error) : resolved())),
      );
    },
    allowsPrivate: (host) =>
      allow.names.has(host.toLowerCase()) || (net.isIP(host) !== 0 && inRanges(host, allow.ranges)),
  };
}

let defaultGuard: OutboundGuard | undefined;

/** The guard with no allowlist: public addresses only (what a caller gets unless it passes one). */
export function getDefaultOutboundGuard(): OutboundGuard {
  defaultGuard ??= createOutboundGuard();
  return defaultGuard;
}
