import { isAscii, isUtf8 } from "node:buffer";
import { decodeBuffer } from "encoding-sniffer";
import { ResultType, Sniffer } from "encoding-sniffer/sniffer";
import type { FeedBytes } from "./parse";

// Feeds are decoded by the WHATWG Encoding Standard through encoding-sniffer (and the decoders of
// @exodus/bytes under it), never Node's own TextDecoder: since Node 20.18.3 / 22.13 that decodes
// windows-1252, and the labels the standard maps to it (iso-8859-1, latin1, us-ascii), as plain
// Latin-1, leaving C1 control characters where the publisher wrote “ ” – € (nodejs/node#60888).

/** Encodings of more than one byte a character: a multi-byte UTF-8 run is no evidence against them. */
const MULTI_BYTE = new Set([
  "UTF-8",
  "UTF-16LE",
  "UTF-16BE",
  "GBK",
  "gb18030",
  "Big5",
  "EUC-JP",
  "ISO-2022-JP",
  "Shift_JIS",
  "EUC-KR",
  "replacement",
]);

/** The charset parameter of a Content-Type header, if any. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
}

/** How the encoding of a document was decided. */
export interface SniffedEncoding {
  /** The WHATWG name of the encoding the bytes are read in. */
  encoding: string;
  /** bom, content-type, declaration (the XML declaration), or detected (nothing was declared). */
  source: "bom" | "content-type" | "declaration" | "detected";
}

const SOURCES: Partial<Record<ResultType, SniffedEncoding["source"]>> = {
  [ResultType.BOM]: "bom",
  [ResultType.PASSED]: "content-type",
  [ResultType.XML_PREFIX]: "declaration",
  [ResultType.XML_ENCODING]: "declaration",
  [ResultType.META_TAG]: "declaration",
};

/**
 * Which encoding a feed's bytes are in. In the order of the standard: a byte-order mark, else
 * the Content-Type charset, else the XML declaration; then, beyond it, two repairs real feeds need:
 *  - nothing declared: UTF-8 when the bytes are valid UTF-8, else windows-1252 (what servers
 *    that declare nothing nearly always send);
 *  - a single-byte charset declared, but the bytes are valid UTF-8 with multi-byte sequences in
 *    them: UTF-8 (the publisher declared the wrong charset; read as declared, "für" would show as
 *    "fÃ¼r").
 */
export function sniffEncoding(bytes: Uint8Array, contentType?: string | null): SniffedEncoding {
  return sniff(asBuffer(bytes), contentType).sniffed;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** sniffEncoding, and whether the bytes are valid UTF-8 when that had to be found out. */
function sniff(
  buffer: Buffer,
  contentType?: string | null,
): { sniffed: SniffedEncoding; utf8?: boolean } {
  const sniffer = new Sniffer({
    transportLayerEncodingLabel: charsetOf(contentType),
    defaultEncoding: "utf-8",
  });
  sniffer.write(buffer);
  const source = SOURCES[sniffer.resultType];
  if (!source) {
    const utf8 = isUtf8(buffer);
    return { sniffed: { encoding: utf8 ? "UTF-8" : "windows-1252", source: "detected" }, utf8 };
  }
  // (A document of ASCII alone has no multi-byte sequence: nothing tells against the label.)
  if (source !== "bom" && !MULTI_BYTE.has(sniffer.encoding) && !isAscii(buffer) && isUtf8(buffer)) {
    return { sniffed: { encoding: "UTF-8", source: "detected" }, utf8: true };
  }
  return { sniffed: { encoding: sniffer.encoding, source } };
}

/** Each byte 0x80-0xFF as windows-1252 reads it (WHATWG: the five unassigned ones as C1). */
const WINDOWS_1252_HIGH = decodeBuffer(
  Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i)),
  { userEncoding: "windows-1252" },
);

/**
 * UTF-8 with a fallback per byte: a byte that is not part of a valid UTF-8 sequence is read as
 * windows-1252, as feed readers do for a feed that says UTF-8 but holds Latin-1 bytes (all of
 * it, or a pasted line). A valid sequence is never touched.
 */
