import { XMLParser, XMLValidator } from "fast-xml-parser";

/** One feed entry as read from the XML, before the spec's rules are applied (normalize.ts). */
export interface RawItem {
  guid?: string;
  /** False when an RSS guid says isPermaLink="false". */
  guidIsPermaLink: boolean;
  title?: string;
  link?: string;
  /** description / summary (HTML, as the feed gives it) */
  description?: string;
  /** content:encoded / Atom content (HTML) */
  content?: string;
  date?: string;
  media: MediaRef[];
  enclosures: MediaRef[];
  thumbnails: MediaRef[];
}

export interface MediaRef {
  url: string;
  type?: string;
  medium?: string;
  width?: number;
  height?: number;
}

export interface ParsedFeed {
  format: "rss" | "rdf" | "atom";
  title?: string;
  link?: string;
  items: RawItem[];
}

/** Thrown for a document that is not a readable feed; the message is the logged reason. */
export class FeedParseError extends Error {
  override name = "FeedParseError";
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  // Only XML's own entities and character references; DOCTYPEs are removed before parsing, so no
  // entity is ever defined by the feed (no billion-laughs, no external entities).
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Paths as matcher objects, not strings: faster, and nothing here reads them. Repeated
  // elements (item, link, media:content, …) are read through list(), which takes one or many.
  jPath: false,
});

/** Repairs the damage real feeds carry that a strict XML parser rejects, without changing content. */
function repair(xml: string): string {
  return (
    xml
      // a BOM, spaces, or junk (a bogus processing instruction) before the document
      .replace(/^[\s\uFEFF]+/, "")
      .replace(/^<\?(?!xml[\s?])[^>]*\?>\s*/i, "")
      // DOCTYPE (with any internal subset): entity definitions are never honoured
      .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, "")
      // characters XML forbids (control characters)
      // eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      // a bare & that starts no entity (e.g. in a query string) becomes &amp;
      .replace(/&(?!#\d+;|#x[\da-f]+;|[a-z][\w.-]*;)/gi, "&amp;")
  );
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value.trim() || undefined;
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "object") {
    const node = value as Node;
    if ("#text" in node) return text(node["#text"]);
    // <pubDate><time datetime="…">…</time></pubDate> and other wrapped values
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith("@_")) continue;
      const found = attr(child, "datetime") ?? text(child);
      if (found) return found;
    }
  }
  return undefined;
}

function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  const value = (node as Node)[`@_${name}`];
  return typeof value === "string" ? value.trim() || undefined : undefined;
}

function list(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter(
    (v): v is Node => typeof v === "object" && v !== null,
  );
}

function number(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : undefined;
}

function mediaRefs(nodes: Node[], urlAttr = "url"): MediaRef[] {
  return nodes.flatMap((node) => {
    const url = attr(node, urlAttr) ?? attr(node, "rdf:resource") ?? attr(node, "href");
    if (!url) return [];
    return [
      {
        url,
        type: attr(node, "type"),
        medium: attr(node, "medium"),
        width: number(attr(node, "width")),
        height: number(attr(node, "height")),
      },
    ];
  });
}

function mediaOf(item: Node): Pick<RawItem, "media" | "thumbnails" | "enclosures"> {
  const groups = list(item["media:group"]);
  return {
    media: mediaRefs([
      ...list(item["media:content"]),
      ...groups.flatMap((g) => list(g["media:content"])),
    ]),
    thumbnails: mediaRefs([
      ...list(item["media:thumbnail"]),
      ...groups.flatMap((g) => list(g["media:thumbnail"])),
    ]),
    enclosures: mediaRefs([...list(item.enclosure), ...list(item["enc:enclosure"])]),
  };
}

function rssItem(item: Node): RawItem {
  const guidNode = Array.isArray(item.guid) ? item.guid[0] : item.guid;
  return {
    guid: text(guidNode),
    guidIsPermaLink: attr(guidNode, "isPermaLink")?.toLowerCase() !== "false",
    title: text(item.title),
    link: text(item.link) ?? attr(list(item.link)[0], "href"),
    description: text(item.description),
    content: text(item["content:encoded"]),
    date: text(item.pubDate) ?? text(item["dc:date"]) ?? text(item["dcterms:issued"]),
    ...mediaOf(item),
  };
}

function atomLink(links: Node[]): string | undefined {
  const alternate =
    links.find((l) => (attr(l, "rel") ?? "alternate") === "alternate" && attr(l, "href")) ??
    links.find((l) => attr(l, "href"));
  return attr(alternate, "href");
}

function atomItem(entry: Node): RawItem {
  return {
    guid: text(entry.id),
    guidIsPermaLink: false,
    title: text(entry.title),
    link: atomLink(list(entry.link)),
    description: text(entry.summary) ?? text(list(entry["media:group"])[0]?.["media:description"]),
    content: text(entry.content),
    date: text(entry.published) ?? text(entry.updated) ?? text(entry.issued),
    ...mediaOf(entry),
  };
}

/**
 * Parses RSS 2.0 (and 0.9x), RSS 1.0/RDF and Atom 1.0 into raw items. Throws FeedParseError with
 * the reason for a document that is not well-formed even after repair, or is not a feed.
 */
export function parseFeed(xml: string): ParsedFeed {
  const repaired = repair(xml);
  let doc: Node;
  try {
    doc = parser.parse(repaired) as Node;
  } catch (error) {
    throw new FeedParseError(`Malformed XML: ${(error as Error).message}`);
  }
  // The parser is lenient; a document cut short (a truncated response) must still fail, so the
  // root element has to be closed. (A full validation pass would cost a third of the parse.)
  if (
    !/<\/(?:[\w.-]+:)?(?:rss|feed|RDF)\s*>(?:\s|<!--[\s\S]*?-->|<\?[\s\S]*?\?>)*$/.test(repaired)
  ) {
    const valid = XMLValidator.validate(repaired);
    const detail =
      valid === true
        ? "the document ends before its root element closes"
        : `${valid.err.msg} (line ${valid.err.line})`;
    if (list(doc.rss)[0] || list(doc.feed)[0] || list(doc["rdf:RDF"])[0]) {
      throw new FeedParseError(`Malformed XML: ${detail}`);
    }
  }

  const rss = list(doc.rss)[0];
  if (rss) {
    const channel = list(rss.channel)[0] ?? {};
    return {
      format: "rss",
      title: text(channel.title),
      link: text(channel.link),
      items: list(channel.item).map(rssItem),
    };
  }
  const rdf = list(doc["rdf:RDF"])[0];
  if (rdf) {
    const channel = list(rdf.channel)[0] ?? {};
    // RSS 1.0 and 0.90 put items beside the channel; some writers put them inside it.
    return {
      format: "rdf",
      title: text(channel.title),
      link: text(channel.link),
      items: [...list(rdf.item), ...list(channel.item)].map(rssItem),
    };
  }
  const feed = list(doc.feed)[0];
  if (feed) {
    return {
      format: "atom",
      title: text(feed.title),
      link: atomLink(list(feed.link)),
      items: list(feed.entry).map(atomItem),
    };
  }
  const root = Object.keys(doc).find((k) => !k.startsWith("?")) ?? "nothing";
  throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
}
