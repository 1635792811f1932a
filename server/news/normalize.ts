import { createHash } from "node:crypto";
import { decodeHTML } from "entities";
import { Parser } from "htmlparser2";
import type { FeedKey } from "../../sites/schema";
import { parseFeedDate } from "./dates";
import type { MediaRef, RawItem } from "./parse";

/** SPEC.md §9: a summary is cut to this many characters, plus an ellipsis. */
export const SUMMARY_MAX = 200;
export const ELLIPSIS = "...";
/** A derived title (for an item that has none) is cut to this many characters. */
const DERIVED_TITLE_MAX = 100;

/** An article as stored and shown: every field already safe to render as text or link. */
export interface Article {
  /** Stable identity within its feed: GUID, else link, else a hash of title and date. */
  uid: string;
  title: string;
  summary: string;
  /** http(s) URL of the story, or '#'. */
  url: string;
  /** http(s) URL of the picture, or the site's default image. */
  image: string;
  /** Whether `image` is the site's default (pages that use images "as given" may hide it). */
  imageIsDefault: boolean;
  /** Publication time (epoch ms), or null when the feed gave none that could be read. */
  publishedAt: number | null;
  /** The feed key with its first letter capitalised (SPEC.md §3). */
  category: string;
}

const SKIPPED_ELEMENTS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "svg",
  "head",
]);
const BLOCK_ELEMENTS = new Set([
  "p",
  "div",
  "br",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "td",
  "blockquote",
  "figure",
  "figcaption",
  "section",
  "article",
]);

interface HtmlScan {
  text: string;
  images: MediaRef[];
}

