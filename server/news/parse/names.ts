// How a feed's element names are read: prefixes a feed binds to a module's namespace read as
// the module's own, and CDF's capitals read in lower case.

/** Namespaces a feed may bind to a prefix of its choosing, and the prefix they are read by. */
const KNOWN_NAMESPACES = new Map([
  ["http://purl.org/dc/elements/1.1/", "dc"],
  ["http://purl.org/dc/terms/", "dcterms"],
  ["http://purl.org/rss/1.0/modules/content/", "content"],
  ["http://search.yahoo.com/mrss/", "media"],
  ["http://www.itunes.com/dtds/podcast-1.0.dtd", "itunes"],
  ["http://www.w3.org/1999/xhtml", "xhtml"],
  ["http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdf"],
  ["http://rssnamespace.org/feedburner/ext/1.0", "feedburner"],
  ["http://www.pheedo.com/namespace/pheedo", "pheedo"],
]);
/** RSS 1.0's and RSS 0.90's namespaces: an RDF feed's items may be written in either, prefixed. */
const RDF_FEED_NAMESPACES = new Set([
  "http://purl.org/rss/1.0/",
  "http://my.netscape.com/rdf/simple/0.9/",
]);

/** Element prefixes to read as others: a prefix to its standard one, or to none (""). */
type Renames = Map<string, string>;
/** How a document's element and attribute names are read, when not as written. */
export type NameMap = (name: string) => string;

/**
 * The prefixes a document's root element binds that are read as other ones: a module's
 * namespace under a prefix of the feed's choosing (<dcx:date> for dc:date), and the feed's own
 * elements written prefixed (<r:rss>, <atom:feed>, <rss:item> in RDF), read unprefixed. Only the
 * root's own namespace (and in RDF, RSS 1.0's) loses its prefix: an RSS feed's atom:link stays.
 * Undefined when there is nothing to rename, as for nearly every feed.
 */
function renamesOf(rootTag: string): Renames | undefined {
  if (!rootTag.includes("xmlns:")) return undefined;
  const bound = new Map<string, string>();
  for (const m of rootTag.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    bound.set(m[1] as string, (m[2] ?? m[3] ?? "").trim());
  }
  const rootName = /^<([^\s/>]+)/.exec(rootTag)?.[1] ?? "";
  const colon = rootName.indexOf(":");
  const rootNamespace = colon === -1 ? undefined : bound.get(rootName.slice(0, colon));
  const rdf =
    rootName.endsWith(":RDF") && rootNamespace === "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
  const renames: Renames = new Map();
  for (const [prefix, uri] of bound) {
    const standard = KNOWN_NAMESPACES.get(uri);
    if (uri === rootNamespace && !rdf) renames.set(prefix, "");
    else if (rdf && RDF_FEED_NAMESPACES.has(uri)) renames.set(prefix, "");
    // (not onto a prefix the feed binds to another namespace)
    else if (standard && standard !== prefix && !bound.has(standard)) renames.set(prefix, standard);
  }
  return renames.size > 0 ? renames : undefined;
}

/** An element's name as read, its prefix renamed. */
function renamed(name: string, renames: Renames): string {
  const colon = name.indexOf(":");
  const prefix = colon === -1 ? undefined : renames.get(name.slice(0, colon));
  if (prefix === undefined) return name;
  return prefix ? `${prefix}${name.slice(colon)}` : name.slice(colon + 1);
}

/**
 * How the names of a document with this root start tag are read: CDF's, whose names are
 * case-insensitive and written in capitals (<CHANNEL>, <ITEM HREF="…">), in lower case; else with
 * their prefixes renamed (renamesOf). Undefined for nearly every feed: as written.
 */
export function nameMapOf(rootTag: string): NameMap | undefined {
  if (/^<channel[\s>/]/i.test(rootTag) && !rootTag.startsWith("<channel")) {
    return (name) => name.toLowerCase();
  }
  const renames = renamesOf(rootTag);
  return renames && ((name) => renamed(name, renames));
}

/** The root element's start tag (after the XML declaration, comments and any DOCTYPE). */
export function rootTagOf(xml: string): string {
  for (let i = xml.indexOf("<"); i !== -1;) {
    const comment = xml.startsWith("<!--", i);
    if (comment || xml.startsWith("<?", i) || xml.startsWith("<!", i)) {
      const end = comment ? xml.indexOf("-->", i + 4) : xml.indexOf(">", i + 2);
      if (end === -1) return "";
      i = xml.indexOf("<", end + 1);
      continue;
    }
    const end = xml.indexOf(">", i);
    return end === -1 ? "" : xml.slice(i, end + 1);
  }
  return "";
}
