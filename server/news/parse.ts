import { isUtf8 } from "node:buffer";
import { decodeXML } from "entities";
import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";

/** One feed entry as read from the XML, before the spec's rules are applied (normalize.ts). */
export interface RawItem {
  guid?: string;
  /** False when an RSS guid says isPermaLink="false". */
  guidIsPermaLink: boolean;
  title?: string;
  link?: string;
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

function feedOf(
  head: Pick<ParsedFeed, "format" | "title" | "link" | "language" | "ttlMinutes">,
  entries: FeedEntry[],
): ParsedFeed {
  let items: RawItem[] | undefined;
  // (Not spread into another object: that would read the getter, and with it every entry.)
  return {
    ...head,
    entries,
    get items() {
      return (items ??= entries.map((e) => e.read()));
    },
  };
}

/** Thrown for a document that is not a readable feed; the message is the logged reason. */
export class FeedParseError extends Error {
  override name = "FeedParseError";
}

type Node = Record<string, unknown>;

/** Whether xml[start, end) is only XML whitespace (the indentation between elements). */
function blank(xml: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = xml.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}

/** The elements an entry's date is read from, first found first (rssDate, atomDate). */
const RSS_DATE_ELEMENTS = ["pubDate", "dc:date", "dcterms:issued"];
const ATOM_DATE_ELEMENTS = ["published", "updated", "issued"];
/** Elements whose content is text, even when it holds markup (kept whole: see buildTree). */
const MIXED_TEXT = new Set([
  "title",
  "summary",
  "content",
  "description",
  "content:encoded",
  "subtitle",
  "dc:title",
  "dc:description",
  "media:title",
  "media:description",
  "itunes:summary",
  "itunes:subtitle",
  "xhtml:body",
  "body",
  "fullitem",
]);
/** What a skimmed entry keeps: its dates. */
const DATE_ELEMENTS = new Set([...RSS_DATE_ELEMENTS, ...ATOM_DATE_ELEMENTS]);
/** Each date element's place in skim()'s list of an entry's dates. */
const DATE_SLOTS = new Map([...DATE_ELEMENTS].map((name, slot) => [name, slot]));
const RSS_DATE_SLOTS = RSS_DATE_ELEMENTS.map((name) => DATE_SLOTS.get(name) as number);
const ATOM_DATE_SLOTS = ATOM_DATE_ELEMENTS.map((name) => DATE_SLOTS.get(name) as number);
/** The lengths of their names, a bit each: an element whose name has another is no date. */
const DATE_NAME_LENGTHS = [...DATE_ELEMENTS].reduce((bits, name) => bits | (1 << name.length), 0);
const ENTRY_ELEMENTS = new Set(["item", "entry"]);

/** Namespaces a feed may bind to a prefix of its choosing, and the prefix they are read by. */
const KNOWN_NAMESPACES = new Map([
  ["http://purl.org/dc/elements/1.1/", "dc"],
  ["http://purl.org/dc/terms/", "dcterms"],
  ["http://purl.org/rss/1.0/modules/content/", "content"],
  ["http://search.yahoo.com/mrss/", "media"],
  ["http://www.itunes.com/dtds/podcast-1.0.dtd", "itunes"],
  ["http://www.w3.org/1999/xhtml", "xhtml"],
  ["http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdf"],
]);
/** RSS 1.0's and RSS 0.90's namespaces: an RDF feed's items may be written in either, prefixed. */
const RDF_FEED_NAMESPACES = new Set([
  "http://purl.org/rss/1.0/",
  "http://my.netscape.com/rdf/simple/0.9/",
]);

/** Element prefixes to read as others: a prefix to its standard one, or to none (""). */
type Renames = Map<string, string>;
/** How a document's element and attribute names are read, when not as written. */
type NameMap = (name: string) => string;

/**
 * The prefixes a document's root element binds that are read as other ones: a module's
 * namespace under a prefix of the feed's choosing (<dcx:date> for dc:date), and the feed's own
 * elements written prefixed (<r:rss>, <atom:feed>, <rss:item> in RDF), read unprefixed. Only the
 * root's own namespace (and in RDF, RSS 1.0's) loses its prefix: an RSS feed's atom:link stays.
 * Undefined when there is nothing to rename, as for nearly every feed.
 */
function renamesOf(rootTag: string): Renames | undefined {
  if (!rootTag.includes("xmlns:")) return undefined;
  const bound = new Map<string, string>();
  for (const m of rootTag.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    bound.set(m[1] as string, (m[2] ?? m[3] ?? "").trim());
  }
  const rootName = /^<([^\s/>]+)/.exec(rootTag)?.[1] ?? "";
  const colon = rootName.indexOf(":");
  const rootNamespace = colon === -1 ? undefined : bound.get(rootName.slice(0, colon));
  const rdf =
    rootName.endsWith(":RDF") && rootNamespace === "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
  const renames: Renames = new Map();
  for (const [prefix, uri] of bound) {
    const standard = KNOWN_NAMESPACES.get(uri);
    if (uri === rootNamespace && !rdf) renames.set(prefix, "");
    else if (rdf && RDF_FEED_NAMESPACES.has(uri)) renames.set(prefix, "");
    // (not onto a prefix the feed binds to another namespace)
    else if (standard && standard !== prefix && !bound.has(standard)) renames.set(prefix, standard);
  }
  return renames.size > 0 ? renames : undefined;
}

/** An element's name as read, its prefix renamed. */
function renamed(name: string, renames: Renames): string {
  const colon = name.indexOf(":");
  const prefix = colon === -1 ? undefined : renames.get(name.slice(0, colon));
  if (prefix === undefined) return name;
  return prefix ? `${prefix}${name.slice(colon)}` : name.slice(colon + 1);
}

/**
 * How the names of a document with this root start tag are read: CDF's, whose names are
 * case-insensitive and written in capitals (<CHANNEL>, <ITEM HREF="…">), in lower case; else with
 * their prefixes renamed (renamesOf). Undefined for nearly every feed: as written.
 */
function nameMapOf(rootTag: string): NameMap | undefined {
  if (/^<channel[\s>/]/i.test(rootTag) && !rootTag.startsWith("<channel")) {
    return (name) => name.toLowerCase();
  }
  const renames = renamesOf(rootTag);
  return renames && ((name) => renamed(name, renames));
}

/** The root element's start tag (after the XML declaration, comments and any DOCTYPE). */
function rootTagOf(xml: string): string {
  for (let i = xml.indexOf("<"); i !== -1;) {
    const comment = xml.startsWith("<!--", i);
    if (comment || xml.startsWith("<?", i) || xml.startsWith("<!", i)) {
      const end = comment ? xml.indexOf("-->", i + 4) : xml.indexOf(">", i + 2);
      if (end === -1) return "";
      i = xml.indexOf("<", end + 1);
      continue;
    }
    const end = xml.indexOf(">", i);
    return end === -1 ? "" : xml.slice(i, end + 1);
  }
  return "";
}

/** Where a skimmed entry's markup is in the document: [start, end). */
export type SourceRange = [number, number];

/**
 * Builds the document as plain objects, the shape the readers below expect: an element is an
 * object of its children by name (an array when a name repeats), attributes as "@_name", text as
 * "#text"; an element with only text is that string. Only XML's own entities and character
 * references are decoded, and no DTD is ever read: no entity a feed defines is ever expanded.
 *
 * With `ranges`, an item or entry is built with its date elements alone, and `ranges` gets where its
 * markup is, to be built in full when it is read (most entries of a feed are never shown).
 *
 * It drives htmlparser2's XML tokenizer directly (its Parser adds HTML bookkeeping a feed never
 * needs, and an object per tag for the attributes). The tokenizer is lenient by design: an end
 * tag closes the elements opened after its match, a stray one is ignored; parseFeed checks what
 * must hold for a feed.
 *
 * With `nameMap`, element and attribute names are read through it (see nameMapOf).
 *
 * Markup of the kinds feeds write is read by searches rather than character by character
 * (scanMarkup), with the same calls the tokenizer would make; anything else is the tokenizer's.
 */
export function buildTree(xml: string, ranges?: Map<Node, SourceRange>, nameMap?: NameMap): Node {
  const builder = new TreeBuilder(xml, ranges, nameMap);
  if (scanMarkup(xml, builder)) return builder.finish();
  ranges?.clear();
  return tokenizeTree(xml, ranges, nameMap);
}

/** buildTree by htmlparser2's tokenizer alone (what scanMarkup must agree with). */
export function tokenizeTree(
  xml: string,
  ranges?: Map<Node, SourceRange>,
  nameMap?: NameMap,
): Node {
  const builder = new TreeBuilder(xml, ranges, nameMap);
  const tokenizer = new Tokenizer(
    { xmlMode: true, decodeEntities: false, recognizeSelfClosing: true },
    builder,
  );
  tokenizer.write(xml);
  tokenizer.end();
  return builder.finish();
}

/** Whether a character ends a tag's name (the tokenizer's isEndOfTagSection): "/", ">", space. */
function endsName(c: number): boolean {
  return c === 47 || c === 62 || c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

/**
 * buildTree's fast way: drives `builder` through `xml` with the calls htmlparser2's XML
 * tokenizer would make, finding text, CDATA and comments by searches. It reads start tags whose
 * attributes are all quoted, end tags, CDATA, comments and processing instructions; at anything
 * else (a "<" as text, an unquoted or valueless attribute, a declaration, markup cut short) it
 * gives up (false), and `builder` is to be thrown away.
 */
function scanMarkup(xml: string, builder: TreeBuilder): boolean {
  let textStart = 0;
  for (let lt = xml.indexOf("<"); lt !== -1; lt = xml.indexOf("<", textStart)) {
    if (lt > textStart) builder.ontext(textStart, lt);
    const next = xml.charCodeAt(lt + 1);
    const first = next | 0x20;
    const after =
      next === 47 /* / */
        ? scanEndTag(xml, lt, builder)
        : next === 33 /* ! */
          ? skipCdataOrComment(xml, lt, builder)
          : next === 63 /* ? */
            ? skipInstruction(xml, lt)
            : (first >= 0x61 && first <= 0x7a) || next === 0x5f
              ? scanStartTag(xml, lt, builder)
              : GIVE_UP;
    if (after === GIVE_UP) return false;
    textStart = after;
  }
  if (textStart < xml.length) builder.ontext(textStart, xml.length);
  return true;
}

/** An end tag at `lt`: where the text after it starts, or GIVE_UP. */
function scanEndTag(xml: string, lt: number, builder: TreeBuilder): number {
  let nameEnd = lt + 2;
  while (nameEnd < xml.length && !endsName(xml.charCodeAt(nameEnd))) nameEnd++;
  if (nameEnd === lt + 2) return GIVE_UP; // "</>", "</ name>": the tokenizer's ways
  const gt = xml.indexOf(">", nameEnd);
  if (gt === -1) return GIVE_UP;
  builder.onclosetag(lt + 2, nameEnd);
  return gt + 1;
}

/** A processing instruction (the XML declaration) at `lt`: where the text after it starts. */
function skipInstruction(xml: string, lt: number): number {
  // (the tokenizer ends one at the first "?>" after its "<?")
  const close = xml.indexOf("?>", lt + 2);
  return close === -1 ? GIVE_UP : close + 2;
}

/** CDATA or a comment at `lt`: where the text after it starts, or GIVE_UP. */
function skipCdataOrComment(xml: string, lt: number, builder: TreeBuilder): number {
  if (xml.startsWith("<![CDATA[", lt)) {
    const close = xml.indexOf("]]>", lt + 9);
    if (close === -1) return GIVE_UP;
    builder.oncdata(lt + 9, close + 2, 2);
    return close + 3;
  }
  if (!xml.startsWith("<!--", lt)) return GIVE_UP;
  const close = xml.indexOf("-->", lt + 4);
  // (the tokenizer also ends a comment at "--!>")
  if (close === -1 || xml.slice(lt + 4, close + 3).includes("--!>")) return GIVE_UP;
  return close + 3;
}

/**
 * A start tag at `lt` whose name starts with a letter or "_": its attributes, each name="value"
 * or name='value', then ">" or "/>". Where the text after it starts, or GIVE_UP.
 */
function scanStartTag(xml: string, lt: number, builder: TreeBuilder): number {
  let at = lt + 2;
  while (at < xml.length && !endsName(xml.charCodeAt(at))) at++;
  builder.onopentagname(lt + 1, at);
  for (;;) {
    while (at < xml.length && endsName(xml.charCodeAt(at)) && xml.charCodeAt(at) !== 47) {
      if (xml.charCodeAt(at) === 62) {
        builder.onopentagend(at);
        return at + 1;
      }
      at++;
    }
    if (xml.charCodeAt(at) === 47) {
      if (xml.charCodeAt(at + 1) !== 62) return GIVE_UP;
      builder.onselfclosingtag(at + 1);
      return at + 2;
    }
    const nameStart = at;
    while (at < xml.length && xml.charCodeAt(at) !== 61 && !endsName(xml.charCodeAt(at))) at++;
    const quote = xml.charCodeAt(at + 1);
    if (at === nameStart || xml.charCodeAt(at) !== 61 || (quote !== 34 && quote !== 39)) {
      return GIVE_UP;
    }
    const close = xml.indexOf(quote === 34 ? '"' : "'", at + 2);
    if (close === -1) return GIVE_UP;
    builder.onattribname(nameStart, at);
    builder.onattribdata(at + 2, close);
    builder.onattribend();
    at = close + 1;
  }
}

/**
 * buildTree's side of the tokenizer: its callbacks, and the open elements they build. (A class,
 * so that the tokenizer's every call finds the same shape: this is the feed parser's hot path.)
 */
class TreeBuilder implements TokenizerCallbacks {
  readonly root: Node = {};
  // The open elements, as parallel stacks: name, node (made only once it has an attribute or a
  // child element: most elements are text alone), text, and whether it is skipped.
  private readonly names: string[] = [""];
  private readonly nodes: (Node | undefined)[] = [this.root];
  private readonly texts: string[] = [""];
  private readonly skipped: boolean[] = [false];
  /** Where each open element's content starts. */
  private readonly contentStarts: number[] = [0];
  private depth = 0;
  // the skimmed entry being read: its depth (0: none) and where its markup starts
  private entryDepth = 0;
  private entryStart = 0;
  // the start tag being read: its name, its node (once it has an attribute), where it starts
  private tagName = "";
  private tagNode: Node | undefined = undefined;
  private tagSkipped = false;
  private tagStart = 0;
  private attrName = "";
  private attrValue = "";

  constructor(
    private readonly xml: string,
    private readonly ranges: Map<Node, SourceRange> | undefined,
    private readonly nameMap: NameMap | undefined,
  ) {}

  /**
   * The document built. Elements left open at the end (a truncated document) are closed;
   * parseFeed rejects it.
   */
  finish(): Node {
    while (this.depth > 0) this.close(this.xml.length);
    return this.root;
  }

  /** An element's or attribute's name, as read (see nameMapOf). */
  private nameAt(start: number, end: number): string {
    const name = this.xml.slice(start, end);
    return this.nameMap ? this.nameMap(name) : name;
  }

  /** Opens the element whose start tag was just read; its content starts at `contentStart`. */
  private open(contentStart: number): void {
    const depth = ++this.depth;
    this.contentStarts[depth] = contentStart;
    this.names[depth] = this.tagName;
    this.nodes[depth] = this.tagNode;
    this.texts[depth] = "";
    this.skipped[depth] = this.tagSkipped;
    if (this.ranges && this.entryDepth === 0 && ENTRY_ELEMENTS.has(this.tagName)) {
      this.entryDepth = depth;
      this.entryStart = this.tagStart;
    }
  }

  /**
   * Closes the innermost open element, whose content ends at `contentEnd` and markup at `end`.
   * A text element that holds markup (Atom's type="xhtml", or HTML a feed did not escape) keeps
   * that markup whole as its text: its words after the first child element are not lost.
   */
  private close(end: number, contentEnd = end): void {
    const depth = this.depth;
    const name = this.names[depth] as string;
    const node = this.nodes[depth];
    const isSkipped = this.skipped[depth];
    const text = isSkipped ? "" : (this.texts[depth] as string).trim();
    if (depth === this.entryDepth) {
      this.entryDepth = 0;
      // An entry with child elements is kept as a node (its dates) with its range.
      if (node) this.ranges?.set(node, [this.entryStart, end]);
    }
    this.depth = depth - 1;
    const parent = (this.nodes[depth - 1] ??= {});
    if (isSkipped) return;
    let value: unknown = text;
    if (node) {
      const markup =
        MIXED_TEXT.has(name) && Object.keys(node).some((k) => !k.startsWith("@_"))
          ? this.xml.slice(this.contentStarts[depth] ?? end, contentEnd).trim()
          : text;
      if (markup) node["#text"] = markup;
      value = node;
    }
    const existing = parent[name];
    if (existing === undefined) parent[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else parent[name] = [existing, value];
  }

  private addText(value: string): void {
    if (!this.skipped[this.depth]) this.texts[this.depth] += value;
  }

  // The tokenizer's callbacks, in the order it calls them for an element.

  onopentagname(start: number, end: number): void {
    this.tagName = this.nameAt(start, end);
    this.tagNode = undefined;
    this.tagStart = start - 1; // "<" comes right before a start tag's name
    // inside a skimmed entry, only its date elements are built
    this.tagSkipped =
      this.skipped[this.depth] === true ||
      (this.entryDepth > 0 && this.depth === this.entryDepth && !DATE_ELEMENTS.has(this.tagName));
  }

  onattribname(start: number, end: number): void {
    this.attrName = `@_${this.nameAt(start, end)}`;
  }

  onattribdata(start: number, end: number): void {
    this.attrValue += this.xml.slice(start, end);
  }

  onattribentity(codePoint: number): void {
    this.attrValue += String.fromCodePoint(codePoint);
  }

  onattribend(): void {
    if (!this.tagSkipped) {
      const node = (this.tagNode ??= {});
      const value = this.attrValue;
      if (!(this.attrName in node)) {
        node[this.attrName] = value.includes("&") ? decodeXML(value) : value;
      }
    }
    this.attrValue = "";
  }

  onopentagend(end: number): void {
    this.open(end + 1);
  }

  onselfclosingtag(end: number): void {
    this.open(end + 1);
    this.close(end + 1);
  }

  onclosetag(start: number, end: number): void {
    const xml = this.xml;
    const name = this.nameAt(start, end);
    let at = this.depth;
    while (at > 0 && this.names[at] !== name) at--;
    if (at === 0) return; // a stray end tag
    // elements left open inside it end where this end tag starts
    const tagBegins = xml.charCodeAt(start - 2) === 60 ? start - 2 : xml.lastIndexOf("<", start);
    while (this.depth > at) this.close(tagBegins);
    const gt = xml.charCodeAt(end) === 62 ? end : xml.indexOf(">", end);
    this.close(gt === -1 ? xml.length : gt + 1, tagBegins);
  }

  ontext(start: number, end: number): void {
    // Indentation between child elements is never read: skip it without copying it.
    if (this.skipped[this.depth] || (this.nodes[this.depth] && blank(this.xml, start, end))) return;
    const chunk = this.xml.slice(start, end);
    // Only where an "&" occurs are XML's entities and character references decoded.
    this.addText(chunk.includes("&") ? decodeXML(chunk) : chunk);
  }

  ontextentity(codePoint: number): void {
    this.addText(String.fromCodePoint(codePoint));
  }

  oncdata(start: number, end: number, offset: number): void {
    // CDATA is literal.
    this.addText(this.xml.slice(start, end - offset));
  }

  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

const FEED_ROOTS = new Set(["rss", "rdf:RDF", "feed"]);

/**
 * Removes what must never be read (a DTD with its entity definitions) or shown (characters XML
 * forbids), and the junk real feeds put before the document. A bare "&" (in a query string, say)
 * needs nothing: the tokenizer leaves what is not an entity as it is.
 */
export function repair(xml: string): string {
  let out = xml.replace(/^[\s\uFEFF]+/, "");
  // junk (a bogus processing instruction) before the document
  if (out.startsWith("<?") && !/^<\?xml[\s?]/i.test(out)) out = out.replace(/^<\?[^>]*\?>\s*/, "");
  // a DOCTYPE (with any internal subset) comes before the root: its entities are never honoured
  const head = out.slice(0, 8192);
  if (/<!DOCTYPE/i.test(head)) out = out.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, "");
  // (Characters XML forbids, control characters, are dropped from the text that is shown: see
  // normalize.ts. Scanning every document for them here cost more than the rest of repair.)
  return out;
}

/** An RSS `<ttl>` in minutes: a whole number up to a week, else none. */
function ttlOf(value: string | undefined): number | undefined {
  if (!value || !/^\s*\d{1,6}\s*$/.test(value)) return undefined;
  const minutes = Number(value);
  return minutes > 0 ? Math.min(minutes, 7 * 24 * 60) : undefined;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value.trim() || undefined;
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "object") {
    const node = value as Node;
    if ("#text" in node) return text(node["#text"]);
    // <pubDate><time datetime="…">…</time></pubDate> and other wrapped values
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith("@_")) continue;
      const found = attr(child, "datetime") ?? text(child);
      if (found) return found;
    }
  }
  return undefined;
}

