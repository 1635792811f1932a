import { createHmac } from "node:crypto";
import path from "node:path";
import { clientKey } from "../net/client-key";
import { loadSecretFile } from "../settings/secret-file";

/** The shortest sender secret accepted, from CONTACT_KEY_SECRET or the generated file. */
export { MIN_SECRET_LENGTH } from "../settings/secret-file";

/**
 * The rate-limit bucket of a client address: the reader it counts as (server/net/client-key.ts),
 * an IPv4 address or an IPv6 /64.
 */
export const senderBucket = clientKey;

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
