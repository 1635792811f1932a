// A story's link as its outlet wrote it, where a feed gives an aggregator's redirect instead: a
// reader's click then goes straight to the story, not through a service that counts it first,
// and the page carries a link that compresses (an aggregator's id is base64 noise: Google News's
// eighteen on the demo's home page cost 1 KB of its first round trip's 14). Feeds that give the
// outlet's link beside their redirect (FeedBurner's and Pheedo's origLink) are read so in
// parse/links.ts.

/** Google News's article links: /rss/articles/<id>, /__i/rss/rd/articles/<id>, /articles/<id>. */
const GOOGLE_NEWS_ARTICLE = /^\/(?:__i\/rss\/rd\/|rss\/)?articles\/([A-Za-z0-9_-]{8,2048})$/;

/** The longest link worth unwrapping: a story's URL is far shorter. */
const MAX_URL = 2048;

/**
 * A protocol-buffer varint at `at`: its value and where the next field starts, or null when the
 * bytes end first or it runs past 28 bits (no length here is that long).
 */
function varint(bytes: Uint8Array, at: number): { value: number; next: number } | null {
  let value = 0;
  for (let i = at, shift = 0; i < bytes.length && shift < 28; i++, shift += 7) {
    const byte = bytes[i] as number;
    value |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) return { value, next: i + 1 };
  }
  return null;
}

/**
 * The outlet's URL a Google News article id carries, or null. The id is base64url of a small
 * protocol buffer; ids made before mid-2024 hold the story's URL in the clear in field 4 (the
 * bytes 08 13 22, then its length and its UTF-8), and an AMP copy in field 26 after it. Newer
 * ids hold an opaque token there ("AU_yqL…") that only Google can resolve: those keep Google's
 * link. Read by hand: one length-prefixed field, which a protobuf library would add a
 * dependency to read.
 */
function googleNewsTarget(id: string): string | null {
  const bytes = Buffer.from(id, "base64url");
  if (bytes[0] !== 0x08 || bytes[2] !== 0x22) return null;
  const length = varint(bytes, 3);
  if (!length || length.value > MAX_URL || length.next + length.value > bytes.length) return null;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    return decoder.decode(bytes.subarray(length.next, length.next + length.value));
  } catch {
    return null;
  }
}

/** `raw` as an absolute http(s) URL without credentials, or null. */
function webUrl(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw) || /[\s<>"]/.test(raw)) return null;
  try {
    const url = new URL(raw);
    return url.username || url.password ? null : url.href;
  } catch {
    return null;
  }
}

/**
 * `url` (an absolute http(s) URL) unwrapped to the outlet's own link where it is a redirector's
 * that carries it: a Google News article link whose id holds the story's URL. Anything else,
 * and any id that does not hold a well-formed http(s) URL, comes back as it was.
 */
export function outletLink(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.hostname !== "news.google.com") return url;
  const id = GOOGLE_NEWS_ARTICLE.exec(parsed.pathname)?.[1];
  const target = id ? googleNewsTarget(id) : null;
  return (target && webUrl(target)) ?? url;
}
