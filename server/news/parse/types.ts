// The shapes the feed reader gives (RawItem, ParsedFeed) and takes (FeedBytes): what decode.ts
// hands it, and what normalize.ts and read.ts read from it.

/** One feed entry as read from the XML, before the spec's rules are applied (normalize.ts). */
export interface RawItem {
  guid?: string;
  /** False when an RSS guid says isPermaLink="false". */
  guidIsPermaLink: boolean;
  title?: string;
  link?: string;
  /**
   * The outlet's own link, where the feed gives it beside a click-counting redirect in `link`
   * (FeedBurner's and Pheedo's origLink): what the story links to; `link` stays its identity.
   */
  origLink?: string;
  /** description / summary (HTML, as the feed gives it) */
  description?: string;
  /** content:encoded / Atom content (HTML) */
  content?: string;
  /**
   * Which of title, description and content are plain text rather than HTML: Atom's type="text"
   * (its default). Their "<" is a character, not a tag.
   */
  plain?: { title?: boolean; description?: boolean; content?: boolean };
  /**
   * xml:base values that apply to the entry's links, outermost first (the feed's, the entry's,
   * the link's own): each is resolved against the one before, the first against the feed's URL.
   */
  bases?: string[];
  date?: string;
  /**
   * The language the entry says it is in (its xml:lang, its title's, or its dc:language), as
   * written; the feed's applies when it says none (ParsedFeed.language).
   */
  language?: string;
  media: MediaRef[];
  enclosures: MediaRef[];
  thumbnails: MediaRef[];
  /**
   * Where the entry first appeared, when the feed says: RSS's `<source url="…">Name</source>`
   * (aggregators such as Google News name the real outlet so), or Atom's `<source>` (the entry's
   * original feed: its title and link). Its name is trimmed, its whitespace collapsed.
   */
  source?: { name?: string; url?: string };
  /**
   * The entry's categories, as written (trimmed; empty ones dropped; at most MAX_CATEGORIES):
   * RSS's `<category>` and `<dc:subject>`, Atom's `<category>` label, else its term.
   */
  categories?: string[];
  /**
   * The entry's authors, as written (trimmed; empty ones dropped; at most MAX_AUTHORS): RSS's
   * `<dc:creator>` elements, else its `<author>` ones (often an e-mail address); Atom's
   * `<author>`s, each its `<name>` (else its text). Cleaned into bylines by normalize.ts.
   */
  authors?: string[];
}

/** A picture, video or file an entry refers to (media.ts), with what the feed says of it. */
export interface MediaRef {
  url: string;
  type?: string;
  medium?: string;
  width?: number;
  height?: number;
}

/** One entry of a feed: its date at once, the rest read only when asked (most are never shown). */
export interface FeedEntry {
  date: string | undefined;
  read(): RawItem;
}

/** A feed as read: its head (title, link, language, ttl) and its entries. */
export interface ParsedFeed {
  /** cdf: a document whose root is <channel> (Microsoft's CDF, or RSS without its <rss>). */
  format: "rss" | "rdf" | "atom" | "cdf";
  title?: string;
  link?: string;
  /**
   * The language the feed says its entries are in, as written: RSS's `<language>`, Dublin Core's
   * `<dc:language>`, or the xml:lang of the channel or the root.
   */
  language?: string;
  /** RSS `<ttl>`: how many minutes the channel may be cached before it is fetched again. */
  ttlMinutes?: number;
  entries: FeedEntry[];
  /** Every entry, read. */
  readonly items: RawItem[];
}

/**
 * A feed's bytes, in an encoding whose ASCII bytes mean ASCII (UTF-8, or any single-byte one),
 * and how to read part of them as text: skim() finds its way by bytes, and only what is read
 * (the head, the chosen entries, the dates) is decoded.
 */
export interface FeedBytes {
  bytes: Buffer;
  text(start: number, end: number): string;
}

/** Where a skimmed entry's markup is in the document: [start, end). */
export type SourceRange = [number, number];

/**
 * An element of a document as buildTree builds it (tree.ts): its child elements by name (an array
 * when a name repeats), its attributes as "@_name", its text as "#text".
 */
export type XmlNode = Record<string, unknown>;
