import sharp, { type Metadata, type Sharp } from "sharp";
import { IMAGE_WIDTHS, type ImageWidth } from "../../common/images";

// The picture work, with sharp (libvips). Each original is made once into a "master": decoded
// under a pixel limit, turned upright, shrunk to the widest width the route serves and kept on
// disk; every variant is made from it, so the publisher is asked once whatever widths and formats
// readers need later.

// One libvips thread per image, no operation cache: on a 2-core machine shared with page renders,
// the route's own limiter decides how many images are worked on at once, and memory stays flat.
sharp.concurrency(1);
sharp.cache(false);

/** The formats served, best first: AVIF and WebP where the reader's Accept allows them. */
export type ImageFormat = "avif" | "webp" | "jpeg";

export const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

export const EXTENSIONS: Readonly<Record<ImageFormat, string>> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
};

/**
 * Encoder settings, measured on 2 cores on an 800 px variant of a 4000 px photo: AVIF at effort 3
 * took 140 ms for 20 KB where the default effort 4 took 510 ms for 19.6 KB (effort 2: 116 ms but
 * 34 KB), with 4:2:0 chroma as photos need; WebP at its default effort (45 ms); JPEG through
 * mozjpeg (progressive, trellis: about 40 % smaller than plain libjpeg at the same quality).
 * Changing one means bumping ENCODING_VERSION, so that ETags change with them.
 */
const ENCODERS = {
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 3, chromaSubsampling: "4:2:0" }),
  webp: (image: Sharp) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 75, mozjpeg: true }),
} satisfies Record<ImageFormat, (image: Sharp) => Sharp>;

/** Part of every variant's ETag: bump when ENCODERS or the master change. */
export const ENCODING_VERSION = 1;

/** The master's size: the widest variant, and at most 4 times as tall (long infographics). */
const MASTER_WIDTH = Math.max(...IMAGE_WIDTHS);
const MASTER_HEIGHT = MASTER_WIDTH * 4;

/** Input formats accepted from publishers (no SVG, PDF or TIFF: they are not photos). */
const INPUT_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/** The pixel limit unless told: 40 megapixels (a 7,700 × 5,200 photo) against decompression bombs. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * What one decode may cost besides its pixel count (a 303 KB PNG of 39,000,000 × 1 pixels is
 * under the pixel limit, yet one line of it is 312 MB at 16 bits a sample, and libvips holds
 * several while it resizes):
 *  - no side longer than `maxSide` (a photo of the pixel limit is 7,700 px wide; libvips's own
 *    WebP limit is 16,383);
 *  - no side more than `maxAspect` times the other (the longest infographics are about 1:10);
 *  - at most `maxDecodedBytes` of samples in all (width × height × bands × bytes per sample): 40
 *    megapixels of 8-bit RGBA; a 16-bit or floating-point picture may then have fewer pixels;
 *  - at most `timeoutSeconds` of work for the master (sharp stops libvips then).
 * JPEG and WebP are shrunk while they are decoded (libvips's shrink-on-load, which sharp uses
 * when the target is much smaller): the budget is what the worst format, PNG, could cost.
 */
export const DECODE_BUDGET = {
  maxSide: 12_000,
  maxAspect: 25,
  maxDecodedBytes: 160 * 1024 * 1024,
  timeoutSeconds: 4,
};

/** Bytes of one sample of each libvips band format. */
const SAMPLE_BYTES: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * Why a picture of these dimensions would cost too much to decode (DECODE_BUDGET), or null. Read
 * from its header alone, before anything is decoded.
 */
export function decodeCostProblem(
  metadata: { width: number; height: number; channels?: number; depth?: string },
  maxPixels: number = MAX_INPUT_PIXELS,
  budget = DECODE_BUDGET,
): string | null {
  const { width, height } = metadata;
  if (!(width > 0 && height > 0)) return "No dimensions";
  if (width * height > maxPixels) return `Too many pixels (${width} × ${height})`;
  if (Math.max(width, height) > budget.maxSide)
    return `A side is longer than ${budget.maxSide} px (${width} × ${height})`;
  if (Math.max(width, height) / Math.min(width, height) > budget.maxAspect)
    return `Too narrow or too tall (${width} × ${height})`;
  const sampleBytes = SAMPLE_BYTES[metadata.depth ?? "uchar"] ?? 8;
  const decoded = width * height * (metadata.channels ?? 4) * sampleBytes;
  if (decoded > budget.maxDecodedBytes)
    return `Too costly to decode (${Math.round(decoded / 1048576)} MB of samples)`;
  return null;
}

/** Why an original cannot be used (the route then answers with the default picture). */
export class UnusableImageError extends Error {
  override name = "UnusableImageError";
}

/** A master: the bytes and their format (JPEG, or WebP for a picture with transparency). */
export interface Master {
  body: Buffer;
  ext: "jpg" | "webp";
}

/**
 * Makes the master of an original. Throws UnusableImageError when it is not a picture in an
 * accepted format, has more than `maxPixels` pixels, or cannot be decoded.
 */
export async function makeMaster(
  original: Uint8Array,
  maxPixels: number = MAX_INPUT_PIXELS,
): Promise<Master> {
  let metadata: Metadata;
  try {
    // The header only: the pixel limit is checked here, before anything is decoded.
    metadata = await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnusableImageError("Not a picture");
  }
  if (!INPUT_FORMATS.has(metadata.format))
    throw new UnusableImageError(`Not an accepted picture format (${metadata.format})`);
  const problem = decodeCostProblem(metadata, maxPixels);
  if (problem) throw new UnusableImageError(problem);
  const pipeline = sharp(original, { limitInputPixels: maxPixels, failOn: "error" })
    .timeout({ seconds: DECODE_BUDGET.timeoutSeconds })
    .autoOrient()
    .resize({
      width: MASTER_WIDTH,
      height: MASTER_HEIGHT,
      fit: "inside",
      withoutEnlargement: true,
    });
  try {
    if (metadata.hasAlpha) {
      return {
        body: await pipeline.webp({ quality: 90, alphaQuality: 90 }).toBuffer(),
        ext: "webp",
      };
    }
    return { body: await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), ext: "jpg" };
  } catch (error) {
    throw new UnusableImageError(`Cannot be decoded (${(error as Error).message})`);
  }
}

/** A variant of a master: `width` wide (never wider than the master), in `format`. */
export async function makeVariant(
  master: Uint8Array,
  width: ImageWidth,
  format: ImageFormat,
): Promise<Buffer> {
  let image = sharp(master).resize({ width, withoutEnlargement: true });
  // JPEG has no transparency: what was transparent becomes the page's white.
  if (format === "jpeg") image = image.flatten({ background: "#ffffff" });
  return ENCODERS[format](image).toBuffer();
}

/** Whether an Accept header allows a media type (listed, and not with q=0). */
function allows(accept: string, type: string): boolean {
  for (const part of accept.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    if (name !== type) continue;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The format to answer with: AVIF, else WebP, when the reader says it takes them; else JPEG. */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  if (!accept) return "jpeg";
  if (allows(accept, "image/avif")) return "avif";
  if (allows(accept, "image/webp")) return "webp";
  return "jpeg";
}