function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  const value = (node as Node)[`@_${name}`];
  return typeof value === "string" ? value.trim() || undefined : undefined;
}

function list(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter(
    (v): v is Node => typeof v === "object" && v !== null,
  );
}

function number(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : undefined;
}

function mediaRefs(nodes: Node[], urlAttr = "url"): MediaRef[] {
  return nodes.flatMap((node) => {
    const url = attr(node, urlAttr) ?? attr(node, "rdf:resource") ?? attr(node, "href");
    if (!url) return [];
    return [
      {
        url,
        type: attr(node, "type"),
        medium: attr(node, "medium"),
        width: number(attr(node, "width")),
        height: number(attr(node, "height")),
      },
    ];
  });
}

function mediaOf(item: Node): Pick<RawItem, "media" | "thumbnails" | "enclosures"> {
  const groups = list(item["media:group"]);
  return {
    media: mediaRefs([
      ...list(item["media:content"]),
      ...groups.flatMap((g) => list(g["media:content"])),
    ]),
    thumbnails: mediaRefs([
      ...list(item["media:thumbnail"]),
      ...groups.flatMap((g) => list(g["media:thumbnail"])),
    ]),
    enclosures: mediaRefs([...list(item.enclosure), ...list(item["enc:enclosure"])]),
  };
}

