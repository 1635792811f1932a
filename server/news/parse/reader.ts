// The feed reader: a feed's head and its entries, each with its date at once and read in full
// only when asked. Its entries are found one of two ways, which must agree (parse.test.ts proves
// it on the corpus): skim() by bytes, the fast way; else the document built by the tokenizer
// (parseWithTree), which also gives the reason a document is not a feed.
import { atomItem } from "./atom-entry";
import { channelLanguageOf } from "./declared-language";
import { FEED_ROOTS, endsWithRootClose, repair } from "./document";
import { entryDateOf } from "./entry-dates";
import { atomLink, baseOf, hrefOf } from "./links";
import { nameMapOf, rootTagOf, type NameMap } from "./names";
import { cdfItem, rssItem } from "./rss-item";
import { skim } from "./skim";
import { buildTree } from "./tree";
import type { FeedBytes, FeedEntry, ParsedFeed, RawItem, SourceRange, XmlNode } from "./types";
import { attr, list, text } from "./values";

/** Thrown for a document that is not a readable feed; the message is the logged reason. */
export class FeedParseError extends Error {
  override name = "FeedParseError";
}

/**
 * Parses RSS 2.0 (and 0.9x), RSS 1.0/RDF and Atom 1.0 into raw items. Throws FeedParseError with
 * the reason for a document that is not well-formed even after repair, or is not a feed.
 */
export function parseFeed(xml: string): ParsedFeed {
  const bytes = Buffer.from(xml, "utf8");
  return parseFeedBytes({ bytes, text: (start, end) => bytes.toString("utf8", start, end) });
}

/**
 * parseFeed for a feed's bytes (see FeedBytes): skimmed by bytes, and only what is read decoded;
 * a feed that skim() leaves to the tokenizer is decoded whole.
 */
export function parseFeedBytes(source: FeedBytes): ParsedFeed {
  const skimmed = skim(source);
  const length = source.bytes.length;
  if (
    skimmed &&
    FEED_ROOTS.has(skimmed.root) &&
    endsWithRootClose(source.text(Math.max(0, length - 4096), length))
  ) {
    const { root, entries, headEnd } = skimmed;
    // The channel's own elements come before its first entry: only that part is built.
    const head = list(buildTree(source.text(0, headEnd))[root])[0] ?? {};
    const reader = new EntryReader(root, head, source, undefined);
    return feedFrom(
      root,
      head,
      entries.map(({ date, range }) => new LazyEntry(date, range, reader)),
    );
  }
  return parseWithTree(repair(source.text(0, length)));
}

/**
 * parseFeed by the tokenizer alone: the document built whole (its entries skimmed), for what
 * skim() leaves to it. It also gives the reasons a document is not a feed, and is what skim()
 * is tested against.
 */
export function parseWithTree(repaired: string): ParsedFeed {
  const nameMap = nameMapOf(rootTagOf(repaired));
  const ranges = new Map<XmlNode, SourceRange>();
  const doc = buildTree(repaired, ranges, nameMap);
  const root = Object.keys(doc)[0];
  if (!root) throw new FeedParseError("Not a feed: the document has no root element");
  if (Object.keys(doc).length > 1) {
    throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
  }
  if (!FEED_ROOTS.has(root) && root !== "channel")
    throw new FeedParseError(`Not a feed: the document's root is <${root}>`);
  // A document cut short (a truncated response) must fail: its root element has to be closed.
  if (!endsWithRootClose(repaired.slice(-4096))) {
    throw new FeedParseError(`Malformed XML: the document ends before </${root}>`);
  }

  const rootNode = list(doc[root])[0] ?? {};
  const channel = list(rootNode.channel)[0] ?? {};
  const nodes =
    root === "rss"
      ? list(channel.item)
      : root === "feed"
        ? list(rootNode.entry)
        : root === "channel"
          ? list(rootNode.item)
          : // RSS 1.0 and 0.90 put items beside the channel; some writers put them inside it.
            [...list(rootNode.item), ...list(channel.item)];
  const dateOf = entryDateOf(root);
  const markup = { text: (start: number, end: number) => repaired.slice(start, end) };
  const reader = new EntryReader(root, rootNode, markup, nameMap);
  return feedFrom(
    root,
    rootNode,
    // (a skimmed entry is built in full from its markup when read)
    nodes.map((node) => new LazyEntry(dateOf(node), ranges.get(node) ?? node, reader)),
  );
}

