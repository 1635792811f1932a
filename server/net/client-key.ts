import ipaddr from "ipaddr.js";

/**
 * The reader a client address counts as, for every per-reader limit (the contact form's rate
 * limit, RENDER_PER_CLIENT, LIVE_MAX_PER_CLIENT). IPv4 counts by address, also when it arrives
 * IPv4-mapped (`::ffff:1.2.3.4`, as on a dual-stack socket). IPv6 counts by its /64: one
 * subscriber usually gets a whole /64, so keying the full address let one reader rotate through
 * 2^64 of them. An address ipaddr.js cannot parse (e.g. "unknown") counts as the string itself.
 */
export function clientKey(address: string): string {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return address;
  }
  if (ip instanceof ipaddr.IPv4) return ip.toString();
  // The first four 16-bit groups are the /64; a zone id (fe80::1%eth0) is dropped with the rest.
  const prefix = new ipaddr.IPv6([...ip.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toString()}/64`;
}