/** The text of the first of `names` that `node` has with text. */
function firstText(node: Node, names: readonly string[]): string | undefined {
  for (const name of names) {
    const found = text(node[name]);
    if (found) return found;
  }
  return undefined;
}

function rssDate(item: Node): string | undefined {
  return firstText(item, RSS_DATE_ELEMENTS);
}

function atomDate(entry: Node): string | undefined {
  return firstText(entry, ATOM_DATE_ELEMENTS);
}

/** The first of `names` with text, in the element `node` (or in its media:group). */
function firstOf(node: Node, names: readonly string[]): Node | string | undefined {
  const groups = list(node["media:group"]);
  for (const name of names) {
    for (const holder of [node, ...groups]) {
      const value = list(holder[name])[0] ?? holder[name];
      if (text(value)) return value as Node | string;
    }
  }
  return undefined;
}

/** RSS titles: the plain element, else Dublin Core's, else Media RSS's. */
const RSS_TITLES = ["title", "dc:title", "media:title"];
/** RSS summaries: the plain element, else Dublin Core's, iTunes', Media RSS's. */
const RSS_DESCRIPTIONS = ["description", "dc:description", "itunes:summary", "media:description"];
/**
 * RSS bodies: content:encoded, else an XHTML body (xhtml:body, or body in XHTML's namespace), else
 * fullitem (escaped HTML), which some older feeds use.
 */
