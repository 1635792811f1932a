import { Feed, type Item } from "feed";
import { escapeHtml, escapeXml } from "../../common/xml";
import type { FeedFormat } from "./feeds";

// The documents of the site's own feeds (issue 54), written with the `feed` package from what a
// page shows. Three things it does not do are added here, each a small, checked step:
// - RSS: the authors as `dc:creator` (RSS's own `<author>` is an e-mail address), with the Dublin
//   Core namespace declared;
// - Atom: the document's language (`xml:lang`) and each entry's outlet as `<source>`;
// - JSON Feed: version 1.1 (the package writes 1.0): `language`, `authors`, the summary as
//   `content_text`, the outlet as the `_source` extension.
// Every text is cleaned of characters XML cannot hold. Where a format takes HTML (the RSS
// description, Atom's `type="html"` texts) the plain text is escaped first: a headline's "<b>" is
// shown as written, never read as markup, and no "<" is left inside Atom's texts (the `<source>`
// insertion below relies on it).

/** What a feed says of itself: the page it is the feed of, in the edition's language. */
export interface FeedChannel {
  /** A stable IRI for the feed (Atom's id): the page's URL. */
  id: string;
  title: string;
  description: string;
  /** The page's URL. */
  link: string;
  /** The edition's language ("en-US"). */
  language: string;
  /** When its stories last changed (the newest refresh of its categories). */
  updated: Date;
  /** The URL of each of its formats (each document names itself: rel="self"). */
  self: Record<FeedFormat["id"], string>;
  copyright: string;
  /** The publication: the feed's author (Atom requires one where an entry names none). */
  publisher: { name: string; url: string };
}

/** One item: a story as its page shows it, or a weather alert. */
export interface FeedStory {
  /** Stable across refreshes and text changes (a tag: URI of the stored story). */
  id: string;
  title: string;
  /** Where it is read: the outlet's link. */
  link: string;
  /** Plain text. */
  summary: string;
  /** When it was published, else when the site first had it. */
  date: Date;
  authors?: readonly string[];
  /** The outlet that published it. */
  source?: { name: string; url: string };
  category?: string;
}

/** Characters XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are the characters it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function clean(text: string): string {
  return text.replace(NOT_XML, "");
}

/** Plain text as HTML (a format's HTML texts): its markup characters escaped. */
function html(text: string): string {
  return escapeHtml(clean(text));
}

/** A story's link as a feed may carry it: an http(s) URL, else the page's. */
function linkOf(url: string, page: string): string {
  return URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) ? url : page;
}

function feedOf(channel: FeedChannel, stories: readonly FeedStory[], format: FeedFormat["id"]) {
  const feed = new Feed({
    id: channel.id,
    title: clean(channel.title),
    description: clean(channel.description),
    link: channel.link,
    language: channel.language,
    updated: channel.updated,
    generator: false,
    copyright: clean(channel.copyright),
    author: { name: clean(channel.publisher.name), link: channel.publisher.url },
    feedLinks: { [format]: channel.self[format] },
  });
  for (const story of stories) {
    const item: Item = {
      // Atom's texts are HTML (type="html"): escaped; RSS's and JSON Feed's titles are text.
      title: format === "atom" ? html(story.title) : clean(story.title),
      id: story.id,
      link: linkOf(story.link, channel.link),
      date: story.date,
      published: story.date,
      description: html(story.summary),
      author: story.authors?.map((name) => ({ name: clean(name) })),
      category: story.category ? [{ name: clean(story.category) }] : undefined,
    };
    if (format === "rss") {
      // RSS's <author> is an e-mail address: the names go as Dublin Core's creator.
      item.author = undefined;
      item.extensions = [
        ...(story.authors?.length
          ? [
              {
                name: "dc:creator",
                // One element a name: xml-js writes an array as the element repeated (the
                // package's type asks a record, which would be one element).
                objects: story.authors.map((name) => ({ _text: clean(name) })) as unknown as Record<
                  string,
                  unknown
                >,
              },
            ]
          : []),
        ...(story.source
          ? [
              {
                name: "source",
                objects: {
                  _attributes: { url: story.source.url },
                  _text: clean(story.source.name),
                },
              },
            ]
          : []),
      ];
    }
    feed.addItem(item);
  }
  return feed;
}

/** A feed in RSS 2.0. */
function rss(channel: FeedChannel, stories: readonly FeedStory[]): string {
  const xml = feedOf(channel, stories, "rss").rss2();
  return xml.includes("xmlns:dc=")
    ? xml
    : xml.replace("<rss ", '<rss xmlns:dc="http://purl.org/dc/elements/1.1/" ');
}

/** A feed in Atom 1.0, in the edition's language, each entry with its outlet as <source>. */
function atom(channel: FeedChannel, stories: readonly FeedStory[]): string {
  let xml = feedOf(channel, stories, "atom")
    .atom1()
    .replace(
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(channel.language)}">`,
    );
  // Each entry's <id> is where its <source> follows: every "<" in the document is markup (the
  // texts are escaped), and the entries are in the stories' order, each id once.
  let from = 0;
  for (const story of stories) {
    const id = `<id>${escapeXml(story.id)}</id>`;
    const at = xml.indexOf(id, from);
    if (at < 0) throw new Error(`Atom entry ${story.id} not found`);
    from = at + id.length;
    if (!story.source) continue;
    const url = escapeXml(story.source.url);
    const source = `<source><id>${url}</id><title>${escapeXml(clean(story.source.name))}</title><link href="${url}"/></source>`;
    xml = xml.slice(0, from) + source + xml.slice(from);
    from += source.length;
  }
  return xml;
}

interface JsonFeedItem {
  id: string;
  url?: string;
  title?: string;
  content_html?: string;
  content_text?: string;
  date_published?: string;
  date_modified?: string;
  author?: unknown;
  authors?: { name: string }[];
  tags?: string[];
  _source?: { name: string; url: string };
}

/** A feed in JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
function json(channel: FeedChannel, stories: readonly FeedStory[]): string {
  const doc = JSON.parse(feedOf(channel, stories, "json").json1()) as {
    version: string;
    items: JsonFeedItem[];
    [key: string]: unknown;
  };
  const items = doc.items.map((item, i) => {
    const story = stories[i] as FeedStory;
    // JSON Feed 1.1's `authors` and a text summary replace 1.0's `author` and the HTML.
    const rest: JsonFeedItem = { ...item };
    delete rest.author;
    delete rest.content_html;
    return {
      ...rest,
      content_text: clean(story.summary),
      ...(story.authors?.length
        ? { authors: story.authors.map((name) => ({ name: clean(name) })) }
        : {}),
      ...(story.source
        ? { _source: { name: clean(story.source.name), url: story.source.url } }
        : {}),
    };
  });
  // JSON Feed 1.1's `authors` replaces 1.0's `author`.
  const rest: Record<string, unknown> = { ...doc };
  delete rest.author;
  return `${JSON.stringify(
    {
      ...rest,
      version: "https://jsonfeed.org/version/1.1",
      language: channel.language,
      authors: [{ name: clean(channel.publisher.name), url: channel.publisher.url }],
      items,
    },
    null,
    2,
  )}\n`;
}

/** A page's feed in `format`, ready to send with `format.type`. */
export function writeFeed(
  format: FeedFormat["id"],
  channel: FeedChannel,
  stories: readonly FeedStory[],
): string {
  if (format === "rss") return rss(channel, stories);
  if (format === "atom") return atom(channel, stories);
  return json(channel, stories);
}