export function decodeUtf8Leniently(buffer: Buffer): string {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < buffer.length) {
    const length = utf8SequenceLength(buffer, i);
    if (length > 0) {
      i += length;
      continue;
    }
    parts.push(
      buffer.toString("utf8", start, i),
      WINDOWS_1252_HIGH.charAt((buffer[i] as number) - 0x80),
    );
    i++;
    start = i;
  }
  parts.push(buffer.toString("utf8", start));
  return parts.join("");
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when there is none. */
function utf8SequenceLength(b: Buffer, i: number): number {
  const first = b[i] as number;
  if (first < 0x80) return 1;
  const continuation = (k: number) => ((b[i + k] ?? 0) & 0xc0) === 0x80;
  if (first >= 0xc2 && first <= 0xdf) return continuation(1) ? 2 : 0;
  if (first >= 0xe0 && first <= 0xef) {
    const second = b[i + 1] ?? 0;
    if (first === 0xe0 && second < 0xa0) return 0; // overlong
    if (first === 0xed && second >= 0xa0) return 0; // surrogates
    return continuation(1) && continuation(2) ? 3 : 0;
  }
  if (first >= 0xf0 && first <= 0xf4) {
    const second = b[i + 1] ?? 0;
    if (first === 0xf0 && second < 0x90) return 0; // overlong
    if (first === 0xf4 && second >= 0x90) return 0; // beyond U+10FFFF
    return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

/** Turns the bytes of a feed into text, in the encoding sniffEncoding finds. */
export function decodeFeed(bytes: Uint8Array, contentType?: string | null): string {
  const buffer = asBuffer(bytes);
  const { sniffed, utf8 } = sniff(buffer, contentType);
  const { encoding } = sniffed;
  if (encoding === "UTF-8") {
    if (utf8) return buffer.toString("utf8");
    const body =
      buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? buffer.subarray(3) : buffer;
    return isUtf8(body) ? body.toString("utf8") : decodeUtf8Leniently(body);
  }
  // (A byte-order mark still wins inside decodeBuffer, as sniffEncoding already decided.)
  return decodeBuffer(buffer, { userEncoding: encoding });
}

/** Each character of windows-1252's 0x80-0x9F row, by code point (for repairs of text). */
export const WINDOWS_1252_C1 = WINDOWS_1252_HIGH.slice(0, 32);

/** Encodings in which a byte of ASCII may be part of another character: decoded whole first. */
const NOT_ASCII_SAFE = new Set(["UTF-16LE", "UTF-16BE", "ISO-2022-JP", "replacement"]);

/** UTF-8, strictly (Node's decoder is right for UTF-8; it is only its single-byte ones that are not). */
const UTF8 = new TextDecoder("utf-8");

/**
 * A feed's bytes with the way to read any part of them as text (parse.ts FeedBytes), in the
 * encoding sniffEncoding finds: the parser finds its way by bytes and decodes only what it reads.
 * A feed in an encoding where ASCII bytes may be parts of other characters (UTF-16, ISO-2022-JP)
 * is decoded whole, and its text given as UTF-8 bytes.
 */
export function feedBytes(bytes: Uint8Array, contentType?: string | null): FeedBytes {
  const buffer = asBuffer(bytes);
  const { sniffed, utf8 } = sniff(buffer, contentType);
  const { encoding } = sniffed;
  if (encoding === "UTF-8") {
    const valid = utf8 ?? isUtf8(buffer);
    return {
      bytes: buffer,
      text: (start, end) =>
        valid
          ? UTF8.decode(buffer.subarray(start, end))
          : decodeUtf8Leniently(buffer.subarray(start, end)),
    };
  }
  if (!NOT_ASCII_SAFE.has(encoding)) {
    return {
      bytes: buffer,
      text: (start, end) => decodeBuffer(buffer.subarray(start, end), { userEncoding: encoding }),
    };
  }
  const text = Buffer.from(decodeFeed(buffer, contentType), "utf8");
  return { bytes: text, text: (start, end) => text.toString("utf8", start, end) };
}
