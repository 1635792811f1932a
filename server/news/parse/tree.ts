// The document built whole (or with its entries skimmed): the reader's way when skim() gives up,
// and how an entry is read in full.
import { Tokenizer } from "htmlparser2";
import type { NameMap } from "./names";
import { scanMarkup } from "./scan-markup";
import { TreeBuilder } from "./tree-builder";
import type { SourceRange, XmlNode } from "./types";

/**
 * Builds the document as plain objects, the shape values.ts reads: an element is an
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
export function buildTree(
  xml: string,
  ranges?: Map<XmlNode, SourceRange>,
  nameMap?: NameMap,
): XmlNode {
  const builder = new TreeBuilder(xml, ranges, nameMap);
  if (scanMarkup(xml, builder)) return builder.finish();
  ranges?.clear();
  return tokenizeTree(xml, ranges, nameMap);
}

/** buildTree by htmlparser2's tokenizer alone (what scanMarkup must agree with). */
export function tokenizeTree(
  xml: string,
  ranges?: Map<XmlNode, SourceRange>,
  nameMap?: NameMap,
): XmlNode {
  const builder = new TreeBuilder(xml, ranges, nameMap);
  const tokenizer = new Tokenizer(
    { xmlMode: true, decodeEntities: false, recognizeSelfClosing: true },
    builder,
  );
  tokenizer.write(xml);
  tokenizer.end();
  return builder.finish();
}
