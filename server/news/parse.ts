import { decodeXML } from "entities";
import { Parser } from "htmlparser2";

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

/** One entry of a feed: its date at once, the rest read only when asked (most are never shown). */
export interface FeedEntry {
  date: string | undefined;
  read(): RawItem;
}

export interface ParsedFeed {
  format: "rss" | "rdf" | "atom";
  title?: string;
  link?: string;
  entries: FeedEntry[];
  /** Every entry, read. */
  readonly items: RawItem[];
}

function entriesOf(
  nodes: Node[],
  dateOf: (node: Node) => string | undefined,
  read: (node: Node) => RawItem,
): Pick<ParsedFeed, "entries" | "items"> {
  const entries = nodes.map((node) => ({ date: dateOf(node), read: () => read(node) }));
  let items: RawItem[] | undefined;
  return {
    entries,
    get items() {
      return (items ??= entries.map((e) => e.read()));
    },
  };
}

/** Thrown for a document that is not a readable feed; the message is the logged reason. */
export class FeedParseError extends Error {
  override name = "FeedParseError";
}

type Node = Record<string, unknown>;

/**
 * Builds the document as plain objects, the shape the readers below expect: an element is an
 * object of its children by name (an array when a name repeats), attributes as "@_name", text as
 * "#text"; an element with only text is that string. Only XML's own entities and character
 * references are decoded, and no DTD is ever read: no entity a feed defines is ever expanded.
 * htmlparser2's tokenizer is lenient by design; parseFeed checks what must hold for a feed.
 */
function buildTree(xml: string): Node {
  const root: Node = {};
  interface Open {
    name: string;
    node: Node;
    text: string;
    hasFields: boolean;
  }
  const stack: Open[] = [{ name: "", node: root, text: "", hasFields: false }];
  let top = stack[0] as Open;
  let inCdata = false;
  const tokenizer = new Parser(
    {
      onopentag(name, attribs) {
        const node: Node = {};
        let hasFields = false;
        for (const key in attribs) {
          const value = attribs[key] ?? "";
          node[`@_${key}`] = value.includes("&") ? decodeXML(value) : value;
          hasFields = true;
        }
        top = { name, node, text: "", hasFields };
        stack.push(top);
      },
      ontext(chunk) {
        // CDATA is literal; other text has XML's entities and character references decoded. (Done
        // here, only where an "&" occurs: cheaper than the tokenizer decoding every character.)
        top.text += inCdata || !chunk.includes("&") ? chunk : decodeXML(chunk);
      },
      oncdatastart() {
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
      onclosetag() {
        const done = stack.pop();
        top = stack[stack.length - 1] as Open;
        if (!done || !top) return;
        const text = done.text.trim();
        let value: unknown = done.node;
        if (!done.hasFields) value = text;
        else if (text) done.node["#text"] = text;
        const parent = top.node;
        const existing = parent[done.name];
        if (existing === undefined) parent[done.name] = value;
        else if (Array.isArray(existing)) existing.push(value);
        else parent[done.name] = [existing, value];
        top.hasFields = true;
      },
    },
    { xmlMode: true, decodeEntities: false, recognizeSelfClosing: true },
  );
  tokenizer.write(xml);
  tokenizer.end();
  return root;
}

const FEED_ROOTS = new Set(["rss", "rdf:RDF", "feed"]);

/** The end of a complete feed document: its root closed, then only comments or whitespace. */
const ROOT_CLOSED = /<\/(?:[\w.-]+:)?(?:rss|feed|RDF)\s*>(?:\s|<!--[\s\S]*?-->|<\?[\s\S]*?\?>)*$/;

/**
 * Removes what must never be read (a DTD with its entity definitions) or shown (characters XML
 * forbids), and the junk real feeds put before the document. A bare "&" (in a query string, say)
 * needs nothing: the tokenizer leaves what is not an entity as it is.
 */
function repair(xml: string): string {
  let out = xml.replace(/^[\s\uFEFF]+/, "");
  // junk (a bogus processing instruction) before the document
  if (out.startsWith("<?") && !/^<\?xml[\s?]/i.test(out)) out = out.replace(/^<\?[^>]*\?>\s*/, "");
  // a DOCTYPE (with any internal subset) comes before the root: its entities are never honoured
  const head = out.slice(0, 8192);
  if (/<!DOCTYPE/i.test(head)) out = out.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, "");
  // (Characters XML forbids, control characters, are dropped from the text that is shown: see
  // normalize.ts. Scanning every document for them here cost more than the rest of repair.)
  return out;
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

function rssDate(item: Node): string | undefined {
  return text(item.pubDate) ?? text(item["dc:date"]) ?? text(item["dcterms:issued"]);
}

function atomDate(entry: Node): string | undefined {
  return text(entry.published) ?? text(entry.updated) ?? text(entry.issued);
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
    date: rssDate(item),
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
    date: atomDate(entry),
    ...mediaOf(entry),
  };
}

/**
 * Parses RSS 2.0 (and 0.9x), RSS 1.0/RDF and Atom 1.0 into raw items. Throws FeedParseError with
 * the reason for a document that is not well-formed even after repair, or is not a feed.
 */
export function parseFeed(xml: string): ParsedFeed {
  const repaired = repair(xml);
  const doc = buildTree(repaired);
  const root = Object.keys(doc)[0];
  if (!root) throw new FeedParseError("Not a feed: the document has no root element");
  if (Object.keys(doc).length > 1) {
    throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
  }
  if (!FEED_ROOTS.has(root))
    throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
  // A document cut short (a truncated response) must fail: its root element has to be closed.
  if (!ROOT_CLOSED.test(repaired.slice(-4096))) {
    throw new FeedParseError(`Malformed XML: the document ends before </${root}>`);
  }

  const rss = list(doc.rss)[0];
  if (rss) {
    const channel = list(rss.channel)[0] ?? {};
    return {
      format: "rss",
      title: text(channel.title),
      link: text(channel.link),
      ...entriesOf(list(channel.item), rssDate, rssItem),
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
      ...entriesOf([...list(rdf.item), ...list(channel.item)], rssDate, rssItem),
    };
  }
  const feed = list(doc.feed)[0];
  if (feed) {
    return {
      format: "atom",
      title: text(feed.title),
      link: atomLink(list(feed.link)),
      ...entriesOf(list(feed.entry), atomDate, atomItem),
    };
  }
  throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
}
