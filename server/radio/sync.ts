import CodecParser, { type CodecFrame, type OggPage } from "codec-parser";
import { AUDIO_TYPES } from "./audio-types";

/**
 * How far a frame search looks. An MP3 frame is at most 1,441 bytes, an AAC (ADTS) frame 8,191, and
 * Icecast's Ogg pages a few KB, so a frame and the header after it fit. The cap is what bounds the
 * work on garbage: codec-parser tries every byte offset, which costs about a microsecond a byte on
 * random data (and more on crafted FLAC headers), so a search must never be handed a whole block.
 */
export const FRAME_SEARCH_BYTES = 16 * 1024;

/**
 * Where the first whole audio frame (an MP3 or AAC frame, an Ogg page) starts in the first
 * FRAME_SEARCH_BYTES of `bytes`, found by codec-parser (a frame counts only when the frames after
 * it follow on), or 0 when there is none or the type is not one it reads. A player must start on
 * one: Chromium refuses a stream that begins in the middle of a frame ("Format error"), so Icecast
 * starts every listener on a frame, and so does the relay.
 */
export function frameStart(bytes: Buffer, contentType: string): number {
  const codec = AUDIO_TYPES.get(contentType);
  if (!codec || bytes.length === 0) return 0;
  const window = bytes.subarray(0, FRAME_SEARCH_BYTES);
  try {
    const parser = new CodecParser<CodecFrame | OggPage>(codec, { enableLogging: false });
    const first = parser.parseChunk(window).next();
    if (first.done || !first.value) return 0;
    const frame = first.value;
    const raw = "rawData" in frame ? frame.rawData : frame.data;
    const at = window.indexOf(raw.subarray(0, Math.min(raw.length, 64)));
    return at === -1 ? 0 : at;
  } catch {
    return 0;
  }
}
