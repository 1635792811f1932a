import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { FEED_FIXTURES_DIR } from "../support/fixtures";
import { withCurrentDates } from "./current-dates";
import { pictureJpeg, withLocalPictures } from "./pictures";

/**
 * A local stand-in for the publishers' servers: serves tests/fixtures/feeds over real HTTP,
 * with ETag/Last-Modified and 304, and misbehaves on request:
 *   /feeds/NAME                   the fixture (gzip when asked), with validators
 *   /pictures/feeds/NAME          the fixture with its picture URLs pointing at /picture/ID.jpg
 *   /picture/ID.jpg               a picture generated for that id (pictures.ts): the demo's
 *   /gzip/feeds/NAME              always gzip-encoded
 *   /wrong-type/feeds/NAME        the fixture labelled text/html
 *   /truncated/feeds/NAME         the first half of the fixture
 *   /redirect/N/feeds/NAME        N redirects, then the fixture
 *   /redirect-loop                redirects to itself forever
 *   /redirect-to?location=URL     one redirect to any URL (javascript:, ftp:, …)
 *   /status/CODE?retry-after=S    that status, with Retry-After when given
 *   /slow/MS/feeds/NAME           waits MS before answering
 *   /trickle                      headers at once, then one byte every 200 ms, forever
 *   /endless                      an XML body that never ends, as fast as the client reads
 *   /huge                         a 50 MB body with a Content-Length
 *   /fresh                        a small feed whose items are 30 min, 3 h and 2 days old
 *   /switch/ID/feeds/NAME         HTTP 500 until /switch/ID/recover is requested, then the fixture
 *   /hostile                      a feed of script tags, event handlers, javascript: and data:
 *                                 URLs, and an entity bomb
 * The fixtures are served byte for byte, unless (the demo) `shiftDates` moves their dates to today.
 */
export interface FeedServer {
  url: string;
  /** How many requests each path received. */
  hits: Map<string, number>;
  /** The request headers of the last request to each path. */
  lastHeaders: Map<string, IncomingMessage["headers"]>;
  close(): Promise<void>;
}

const LAST_MODIFIED = "Sat, 01 Nov 2026 12:00:00 GMT";

export interface FeedServerOptions {
  /**
   * The demo's (off by default: everything else gets the fixtures byte for byte): every fixture
   * served with its dates moved so that its newest item is a few minutes old when the server
   * starts (current-dates.ts), dates naming no zone read in `timeZone` (the site's; UTC unless
   * given), `now` the clock (tests fix it). The offset is fixed at the start, not recomputed per
   * request: a feed's bytes, ETag and Last-Modified (the start) then stay the same for the run,
   * so 304s work as with the plain fixtures, and its items age from then on as a real feed's do.
   */
  shiftDates?: { now?: () => number; timeZone?: string };
}

/** Where the fixtures' bytes come from: the files as they are, or (shiftDates) moved in time. */
interface Fixtures {
  read(file: string): Buffer;
  lastModified: string;
}

function fixturesOf({ shiftDates }: FeedServerOptions): Fixtures {
  if (!shiftDates) return { read: (file) => readFileSync(file), lastModified: LAST_MODIFIED };
  const startedAt = (shiftDates.now ?? Date.now)();
  const shifted = new Map<string, Buffer>();
  return {
    read(file) {
      let body = shifted.get(file);
      if (!body) {
        body = withCurrentDates(readFileSync(file), {
          now: startedAt,
          timeZone: shiftDates.timeZone,
        });
        shifted.set(file, body);
      }
      return body;
    },
    // The shifted documents were made when the server started.
    lastModified: new Date(startedAt).toUTCString(),
  };
}

