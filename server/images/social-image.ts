import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { escapeXml } from "../../common/xml";
import { translatorFor } from "../../common/i18n";

/** The path every site serves its social card (Open Graph / Twitter image) at. */
export const SOCIAL_IMAGE_PATH = "/social.png";

/** What a card shows of its site. */
export interface SocialCardSite {
  name: string;
  city: string;
  state: string;
  /** Its locale: the line under the name is in its language (English when absent). */
  locale?: string;
}

/** A drawn card, as it is served. */
export interface SocialImage {
  body: Buffer;
  /** A strong validator of the body. */
  etag: string;
}

const WIDTH = 1200;
const HEIGHT = 630;
const BAND = 24;
const PADDING_X = 80;
const TEXT_WIDTH = WIDTH - 2 * PADDING_X;
const TITLE_SIZE = 88;
const TITLE_MIN_SIZE = 48;
const TITLE_MAX_LINES = 2;
const SUBTITLE_SIZE = 36;
const SUBTITLE_MAX_LINES = 3;
/** The margin above and below the double rule (two 2px lines, 6px apart). */
const RULE_MARGIN = 28;
const RULE_HEIGHT = 10;

// The old card's stacks, with what Chromium drew on Linux named (librsvg knows no system-ui):
// Times New Roman is Liberation Serif there, and DejaVu what a bare host falls back to.
const SERIF = "Georgia, 'Times New Roman', 'DejaVu Serif', serif";
const SANS = "system-ui, 'DejaVu Sans', sans-serif";

/**
 * Glyph advances in em, by kind of character, the widest of each kind in the fonts of the stack
 * (DejaVu Serif Bold, DejaVu Sans; Georgia's are close): a flat 0.55em a character let capitals
 * and W/M run past the margin. The text is estimated, not measured (that takes a render): an
 * estimate that errs wide only shrinks a long name a little more than it needed.
 */
interface Advances {
  narrow: number;
  wide: number;
  upper: number;
  other: number;
}
const SERIF_BOLD: Advances = { narrow: 0.39, wide: 1.12, upper: 0.94, other: 0.65 };
const SANS_REGULAR: Advances = { narrow: 0.34, wide: 1, upper: 0.8, other: 0.6 };

