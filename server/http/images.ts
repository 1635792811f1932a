import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_CONTROL } from "../../common/cache-control";
import { parseImagePath } from "../../common/images";
import { currentImageId } from "../images/sign";
import { isDatabaseUnavailable } from "../db/health";
import { CONTENT_TYPES, negotiateFormat } from "../images/encode";
import type { ImageAnswer, ImageService, ImageSource } from "../images/service";
import { Abandoned, Overloaded } from "../limiter";
import { clientKey } from "../net/client-key";
import { isRead, type CityExchange, type Handler } from "./exchange";
import { ASSET_SECURITY_HEADERS } from "./headers";
import { notModified } from "./static-files";

/** A variant never changes under its URL (the id is content-addressed): a year, like assets. */
export const IMAGE_CACHE_CONTROL = CACHE_CONTROL.asset;
/** The fallback of a failed picture is only for now: the original is tried again later. */
export const FALLBACK_CACHE_CONTROL = "public, max-age=600";
/** How long a reader turned away under load is asked to wait, in seconds. */
const BUSY_RETRY_AFTER_S = 2;
/** ...and while the database it looks pictures up in cannot be reached (db/health.ts logs it). */
const UNAVAILABLE_RETRY_AFTER_S = 30;

/** The route's own path prefix: imageRoute hands it everything under it. */
export const IMAGE_PREFIX = "/img/";

function text(res: ServerResponse, status: number, body: string, headers = {}): void {
  res.writeHead(status, {
    ...ASSET_SECURITY_HEADERS,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": CACHE_CONTROL.none,
    ...headers,
  });
  res.end(body);
}

/** The picture cannot be looked up while the database is away: 503, to be asked again later. */
function unavailable(res: ServerResponse): void {
  text(res, 503, "Database unavailable: please try again shortly.", {
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S),
  });
}

type ImageLog = { error(obj: object, msg: string): void };
type Format = ReturnType<typeof negotiateFormat>;

/** The headers every answer of one picture variant carries: a year's caching, its validator. */
function variantHeaders(etag: string) {
  return { "Cache-Control": IMAGE_CACHE_CONTROL, Vary: "Accept", ETag: etag };
}

/** Answers 304: the reader's copy of the picture still holds. */
function sendNotModified(res: ServerResponse, etag: string): void {
  res.writeHead(304, { ...ASSET_SECURITY_HEADERS, ...variantHeaders(etag) });
  res.end();
}

/**
 * Sends what the image service made of a picture: the picture (or 304 when the reader only asked
 * whether it exists, `If-None-Match: *`), or a short-lived redirect to its fallback.
 */
function sendVariant(
  req: IncomingMessage,
  res: ServerResponse,
  answer: ImageAnswer,
  { format, etag, anyVersion }: { format: Format; etag: string; anyVersion: boolean },
): void {
  if (anyVersion && answer.kind === "image") {
    sendNotModified(res, etag);
    return;
  }
  if (answer.kind === "fallback") {
    res.writeHead(302, {
      ...ASSET_SECURITY_HEADERS,
      Location: answer.location,
      "Cache-Control": FALLBACK_CACHE_CONTROL,
    });
    res.end();
    return;
  }
  res.writeHead(200, {
    ...ASSET_SECURITY_HEADERS,
    ...variantHeaders(etag),
    "Content-Type": CONTENT_TYPES[format],
    "Content-Length": answer.body.byteLength,
  });
  res.end(req.method === "HEAD" ? undefined : answer.body);
}

/**
 * A picture that could not be made: nothing more once its reader has gone or the answer began,
 * 503 with Retry-After while image work is backed up or the database away, else 500, logged.
 */
function variantFailed(req: IncomingMessage, res: ServerResponse, err: unknown, log: ImageLog) {
  if (res.headersSent || err instanceof Abandoned) {
    res.destroy();
  } else if (err instanceof Overloaded) {
    text(res, 503, "Busy", { "Retry-After": String(BUSY_RETRY_AFTER_S) });
  } else if (isDatabaseUnavailable(err)) {
    unavailable(res);
  } else {
    log.error({ err, pathname: req.url }, "picture failed");
    text(res, 500, "Internal server error");
  }
}

/** Answers one picture at one width whose source is known, in the format the reader takes. */
function answer(
  { service, log }: { service: ImageService; log: ImageLog },
  req: IncomingMessage,
  res: ServerResponse,
  { id, width }: NonNullable<ReturnType<typeof parseImagePath>>,
  source: ImageSource,
  reader?: string,
): void {
  const format = negotiateFormat(req.headers.accept);
  const etag = service.etag(id, width, format);
  // `If-None-Match: *` asks whether the picture exists at all: only the picture itself (not
  // its fallback) says yes, so it is answered once the variant is known.
  const ifNoneMatch = req.headers["if-none-match"];
  const anyVersion = ifNoneMatch?.trim() === "*";
  if (!anyVersion && notModified(ifNoneMatch, etag)) {
    sendNotModified(res, etag);
    return;
  }
  // The reader's signal: when every reader of a picture still waiting to be made has gone,
  // the work is dropped (ImageService.variant).
  const gone = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  service.variant(id, source, width, format, gone.signal, reader).then(
    (made) => sendVariant(req, res, made, { format, etag, anyVersion }),
    (err: unknown) => variantFailed(req, res, err, log),
  );
}

/**
 * The image route, GET and HEAD `/img/<width>/<signed id>`: the picture at one of the widths the
 * cards use, as AVIF, WebP or JPEG by the reader's Accept (hence `Vary: Accept`), cached for a
 * year with an ETag (304 for If-None-Match). An unknown width, a badly signed id or one whose
 * article is gone is a 404; a picture that cannot be had is a short-lived redirect to its
 * fallback (the site's default picture, or a cover's placeholder); too much image work waiting
 * is a 503 with Retry-After, as is a picture looked up while the database cannot be reached.
 */
export function createImageRoute(
  service: ImageService,
  log: ImageLog,
): (req: IncomingMessage, res: ServerResponse, pathname: string, reader?: string) => void {
  return (req, res, pathname, reader) => {
    const parsed = parseImagePath(pathname);
    if (!parsed) {
      text(res, 404, "Not found");
      return;
    }
    service.resolve(parsed.id).then(
      (source) => {
        if (!source) text(res, 404, "Not found");
        // An id of the old, longer form answers as today's (the same files and ETag).
        else
          answer(
            { service, log },
            req,
            res,
            { ...parsed, id: currentImageId(parsed.id) },
            source,
            reader,
          );
      },
      (err: unknown) => {
        if (isDatabaseUnavailable(err)) {
          if (!res.headersSent) unavailable(res);
          return;
        }
        log.error({ err, url: req.url }, "image lookup failed");
        if (!res.headersSent) text(res, 500, "Internal server error");
      },
    );
  };
}

/**
 * Pictures (`/img/<width>/<id>`): the network's, with ids signed by URL, whichever city's page
 * names them; answered by the image route (createImageRoute) from what the image service made
 * (server/images/service.ts), the work shared fairly between readers (each an IPv4 address or an
 * IPv6 /64, by `addressOf`).
 */
export function imageRoute(
  route: (req: IncomingMessage, res: ServerResponse, pathname: string, reader?: string) => void,
  addressOf?: (req: IncomingMessage) => string,
): Handler<CityExchange> {
  return ({ req, res, pathname }) => {
    if (!pathname.startsWith(IMAGE_PREFIX) || !isRead(req)) return false;
    route(req, res, pathname, addressOf && clientKey(addressOf(req)));
    return true;
  };
}
