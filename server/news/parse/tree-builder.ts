// The document built as plain objects (XmlNode) from the tokenizer's calls, whichever scanner
// makes them (scan-markup.ts or htmlparser2's Tokenizer): see buildTree in tree.ts.
import { decodeXML } from "entities";
import type { TokenizerCallbacks } from "htmlparser2";
import { DATE_ELEMENTS } from "./entry-dates";
import type { NameMap } from "./names";
import type { SourceRange, XmlNode } from "./types";

/** Whether xml[start, end) is only XML whitespace (the indentation between elements). */
function blank(xml: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = xml.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}

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

/** A feed's entries: skimmed when buildTree is given `ranges` (the outermost, where nested). */
const ENTRY_ELEMENTS = new Set(["item", "entry"]);

/**
 * buildTree's side of the tokenizer: its callbacks, and the open elements they build. (A class,
 * so that the tokenizer's every call finds the same shape: this is the feed parser's hot path.)
 */
export class TreeBuilder implements TokenizerCallbacks {
  readonly root: XmlNode = {};
  // The open elements, as parallel stacks: name, node (made only once it has an attribute or a
  // child element: most elements are text alone), text, and whether it is skipped.
  private readonly names: string[] = [""];
  private readonly nodes: (XmlNode | undefined)[] = [this.root];
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
  private tagNode: XmlNode | undefined = undefined;
  private tagSkipped = false;
  private tagStart = 0;
  private attrName = "";
  private attrValue = "";

  constructor(
    private readonly xml: string,
    private readonly ranges: Map<XmlNode, SourceRange> | undefined,
    private readonly nameMap: NameMap | undefined,
  ) {}

  /**
   * The document built. Elements left open at the end (a truncated document) are closed;
   * parseFeed rejects it.
   */
  finish(): XmlNode {
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
