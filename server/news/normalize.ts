import { createHash } from "node:crypto";
import { decodeHTML } from "entities";
import { Parser } from "htmlparser2";
import type { FeedKey } from "../../sites/categories";
import { readFeedDate, type FeedDate } from "./dates";
import { canonicalLanguage, detectLanguage } from "./language";
import { repairText } from "./mojibake";
import { outletLink } from "./outlet-link";
import type { MediaRef, RawItem } from "./parse";

/** docs/product.md §9: a summary is cut to this many characters, plus an ellipsis. */
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
  /**
   * Publication time (epoch ms), or null when the feed gave none that could be read. A date more
   * than a day ahead of the fetch is clamped to the fetch time (see claimedAt).
   */
  publishedAt: number | null;
  /** The feed's own date when it was clamped (more than a day in the future), else null. */
  claimedAt: number | null;
  /**
   * Its category's key (a FeedKey: "realestate"), as stored since migration 0011. Pages show the
   * category's label in their reader's language ("Real Estate", "Bienes raíces") where they show
   * it (sites/categories.ts storyCategory), not the key capitalised that docs/product.md §3 names
   * (which gave cards "REALESTATE": issue 25).
   */
  category: string;
  /**
   * The language of the story (a BCP 47 tag) as its entry or its feed says, else as its text
   * shows when that is clear (language.ts); null when unknown.
   */
  language: string | null;
  /**
   * The outlet the entry names as its own (RSS's `<source>`: an aggregator's item from CNN), when
   * it names one: pages credit it over the feed's publisher (issue 37).
   */
  publisher?: string;
  /** True when the entry says it is paid for (isSponsored): left out unless its listing keeps it. */
  sponsored?: boolean;
  /**
   * Who wrote it, as the entry names them (issue 53): each a person's name as plain text, without
   * an e-mail address or markup, at most AUTHOR_MAX characters; absent when it names nobody.
   */
  authors?: string[];
  /**
   * The entry's categories, as plain text (at most CATEGORY_MAX characters each): what the
   * network's rules for what is not news read (not-news.ts); absent when it gives none.
   */
  categories?: string[];
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
  /** The text, tags dropped and entities decoded, whitespace as given. */
  raw: string;
  images: MediaRef[];
  /** False when the scan stopped early, at `textLimit` characters of text. */
  complete: boolean;
  /** True for plain text (Atom's type="text"), taken as it is rather than read as HTML. */
  plain?: boolean;
}

/**
 * Reads an HTML fragment as text (tags dropped, entities decoded) and lists its images. With a
 * `textLimit`, it stops once it holds that many characters of text (a summary needs only its
 * first 200; a feed's body is often the whole article): `complete` then says false.
 */
export function scanHtml(html: string | undefined, textLimit = Infinity): HtmlScan {
  if (!html) return { raw: "", images: [], complete: true };
  // Most titles and many summaries are plain text: no tag, no entity, nothing to parse.
  if (!/[<&]/.test(html)) return { raw: html, images: [], complete: true };
  const parts: string[] = [];
  const images: MediaRef[] = [];
  let length = 0;
  let skipping = 0;
  let complete = true;
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
      ontext(raw) {
        if (skipping > 0) return;
        const chunk = raw.includes("&") ? decodeHTML(raw) : raw;
        parts.push(chunk);
        length += chunk.length;
        if (length >= textLimit) {
          complete = false;
          parser.pause();
        }
      },
      onclosetag(name) {
        if (SKIPPED_ELEMENTS.has(name)) skipping = Math.max(0, skipping - 1);
        if (BLOCK_ELEMENTS.has(name)) parts.push(" ");
      },
    },
    // Entities are decoded per text chunk, only where an "&" occurs (the tokenizer decoding them
    // would read every character), and in an image's URL by safeUrl.
    { decodeEntities: false, lowerCaseTags: true },
  );
  parser.write(html);
  if (complete) parser.end();
  return { raw: parts.join(""), images, complete };
}

/**
 * The shown text of a scan (whitespace collapsed, twice-escaped entities decoded), of its first
 * `limit` characters only when it is longer: `complete` says whether all of it was read.
 */