const RSS_CONTENTS = ["content:encoded", "xhtml:body", "body", "fullitem"];

/** The xml:base of an element, if any. */
function baseOf(node: unknown): string | undefined {
  return attr(node, "xml:base");
}

/** The language an entry says it is in: its xml:lang, its title's, or its dc:language. */
function languageOf(entry: Node, title: unknown): string | undefined {
  return attr(entry, "xml:lang") ?? attr(title, "xml:lang") ?? text(entry["dc:language"]);
}

/** How many categories of an entry are kept (a feed may tag a story with dozens). */
const MAX_CATEGORIES = 16;
/** A run of whitespace in a source's name, read as one space. */
const WHITESPACE_RUN = /\s+/g;

/** An entry's source from its name and URL (already trimmed), or none when both are empty. */
function sourceOf(name: string | undefined, url: string | undefined): RawItem["source"] {
  if (!name && !url) return undefined;
  const source: NonNullable<RawItem["source"]> = {};
  if (name) source.name = name.replace(WHITESPACE_RUN, " ");
  if (url) source.url = url;
  return source;
}

/** RSS's `<source url="https://www.cnn.com">CNN</source>`: the outlet an item comes from. */
function rssSource(item: Node): RawItem["source"] {
  const value = item.source;
  if (value === undefined) return undefined; // (as for nearly every feed)
  const node: unknown = Array.isArray(value) ? value[0] : value;
  // its own text only (not that of an element inside it)
  const name =
    typeof node === "object" && node !== null ? text((node as Node)["#text"]) : text(node);
  return sourceOf(name, attr(node, "url"));
}

/** Atom's `<source>`: the entry's original feed, named by its title, found at its link. */
function atomSource(entry: Node): RawItem["source"] {
  if (entry.source === undefined) return undefined;
  const node = list(entry.source)[0];
  // (one written RSS's way, <source url="…">Name</source>, is read so)
  if (childNames(node).length === 0) return rssSource(entry);
  return sourceOf(text(node?.title), hrefOf(atomLink(node?.link)));
}

/**
 * Adds to `into` the category (or categories, or authors) `value` holds, as `read` reads each, up
 * to `max` in all.
 */
function addCategories(
  into: string[],
  value: unknown,
  read: (category: unknown) => string | undefined,
  max = MAX_CATEGORIES,
): void {
  if (!Array.isArray(value)) {
    const category = value === undefined ? undefined : read(value);
    if (category && into.length < max) into.push(category);
    return;
  }
  for (let i = 0; i < value.length && into.length < max; i++) {
    const category = read(value[i]);
    if (category) into.push(category);
  }
}

/** An RSS item's categories: its `<category>` elements, then its `<dc:subject>` ones. */
function rssCategories(item: Node): string[] | undefined {
  if (item.category === undefined && item["dc:subject"] === undefined) return undefined;
  const categories: string[] = [];
  addCategories(categories, item.category, text);
  addCategories(categories, item["dc:subject"], text);
  return categories.length > 0 ? categories : undefined;
}

