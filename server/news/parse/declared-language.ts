// The language a feed or an entry says it is in, as written (language.ts one folder up tells
// a story's language from its text when nothing says it).
import type { XmlNode } from "./types";
import { attr, text } from "./values";

/** The language an entry says it is in: its xml:lang, its title's, or its dc:language. */
export function languageOf(entry: XmlNode, title: unknown): string | undefined {
  return attr(entry, "xml:lang") ?? attr(title, "xml:lang") ?? text(entry["dc:language"]);
}

/**
 * The language a feed says its entries are in: RSS's `<language>`, Dublin Core's
 * `<dc:language>`, or the xml:lang of the channel (`channel`) or the root (`rootNode`).
 */
export function channelLanguageOf(channel: XmlNode, rootNode: XmlNode): string | undefined {
  return (
    text(channel.language) ??
    text(channel["dc:language"]) ??
    attr(channel, "xml:lang") ??
    attr(rootNode, "xml:lang")
  );
}
