// An Atom entry read as RawItem.
import { atomText } from "./atom-text";
import { atomAuthors } from "./authors";
import { atomCategories } from "./categories";
import { languageOf } from "./declared-language";
import { atomSource } from "./entry-source";
import { atomLink, baseOf, hrefOf, originalLink } from "./links";
import { mediaOf } from "./media";
import type { RawItem, XmlNode } from "./types";
import { firstOf, list, text } from "./values";

/**
 * An Atom entry (1.0, and 0.3's ways) read as RawItem. Its date is the one its document was read
 * with (entry-dates.ts), and `outerBases` the xml:base values of the feed.
 */
export function atomItem(entry: XmlNode, date: string | undefined, outerBases: string[]): RawItem {
  const link = atomLink(entry.link);
  const titleNode = firstOf(entry, ["title", "dc:title", "media:title"]);
  const title = atomText(titleNode);
  const summary = atomText(firstOf(entry, ["summary", "media:description", "itunes:summary"]));
  const content = atomText(
    (list(entry.content)[0] ?? entry.content) as XmlNode | string | undefined,
  );
  return {
    guid: text(entry.id),
    guidIsPermaLink: false,
    title: title.text,
    language: languageOf(entry, titleNode),
    link: hrefOf(link),
    origLink: originalLink(entry),
    description: summary.text,
    content: content.text,
    plain: { title: title.plain, description: summary.plain, content: content.plain },
    date,
    bases: [...outerBases, baseOf(entry), baseOf(link)].filter((b): b is string => !!b),
    ...mediaOf(entry),
    source: atomSource(entry),
    categories: atomCategories(entry),
    authors: atomAuthors(entry),
  };
}
