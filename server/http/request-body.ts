import type { IncomingMessage } from "node:http";

// What the site's own small APIs and form posts (Web Push's subscriptions, the briefing's
// sign-ups) read of a request: its body, bounded, and whether it comes from the site's own pages.

/** A body past its limit (declared in Content-Length, or as it came). */
export class BodyTooLarge extends Error {
  constructor() {
    super("The request body is too large.");
  }
}

/** A request's body as text, refused (BodyTooLarge) past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  if (Number(req.headers["content-length"] ?? 0) > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Whether a request comes from this site's own pages: its Origin is `origin`, or it sends none
 * (a plain client or a script, left to the caller's other checks).
 */
export function sameOrigin(req: IncomingMessage, origin: string): boolean {
  const given = req.headers.origin;
  if (given === undefined) return true;
  try {
    return given !== "null" && new URL(given).origin === origin;
  } catch {
    return false;
  }
}