/** An Atom category: its label, else its term (else its text, as some feeds write it). */
function atomCategory(category: unknown): string | undefined {
  return attr(category, "label") ?? attr(category, "term") ?? text(category);
}

/** An Atom entry's categories. */
function atomCategories(entry: Node): string[] | undefined {
  if (entry.category === undefined) return undefined;
  const categories: string[] = [];
  addCategories(categories, entry.category, atomCategory);
  return categories.length > 0 ? categories : undefined;
}

/** How many authors of an entry are read (a feed may credit a whole desk). */
const MAX_AUTHORS = 8;

/** An RSS item's authors: its `<dc:creator>` elements, else its `<author>` ones. */
function rssAuthors(item: Node): string[] | undefined {
  if (item["dc:creator"] === undefined && item.author === undefined) return undefined;
  const authors: string[] = [];
  addCategories(authors, item["dc:creator"], text, MAX_AUTHORS);
  if (authors.length === 0) addCategories(authors, item.author, text, MAX_AUTHORS);
  return authors.length > 0 ? authors : undefined;
}

/** An Atom author: its name, else (as some feeds write it) its own text. */
function atomAuthor(author: unknown): string | undefined {
  if (author !== null && typeof author === "object" && !Array.isArray(author)) {
    const node = author as Node;
    if (node.name !== undefined) return text(node.name);
    return childNames(node).length === 0 ? text(node["#text"]) : undefined;
  }
  return text(author);
}

/** An Atom entry's authors (its own: a feed's author is most often the publication's). */
function atomAuthors(entry: Node): string[] | undefined {
  if (entry.author === undefined) return undefined;
  const authors: string[] = [];
  addCategories(authors, entry.author, atomAuthor, MAX_AUTHORS);
  return authors.length > 0 ? authors : undefined;
}

function rssItem(item: Node, outerBases: string[] = []): RawItem {
  const guidNode = Array.isArray(item.guid) ? item.guid[0] : item.guid;
  const linkNode = list(item.link)[0] ?? item.link;
  const titleNode = firstOf(item, RSS_TITLES);
  return {
    guid: text(guidNode),
    guidIsPermaLink: attr(guidNode, "isPermaLink")?.toLowerCase() !== "false",
    title: text(titleNode),
    language: languageOf(item, titleNode),
    link: text(linkNode) ?? attr(linkNode, "href"),
    description: text(firstOf(item, RSS_DESCRIPTIONS)),
    content: firstText(item, RSS_CONTENTS),
    date: rssDate(item),
    bases: [...outerBases, baseOf(item), baseOf(linkNode)].filter((b): b is string => !!b),
    ...mediaOf(item),
    source: rssSource(item),
    categories: rssCategories(item),
    authors: rssAuthors(item),
  };
}

/** A CDF item's date: RSS's elements, else its LASTMOD attribute. */
function cdfDate(item: Node): string | undefined {
  return rssDate(item) ?? attr(item, "lastmod");
}

/**
 * An item of a document whose root is <channel>: RSS's reading, then CDF's own ways (its link as
 * an HREF attribute, its summary as ABSTRACT, its date as LASTMOD).
 */
function cdfItem(item: Node, outerBases: string[] = []): RawItem {
  const read = rssItem(item, outerBases);
  return {
    ...read,
    link: read.link ?? attr(item, "href"),
    description: read.description ?? text(item.abstract),
    date: cdfDate(item),
  };
}

/** An Atom link's target: its href, else its text (some feeds write <link>URL</link>, RSS's way). */
function hrefOf(link: unknown): string | undefined {
  return attr(link, "href") ?? text(link);
}

/** The link of an entry or feed: the first alternate one with a target, else the first with one. */
function atomLink(value: unknown): Node | string | undefined {
  const links = (Array.isArray(value) ? value : [value]).filter(
    (l): l is Node | string => typeof l === "string" || (typeof l === "object" && l !== null),
  );
  return (
    links.find((l) => (attr(l, "rel") ?? "alternate") === "alternate" && hrefOf(l)) ??
    links.find((l) => hrefOf(l))
  );
}

/** The names of an element's child elements (its attributes and text aside). */
function childNames(node: unknown): string[] {
  if (!node || typeof node !== "object" || Array.isArray(node)) return [];
  return Object.keys(node).filter((k) => !k.startsWith("@_") && k !== "#text");
}

/** Text as UTF-8 from base64, or undefined when the bytes are not text (an image, say). */
function fromBase64(raw: string): string | undefined {
  const bytes = Buffer.from(raw, "base64");
  return isUtf8(bytes) ? bytes.toString("utf8") : undefined;
}

/**
 * An Atom text construct (title, summary, content): its text, and whether it is plain text
 * (type="text", the default, or text/plain) rather than markup.
 *  - Base64 is decoded where Atom 0.3 says mode="base64", and where Atom 1.0 implies it: a media
 *    type that is neither text/* nor XML (RFC 4287 §4.1.3.3).
 *  - A plain construct that holds child elements is markup all the same (the publisher wrote
 *    XHTML and did not say so): its tags are not shown as text.
 *  - A construct whose only child is a div holding escaped HTML (TypePad wrapped its type="html"
 *    content so) is that div's text, read as the type says.
 */
function atomText(value: Node | string | undefined): { text?: string; plain: boolean } {
  const raw = text(value);
  const type = (attr(value, "type") ?? "text").toLowerCase();
  const plain = type === "text" || type === "text/plain";
  if (raw === undefined) return { plain };
  // a media type neither text nor XML: its content is base64
  const binary = type.includes("/") && !type.startsWith("text/") && !/[/+]xml$/.test(type);
  if (binary || attr(value, "mode")?.toLowerCase() === "base64") {
    return { text: fromBase64(raw), plain };
  }
  const children = childNames(value);
  if (children.length === 0 || type === "xhtml" || type.endsWith("xml")) {
    return { text: raw, plain };
  }
  const [only] = children;
  const wrapper =
    children.length === 1 && only && /^(xhtml:)?div$/.test(only)
      ? (value as Node)[only]
      : undefined;
  if (
    wrapper !== undefined &&
    !Array.isArray(wrapper) && // (several divs: markup)
    childNames(wrapper).length === 0 &&
    /^<(xhtml:)?div[\s>][\s\S]*<\/(xhtml:)?div>$/.test(raw) // (no text around it)
  ) {
    return { text: text(wrapper), plain };
  }
  return { text: raw, plain: false };
}

