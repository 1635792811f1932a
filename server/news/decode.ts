import { isUtf8 } from "node:buffer";

/** Encodings a feed may declare that TextDecoder knows under another name, or not at all. */
const ENCODING_ALIASES: Record<string, string> = {
  "us-ascii": "windows-1252",
  ascii: "windows-1252",
  latin1: "iso-8859-1",
  utf8: "utf-8",
};

function normalizeLabel(label: string | undefined): string | undefined {
  const clean = label
    ?.trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, "");
  if (!clean) return undefined;
  const name = ENCODING_ALIASES[clean] ?? clean;
  try {
    new TextDecoder(name);
    return name;
  } catch {
    return undefined;
  }
}

/** The charset parameter of a Content-Type header, if any. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
}

/**
 * Turns the bytes of a feed into text. The encoding comes from a byte-order mark, else the
 * Content-Type charset, else the XML declaration, else UTF-8; bytes that are not valid UTF-8 in a
 * feed that declared nothing are read as windows-1252 (what such servers nearly always send).
 */
export function decodeFeed(bytes: Uint8Array, contentType?: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder("utf-16le").decode(bytes.subarray(2));

  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 512));
  const declared = /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  const label = normalizeLabel(charsetOf(contentType)) ?? normalizeLabel(declared);
  if (label && label !== "utf-8") return new TextDecoder(label).decode(bytes);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return buffer.toString("utf8");
  return new TextDecoder(label ? "utf-8" : "windows-1252").decode(bytes);
}
