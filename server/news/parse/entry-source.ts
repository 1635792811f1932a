// Where an entry first appeared, when its feed says (an aggregator naming the real outlet).
import { atomLink, hrefOf } from "./links";
import type { RawItem, XmlNode } from "./types";
import { attr, childNames, list, text } from "./values";

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
export function rssSource(item: XmlNode): RawItem["source"] {
  const value = item.source;
  if (value === undefined) return undefined; // (as for nearly every feed)
  const node: unknown = Array.isArray(value) ? value[0] : value;
  // its own text only (not that of an element inside it)
  const name =
    typeof node === "object" && node !== null ? text((node as XmlNode)["#text"]) : text(node);
  return sourceOf(name, attr(node, "url"));
}

/** Atom's `<source>`: the entry's original feed, named by its title, found at its link. */
export function atomSource(entry: XmlNode): RawItem["source"] {
  if (entry.source === undefined) return undefined;
  const node = list(entry.source)[0];
  // (one written RSS's way, <source url="…">Name</source>, is read so)
  if (childNames(node).length === 0) return rssSource(entry);
  return sourceOf(text(node?.title), hrefOf(atomLink(node?.link)));
}
