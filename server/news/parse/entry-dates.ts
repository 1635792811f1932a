// Which elements an entry's date is read from, by the root of its document. Both ways to a feed's
// entries read it by these tables, once per entry: skim() by the slots (dateSlotsOf), the built
// document by entryDateOf; an entry read in full is given that date (reader.ts), not read again.
import type { XmlNode } from "./types";
import { attr, firstText } from "./values";

/** The elements an entry's date is read from, first found first (rssDate, atomDate). */
const RSS_DATE_ELEMENTS = ["pubDate", "dc:date", "dcterms:issued"];
const ATOM_DATE_ELEMENTS = ["published", "updated", "issued"];

/** What a skimmed entry keeps: its dates. */
export const DATE_ELEMENTS = new Set([...RSS_DATE_ELEMENTS, ...ATOM_DATE_ELEMENTS]);
/** Each date element's place in skim()'s list of an entry's dates. */
export const DATE_SLOTS = new Map([...DATE_ELEMENTS].map((name, slot) => [name, slot]));
const RSS_DATE_SLOTS = RSS_DATE_ELEMENTS.map((name) => DATE_SLOTS.get(name) as number);
const ATOM_DATE_SLOTS = ATOM_DATE_ELEMENTS.map((name) => DATE_SLOTS.get(name) as number);
/** The lengths of their names, a bit each: an element whose name has another is no date. */
export const DATE_NAME_LENGTHS = [...DATE_ELEMENTS].reduce(
  (bits, name) => bits | (1 << name.length),
  0,
);

/** The DATE_SLOTS an entry's date is read from in a document whose root is `root`, in order. */
export function dateSlotsOf(root: string): readonly number[] {
  return root === "feed" ? ATOM_DATE_SLOTS : RSS_DATE_SLOTS;
}

/** How the date of a built entry of a document whose root is `root` is read. */
export function entryDateOf(root: string): (entry: XmlNode) => string | undefined {
  return root === "feed" ? atomDate : root === "channel" ? cdfDate : rssDate;
}

function rssDate(item: XmlNode): string | undefined {
  return firstText(item, RSS_DATE_ELEMENTS);
}

function atomDate(entry: XmlNode): string | undefined {
  return firstText(entry, ATOM_DATE_ELEMENTS);
}

/** A CDF item's date: RSS's elements, else its LASTMOD attribute. */
function cdfDate(item: XmlNode): string | undefined {
  return rssDate(item) ?? attr(item, "lastmod");
}
