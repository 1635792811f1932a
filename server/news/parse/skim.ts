// The fast way to a feed's entries: by bytes, each entry's place and date, nothing built.
import { decodeXML } from "entities";
import { DATE_ELEMENTS, DATE_NAME_LENGTHS, DATE_SLOTS, dateSlotsOf } from "./entry-dates";
import { Latin1Window, SKIM_WINDOW } from "./latin1-window";
import { GIVE_UP, skipInstruction } from "./markup";
import { nameMapOf } from "./names";
import type { FeedBytes, SourceRange } from "./types";

/** An entry found by skim(): its date, and where its markup is. */
export interface SkimmedEntry {
  date: string | undefined;
  /** Where its markup is in the document's bytes. */
  range: SourceRange;
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
    else if (next === 63 /* ? */) i = skipInstruction(xml, lt);
    else if (next === 47 /* / */) i = skimmer.endTag(lt);
    else i = skimmer.startTag(lt, next);
  }
  return null;
}

/** Skimmer.dates before an entry's are read. */
const DATE_ELEMENTS_UNREAD: undefined[] = Array.from(DATE_ELEMENTS, () => undefined);

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
      for (const slot of dateSlotsOf(this.root)) date ||= this.dates[slot];
      // (an empty date element gives none, as entryDateOf reads it in a built entry)
      const entry = { date: date || undefined, range: [this.entryStart, end] as SourceRange };
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
