// An entry's authors as written; normalize.ts cleans them into bylines.
import type { XmlNode } from "./types";
import { addUpTo, childNames, text } from "./values";

/** How many authors of an entry are read (a feed may credit a whole desk). */
const MAX_AUTHORS = 8;

/** An RSS item's authors: its `<dc:creator>` elements, else its `<author>` ones. */
export function rssAuthors(item: XmlNode): string[] | undefined {
  if (item["dc:creator"] === undefined && item.author === undefined) return undefined;
  const authors: string[] = [];
  addUpTo(authors, item["dc:creator"], text, MAX_AUTHORS);
  if (authors.length === 0) addUpTo(authors, item.author, text, MAX_AUTHORS);
  return authors.length > 0 ? authors : undefined;
}

/** An Atom author: its name, else (as some feeds write it) its own text. */
function atomAuthor(author: unknown): string | undefined {
  if (author !== null && typeof author === "object" && !Array.isArray(author)) {
    const node = author as XmlNode;
    if (node.name !== undefined) return text(node.name);
    return childNames(node).length === 0 ? text(node["#text"]) : undefined;
  }
  return text(author);
}

/** An Atom entry's authors (its own: a feed's author is most often the publication's). */
export function atomAuthors(entry: XmlNode): string[] | undefined {
  if (entry.author === undefined) return undefined;
  const authors: string[] = [];
  addUpTo(authors, entry.author, atomAuthor, MAX_AUTHORS);
  return authors.length > 0 ? authors : undefined;
}