function textOf(scan: HtmlScan, limit = Infinity): { text: string; complete: boolean } {
  const cut = scan.raw.length > limit;
  // Mojibake is repaired before whitespace is folded: "Ã" + U+00A0 is a broken "à", and "Â" +
  // U+00A0 a broken no-break space, which folding would turn into "Ã " and "Â " beyond repair.
  // Text that twice-escaped entities leave is repaired again once they are decoded.
  const raw = collapse(repairText(cut ? scan.raw.slice(0, limit) : scan.raw));
  // An entity left in plain text is HTML-escaping of text declared plain, and is decoded, unless
  // the text also writes "<" or ">" as characters: then it was not escaped, and its "&lt;" is
  // meant as written ("Write <p> as &lt;p&gt;").
  const text = repairText(scan.plain && /[<>]/.test(raw) ? raw : decodeLeftovers(raw));
  return { text, complete: scan.complete && !cut };
}

/** How much text is read for a summary before it is cut (SUMMARY_MAX, with room to spare). */
const SUMMARY_SCAN_LIMIT = 4 * SUMMARY_MAX;

/**
 * An item's HTML (description, else body) for its summary, and its images. When the item's
 * picture comes from its media elements, only the first SUMMARY_SCAN_LIMIT characters are read (a
 * body is often the whole article); else all of it, for its images. A cut that leaves less than a
 * summary (whitespace and entities shrink as they are read) is read again in full.
 */
function readHtml(item: RawItem, needImages: boolean): { text: string; images: () => MediaRef[] } {
  const read = (scanLimit: number, textLimit: number) => {
    const description = scan(item.description, item.plain?.description, scanLimit);
    let content: HtmlScan | undefined;
    const readContent = () => (content ??= scan(item.content, item.plain?.content, scanLimit));
    const source = /\S/.test(description.raw) ? description : readContent();
    return {
      ...textOf(source, textLimit),
      images: () => [...description.images, ...readContent().images],
    };
  };
  const first = read(needImages ? Infinity : SUMMARY_SCAN_LIMIT, SUMMARY_SCAN_LIMIT);
  return first.complete || first.text.length > SUMMARY_MAX ? first : read(Infinity, Infinity);
}

