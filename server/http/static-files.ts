import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { CACHE_CONTROL } from "../../common/cache-control";
import { plain } from "./answers";
import { isRead, type Handler } from "./exchange";
import { ASSET_SECURITY_HEADERS, SECURITY_HEADERS } from "./headers";
import { serverText } from "./refusals";

/**
 * The service worker's script, at the root so that its scope is the whole host (every edition's
 * prefix too): built by scripts/build-sw.mjs from app/offline/service-worker.ts.
 */
export const SERVICE_WORKER_PATH = "/sw.js";

/** Files larger than this stay on disk (none of the build's are): served by the app's fallback. */
const MAX_IN_MEMORY_BYTES = 4 * 1024 * 1024;

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  ".mp3": "audio/mpeg",
};

interface Variant {
  body: Buffer;
  /** Every header of a 200, computed once, as the flat list of names and values it is written with. */
  head: string[];
  etag: string;
  /** Its Cache-Control, which a 304 repeats. */
  cacheControl: string;
}

interface StaticFile {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

const CODING_PATTERNS = {
  br: /(?:^|,)\s*br\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?:,|$)/i,
  gzip: /(?:^|,)\s*gzip\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?:,|$)/i,
};

/** Whether the request accepts `coding` (a q=0 refuses it). */
export function accepts(acceptEncoding: string | undefined, coding: "br" | "gzip"): boolean {
  if (!acceptEncoding) return false;
  const match = CODING_PATTERNS[coding].exec(acceptEncoding);
  return match !== null && (match[1] === undefined || Number(match[1]) > 0);
}

/** Whether If-None-Match names `etag` (or is "*"). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * The client build's files, read once at start with their headers made: a request for one is a
 * lookup and a write, with no filesystem call (a static file answers at close to a bare Node
 * server's speed). Hashed assets (under /assets/) are cached for a year and sent precompressed
 * (brotli, else gzip, from the build); the service worker is asked again each time (no-cache);
 * other files are cached for an hour. ETag and 304 for each.
 */
export class StaticFiles {
  private readonly files = new Map<string, StaticFile>();

  constructor(clientDir: string) {
    if (!existsSync(clientDir)) return;
    for (const file of walk(clientDir)) {
      if (/\.(br|gz)$/.test(file) || statSync(file).size > MAX_IN_MEMORY_BYTES) continue;
      const urlPath = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
      const asset = urlPath.startsWith("/assets/");
      const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
      const variant = (body: Buffer, encoding?: string): Variant => {
        const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}${encoding ? `-${encoding}` : ""}"`;
        const cacheControl = asset
          ? CACHE_CONTROL.asset
          : urlPath === SERVICE_WORKER_PATH
            ? CACHE_CONTROL.worker
            : CACHE_CONTROL.file;
        const headers = {
          ...(asset ? ASSET_SECURITY_HEADERS : SECURITY_HEADERS),
          "Content-Type": type,
          "Content-Length": String(body.length),
          "Cache-Control": cacheControl,
          ETag: etag,
          Vary: "Accept-Encoding",
          ...(encoding ? { "Content-Encoding": encoding } : {}),
        };
        return { body, etag, cacheControl, head: Object.entries(headers).flat() };
      };
      const entry: StaticFile = { identity: variant(readFileSync(file)) };
      if (existsSync(`${file}.br`)) entry.br = variant(readFileSync(`${file}.br`), "br");
      if (existsSync(`${file}.gz`)) entry.gzip = variant(readFileSync(`${file}.gz`), "gzip");
      this.files.set(urlPath, entry);
    }
  }

  /** How many files are held. */
  get size(): number {
    return this.files.size;
  }

  /** Answers a GET or HEAD for one of the files; false when the path is not one. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    const file = this.files.get(pathname);
    if (!file) return false;
    const encodings = req.headers["accept-encoding"];
    const variant =
      (file.br && accepts(encodings, "br") && file.br) ||
      (file.gzip && accepts(encodings, "gzip") && file.gzip) ||
      file.identity;
    if (notModified(req.headers["if-none-match"], variant.etag)) {
      res.writeHead(304, {
        ETag: variant.etag,
        "Cache-Control": variant.cacheControl,
        Vary: "Accept-Encoding",
      });
      res.end();
      return true;
    }
    res.writeHead(200, variant.head);
    res.end(req.method === "HEAD" ? undefined : variant.body);
    return true;
  }
}

/**
 * The build's static files (scripts, styles, pictures, fonts): the same for every city, so they
 * are answered before a city is chosen, from memory. A hashed asset that is not there is a plain
 * 404, never a page: a stale page's script must fail fast, not be answered with HTML.
 */
export function staticFiles(clientDir: string): Handler {
  const files = new StaticFiles(clientDir);
  return ({ req, res, pathname }) => {
    if (!isRead(req)) return false;
    if (files.serve(req, res, pathname)) return true;
    if (!pathname.startsWith("/assets/")) return false;
    plain(res, 404, serverText("server.notFound"));
    return true;
  };
}
