import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// Image ids are signed, so that the image route only ever fetches a picture this server named
// itself (a stored article's, or a configured one): it is no open proxy. The MAC covers the
// picture's URL as well as the id, so a new picture under the same article gets a new id (the
// route's answers are content-addressed and cached for a year), and an id stops working when its
// article's picture changes or the article is pruned. What a forged id would get is a picture the
// server shows anyway, so the MAC is 66 bits (docs/decisions/017-image-id-mac.md); ids made before
// with 132 bits (22 characters) are still good, and name the same picture as their first 11.

/** Characters of the HMAC-SHA-256 (base64url) kept in an id: 66 bits. */
const MAC_LENGTH = 11;

/** Characters of the MAC in ids made before 2026-12-05 (132 bits), which are still accepted. */
const OLD_MAC_LENGTH = 22;

/** What an id names: a stored article's picture, or a configured one (by a hash of its URL). */
export type ImageKey =
  { kind: "article"; articleId: number } | { kind: "configured"; hash: string };

/** The key of a configured picture URL: 16 hex digits of its SHA-256. */
export function configuredHash(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 16);
}

function keyText(key: ImageKey): string {
  return key.kind === "article" ? `a${key.articleId}` : `c${key.hash}`;
}

/** Signs and checks image ids with the site's image key (IMAGE_KEY_SECRET or its file). */
export class ImageSigner {
  constructor(private readonly secret: string) {}

  private mac(key: string, url: string): string {
    return createHmac("sha256", this.secret)
      .update(`${key}\n${url}`)
      .digest("base64url")
      .slice(0, OLD_MAC_LENGTH);
  }

  /** The id of what `key` names, whose picture is at `url`: the key, a dot, today's MAC. */
  private id(key: ImageKey, url: string): string {
    const text = keyText(key);
    return `${text}.${this.mac(text, url).slice(0, MAC_LENGTH)}`;
  }

  /** The id of the picture at `url` of a stored article (`a<id>.<mac>`). */
  articleId(articleId: number, url: string): string {
    return this.id({ kind: "article", articleId }, url);
  }

  /** The id of a configured picture (`c<hash>.<mac>`). */
  configuredId(url: string): string {
    return this.id({ kind: "configured", hash: configuredHash(url) }, url);
  }

  /** Whether `id` was made by this signer for `url`, now or with the old MAC (in constant time). */
  verify(id: string, url: string): boolean {
    const dot = id.indexOf(".");
    if (dot === -1) return false;
    const given = Buffer.from(id.slice(dot + 1));
    if (given.length !== MAC_LENGTH && given.length !== OLD_MAC_LENGTH) return false;
    const expected = Buffer.from(this.mac(id.slice(0, dot), url).slice(0, given.length));
    return timingSafeEqual(given, expected);
  }
}

/**
 * The id of today's form that names the same picture as `id`: an id made with the old, longer MAC
 * cut to today's length (so both share one set of files and one ETag).
 */
export function currentImageId(id: string): string {
  const dot = id.indexOf(".");
  return dot === -1 ? id : id.slice(0, dot + 1 + MAC_LENGTH);
}

/** What an id names, read from its form alone (its MAC is checked with verify), or null. */
export function parseImageId(id: string): ImageKey | null {
  const match = /^(?:a(\d{1,15})|c([0-9a-f]{16}))\.(?:[\w-]{11}){1,2}$/.exec(id);
  if (!match) return null;
  if (match[1] !== undefined) {
    const articleId = Number(match[1]);
    return Number.isSafeInteger(articleId) ? { kind: "article", articleId } : null;
  }
  return { kind: "configured", hash: match[2] ?? "" };
}