/** The element of a document whose root is `root`, built as `rootNode`, that holds its head. */
function channelOf(root: string, rootNode: XmlNode): XmlNode {
  return root === "feed" || root === "channel" ? rootNode : (list(rootNode.channel)[0] ?? {});
}

/** Whether an entry is given by where its markup is (else as built). */
function isRange(entry: SourceRange | XmlNode): entry is SourceRange {
  return Array.isArray(entry);
}

/**
 * How the entries of a document whose root is `root` (built as `rootNode`) are read: each built in
 * full from its markup, then read as RawItem with the date its document was read with. The
 * xml:base of the root and the channel apply to every entry's links.
 */
class EntryReader {
  private readonly bases: string[];
  private readonly item: (node: XmlNode, date: string | undefined, outerBases: string[]) => RawItem;

  constructor(
    root: string,
    rootNode: XmlNode,
    private readonly markup: { text(start: number, end: number): string },
    private readonly nameMap: NameMap | undefined,
  ) {
    const channel = channelOf(root, rootNode);
    this.bases = [baseOf(rootNode), channel === rootNode ? undefined : baseOf(channel)].filter(
      (b): b is string => !!b,
    );
    this.item = root === "feed" ? atomItem : root === "channel" ? cdfItem : rssItem;
  }

  /** An entry, given as built or by where its markup is, whose date was read as `date`. */
  read(entry: SourceRange | XmlNode, date: string | undefined): RawItem {
    if (!isRange(entry)) return this.item(entry, date, this.bases);
    const tree = buildTree(this.markup.text(entry[0], entry[1]), undefined, this.nameMap);
    return this.item(list(Object.values(tree)[0])[0] ?? {}, date, this.bases);
  }
}

/**
 * An entry of a feed (FeedEntry): its date at once, the rest read by `reader` when asked (with
 * that date: an entry's date elements are read once).
 */
class LazyEntry implements FeedEntry {
  constructor(
    readonly date: string | undefined,
    private readonly entry: SourceRange | XmlNode,
    private readonly reader: EntryReader,
  ) {}

  read(): RawItem {
    return this.reader.read(this.entry, this.date);
  }
}

/**
 * The feed of a document whose root element is `root` (rss, rdf:RDF, feed or channel), built as
 * `rootNode` (its entries aside), with its entries.
 */
function feedFrom(root: string, rootNode: XmlNode, entries: FeedEntry[]): ParsedFeed {
  const atom = root === "feed";
  const cdf = root === "channel";
  const channel = channelOf(root, rootNode);
  return feedOf(
    {
      format: atom ? "atom" : cdf ? "cdf" : root === "rss" ? "rss" : "rdf",
      title: text(channel.title),
      link: atom ? hrefOf(atomLink(channel.link)) : (text(channel.link) ?? attr(channel, "href")),
      language: channelLanguageOf(channel, rootNode),
      ttlMinutes: atom ? undefined : ttlOf(text(channel.ttl)),
    },
    entries,
  );
}

/** A feed of `head` and `entries`, whose items are read on first use (most feeds never are). */
function feedOf(
  head: Pick<ParsedFeed, "format" | "title" | "link" | "language" | "ttlMinutes">,
  entries: FeedEntry[],
): ParsedFeed {
  let items: RawItem[] | undefined;
  // (Not spread into another object: that would read the getter, and with it every entry.)
  return {
    ...head,
    entries,
    get items() {
      return (items ??= entries.map((e) => e.read()));
    },
  };
}

/** An RSS `<ttl>` in minutes: a whole number up to a week, else none. */
function ttlOf(value: string | undefined): number | undefined {
  if (!value || !/^\s*\d{1,6}\s*$/.test(value)) return undefined;
  const minutes = Number(value);
  return minutes > 0 ? Math.min(minutes, 7 * 24 * 60) : undefined;
}
