// buildTree's fast scanner: the markup feeds write, found by string searches (tree.ts).
import { GIVE_UP, skipInstruction } from "./markup";
import type { TreeBuilder } from "./tree-builder";

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
export function scanMarkup(xml: string, builder: TreeBuilder): boolean {
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