function atomItem(entry: Node, outerBases: string[] = []): RawItem {
  const link = atomLink(entry.link);
  const titleNode = firstOf(entry, ["title", "dc:title", "media:title"]);
  const title = atomText(titleNode);
  const summary = atomText(firstOf(entry, ["summary", "media:description", "itunes:summary"]));
  const content = atomText((list(entry.content)[0] ?? entry.content) as Node | string | undefined);
  return {
    guid: text(entry.id),
    guidIsPermaLink: false,
    title: title.text,
    language: languageOf(entry, titleNode),
    link: hrefOf(link),
    description: summary.text,
    content: content.text,
    plain: { title: title.plain, description: summary.plain, content: content.plain },
    date: atomDate(entry),
    bases: [...outerBases, baseOf(entry), baseOf(link)].filter((b): b is string => !!b),
    ...mediaOf(entry),
    source: atomSource(entry),
    categories: atomCategories(entry),
    authors: atomAuthors(entry),
  };
}

/** An entry found by skim(): its date, and where its markup is. */
export interface SkimmedEntry {
  date: string | undefined;
  /** Where its markup is in the document's bytes. */
  range: SourceRange;
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

/**
 * The fast way to a feed's entries and their dates: byte searches jump over text, CDATA and
 * comments (most of a feed), and only tags are looked at, to keep track of where each entry
 * starts and ends and to read its date elements. It gives up (null) on anything a feed rarely
 * does and the tokenizer must judge: entries inside entries, a second root or channel, markup
 * inside a date, a DOCTYPE, a document cut short. What it finds is what buildTree's skim finds.
 */
export function skim(
  source: FeedBytes,
  windowSize = SKIM_WINDOW,
): { root: string; entries: SkimmedEntry[]; headEnd: number } | null {
  // The bytes as Latin-1: one character per byte, so positions in it are positions in the bytes,
  // and the searches are the engine's fast string ones. (In an encoding of this kind, "<", ">",
  // quotes and tag names are always their ASCII bytes.)
  const xml = new Latin1Window(source.bytes, windowSize);
  const skimmer = new Skimmer(source, xml);
  for (let i = 0; i !== GIVE_UP;) {
    const lt = xml.indexOf("<", i);
    if (lt === -1) return skimmer.finish();
    const next = xml.charCodeAt(lt + 1);
    if (next === 33 /* ! */) i = skimmer.skipDeclaration(lt);
    else if (next === 63 /* ? */) i = skimmer.skipInstruction(lt);
    else if (next === 47 /* / */) i = skimmer.endTag(lt);
    else i = skimmer.startTag(lt, next);
  }
  return null;
}

/** Where skim() goes on from, when it gives up instead (to the tokenizer). */
const GIVE_UP = -1;
/** Skimmer.dates before an entry's are read. */
const DATE_ELEMENTS_UNREAD: undefined[] = Array.from(DATE_ELEMENTS, () => undefined);

/**
 * How much of a document skim() holds as text at a time: less than V8's largest ordinary object
 * (128 KiB). A longer string is put in the large-object space, where each one is memory freshly
 * mapped: on a 2-core VM, reading the 1.6 MB podcast feed as one string took 8 ms, as long as
 * skimming all of it.
 */
const SKIM_WINDOW = 64 * 1024;

/**
 * A document's bytes as Latin-1 text, held a window at a time (see SKIM_WINDOW). Positions taken
 * and given are the bytes'; whatever is asked for outside the window moves the window there (a
 * range longer than a window gets a window as long).
 */
class Latin1Window {
  /** The text of the window, and where it starts in the bytes. */
  private text = "";
  private start = 0;
  readonly length: number;

  constructor(
    private readonly bytes: Buffer,
    private readonly size: number,
  ) {
    this.length = bytes.length;
    this.load(0, 0);
  }

  /** The window from `from`, holding at least [from, to) of the bytes. */
  private load(from: number, to: number): void {
    this.start = from;
    const end = Math.min(this.length, Math.max(to, from + this.size));
    this.text = this.bytes.toString("latin1", from, end);
  }

  /** Makes sure the window holds [from, to) (as far as the bytes go). */
  private hold(from: number, to: number): void {
    const end = Math.min(to, this.length);
    if (from < this.start || end > this.start + this.text.length) this.load(from, end);
  }

  charCodeAt(i: number): number {
    const at = i - this.start;
    if (at >= 0 && at < this.text.length) return this.text.charCodeAt(at);
    if (i < 0 || i >= this.length) return NaN;
    this.load(i, i + 1);
    return this.text.charCodeAt(0);
  }

  slice(from: number, to: number): string {
    this.hold(from, to);
    return this.text.slice(from - this.start, to - this.start);
  }

  startsWith(search: string, at: number): boolean {
    this.hold(at, at + search.length);
    return this.text.startsWith(search, at - this.start);
  }

  /** Where `search` first occurs at or after `from`, or -1. */
  indexOf(search: string, from: number): number {
    if (from >= this.length) return -1;
    this.hold(from, from + search.length);
    for (let after = from; ;) {
      const found = this.text.indexOf(search, after - this.start);
      if (found !== -1) return found + this.start;
      const end = this.start + this.text.length;
      if (end >= this.length) return -1;
      // on, from where a match could still start
      after = Math.max(after, end - search.length + 1);
      this.load(after, after + search.length);
    }
  }
}

/**
 * skim()'s way through a document, tag by tag: the open elements, the entry being read, the
 * entries found. Each step takes the "<" of a tag and says where the next search starts, or
 * GIVE_UP.
 */
class Skimmer {
  private readonly stack: string[] = [];
  private root = "";
  private rootClosed = false;
  private channels = 0;
  private readonly entries: SkimmedEntry[] = [];
  /** Items of RDF written inside its channel, listed after those beside it (as buildTree does). */
  private readonly channelEntries: SkimmedEntry[] = [];
  private entryName = "";
  private entryStart = -1;
  private entryDepth = -1;
  private entryHasChild = false;
  private inChannel = false;
  /** The entry's date elements read, by DATE_SLOTS (the first of each name). */
  private readonly dates: (string | undefined)[] = DATE_ELEMENTS_UNREAD.slice();

  constructor(
    private readonly source: FeedBytes,
    private readonly xml: Latin1Window,
  ) {}

  /** What skim() found, once the whole document is read; null when it is cut short. */
  finish(): { root: string; entries: SkimmedEntry[]; headEnd: number } | null {
    if (!this.rootClosed || this.stack.length > 0 || this.entryStart >= 0) return null;
    const all = [...this.entries, ...this.channelEntries];
    const headEnd = all.reduce((min, e) => Math.min(min, e.range[0]), this.xml.length);
    return { root: this.root, entries: all, headEnd };
  }

  /** Past CDATA or a comment. */
  skipDeclaration(lt: number): number {
    const xml = this.xml;
    const close = xml.startsWith("<![CDATA[", lt)
      ? "]]>"
      : xml.startsWith("<!--", lt)
        ? "-->"
        : null;
    if (!close) return GIVE_UP; // a DOCTYPE: the tokenizer's way, after repair()
    const end = xml.indexOf(close, lt + 4);
    return end === -1 ? GIVE_UP : end + 3;
  }

