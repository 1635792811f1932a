import { ECDH } from "node:crypto";
import net from "node:net";
import { z } from "zod";

/** The largest body a subscription request may have: a PushSubscription is about 500 bytes. */
export const PUSH_BODY_LIMIT = 4096;
/** The longest endpoint kept (push services' are 150 to 500 characters). */
export const MAX_ENDPOINT_CHARS = 1024;
/** The most zones one subscription names. */
export const MAX_ZONES = 12;

/** Why a request about a subscription was refused: its code, HTTP status and words. */
export class PushInputError extends Error {
  constructor(
    readonly code:
      | "bad-json"
      | "too-large"
      | "bad-endpoint"
      | "bad-keys"
      | "unknown-zones"
      | "too-many"
      | "cross-origin"
      | "unsupported-type",
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** A subscription as kept: where to push, the keys to encrypt for, and the zones it wants. */
export interface PushTarget {
  endpoint: string;
  /** The reader's P-256 public key, base64url (65 bytes, uncompressed). */
  p256dh: string;
  /** The reader's 16-byte authentication secret, base64url. */
  auth: string;
}

export interface NewSubscription extends PushTarget {
  zones: string[];
}

const SubscribeSchema = z.object({
  subscription: z.object({
    endpoint: z.string().min(1).max(MAX_ENDPOINT_CHARS),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
  }),
  zones: z.array(z.string().max(16)).min(1).max(MAX_ZONES),
});

const UnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(MAX_ENDPOINT_CHARS) });

/** Bytes of a base64url text (padding allowed), or null when it is not base64url. */
function base64url(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/=+$/, ""), "base64url");
}

/** Whether `bytes` are a P-256 point, uncompressed (65 bytes, 0x04 first) and on the curve. */
export function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an endpoint may be pushed to: https, or http for a host the outbound allowlist names
 * (ALLOW_PRIVATE_HOSTS: a test's loopback push service). Its address is vetted apart, when it
 * is resolved (OutboundGuard.vet).
 */
export function endpointUrl(endpoint: string, httpHosts: (host: string) => boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushInputError("bad-endpoint", "The subscription's endpoint is not a URL.");
  }
  if (url.username || url.password)
    throw new PushInputError(
      "bad-endpoint",
      "The subscription's endpoint may not hold credentials.",
    );
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && httpHosts(host)) return url;
  throw new PushInputError("bad-endpoint", "The subscription's endpoint must be an https URL.");
}

/** A JSON body, or the refusal of one that is not JSON. */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new PushInputError("bad-json", "The request body is not JSON.");
  }
}

/**
 * A subscription request read and checked: its endpoint a URL push may go to (endpointUrl), its
 * keys a P-256 point and a 16-byte secret, its zones (upper-cased, each once) every one of them
 * among `offered` (the site's alertZones). Throws a PushInputError naming what is wrong.
 */
export function readSubscription(
  body: unknown,
  offered: ReadonlySet<string>,
  httpHosts: (host: string) => boolean,
): NewSubscription {
  const parsed = SubscribeSchema.safeParse(body);
  if (!parsed.success) {
    const where = String(parsed.error.issues[0]?.path[0] ?? "");
    if (where === "zones")
      throw new PushInputError(
        "unknown-zones",
        `Name between 1 and ${MAX_ZONES} of this site's alert zones.`,
      );
    throw new PushInputError(
      where === "subscription" ? "bad-keys" : "bad-json",
      'Send {"subscription": <PushSubscription.toJSON()>, "zones": [<zone codes>]}.',
    );
  }
  const { subscription } = parsed.data;
  const endpoint = endpointUrl(subscription.endpoint, httpHosts).href;
  const key = base64url(subscription.keys.p256dh);
  if (!key || !isP256Point(key))
    throw new PushInputError("bad-keys", "The subscription's p256dh key is not a P-256 point.");
  const auth = base64url(subscription.keys.auth);
  if (!auth || auth.length !== 16)
    throw new PushInputError("bad-keys", "The subscription's auth secret is not 16 bytes.");
  const zones = [...new Set(parsed.data.zones.map((zone) => zone.toUpperCase()))];
  const unknown = zones.filter((zone) => !offered.has(zone));
  if (unknown.length > 0)
    throw new PushInputError(
      "unknown-zones",
      `Not an alert zone of this site: ${unknown.slice(0, 3).join(", ")}.`,
    );
  return {
    endpoint,
    p256dh: key.toString("base64url"),
    auth: auth.toString("base64url"),
    zones,
  };
}

/** The endpoint of an unsubscribe request. */
export function readEndpoint(body: unknown): string {
  const parsed = UnsubscribeSchema.safeParse(body);
  if (!parsed.success)
    throw new PushInputError("bad-json", 'Send {"endpoint": <the subscription\'s endpoint>}.');
  return parsed.data.endpoint;
}

/** Whether `host` is an IP literal (the allowlist's ranges apply) rather than a name. */
export function isIpLiteral(host: string): boolean {
  return net.isIP(host) !== 0;
}
