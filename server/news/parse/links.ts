// An entry's links: where its story is, and the xml:base its relative links resolve against.
import type { XmlNode } from "./types";
import { attr, firstText, text } from "./values";

/** The xml:base of an element, if any. */
export function baseOf(node: unknown): string | undefined {
  return attr(node, "xml:base");
}

/** An Atom link's target: its href, else its text (some feeds write <link>URL</link>, RSS's way). */
export function hrefOf(link: unknown): string | undefined {
  return attr(link, "href") ?? text(link);
}

/** The link of an entry or feed: the first alternate one with a target, else the first with one. */
export function atomLink(value: unknown): XmlNode | string | undefined {
  const links = (Array.isArray(value) ? value : [value]).filter(
    (l): l is XmlNode | string => typeof l === "string" || (typeof l === "object" && l !== null),
  );
  return (
    links.find((l) => (attr(l, "rel") ?? "alternate") === "alternate" && hrefOf(l)) ??
    links.find((l) => hrefOf(l))
  );
}

/**
 * Where feed services that count clicks give the outlet's own link beside their redirect in
 * `<link>` (feeds.example.com/~r/…, click.phdo?i=…): FeedBurner's origLink and Pheedo's.
 */
const ORIGINAL_LINKS = ["feedburner:origLink", "pheedo:origLink"];

/** An entry's own link as its outlet wrote it, when its feed gives one beside `<link>`. */
export function originalLink(entry: XmlNode): string | undefined {
  return firstText(entry, ORIGINAL_LINKS);
}