  /** Past a processing instruction. */
  skipInstruction(lt: number): number {
    const end = this.xml.indexOf("?>", lt + 2);
    return end === -1 ? GIVE_UP : end + 2;
  }

  /** An end tag: it closes its element and those left open inside it, and may end an entry. */
  endTag(lt: number): number {
    const { xml, stack } = this;
    const top = stack[stack.length - 1];
    let gt: number;
    let at: number;
    if (
      top !== undefined &&
      xml.startsWith(top, lt + 2) &&
      xml.charCodeAt(lt + 2 + top.length) === 62
    ) {
      // (nearly always: the innermost element's end tag, as written in its start tag)
      gt = lt + 2 + top.length;
      at = stack.length - 1;
    } else {
      gt = xml.indexOf(">", lt + 2);
      if (gt === -1) return GIVE_UP;
      at = stack.lastIndexOf(xml.slice(lt + 2, gt).trim());
      if (at === -1) return gt + 1; // a stray end tag
    }
    if (this.entryStart >= 0 && at <= this.entryDepth) {
      if (at < this.entryDepth) return GIVE_UP; // an entry closed by its parent's end tag
      this.endEntry(gt + 1);
    }
    while (stack.length > at) stack.pop();
    if (at <= 1) this.inChannel = false;
    if (at === 0) this.rootClosed = true;
    return gt + 1;
  }

  /** The entry being read ends at `end`: one with child elements is found, with its date. */
  private endEntry(end: number): void {
    if (this.entryHasChild) {
      let date: string | undefined;
      for (const slot of this.root === "feed" ? ATOM_DATE_SLOTS : RSS_DATE_SLOTS) {
        date ||= this.dates[slot];
      }
      const entry = { date, range: [this.entryStart, end] as SourceRange };
      (this.root === "rdf:RDF" && this.inChannel ? this.channelEntries : this.entries).push(entry);
    }
    this.entryStart = -1;
  }

  /** A start tag (or "<" as text), whose name starts with the character `next`. */
  startTag(lt: number, next: number): number {
    const xml = this.xml;
    // A start tag: its name, then its end (quotes may hold a ">").
    const first = next | 0x20;
    if (!((first >= 0x61 && first <= 0x7a) || next === 0x5f)) {
      return lt + 1; // "<" as text ("a < b" in a lenient feed)
    }
    let nameEnd = lt + 2;
    for (let c = xml.charCodeAt(nameEnd); c > 32 && c !== 47 && c !== 62;) {
      c = xml.charCodeAt(++nameEnd);
    }
    if (nameEnd >= xml.length) return GIVE_UP;
    const name = xml.slice(lt + 1, nameEnd);
    const gt = this.tagEnd(nameEnd);
    if (gt === -1) return GIVE_UP;
    const selfClosing = xml.charCodeAt(gt - 1) === 47;
    const depth = this.stack.length;
    if (depth === 0) {
      if (this.rootClosed) return GIVE_UP; // a second root
      // names not read as written: the tokenizer's way
      if (nameMapOf(xml.slice(lt, gt + 1))) return GIVE_UP;
      this.root = name;
    }
    const after = this.opened(name, lt, gt + 1, depth, selfClosing);
    if (!selfClosing) this.stack.push(name);
    return after;
  }

  /**
   * What an element opened at `depth` (its start tag from `lt` to `after`) means: a child of the
   * entry being read (whose dates are read), an entry, or the channel.
   */
  private opened(
    name: string,
    lt: number,
    after: number,
    depth: number,
    selfClosing: boolean,
  ): number {
    const root = this.root;
    if (this.entryStart >= 0) {
      if (name === this.entryName) return GIVE_UP; // an entry inside an entry
      if (depth !== this.entryDepth + 1) return after;
      this.entryHasChild = true;
      const slot =
        selfClosing || !((DATE_NAME_LENGTHS >>> name.length) & 1)
          ? undefined
          : DATE_SLOTS.get(name);
      if (slot === undefined || this.dates[slot] !== undefined) return after;
      return this.readDate(name, slot, after);
    }
    if (
      (root === "rss" && depth === 2 && name === "item" && this.inChannel) ||
      (root === "rdf:RDF" && name === "item" && (depth === 1 || (depth === 2 && this.inChannel))) ||
      (root === "feed" && depth === 1 && name === "entry")
    ) {
      this.entryName = name;
      this.entryStart = lt;
      this.entryDepth = depth;
      this.entryHasChild = false;
      this.dates.fill(undefined);
    } else if (depth === 1 && name === "channel" && !selfClosing) {
      if (++this.channels > 1 && root === "rss") return GIVE_UP;
      this.inChannel = true;
    }
    return after;
  }

  /**
   * Where a start tag whose name ends at `from` ends: its first ">" outside quotes (a quoted
   * value may hold one), or -1.
   */
  private tagEnd(from: number): number {
    const xml = this.xml;
    for (let at = from; ; at++) {
      const c = xml.charCodeAt(at);
      if (c === 62 /* > */) return at;
      if (c === 34 /* " */ || c === 39 /* ' */) {
        at = xml.indexOf(c === 34 ? '"' : "'", at + 1);
        if (at === -1) return -1;
      } else if (Number.isNaN(c)) return -1; // (the document's end)
    }
  }

