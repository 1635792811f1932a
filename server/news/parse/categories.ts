// An entry's categories as written: what the network's rules for what is not news read.
import type { XmlNode } from "./types";
import { addUpTo, attr, text } from "./values";

/** How many categories of an entry are kept (a feed may tag a story with dozens). */
const MAX_CATEGORIES = 16;

/** An RSS item's categories: its `<category>` elements, then its `<dc:subject>` ones. */
export function rssCategories(item: XmlNode): string[] | undefined {
  if (item.category === undefined && item["dc:subject"] === undefined) return undefined;
  const categories: string[] = [];
  addUpTo(categories, item.category, text, MAX_CATEGORIES);
  addUpTo(categories, item["dc:subject"], text, MAX_CATEGORIES);
  return categories.length > 0 ? categories : undefined;
}

/** An Atom category: its label, else its term (else its text, as some feeds write it). */
function atomCategory(category: unknown): string | undefined {
  return attr(category, "label") ?? attr(category, "term") ?? text(category);
}

/** An Atom entry's categories. */
export function atomCategories(entry: XmlNode): string[] | undefined {
  if (entry.category === undefined) return undefined;
  const categories: string[] = [];
  addUpTo(categories, entry.category, atomCategory, MAX_CATEGORIES);
  return categories.length > 0 ? categories : undefined;
}
