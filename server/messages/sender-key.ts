import { createHmac } from "node:crypto";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { loadSecretFile } from "../settings/secret-file";

/** The shortest sender secret accepted, from CONTACT_KEY_SECRET or the generated file. */
export { MIN_SECRET_LENGTH } from "../settings/secret-file";

/**
 * The rate-limit bucket of a client address. IPv4 counts by address, also when it arrives
 * IPv4-mapped (`::ffff:1.2.3.4`, as on a dual-stack socket). IPv6 counts by its /64: one
 * subscriber usually gets a whole /64, so keying the full address let one sender rotate through
 * 2^64 of them. An address ipaddr.js cannot parse (e.g. "unknown") counts as the string itself.
 */
export function senderBucket(address: string): string {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return address;
  }
  if (ip instanceof ipaddr.IPv4) return ip.toString();
  // The first four 16-bit groups are the /64; a zone id (fe80::1%eth0) is dropped with the rest.
  const network = new ipaddr.IPv6([...ip.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}

/**
 * The stored sender key of a client address writing to a city: a keyed HMAC-SHA-256 of the city
 * and the address's bucket (so one city's keys say nothing of another's senders). An unsalted
 * hash of an IPv4 address is reversed by trying all 2^32 of them; reversing the HMAC takes the
 * secret.
 */
export function senderKey(secret: string, address: string, site = ""): string {
  return createHmac("sha256", secret)
    .update(`${site}\n${senderBucket(address)}`)
    .digest("hex");
}

/** Where the generated sender secret is kept, beside the network's database in DATA_DIR. */
export function senderSecretFile(dataDir: string): string {
  return path.join(dataDir, "network.contact-key");
}

/**
 * The sender secret kept in `file`, generated (256 random bits, mode 0600) when the file does not
 * exist yet (server/settings/secret-file.ts). Throws when the file holds fewer than MIN_SECRET_LENGTH
 * characters. A lost secret only starts the rate-limit windows afresh.
 */
export function loadSenderSecret(file: string): string {
  return loadSecretFile(file, "CONTACT_KEY_SECRET");
}
