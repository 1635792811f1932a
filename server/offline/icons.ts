import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { escapeXml } from "../../common/xml";
import type { Brand } from "../../sites/brand";

/** The sizes of the app's icons (a web app manifest's two that browsers ask for). */
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** One of the app's icons: its size, and whether it is drawn for a mask (purpose "maskable"). */
export interface IconKind {
  size: IconSize;
  maskable: boolean;
}

/** Where an icon is served, the same path in every edition (its site's brand is its city's). */
export function iconPath({ size, maskable }: IconKind): string {
  return `/icon-${maskable ? "maskable-" : ""}${size}.png`;
}

/** The icon a path names (/icon-192.png, /icon-maskable-512.png), or undefined. */
export function iconAt(pathname: string): IconKind | undefined {
  const match = /^\/icon-(maskable-)?(\d+)\.png$/.exec(pathname);
  const size = Number(match?.[2]);
  if (!match || !(ICON_SIZES as readonly number[]).includes(size)) return undefined;
  return { size: size as IconSize, maskable: match[1] !== undefined };
}

// The social card's serif (server/images/social-image.ts): what librsvg finds on a bare host too.
const SERIF = "Georgia, 'Times New Roman', 'DejaVu Serif', serif";

/**
 * The part of the icon's side its letters may be as high (a capital's em): a plain icon fills
 * most of its square; a maskable one keeps them inside the safe zone, the circle of 80 % of the
 * side that every mask shape leaves whole (W3C Manifest, "icon masks"), with room to spare.
 */
const LETTER_EM = { plain: 0.62, maskable: 0.44 };
/**
 * A bold serif capital's height, and its advance (the widest of each kind, DejaVu Serif Bold, as
 * the social card estimates them), in em: the letters' box is estimated, not measured.
 */
const CAP_HEIGHT = 0.72;
const advanceOf = (letter: string) => (/[WMm@%]/.test(letter) ? 1.12 : 0.94);

/**
 * The icon's SVG: the brand's letters, in a bold serif of its background colour, centred on its
 * colour. A plain icon has the favicon's rounded corners; a maskable one is full bleed (the
 * platform's mask gives it its shape) and its letters' box fits inside the safe zone's circle.
 */
export function iconSvg(
  brand: Pick<Brand, "color" | "background" | "mark">,
  kind: IconKind,
): string {
  const { size, maskable } = kind;
  const across = [...brand.mark].reduce((sum, letter) => sum + advanceOf(letter), 0) || 1;
  // The largest em whose box (across × CAP_HEIGHT) has its corners within 95 % of the zone's
  // radius (maskable), or is at most 80 % of the side wide (plain).
  const fits = maskable
    ? (0.95 * 0.8 * size) / Math.hypot(across, CAP_HEIGHT)
    : (0.8 * size) / across;
  const em = Math.min((maskable ? LETTER_EM.maskable : LETTER_EM.plain) * size, fits);
  const baseline = size / 2 + (CAP_HEIGHT * em) / 2;
  const radius = maskable ? 0 : Math.round(size * 0.1875);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${brand.color}"/>`,
    `<text x="${size / 2}" y="${baseline.toFixed(1)}" text-anchor="middle" font-family="${SERIF}"`,
    ` font-weight="700" font-size="${em.toFixed(1)}" fill="${brand.background}">`,
    `${escapeXml(brand.mark)}</text></svg>`,
  ].join("");
}

/** A drawn icon, as it is served. */
export interface AppIcon {
  body: Buffer;
  etag: string;
}

/** An icon as a PNG (a palette of the two colours and their anti-aliasing). */
export async function drawIcon(
  brand: Pick<Brand, "color" | "background" | "mark">,
  kind: IconKind,
): Promise<Buffer> {
  return sharp(Buffer.from(iconSvg(brand, kind)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

/**
 * Icons drawn on their first request and kept, by what they are drawn from (colours, letters,
 * size): cities of the same colours and initial share theirs, and a city whose brand changed
 * gets new ones. Concurrent requests for one not yet drawn wait for one draw; a failed draw is
 * not kept.
 */
export class AppIcons {
  private readonly cache: LRUCache<string, AppIcon>;
  private readonly drawing = new Map<string, Promise<AppIcon>>();

  constructor(maxEntries = 200) {
    this.cache = new LRUCache({ max: maxEntries });
  }

  get(brand: Pick<Brand, "color" | "background" | "mark">, kind: IconKind): Promise<AppIcon> {
    const key = [brand.color, brand.background, brand.mark, kind.size, kind.maskable].join("\n");
    const held = this.cache.get(key);
    if (held) return Promise.resolve(held);
    let job = this.drawing.get(key);
    if (!job) {
      job = drawIcon(brand, kind)
        .then((body) => {
          const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
          const icon = { body, etag };
          this.cache.set(key, icon);
          return icon;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, job);
    }
    return job;
  }
}
