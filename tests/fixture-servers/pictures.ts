import { createHash } from "node:crypto";
import sharp from "sharp";

/**
 * Pictures for the demo: the real-world fixture feeds name their publishers' pictures, which an
 * offline machine cannot reach, so the demo's feeds (/pictures/feeds/NAME) point each picture at
 * this server instead, where a picture made from the hash of its original URL stands in: a
 * landscape of sky, sun, hills and a skyline in colours drawn from the hash. They are generated
 * here (no third-party material), so they are the project's to show.
 */

/** A picture URL of a feed: http(s), ending in an image type (a query after it is left as is). */
const PICTURE_URL = /https?:\/\/[^\s"'<>()]+?\.(?:jpe?g|png|gif|webp)(?=[\s"'<>?&)]|$)/gi;

/**
 * A picture named by a path on its publisher's own site (`src="/pictures/a.jpg"`, as FC
 * Utrecht's feed writes them, in an attribute of its HTML, quoted or entity-quoted): the path
 * alone, after its quote.
 */
const ROOT_RELATIVE_PICTURE =
  /(?<=\b(?:src|url)=(?:"|'|&quot;))\/[^\s"'<>&?]+\.(?:jpe?g|png|gif|webp)/gi;

/**
 * The feed's bytes with every picture URL replaced by `${base}/picture/HASH.jpg`: absolute ones,
 * and those named by a path on the publisher's site (which the site would resolve against the
 * item's link, on a host an offline machine cannot reach either).
 */
export function withLocalPictures(feed: Buffer, base: string): Buffer {
  // Latin-1 keeps every byte as it is (URLs are ASCII; the rest is not touched).
  const text = feed.toString("latin1");
  const local = (url: string) => `${base}/picture/${pictureId(url)}.jpg`;
  return Buffer.from(
    text.replace(PICTURE_URL, local).replace(ROOT_RELATIVE_PICTURE, local),
    "latin1",
  );
}

/** The id of an original picture URL: 16 hex characters of its SHA-256. */
export function pictureId(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 16);
}

const SKIES = [
  ["#f6d365", "#fda085"],
  ["#a1c4fd", "#c2e9fb"],
  ["#fbc2eb", "#a6c1ee"],
  ["#84fab0", "#8fd3f4"],
  ["#fccb90", "#d57eeb"],
  ["#e0c3fc", "#8ec5fc"],
  ["#ffecd2", "#fcb69f"],
  ["#cfd9df", "#e2ebf0"],
];
const GROUNDS = ["#2d4739", "#3b2f4a", "#5b1414", "#14213d", "#1f3d2b", "#4a3b2a"];

/** The SVG of the picture for `id` (1200 × 675): deterministic, a few kilobytes. */
export function pictureSvg(id: string): string {
  const n = (i: number) => parseInt(id.slice(i, i + 2), 16);
  const [top, bottom] = SKIES[n(0) % SKIES.length] ?? ["#a1c4fd", "#c2e9fb"];
  const ground = GROUNDS[n(2) % GROUNDS.length] ?? "#2d4739";
  const sunX = 150 + (n(4) / 255) * 900;
  const sunY = 140 + (n(6) / 255) * 160;
  const hill = (y: number, amp: number, seed: number) => {
    const points = Array.from({ length: 9 }, (_, i) => {
      const x = i * 150;
      const h = y - (n((seed + i * 2) % 14) / 255) * amp;
      return `${x},${h.toFixed(0)}`;
    });
    return `M0,675 L${points.join(" L")} L1200,675 Z`;
  };
  const towers = Array.from({ length: 14 }, (_, i) => {
    const w = 40 + (n((i * 2) % 14) % 50);
    const h = 60 + (n((i * 3 + 1) % 14) / 255) * 220;
    const x = 40 + i * 80;
    return `<rect x="${x}" y="${(560 - h).toFixed(0)}" width="${w}" height="${h.toFixed(0)}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#sky)"/>
<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="70" fill="#fff7e0" opacity="0.85"/>
<path d="${hill(470, 140, 1)}" fill="${ground}" opacity="0.35"/>
<g fill="${ground}" opacity="0.8">${towers}</g>
<path d="${hill(600, 80, 5)}" fill="${ground}"/>
</svg>`;
}

const made = new Map<string, Promise<Buffer>>();

/** The JPEG for `id`, made once. */
export function pictureJpeg(id: string): Promise<Buffer> {
  let jpeg = made.get(id);
  if (!jpeg) {
    jpeg = sharp(Buffer.from(pictureSvg(id)))
      .jpeg({ quality: 82 })
      .toBuffer();
    made.set(id, jpeg);
  }
  return jpeg;
}