/** Everything a hostile or compromised publisher could put in a feed. */
export const HOSTILE_FEED = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Hostile</title>
<item><title>&lt;script&gt;alert("title")&lt;/script&gt;Hostile headline &c;</title>
<link>javascript:alert('link')</link>
<description><![CDATA[<img src="x" onerror="alert('img')"><p onclick="alert(1)">Hostile summary</p><script>alert('desc')</script><a href="javascript:alert(2)">click</a>]]></description>
<media:content url="javascript:alert('media')" medium="image"/>
<enclosure url="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" type="image/svg+xml"/>
<pubDate>${new Date().toUTCString()}</pubDate></item>
<item><title><![CDATA[<svg onload=alert('svg')>Second hostile headline]]></title><link>data:text/html,&lt;script&gt;alert(3)&lt;/script&gt;</link><description>vbscript:msgbox</description></item>
</channel></rss>`;

function contentTypeOf(name: string): string {
  if (name.endsWith(".atom.xml")) return "application/atom+xml";
  if (name.includes(".rdf.") || name.includes(".rss090.")) return "application/rdf+xml";
  if (name.includes("html-not-a-feed")) return "text/html; charset=utf-8";
  return "application/rss+xml";
}

function fixturePath(name: string): string | null {
  const file = path.resolve(FEED_FIXTURES_DIR, name);
  return file.startsWith(FEED_FIXTURES_DIR + path.sep) && existsSync(file) ? file : null;
}

function serveFixture(
  fixtures: Fixtures,
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  mode: string,
  base = "",
): void {
  const file = fixturePath(name);
  if (!file) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("no such fixture");
    return;
  }
  const { lastModified } = fixtures;
  let body = fixtures.read(file);
  if (mode === "pictures") body = withLocalPictures(body, base);
  const etag = `"${createHash("sha1").update(body).digest("hex").slice(0, 16)}"`;
  // `?changed`: the feed is answered whole every time, as a feed that changes at each fetch
  // would be (the benchmarks' refreshes then parse and store every item again).
  const changing = /[?&]changed\b/.test(req.url ?? "");
  if (
    !changing &&
    (req.headers["if-none-match"] === etag || req.headers["if-modified-since"] === lastModified)
  ) {
    res.writeHead(304, { ETag: etag, "Last-Modified": lastModified }).end();
    return;
  }
  if (mode === "truncated") body = body.subarray(0, Math.floor(body.length / 2));
  const headers: Record<string, string> = {
    "Content-Type": mode === "wrong-type" ? "text/html" : contentTypeOf(name),
    ETag: etag,
    "Last-Modified": lastModified,
  };
  const wantsGzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (mode === "gzip" || (wantsGzip && mode === "")) {
    body = gzipSync(body);
    headers["Content-Encoding"] = "gzip";
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(200, headers).end(body);
}

/** Switched feeds that have been told to recover (see /switch/ID/…). */
const recovered = new Set<string>();

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  server: FeedServer,
  timers: Set<NodeJS.Timeout>,
  fixtures: Fixtures,
): void {
  const url = new URL(req.url ?? "/", "http://localhost");
  const p = url.pathname;
  server.hits.set(p, (server.hits.get(p) ?? 0) + 1);
  server.lastHeaders.set(p, req.headers);
  let m: RegExpExecArray | null;

  if ((m = /^\/(?:(gzip|wrong-type|truncated|pictures)\/)?feeds\/(.+)$/.exec(p))) {
    return serveFixture(fixtures, req, res, decodeURIComponent(m[2] ?? ""), m[1] ?? "", server.url);
  }
  if ((m = /^\/picture\/([0-9a-f]{16})\.jpg$/.exec(p))) {
    void pictureJpeg(m[1] ?? "").then((jpeg) =>
      res
        .writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(jpeg.length) })
        .end(jpeg),
    );
    return;
  }
  if ((m = /^\/switch\/([\w-]+)\/(recover|feeds\/(.+))$/.exec(p))) {
    const id = m[1] ?? "";
    if (m[2] === "recover") {
      recovered.add(id);
      res.writeHead(204).end();
    } else if (!recovered.has(id)) {
      res.writeHead(500, { "Content-Type": "text/plain" }).end("down");
    } else {
      serveFixture(fixtures, req, res, decodeURIComponent(m[3] ?? ""), "");
    }
    return;
  }
  if (p === "/hostile") {
    res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(HOSTILE_FEED);
    return;
  }
  if ((m = /^\/redirect\/(\d+)\/(feeds\/.+)$/.exec(p))) {
    const n = Number(m[1]);
    const location = n <= 1 ? `/${m[2]}` : `/redirect/${n - 1}/${m[2]}`;
    res.writeHead(302, { Location: location }).end();
    return;
  }
  if (p === "/redirect-loop") {
    res.writeHead(302, { Location: "/redirect-loop" }).end();
    return;
  }
  if (p === "/redirect-to") {
    res.writeHead(302, { Location: url.searchParams.get("location") ?? "/" }).end();
    return;
  }
  if ((m = /^\/status\/(\d{3})$/.exec(p))) {
    const headers: Record<string, string> = { "Content-Type": "text/plain" };
    const retryAfter = url.searchParams.get("retry-after");
    if (retryAfter) headers["Retry-After"] = retryAfter;
    res.writeHead(Number(m[1]), headers).end("status");
    return;
  }
  if ((m = /^\/slow\/(\d+)\/feeds\/(.+)$/.exec(p))) {
    const name = m[2] ?? "";
    const timer = setTimeout(() => serveFixture(fixtures, req, res, name, ""), Number(m[1]));
    timers.add(timer);
    return;
  }
  if (p === "/trickle") {
    res.writeHead(200, { "Content-Type": "application/rss+xml" });
    res.write("<");
    const timer = setInterval(() => res.write(" "), 200);
    timers.add(timer);
    res.on("close", () => clearInterval(timer));
    return;
  }
  if (p === "/endless") {
    res.writeHead(200, { "Content-Type": "application/rss+xml" });
    const chunk = Buffer.from("<item><title>again</title></item>".repeat(2000));
    const pump = () => {
      while (res.write(chunk)) {
        /* until the socket pushes back */
      }
    };
    res.on("drain", pump);
    res.write("<rss><channel>");
    pump();
    return;
  }
  if ((m = /^\/city\/([a-z0-9-]+)\/local\.xml$/.exec(p))) {
    // A city's own local feed (the network tests' generated cities): three stories naming the
    // city, dated with no zone (read in the city's zone), at 08:00, 09:00 and 10:00 on the day.
    const city = m[1] ?? "";
    const items = [8, 9, 10]
      .map(
        (hour) =>
          `<item><title>Local story at ${hour}:00 in ${city}</title><link>https://local.example/${city}/${hour}</link><pubDate>2026-11-20T${String(hour).padStart(2, "0")}:00:00</pubDate></item>`,
      )
      .join("");
    res
      .writeHead(200, { "Content-Type": "application/rss+xml" })
      .end(`<rss version="2.0"><channel><title>${city} local</title>${items}</channel></rss>`);
    return;
  }
  if (p === "/fresh") {
    const now = Date.now();
    const items = [
      ["Fresh story from half an hour ago", 30 * 60_000],
      ["Story from three hours ago", 3 * 3600_000],
      ["Story from two days ago", 2 * 86_400_000],
    ]
      .map(
        ([title, age]) =>
          `<item><title>${title}</title><link>https://fresh.example/${encodeURIComponent(String(title))}</link><pubDate>${new Date(now - Number(age)).toUTCString()}</pubDate></item>`,
      )
      .join("");
    res
      .writeHead(200, { "Content-Type": "application/rss+xml" })
      .end(`<rss version="2.0"><channel><title>Fresh</title>${items}</channel></rss>`);
    return;
  }
  if (p === "/huge") {
    const size = 50 * 1024 * 1024;
    res.writeHead(200, { "Content-Type": "application/rss+xml", "Content-Length": String(size) });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size && res.write(chunk)) sent += chunk.length;
      if (sent >= size) res.end();
    };
    res.on("drain", pump);
    pump();
    return;
  }
  res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
}

/** Starts the fixture feed server on a port of this machine (0: any free one). */
export async function startFeedServer(
  port = 0,
  host = "127.0.0.1",
  options: FeedServerOptions = {},
): Promise<FeedServer> {
  const timers = new Set<NodeJS.Timeout>();
  const fixtures = fixturesOf(options);
  const state: FeedServer = {
    url: "",
    hits: new Map(),
    lastHeaders: new Map(),
    close: async () => {},
  };
  const server = createServer((req, res) => handle(req, res, state, timers, fixtures));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  state.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