/** Reads an HTML fragment as plain text (tags dropped, entities decoded) and lists its images. */
export function scanHtml(html: string | undefined): HtmlScan {
  if (!html) return { text: "", images: [] };
  // Most titles and many summaries are plain text: no tag, no entity, nothing to parse.
  if (!/[<&]/.test(html)) return { text: collapse(html), images: [] };
  const parts: string[] = [];
  const images: MediaRef[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (SKIPPED_ELEMENTS.has(name)) skipping++;
        if (BLOCK_ELEMENTS.has(name)) parts.push(" ");
        if (name === "img" && attrs.src) {
          images.push({
            url: attrs.src,
            width: Number.parseInt(attrs.width ?? "", 10) || undefined,
            height: Number.parseInt(attrs.height ?? "", 10) || undefined,
          });
        }
      },
      ontext(chunk) {
        if (skipping === 0) parts.push(chunk);
      },
      onclosetag(name) {
        if (SKIPPED_ELEMENTS.has(name)) skipping = Math.max(0, skipping - 1);
        if (BLOCK_ELEMENTS.has(name)) parts.push(" ");
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { text: collapse(parts.join("")), images };
}

/** Whitespace runs become one space; characters XML forbids (control characters) are dropped. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const FORBIDDEN_CHARACTERS = /[\u0000-\u001F\uFFFE\uFFFF]/g;

function collapse(text: string): string {
  return text
    .replace(/[\s\u00a0\u200b]+/g, " ")
    .replace(FORBIDDEN_CHARACTERS, "")
    .trim();
}

/** Plain text of a title or summary: tags stripped, entities decoded (twice-escaped ones too). */
export function plainText(html: string | undefined): string {
  return decodeLeftovers(scanHtml(html).text);
}

/** Feeds that escape twice leave "&#8220;" or "&amp;laquo;" in the text: decode what remains. */
function decodeLeftovers(text: string): string {
  return /&(#\d+|#x[\da-f]+|[a-z]+);/i.test(text) ? collapse(decodeHTML(text)) : text;
}

/** Cuts text to `max` characters plus an ellipsis, at a word boundary when one is near. */
export function truncate(text: string, max = SUMMARY_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  const base = space >= max * 0.8 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,;:.!?\-–—]+$/, "")}${ELLIPSIS}`;
}

/** An absolute http(s) URL, resolved against `base`; anything else (javascript:, data:) is null. */
export function safeUrl(raw: string | undefined, base: string): string | null {
  if (!raw) return null;
  const trimmed = decodeHTML(raw.trim());
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const TRACKER =
  /(\/~r\/|\/~ff\/|feedburner\.com\/~|\/pixel|\/beacon|\/1x1|spacer\.gif|doubleclick\.net|stats\.wp\.com|pheedo\.com)/i;
/** Share buttons and social icons that feeds put in their HTML: never a story's picture. */
const ICON =
  /\/(twitter|facebook|linkedin|pinterest|reddit|digg|share|email|print)[\w-]*\.(gif|png|svg)(\?|$)/i;

function isTracker(ref: MediaRef): boolean {
  return (
    (ref.width !== undefined && ref.width <= 2) ||
    (ref.height !== undefined && ref.height <= 2) ||
    TRACKER.test(ref.url) ||
    ICON.test(ref.url)
  );
}

const NOT_IMAGE = /\.(mp3|m4a|aac|ogg|oga|wav|mp4|m4v|mov|webm|swf|pdf)(\?|$)/i;

function looksLikeImage(ref: MediaRef): boolean {
  if (ref.medium) return ref.medium === "image";
  if (ref.type) return /image/i.test(ref.type);
  return !NOT_IMAGE.test(ref.url);
}

/** Picks one image: the widest when every candidate gives a width, else the first. */
function pick(candidates: MediaRef[]): MediaRef | undefined {
  const usable = candidates.filter((c) => !isTracker(c));
  if (usable.length > 1 && usable.every((c) => c.width !== undefined)) {
    return usable.reduce((a, b) => ((b.width ?? 0) > (a.width ?? 0) ? b : a));
  }
  return usable[0];
}

function chooseImage(item: RawItem, htmlImages: () => MediaRef[], base: string): string | null {
  const ordered = [
    () => pick(item.media.filter(looksLikeImage)),
    () => pick(item.enclosures.filter((e) => e.type !== undefined && /image/i.test(e.type))),
    () => pick(item.thumbnails),
    () => pick(htmlImages()),
  ];
  for (const candidate of ordered) {
    const ref = candidate();
    const url = ref && safeUrl(ref.url, base);
    if (url) return url;
  }
  return null;
}

export interface NormalizeOptions {
  key: FeedKey;
  /** The feed's URL: relative links and images are resolved against it. */
  feedUrl: string;
  /** The site's default photo (site-relative path). */
  defaultImage: string;
  now?: number;
}

/**
 * Applies SPEC.md §3 and §9 to one raw item. Returns null for an item with nothing to show
 * (no title, no text and no link).
 */
export function normalizeItem(item: RawItem, options: NormalizeOptions): Article | null {
  const { key, feedUrl, defaultImage } = options;
  const description = scanHtml(item.description);
  // The body (content:encoded, often the whole article) is read only when it is needed.
  let content: HtmlScan | undefined;
  const readContent = () => (content ??= scanHtml(item.content));
  const bodyText = decodeLeftovers(description.text || readContent().text);
  const summary = truncate(bodyText);

  const permalink = item.guidIsPermaLink ? item.guid : undefined;
  const url = safeUrl(item.link, feedUrl) ?? safeUrl(permalink, feedUrl) ?? "#";
  const title = plainText(item.title) || truncate(bodyText, DERIVED_TITLE_MAX);
  if (!title && url === "#") return null;

  const publishedAt = parseFeedDate(item.date, options.now);
  const image = chooseImage(
    item,
    () => [...description.images, ...readContent().images],
    url === "#" ? feedUrl : url,
  );
  const uid =
    item.guid ??
    (url !== "#" ? url : undefined) ??
    createHash("sha256")
      .update(`${title}\n${item.date ?? ""}`)
      .digest("hex")
      .slice(0, 32);

  return {
    uid,
    title,
    summary,
    url,
    image: image ?? defaultImage,
    imageIsDefault: image === null,
    publishedAt,
    category: key.charAt(0).toUpperCase() + key.slice(1),
  };
}