/** A field's text as scanHtml reads HTML; plain text (Atom's type="text") is taken as it is. */
function scan(value: string | undefined, plain: boolean | undefined, limit: number): HtmlScan {
  return plain ? { raw: value ?? "", images: [], complete: true, plain } : scanHtml(value, limit);
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

/**
 * Plain text of a title or summary: tags stripped, entities decoded (twice-escaped ones too), and
 * text broken before it reached the feed repaired where that is unambiguous (mojibake.ts).
 */
export function plainText(html: string | undefined): string {
  return textOf(scanHtml(html)).text;
}

/** Feeds that escape twice leave "&#8220;" or "&amp;laquo;" in the text: decode what remains. */
function decodeLeftovers(text: string): string {
  return /&(#\d+|#x[\da-f]+|[a-z]+);/i.test(text) ? collapse(decodeHTML(text)) : text;
}

/**
 * Cuts text to at most `max` characters at its last word boundary, then an ellipsis: a summary
 * never ends in half a word ("stock colu…"). Text with no space in its first `max` characters
 * (one long token, or a script written without spaces) is cut at `max`, never inside a
 * surrogate pair.
 */
export function truncate(text: string, max = SUMMARY_MAX): string {
  if (text.length <= max) return text;
  // The character after the cut says whether the cut already falls between two words.
  const atBoundary = /\s/.test(text.charAt(max));
  const cut = text.slice(0, max);
  const space = atBoundary ? max : cut.lastIndexOf(" ");
  let base = space > 0 ? cut.slice(0, space) : cut;
  if (/[\ud800-\udbff]$/.test(base)) base = base.slice(0, -1);
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

/** The item's picture from its media elements: media:content, else an image enclosure, else media:thumbnail. */
function mediaImage(item: RawItem, base: string): string | null {
  const ordered = [
    () => pick(item.media.filter(looksLikeImage)),
    () => pick(item.enclosures.filter((e) => e.type !== undefined && /image/i.test(e.type))),
    () => pick(item.thumbnails),
  ];
  for (const candidate of ordered) {
    const ref = candidate();
    const url = ref && safeUrl(ref.url, base);
    if (url) return url;
  }
  return null;
}

function htmlImage(images: MediaRef[], base: string): string | null {
  const ref = pick(images);
  return (ref && safeUrl(ref.url, base)) ?? null;
}

export interface NormalizeOptions {
  key: FeedKey;
  /** The feed's URL: relative links and images are resolved against it. */
  feedUrl: string;
  /** The site's default photo (site-relative path). */
  defaultImage: string;
  /** The fetch time (epoch ms): a date further ahead than a day is clamped to it. */
  now: number;
  /** The site's IANA time zone: a date that names no zone is read in it. */
  timeZone: string;
  /** The language the feed says its entries are in (ParsedFeed.language), as written. */
  feedLanguage?: string;
}

/**
 * Applies docs/product.md §3 and §9 to one raw item. Returns null for an item with nothing to show
 * (no title, no text and no link). `date`: the item's date as the caller already read it (to
 * choose the feed's newest), so that it is read once.
 */
export function normalizeItem(
  item: RawItem,
  options: NormalizeOptions,
  date: FeedDate = readFeedDate(item.date, options),
): Article | null {
  const { key, feedUrl, defaultImage } = options;
  const permalink = item.guidIsPermaLink ? item.guid : undefined;
  // Relative links resolve against the xml:base values that apply, the feed's URL under them.
  const base = (item.bases ?? []).reduce((outer, b) => safeUrl(b, outer) ?? outer, feedUrl);
  const link = safeUrl(item.link, base) ?? safeUrl(permalink, base);
  // What a reader's click opens: the outlet's own link where the feed gives it beside a
  // redirect, or finds it in one (outlet-link.ts); `link` stays the story's identity (uid).
  const url = safeUrl(item.origLink, base) ?? (link ? outletLink(link) : "#");
  // A picture in the body is relative to the entry's xml:base, else (what browsers would do on
  // the story's own page) to the story.
  const imageBase = item.bases?.length || url === "#" ? base : url;
  const fromMedia = mediaImage(item, imageBase);

  const html = readHtml(item, fromMedia === null);
  const bodyText = html.text;
  const summary = truncate(bodyText);
  const publisher = publisherOf(item);
  const headline =
    textOf(scan(item.title, item.plain?.title, Infinity)).text ||
    truncate(bodyText, DERIVED_TITLE_MAX);
  const sponsored = isSponsored(headline, item.categories);
  const title = plainHeadline(headline, publisher, sponsored);
  if (!title && url === "#") return null;

  const { publishedAt, claimedAt } = date;
  // else the first usable <img> of its HTML
  const image = fromMedia ?? htmlImage(html.images(), imageBase);
  const uid =
    item.guid ??
    link ??
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
    claimedAt,
    category: key,
    language:
      canonicalLanguage(item.language) ??
      canonicalLanguage(options.feedLanguage) ??
      detectLanguage(`${title}. ${bodyText.slice(0, LANGUAGE_SAMPLE)}`),
    ...(publisher ? { publisher } : {}),
    ...(sponsored ? { sponsored } : {}),
    ...optionalList("authors", authorsOf(item.authors)),
    ...optionalList("categories", categoriesOf(item.categories)),
  };
}

/** `{ [name]: list }`, or nothing for an empty list (an article holds no empty field). */
function optionalList<K extends string>(name: K, list: string[]): { [P in K]?: string[] } {
  return (list.length > 0 ? { [name]: list } : {}) as { [P in K]?: string[] };
}

/** How long an author's name may be (a byline stays one line): cut on a word. */
export const AUTHOR_MAX = 80;
/** How many authors of an entry are kept. */
const AUTHORS_KEPT = 6;
/** How long a category is kept (a rule reads a few words). */
const CATEGORY_MAX = 100;

/** An e-mail address (RSS's <author> is one, often with the name in parentheses). */
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A web address some feeds give as their author (a Facebook page). */
const WEB_ADDRESS = /^(?:https?:\/\/|www\.)\S+$/i;
/** Names no reader is helped by: a blog platform's stand-ins for nobody. */
const NOBODY = new Set(["unknown", "admin", "administrator", "webmaster", "none", "null", "n/a"]);

/**
 * The entry's authors as bylines name them: markup, entities and control characters gone; an
 * e-mail address taken away, with the brackets or parentheses around it or around the name
 * ("jdoe@example.com (Jane Doe)" and "Jane Doe <jdoe@example.com>" are "Jane Doe"; a bare address
 * is nobody); "By " before a name dropped (the page says it); cut on a word to AUTHOR_MAX; each
 * once.
 */
export function authorsOf(raw: readonly string[] | undefined): string[] {
  const authors: string[] = [];
  for (const written of raw ?? []) {
    const name = authorName(written);
    if (name && !authors.some((a) => a.toLowerCase() === name.toLowerCase())) authors.push(name);
    if (authors.length === AUTHORS_KEPT) break;
  }
  return authors;
}

function authorName(written: string): string | undefined {
  // (A plain "<" in a name is rare; one around an address is not markup: "Jane <jdoe@x.org>".)
  const unbracketed = written.replace(/<\s*([^<>\s]+@[^<>\s]+)\s*>/g, " $1 ");
  let name = collapse(plainText(unbracketed).replace(EMAIL, " "));
  // What the address left: "(Jane Doe)", "Jane Doe ()", "mailto:".
  name = collapse(name.replace(/mailto:/gi, " ").replace(/[(<[]\s*[)>\]]/g, " "));
  const wrapped = /^[([<]\s*(.*?)\s*[)\]>]$/.exec(name);
  if (wrapped) name = wrapped[1] ?? "";
  name = name
    .replace(/^by\s+/i, "")
    .replace(/^[\s,;:|–—-]+|[\s,;:|–—-]+$/g, "")
    .trim();
  if (!/\p{L}/u.test(name) || WEB_ADDRESS.test(name) || NOBODY.has(name.toLowerCase())) {
    return undefined;
  }
  return cutOnWord(name, AUTHOR_MAX);
}

/** Text cut on its last word boundary within `max` characters (an ellipsis marks the cut). */
function cutOnWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = truncate(text, max - 1);
  return cut.endsWith(ELLIPSIS) ? `${cut.slice(0, -ELLIPSIS.length)}…` : cut;
}

/** The entry's categories as plain text, each once (the rules compare them folded). */
function categoriesOf(raw: readonly string[] | undefined): string[] {
  const categories = new Set<string>();
  for (const written of raw ?? []) {
    const category = collapse(plainText(written)).slice(0, CATEGORY_MAX).trim();
    if (category) categories.add(category);
  }
  return [...categories];
}

/** How long an outlet's name from an entry may be (as a feed's title: store.ts PUBLISHER_MAX). */
const ENTRY_PUBLISHER_MAX = 60;

/** The outlet an entry names (its `<source>`), as plain text, or null. */
function publisherOf(item: RawItem): string | null {
  const name = item.source?.name;
  if (!name) return null;
  const text = collapse(plainText(name)).trim();
  return text && text.length <= ENTRY_PUBLISHER_MAX ? text : null;
}

/**
 * Title prefixes by which a feed says an entry is paid for: "[Sponsor] Timing…" (Daring
 * Fireball), "[Sponsored] …", "Sponsored: …", "Advertisement: …", "Paid post: …",
 * "Advertorial - …". A word inside a headline ("State-sponsored scholarships") is not one.
 */
const SPONSORED_PREFIX =
  /^\s*(?:[[(](?:sponsor(?:ed)?|advertorial|advertisement|ad|paid(?: post| content)?|promoted|partner content)[\])]\s*[:|–—-]?|(?:sponsored(?: post| content)?|advertisement|advertorial|paid post|paid content|partner content|promoted)\s*[:|–—-])\s*/iu;
/** Categories (RSS `<category>`, Atom terms) by which a feed marks an entry as paid for. */
const SPONSORED_CATEGORIES = new Set([
  "sponsored",
  "sponsor",
  "sponsored content",
  "sponsored post",
  "advertorial",
  "advertisement",
  "partner content",
  "paid",
  "paid content",
  "paid post",
  "promoted",
]);

/** Whether an entry says it is paid for: by its title's prefix or by one of its categories. */
export function isSponsored(title: string, categories: readonly string[] | undefined): boolean {
  if (SPONSORED_PREFIX.test(title)) return true;
  return !!categories?.some((c) => SPONSORED_CATEGORIES.has(c.trim().toLowerCase()));
}

/** Separators before an outlet's name at a headline's end: "Storm hits coast - CNN". */
const OUTLET_SEPARATORS = [" - ", " – ", " — ", " | "];

/**
 * A headline as pages show it: without the " - CNN" an aggregator adds when the entry names that
 * outlet (its `<source>`), and without a paid-for prefix (the page labels it "Sponsored").
 */
function plainHeadline(title: string, publisher: string | null, sponsored: boolean): string {
  let headline = sponsored ? title.replace(SPONSORED_PREFIX, "") || title : title;
  if (publisher) {
    const lower = headline.toLowerCase();
    const suffix = publisher.toLowerCase();
    for (const separator of OUTLET_SEPARATORS) {
      const cut = headline.length - suffix.length - separator.length;
      if (cut > 0 && lower.endsWith(separator + suffix)) {
        headline = headline.slice(0, cut).trimEnd();
        break;
      }
    }
  }
  return headline;
}

/** How much of a story's text its language is guessed from, after its title. */
const LANGUAGE_SAMPLE = 400;