/** The estimated width of `text` at `size` px. */
function textWidth(text: string, size: number, advances: Advances): number {
  let em = 0;
  for (const c of text) {
    if (/[\sijlft.,;:'!|()[\]-]/.test(c)) em += advances.narrow;
    else if (/[WMm@%]/.test(c)) em += advances.wide;
    else if (/[A-Z0-9w&#$]/.test(c)) em += advances.upper;
    else em += advances.other;
  }
  return em * size;
}

/**
 * Greedy word wrap of `text` into at most `maxLines` lines of `maxWidth` px. A word longer than a
 * line is broken between characters; what the last line cannot hold ends in an ellipsis.
 */
function wrap(
  text: string,
  size: number,
  advances: Advances,
  maxWidth: number,
  maxLines: number,
): string[] {
  const fits = (line: string) => textWidth(line, size, advances) <= maxWidth;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const c of word) {
      if (line && !fits(line + c)) {
        lines.push(line);
        line = "";
      }
      line += c;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  let last = lines[maxLines - 1] ?? "";
  while (last && !fits(`${last}…`)) last = [...last].slice(0, -1).join("");
  return [...lines.slice(0, maxLines - 1), `${last.trimEnd()}…`];
}

/**
 * The name's lines and size: one line at 88px, shrunk to fit down to 48px; a name still too long
 * wraps onto two lines (at the largest size their longer line allows).
 */
function titleLayout(name: string): { lines: string[]; size: number } {
  const width = textWidth(name, TITLE_SIZE, SERIF_BOLD);
  const fitted = Math.floor((TITLE_SIZE * TEXT_WIDTH) / Math.max(width, 1));
  if (fitted >= TITLE_MIN_SIZE) return { lines: [name], size: Math.min(TITLE_SIZE, fitted) };
  const lines = wrap(name, TITLE_MIN_SIZE, SERIF_BOLD, TEXT_WIDTH, TITLE_MAX_LINES);
  const longest = Math.max(...lines.map((l) => textWidth(l, TITLE_MIN_SIZE, SERIF_BOLD)), 1);
  const size = Math.floor((TITLE_MIN_SIZE * TEXT_WIDTH) / longest);
  return { lines, size: Math.max(TITLE_MIN_SIZE, Math.min(TITLE_SIZE, size)) };
}

/** `<text>` elements, one a line, from `top` (line boxes as CSS's `line-height: normal` makes). */
function textLines(
  lines: string[],
  top: number,
  size: number,
  lineHeight: number,
  ascent: number,
  attributes: string,
): string {
  return lines
    .map((line, i) => {
      const baseline = (top + i * lineHeight * size + ascent * size).toFixed(1);
      return `<text x="${PADDING_X}" y="${baseline}" ${attributes}>${escapeXml(line)}</text>`;
    })
    .join("");
}

/** The card's SVG: the old Chromium-drawn card's design, laid out by hand. */
export function socialImageSvg(site: SocialCardSite): string {
  const title = titleLayout(site.name);
  const t = translatorFor(site.locale ?? "en-US");
  const subtitle = wrap(
    t("meta.socialCard", { city: site.city, state: site.state }),
    SUBTITLE_SIZE,
    SANS_REGULAR,
    TEXT_WIDTH,
    SUBTITLE_MAX_LINES,
  );
  const titleLineHeight = 1.15;
  const subtitleLineHeight = 1.17;
  const titleHeight = title.lines.length * titleLineHeight * title.size;
  const subtitleHeight = subtitle.length * subtitleLineHeight * SUBTITLE_SIZE;
  const height = titleHeight + 2 * RULE_MARGIN + RULE_HEIGHT + subtitleHeight;
  // Centred in what the band leaves, as the old card's flex column was.
  const top = BAND + (HEIGHT - BAND - height) / 2;
  // On whole pixels: a 2px line across two rows of pixels would be drawn as three grey ones.
  const rule = Math.round(top + titleHeight + RULE_MARGIN);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fdfcf9"/>`,
    `<rect width="${WIDTH}" height="${BAND}" fill="#8a1c1c"/>`,
    textLines(
      title.lines,
      top,
      title.size,
      titleLineHeight,
      0.91,
      `font-family="${SERIF}" font-weight="700" font-size="${title.size}" letter-spacing="-1" fill="#1a1a1a"`,
    ),
    `<rect x="${PADDING_X}" y="${rule}" width="${TEXT_WIDTH}" height="2" fill="#1a1a1a"/>`,
    `<rect x="${PADDING_X}" y="${rule + 8}" width="${TEXT_WIDTH}" height="2" fill="#1a1a1a"/>`,
    textLines(
      subtitle,
      rule + RULE_HEIGHT + RULE_MARGIN,
      SUBTITLE_SIZE,
      subtitleLineHeight,
      0.93,
      `font-family="${SANS}" font-size="${SUBTITLE_SIZE}" fill="#555049"`,
    ),
    `</svg>`,
  ].join("");
}

/**
 * A site's 1200×630 social card, as a PNG: its name large in a serif over a double rule and a line
 * on what it covers. A palette PNG: four flat colours and their anti-aliasing fit in 256 entries,
 * at half the bytes of a full-colour one, with no visible loss.
 */
export async function drawSocialImage(site: SocialCardSite): Promise<Buffer> {
  return sharp(Buffer.from(socialImageSvg(site)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

/** A strong ETag of a body (sha1, as the static files' are). */
function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

export interface SocialImagesOptions {
  /** The most cards kept (each 15 to 35 KB), the least recently asked for dropped first. */
  maxEntries?: number;
  /** Draws a card; drawSocialImage unless told (tests count the draws). */
  draw?: (site: SocialCardSite) => Promise<Buffer>;
}

/** What a site's card was drawn from: a renamed site draws a new one. */
function textOf(site: SocialCardSite): string {
  return `${site.name}\n${site.city}\n${site.state}\n${site.locale ?? ""}`;
}

/**
 * Each site's card, drawn on its first request and kept in memory: with thousands of sites in one
 * process, only the recently shared ones are held. Concurrent requests for a card not yet drawn
 * wait for one draw; a failed draw is not kept, and the next request draws again.
 */
export class SocialImages {
  private readonly cache: LRUCache<string, { image: SocialImage; text: string }>;
  private readonly drawing = new Map<string, Promise<SocialImage>>();
  private readonly draw: (site: SocialCardSite) => Promise<Buffer>;

  constructor({ maxEntries = 200, draw = drawSocialImage }: SocialImagesOptions = {}) {
    this.cache = new LRUCache({ max: maxEntries });
    this.draw = draw;
  }

  /** The card of site `siteId`, drawn from `site` when it is not held (or the site was renamed). */
  get(siteId: string, site: SocialCardSite): Promise<SocialImage> {
    const text = textOf(site);
    const held = this.cache.get(siteId);
    if (held?.text === text) return Promise.resolve(held.image);
    // Keyed by the text too: a draw of the old name is not what a renamed site waits for.
    const key = `${siteId}\n${text}`;
    let job = this.drawing.get(key);
    if (!job) {
      job = this.draw(site)
        .then((body) => {
          const image = { body, etag: etagOf(body) };
          this.cache.set(siteId, { image, text });
          return image;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, job);
    }
    return job;
  }
}
