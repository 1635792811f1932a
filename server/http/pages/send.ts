import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_CONTROL } from "../../../common/cache-control";
import { Overloaded, type Limiter } from "../../limiter";
import { noteCache } from "../observe";
import { accepts, notModified } from "../static-files";
import {
  COMPRESSIBLE,
  compressIn,
  worthCompressing,
  type CachedPage,
  type Coding,
  type PageCache,
  type RenderedPage,
} from "./page-cache";

/** The ETag of a cached page in `coding` (each encoding has its own validator). */
function etagOf(page: CachedPage, coding: Coding | undefined): string {
  return coding ? page.etag.replace(/"$/, `-${coding}"`) : page.etag;
}

/** Accept-Encoding values as sent, each with the encoding it takes (null: none). */
const codingsSeen = new Map<string, Coding | null>();
/** Accept-Encoding values remembered (anyone's text: beyond, they are forgotten at once). */
const CODINGS_REMEMBERED = 256;

/** The encoding a reader takes: brotli, else gzip, else none. */
export function acceptedCoding(req: IncomingMessage): Coding | undefined {
  const encodings = req.headers["accept-encoding"];
  if (encodings === undefined) return undefined;
  // Readers send a few values over and over: each is parsed once.
  let coding = codingsSeen.get(encodings);
  if (coding === undefined) {
    coding = accepts(encodings, "br") ? "br" : accepts(encodings, "gzip") ? "gzip" : null;
    if (codingsSeen.size >= CODINGS_REMEMBERED) codingsSeen.clear();
    codingsSeen.set(encodings, coding);
  }
  return coding ?? undefined;
}

/** The encoding a page is sent in: brotli, else gzip, when accepted and worth it. */
function codingFor(req: IncomingMessage, page: RenderedPage | CachedPage): Coding | undefined {
  return ("etag" in page ? page.compressible : worthCompressing(page))
    ? acceptedCoding(req)
    : undefined;
}

export interface SenderOptions {
  /** The Vary of pages (the headers their content depends on). */
  vary: string;
  /** Where cached pages' bodies are kept, compressed (absent in development). */
  cache?: PageCache;
  /** Admission for render work: compression outside a render is refused under load. */
  limiter?: Limiter;
}

/** The headers of a page as sent (its own, and those of its encoding and cache outcome). */
function headersFor(
  page: RenderedPage | CachedPage,
  coding: Coding | undefined,
  outcome: string,
  length: number,
  vary: string,
): Record<string, string> {
  // A new object, never one with keys deleted: V8 keeps that one as a dictionary, slower for
  // Node to walk on every response sent from it.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (name === "content-length" || name === "content-encoding") continue;
    if (name === "cache-control" && "etag" in page) continue;
    headers[name] = value;
  }
  if ("etag" in page) {
    headers["Cache-Control"] = page.headers["cache-control"] ?? CACHE_CONTROL.news;
    headers.ETag = etagOf(page, coding);
  }
  if (COMPRESSIBLE.test(headers["content-type"] ?? "")) headers.Vary = vary;
  headers["X-Cache"] = outcome;
  if (coding) headers["Content-Encoding"] = coding;
  headers["Content-Length"] = String(length);
  return headers;
}

/** Whether a page last changed at `lastModified` is unchanged since the request's If-Modified-Since. */
function unchangedSince(req: IncomingMessage, lastModified: string | undefined): boolean {
  const since = req.headers["if-modified-since"];
  if (since === undefined || lastModified === undefined) return false;
  const [asked, changed] = [Date.parse(since), Date.parse(lastModified)];
  return Number.isFinite(asked) && Number.isFinite(changed) && changed <= asked;
}

/** Answers a conditional request whose validator still holds: true when it was answered. */
function answeredNotModified(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  coding: Coding | undefined,
  vary: string,
): boolean {
  const asked = req.headers["if-none-match"];
  const etag = etagOf(page, coding);
  const lastModified = page.headers["last-modified"];
  // If-None-Match decides when it is sent (RFC 9110 §13.2.2); else If-Modified-Since, for a page
  // that says when it last changed (a feed: a feed reader sends either).
  if (asked !== undefined ? !notModified(asked, etag) : !unchangedSince(req, lastModified)) {
    return false;
  }
  res.writeHead(304, {
    ETag: etag,
    "Cache-Control": page.headers["cache-control"] ?? CACHE_CONTROL.news,
    Vary: vary,
    ...(lastModified ? { "Last-Modified": lastModified } : {}),
  });
  res.end();
  return true;
}

/**
 * The body of a page in `coding`: a cached page's from the cache (which keeps it compressed),
 * a rendered page's as compressed in its render or now (`compress`, refused under load). Under
 * load (Overloaded) a page is sent as it is rather than made to wait for a compression slot:
 * then its coding is none.
 */
async function bodyOf(
  page: RenderedPage | CachedPage,
  coding: Coding | undefined,
  cache: PageCache | undefined,
  compress: ReturnType<typeof compressIn>,
): Promise<{ body: Buffer; coding: Coding | undefined }> {
  if (coding) {
    try {
      const body =
        "etag" in page
          ? await (cache as PageCache).encoded(page, coding)
          : page.precoded?.coding === coding
            ? page.precoded.body
            : await compress(page.body, coding, "fast");
      return { body, coding };
    } catch (error) {
      if (!(error instanceof Overloaded)) throw error;
    }
  }
  const body = "etag" in page ? await (cache as PageCache).plain(page) : page.body;
  return { body, coding: undefined };
}

/**
 * How pages go out: in the encoding the reader takes, with their validator (304 when it still
 * holds) and the outcome of the page cache (X-Cache). A cache hit goes out at once from headers
 * made the first time (`sendHit`); anything else may wait for its compression (`send`).
 */
export function createSender({ vary, cache, limiter }: SenderOptions) {
  /** Compresses outside a render, as render work: refused (Overloaded) under load. */
  const compressLimited = compressIn(limiter);
  // Each body (a page's own, or one of its encodings) belongs to one page and one encoding: its
  // headers are made once, and again for a new body (a stronger compression).
  // Kept as a flat list of names and values: writeHead takes it as it takes an object, and the
  // request's id is added to a copy of it faster (IdentifiedResponse).
  const hits = new WeakMap<Buffer, string[]>();

  /**
   * A cache hit, sent at once from headers made the first time (no promise, no header building):
   * false when the page's encoding is not compressed yet (`send` then waits for it).
   */
  function sendHit(req: IncomingMessage, res: ServerResponse, page: CachedPage): boolean {
    const coding = codingFor(req, page);
    const body = coding ? page.ready.get(coding) : page.body;
    if (!body) return false;
    noteCache(res, "hit");
    if (answeredNotModified(req, res, page, coding, vary)) return true;
    let headers = hits.get(body);
    if (!headers) {
      headers = Object.entries(headersFor(page, coding, "hit", body.length, vary)).flat();
      hits.set(body, headers);
    }
    res.writeHead(page.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /** Sends a page, rendered now or kept: `outcome` is the page cache's (X-Cache). */
  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: RenderedPage | CachedPage,
    outcome: string,
  ): Promise<void> {
    noteCache(res, outcome);
    const wanted = codingFor(req, page);
    if ("etag" in page && answeredNotModified(req, res, page, wanted, vary)) return;
    const { body, coding } = await bodyOf(page, wanted, cache, compressLimited);
    res.writeHead(page.status, headersFor(page, coding, outcome, body.length, vary));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return { send, sendHit };
}
