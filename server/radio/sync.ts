import CodecParser, { type CodecFrame, type MimeType, type OggPage } from "codec-parser";

/** The content types whose frames codec-parser can find. */
const PARSED_TYPES = new Set<string>([
  "audio/mpeg",
  "audio/aac",
  "audio/aacp",
  "audio/flac",
  "audio/ogg",
  "application/ogg",
]);

/**
 * Where the first whole audio frame (an MP3 or AAC frame, an Ogg page) starts in `bytes`, found
 * by codec-parser (a frame counts only when the frames after it follow on), or 0 when there is
 * none or the type is not one it reads. A player must start on one: Chromium refuses a stream
 * that begins in the middle of a frame ("Format error"), so Icecast starts every listener on a
 * frame, and so does the relay.
 */
export function frameStart(bytes: Buffer, contentType: string): number {
  if (!PARSED_TYPES.has(contentType) || bytes.length === 0) return 0;
  try {
    const parser = new CodecParser<CodecFrame | OggPage>(contentType as MimeType, {
      enableLogging: false,
    });
    const first = parser.parseChunk(bytes).next();
    if (first.done || !first.value) return 0;
    const frame = first.value;
    const raw = "rawData" in frame ? frame.rawData : frame.data;
    const at = bytes.indexOf(raw.subarray(0, Math.min(raw.length, 64)));
    return at === -1 ? 0 : at;
  } catch {
    return 0;
  }
}
