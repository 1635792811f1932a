import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A subscriber's unsubscribe token: its id and a keyed HMAC of it (CONTACT_KEY_SECRET's key,
 * which every instance sharing the database has), so that any instance makes the same link for
 * every mail without keeping a secret per subscriber, and nobody can make one for another id.
 */
export function unsubscribeToken(secret: string, id: string): string {
  return `${id}.${mac(secret, id)}`;
}

/** The subscriber id an unsubscribe token names, when its HMAC is right. */
export function readUnsubscribeToken(secret: string, token: string): string | undefined {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 200) return undefined;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

function mac(secret: string, id: string): string {
  return createHmac("sha256", secret).update(`briefing unsubscribe\n${id}`).digest("base64url");
}
