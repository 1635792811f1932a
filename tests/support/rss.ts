import type { FetchResult } from "../../server/news/fetcher";

/** One story of a test's RSS feed. */
export interface RssItem {
  title: string;
  /** Its <link> (`https://news.example.org/{title, URL-encoded}` unless told). */
  link?: string;
  /** Its <pubDate>: as a feed writes it, or a time (written as UTC); none unless told. */
  date?: string | number;
}

/** A test's RSS document: each part written as given, none that is not told. */
export interface RssDocument {
  /** Whether it opens with `<?xml version="1.0"?>`. */
  declaration?: boolean;
  /** The attributes of <rss>, as written (` version="2.0" xmlns:dc="…"`). */
  attributes?: string;
  /** The attributes of <channel>, as written (` xml:lang="es"`). */
  channelAttributes?: string;
  /** The channel's <title>. */
  title?: string;
  /** Markup after the title, before the items (<ttl>, <language>, items written by hand). */
  elements?: string;
  items?: readonly RssItem[];
}

/** `<item><title>…</title><link>…</link><pubDate>…</pubDate></item>` of `item`. */
export function rssItem(item: RssItem): string {
  const link = item.link ?? `https://news.example.org/${encodeURIComponent(item.title)}`;
  const date = typeof item.date === "number" ? new Date(item.date).toUTCString() : item.date;
  const pubDate = date === undefined ? "" : `<pubDate>${date}</pubDate>`;
  return `<item><title>${item.title}</title><link>${link}</link>${pubDate}</item>`;
}

/**
 * An RSS document as a test wants it: `<rss><channel>`, its title, `elements` and items, and no
 * more than it is told (the reader's tolerance of what is missing is often what is tested).
 */
export function rssDocument(doc: RssDocument): string {
  const declaration = doc.declaration ? `<?xml version="1.0"?>` : "";
  const title = doc.title === undefined ? "" : `<title>${doc.title}</title>`;
  const items = (doc.items ?? []).map(rssItem).join("");
  return (
    `${declaration}<rss${doc.attributes ?? ""}><channel${doc.channelAttributes ?? ""}>` +
    `${title}${doc.elements ?? ""}${items}</channel></rss>`
  );
}

/**
 * A feed's answer as the fetcher hands it to the engine: `body` fetched from `url` as
 * application/rss+xml, with no validators, unless `answer` says otherwise.
 */
export function fetchedFeed(
  body: string | Uint8Array,
  url: string,
  answer: Partial<Omit<Extract<FetchResult, { kind: "ok" }>, "kind" | "body" | "url">> = {},
): FetchResult {
  return {
    kind: "ok",
    body: typeof body === "string" ? Buffer.from(body) : body,
    contentType: "application/rss+xml",
    etag: null,
    lastModified: null,
    url,
    ...answer,
  };
}