  /** An entry's date element, whose content starts at `start`: read up to its end tag. */
  private readDate(name: string, slot: number, start: number): number {
    const close = this.xml.indexOf(`</${name}`, start);
    if (close === -1) return GIVE_UP;
    // Bytes of ASCII alone are that text in any encoding skim() reads (after a ">", a character
    // starts): only others need decoding.
    const raw = this.xml.slice(start, close);
    const value = cdataText(HIGH_BYTE.test(raw) ? this.source.text(start, close) : raw);
    if (value === null) return GIVE_UP;
    this.dates[slot] = value.trim();
    return close;
  }
}

/** A byte past ASCII, in Latin-1 text (one character per byte). */
const HIGH_BYTE = /[\x80-\xff]/;

/**
 * The text of plain text and CDATA sections mixed (XML's entities decoded in the plain text), or
 * null when `inner` holds other markup.
 */
function cdataText(inner: string): string | null {
  if (!inner.includes("<")) return inner.includes("&") ? decodeXML(inner) : inner;
  let out = "";
  for (let i = 0; ;) {
    const start = inner.indexOf("<![CDATA[", i);
    const before = inner.slice(i, start === -1 ? undefined : start);
    if (before.includes("<")) return null;
    out += before.includes("&") ? decodeXML(before) : before;
    if (start === -1) return out;
    const end = inner.indexOf("]]>", start + 9);
    if (end === -1) return null;
    out += inner.slice(start + 9, end);
    i = end + 3;
  }
}

/** Whether a document ends with its root's end tag, then only comments, PIs or whitespace. */
function endsWithRootClose(xml: string): boolean {
  let end = xml.length;
  for (;;) {
    while (end > 0 && /\s/.test(xml.charAt(end - 1))) end--;
    if (xml.endsWith("-->", end)) end = xml.lastIndexOf("<!--", end - 3);
    else if (xml.endsWith("?>", end)) end = xml.lastIndexOf("<?", end - 2);
    else break;
    if (end < 0) return false;
  }
  return /<\/(?:[\w.-]+:)?(?:rss|feed|RDF|channel|CHANNEL)\s*>$/.test(
    xml.slice(Math.max(0, end - 64), end),
  );
}

/**
 * Parses RSS 2.0 (and 0.9x), RSS 1.0/RDF and Atom 1.0 into raw items. Throws FeedParseError with
 * the reason for a document that is not well-formed even after repair, or is not a feed.
 */
export function parseFeed(xml: string): ParsedFeed {
  const bytes = Buffer.from(xml, "utf8");
  return parseFeedBytes({ bytes, text: (start, end) => bytes.toString("utf8", start, end) });
}

/**
 * parseFeed for a feed's bytes (see FeedBytes): skimmed by bytes, and only what is read decoded;
 * a feed that skim() leaves to the tokenizer is decoded whole.
 */
export function parseFeedBytes(source: FeedBytes): ParsedFeed {
  const skimmed = skim(source);
  const length = source.bytes.length;
  if (
    skimmed &&
    FEED_ROOTS.has(skimmed.root) &&
    endsWithRootClose(source.text(Math.max(0, length - 4096), length))
  ) {
    const { root, entries, headEnd } = skimmed;
    // The channel's own elements come before its first entry: only that part is built.
    const head = list(buildTree(source.text(0, headEnd))[root])[0] ?? {};
    const reader = new EntryReader(root, head, source, undefined);
    return feedFrom(
      root,
      head,
      entries.map(({ date, range }) => new LazyEntry(date, range, reader)),
    );
  }
  return parseWithTree(repair(source.text(0, length)));
}

/**
 * parseFeed by the tokenizer alone: the document built whole (its entries skimmed), for what
 * skim() leaves to it. It also gives the reasons a document is not a feed, and is what skim()
 * is tested against.
 */
export function parseWithTree(repaired: string): ParsedFeed {
  const nameMap = nameMapOf(rootTagOf(repaired));
  const ranges = new Map<Node, SourceRange>();
  const doc = buildTree(repaired, ranges, nameMap);
  const root = Object.keys(doc)[0];
  if (!root) throw new FeedParseError("Not a feed: the document has no root element");
  if (Object.keys(doc).length > 1) {
    throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
  }
  if (!FEED_ROOTS.has(root) && root !== "channel")
    throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
  // A document cut short (a truncated response) must fail: its root element has to be closed.
  if (!endsWithRootClose(repaired.slice(-4096))) {
    throw new FeedParseError(`Malformed XML: the document ends before </${root}>`);
  }

  const rootNode = list(doc[root])[0] ?? {};
  const channel = list(rootNode.channel)[0] ?? {};
  const nodes =
    root === "rss"
      ? list(channel.item)
      : root === "feed"
        ? list(rootNode.entry)
        : root === "channel"
          ? list(rootNode.item)
          : // RSS 1.0 and 0.90 put items beside the channel; some writers put them inside it.
            [...list(rootNode.item), ...list(channel.item)];
  const dateOf = root === "feed" ? atomDate : root === "channel" ? cdfDate : rssDate;
  const markup = { text: (start: number, end: number) => repaired.slice(start, end) };
  const reader = new EntryReader(root, rootNode, markup, nameMap);
  return feedFrom(
    root,
    rootNode,
    // (a skimmed entry is built in full from its markup when read)
    nodes.map((node) => new LazyEntry(dateOf(node), ranges.get(node) ?? node, reader)),
  );
}

/** The element of a document whose root is `root`, built as `rootNode`, that holds its head. */
function channelOf(root: string, rootNode: Node): Node {
  return root === "feed" || root === "channel" ? rootNode : (list(rootNode.channel)[0] ?? {});
}

/** Whether an entry is given by where its markup is (else as built). */
function isRange(entry: SourceRange | Node): entry is SourceRange {
  return Array.isArray(entry);
}

/**
 * How the entries of a document whose root is `root` (built as `rootNode`) are read: each built in
 * full from its markup, then read as RawItem. The xml:base of the root and the channel apply to
 * every entry's links.
 */
class EntryReader {
  private readonly bases: string[];
  private readonly item: (node: Node, outerBases: string[]) => RawItem;

  constructor(
    root: string,
    rootNode: Node,
    private readonly markup: { text(start: number, end: number): string },
    private readonly nameMap: NameMap | undefined,
  ) {
    const channel = channelOf(root, rootNode);
    this.bases = [baseOf(rootNode), channel === rootNode ? undefined : baseOf(channel)].filter(
      (b): b is string => !!b,
    );
    this.item = root === "feed" ? atomItem : root === "channel" ? cdfItem : rssItem;
  }

  read(entry: SourceRange | Node): RawItem {
    if (!isRange(entry)) return this.item(entry, this.bases);
    const tree = buildTree(this.markup.text(entry[0], entry[1]), undefined, this.nameMap);
    return this.item(list(Object.values(tree)[0])[0] ?? {}, this.bases);
  }
}

/** An entry of a feed (FeedEntry): its date at once, the rest read by `reader` when asked. */
class LazyEntry implements FeedEntry {
  constructor(
    readonly date: string | undefined,
    private readonly entry: SourceRange | Node,
    private readonly reader: EntryReader,
  ) {}

  read(): RawItem {
    return this.reader.read(this.entry);
  }
}

/**
 * The feed of a document whose root element is `root` (rss, rdf:RDF, feed or channel), built as
 * `rootNode` (its entries aside), with its entries.
 */
function feedFrom(root: string, rootNode: Node, entries: FeedEntry[]): ParsedFeed {
  const atom = root === "feed";
  const cdf = root === "channel";
  const channel = channelOf(root, rootNode);
  return feedOf(
    {
      format: atom ? "atom" : cdf ? "cdf" : root === "rss" ? "rss" : "rdf",
      title: text(channel.title),
      link: atom ? hrefOf(atomLink(channel.link)) : (text(channel.link) ?? attr(channel, "href")),
      language:
        text(channel.language) ??
        text(channel["dc:language"]) ??
        attr(channel, "xml:lang") ??
        attr(rootNode, "xml:lang"),
      ttlMinutes: atom ? undefined : ttlOf(text(channel.ttl)),
    },
    entries,
  );
}
