import type { MimeType } from "codec-parser";

/**
 * Every upstream Content-Type the relay passes on, with the codec-parser type that finds its
 * frames (null: not one it reads, so listeners start wherever the audio does). Nothing else is
 * relayed: the stream is served from the site's own origin, so an upstream answering text/html
 * (an error page, a captive portal, a hijacked host) must never reach a browser as that. The
 * playlist types (audio/x-mpegurl, audio/mpegurl, audio/x-scpls) are text and stay out on purpose,
 * which is why audio/x-* is listed name by name rather than allowed as a family.
 */
export const AUDIO_TYPES: ReadonlyMap<string, MimeType | null> = new Map<string, MimeType | null>([
  // MP3: Icecast and Shoutcast send audio/mpeg; audio/mp3 is a common misnomer for it.
  ["audio/mpeg", "audio/mpeg"],
  ["audio/mp3", "audio/mpeg"],
  // AAC in ADTS: Shoutcast's AAC+ is audio/aacp.
  ["audio/aac", "audio/aac"],
  ["audio/aacp", "audio/aacp"],
  ["audio/x-aac", "audio/aac"],
  // Ogg (Vorbis, Opus, FLAC): Icecast says application/ogg or audio/ogg.
  ["audio/ogg", "audio/ogg"],
  ["application/ogg", "application/ogg"],
  ["audio/opus", null],
  ["audio/flac", "audio/flac"],
  ["audio/x-flac", "audio/flac"],
  ["audio/webm", null],
]);

/**
 * The upstream's Content-Type as the relay serves it (lower case, parameters dropped), or null
 * when it is missing or not one of AUDIO_TYPES.
 */
export function audioType(contentType: string | undefined): string | null {
  const essence = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return AUDIO_TYPES.has(essence) ? essence : null;
}
