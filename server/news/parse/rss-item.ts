// An RSS item (and a CDF one) read as RawItem.
import { rssAuthors } from "./authors";
import { rssCategories } from "./categories";
import { languageOf } from "./declared-language";
import { rssSource } from "./entry-source";
import { baseOf, originalLink } from "./links";
import { mediaOf } from "./media";
import type { RawItem, XmlNode } from "./types";
import { attr, firstOf, firstText, list, text } from "./values";

/** RSS titles: the plain element, else Dublin Core's, else Media RSS's. */
const RSS_TITLES = ["title", "dc:title", "media:title"];
/** RSS summaries: the plain element, else Dublin Core's, iTunes', Media RSS's. */
const RSS_DESCRIPTIONS = ["description", "dc:description", "itunes:summary", "media:description"];
/**
 * RSS bodies: content:encoded, else an XHTML body (xhtml:body, or body in XHTML's namespace), else
 * fullitem (escaped HTML), which some older feeds use.
 */
const RSS_CONTENTS = ["content:encoded", "xhtml:body", "body", "fullitem"];

/**
 * An RSS item (RSS 2.0, 0.9x, 1.0) read as RawItem. Its date is the one its document was read
 * with (entry-dates.ts), and `outerBases` the xml:base values of the channel and the root.
 */
export function rssItem(item: XmlNode, date: string | undefined, outerBases: string[]): RawItem {
  const guidNode = Array.isArray(item.guid) ? item.guid[0] : item.guid;
  const linkNode = list(item.link)[0] ?? item.link;
  const titleNode = firstOf(item, RSS_TITLES);
  return {
    guid: text(guidNode),
    guidIsPermaLink: attr(guidNode, "isPermaLink")?.toLowerCase() !== "false",
    title: text(titleNode),
    language: languageOf(item, titleNode),
    link: text(linkNode) ?? attr(linkNode, "href"),
    origLink: originalLink(item),
    description: text(firstOf(item, RSS_DESCRIPTIONS)),
    content: firstText(item, RSS_CONTENTS),
    date,
    bases: [...outerBases, baseOf(item), baseOf(linkNode)].filter((b): b is string => !!b),
    ...mediaOf(item),
    source: rssSource(item),
    categories: rssCategories(item),
    authors: rssAuthors(item),
  };
}

/**
 * An item of a document whose root is <channel>: RSS's reading, then CDF's own ways (its link as
 * an HREF attribute, its summary as ABSTRACT; its date, LASTMOD, is read by entry-dates.ts).
 */
export function cdfItem(item: XmlNode, date: string | undefined, outerBases: string[]): RawItem {
  const read = rssItem(item, date, outerBases);
  return {
    ...read,
    link: read.link ?? attr(item, "href"),
    description: read.description ?? text(item.abstract),
  };
}
