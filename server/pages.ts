import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Logger } from "pino";
import { CACHE_CONTROL } from "../app/lib/http";
import { createLoadContext, type ContextServices } from "./context";
import type { NewsReader } from "./news/engine";
import {
  compress,
  type CachedPage,
  type Coding,
  type PageCache,
  type RenderedPage,
} from "./page-cache";
import { contentSecurityPolicy, inlineScriptHashes, SECURITY_HEADERS } from "./security";
import { accepts, notModified } from "./static-files";

/** The largest request body the site reads (its one form is a few kilobytes). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Types worth compressing when a response is sent uncached. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|x-turbo|rss)|image\/svg)/;

export interface PageHandlerOptions {
  /** The React Router server build (or, in development, how to load it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  services: ContextServices;
  logger: Logger;
  /** Rendered pages kept for other readers; absent in development. */
  cache?: PageCache;
  /** Whether pages carry a CSP (not in development: Vite's HMR injects scripts of its own). */
  csp: boolean;
  /** The reader's address and protocol, as the proxy settings allow them to be read. */
  clientOf: (req: IncomingMessage) => { address: string; protocol: "http" | "https" };
}

/** An answer the handler gives itself (a refused request): a status and a short text. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Reads a request body, refusing one larger than MAX_BODY_BYTES as soon as it is (413). */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    throw new Refusal(413, "Request body too large");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, "Request body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The cache key of a GET: its path and its query, the query's parameters in order. */
export function cacheKey(url: URL): string {
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${url.pathname}?${new URLSearchParams(params)}` : url.pathname;
}

/** A NewsReader that notes which categories a render read, and their versions then. */
function tracking(news: NewsReader, deps: Map<string, number>): NewsReader {
  const note = (key: Parameters<NewsReader["version"]>[0]) => deps.set(key, news.version(key));
  return {
    getCategory: (key) => {
      note(key);
      return news.getCategory(key);
    },
    getCategories: (keys, limit) => {
      for (const key of keys) note(key);
      return news.getCategories(keys, limit);
    },
    version: (key) => news.version(key),
  };
}

/**
 * The pages of the site: each request becomes a Fetch request for React Router's handler, and its
 * answer a RenderedPage with the security headers and, for HTML, a CSP that lists the hashes of
 * the page's own inline scripts (so that the page and its policy can be cached together). GET and
 * HEAD go through the page cache; other methods are rendered for the request alone. Bodies are
 * capped; methods and content types the site has no use for are refused with a 4xx.
 */
export function createPageHandler(options: PageHandlerOptions) {
  const handle = createRequestHandler(options.build, options.mode);

  async function render(req: IncomingMessage, url: URL, body?: Buffer): Promise<RenderedPage> {
    const started = performance.now();
    const deps = new Map<string, number>();
    const { address } = options.clientOf(req);
    const log = options.logger.child({ req: { method: req.method, url: req.url } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name.startsWith(":")) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
    const request = new Request(url, {
      method,
      headers,
      body: body && method !== "GET" ? new Uint8Array(body) : undefined,
    });
    const services = { ...options.services, news: tracking(options.services.news, deps) };
    const response = await handle(request, createLoadContext(services, { log, ip: address }));
    const page: RenderedPage = {
      status: response.status,
      headers: { ...SECURITY_HEADERS },
      body: Buffer.from(await response.arrayBuffer()),
      deps,
    };
    response.headers.forEach((value, name) => {
      page.headers[name] = value;
    });
    if (options.csp && (page.headers["content-type"] ?? "").startsWith("text/html")) {
      page.headers["Content-Security-Policy"] = contentSecurityPolicy(
        inlineScriptHashes(page.body.toString("utf8")),
      );
    }
    log.info({ status: page.status, ms: Math.round(performance.now() - started) }, "page rendered");
    return page;
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: RenderedPage | CachedPage,
    cache: string,
  ): Promise<void> {
    const headers: Record<string, string> = { ...page.headers };
    delete headers["content-length"];
    delete headers["content-encoding"];
    const cached = "etag" in page;
    if (cached) {
      headers["Cache-Control"] = headers["cache-control"] ?? CACHE_CONTROL.news;
      delete headers["cache-control"];
    }
    const type = headers["content-type"] ?? "";
    const encodings = req.headers["accept-encoding"];
    const coding: Coding | undefined =
      page.body.length >= 1024 && COMPRESSIBLE.test(type)
        ? accepts(encodings, "br")
          ? "br"
          : accepts(encodings, "gzip")
            ? "gzip"
            : undefined
        : undefined;
    if (COMPRESSIBLE.test(type)) headers.Vary = "Accept-Encoding";
    headers["X-Cache"] = cache;
    if (cached) {
      headers.ETag = coding ? page.etag.replace(/"$/, `-${coding}"`) : page.etag;
      if (notModified(req.headers["if-none-match"], headers.ETag)) {
        res.writeHead(304, {
          ETag: headers.ETag,
          "Cache-Control": headers["Cache-Control"] ?? "",
          Vary: "Accept-Encoding",
        });
        res.end();
        return;
      }
    }
    const body = coding
      ? cached && options.cache
        ? await options.cache.encoded(page, coding)
        : await compress(page.body, coding)
      : page.body;
    if (coding) headers["Content-Encoding"] = coding;
    headers["Content-Length"] = String(body.length);
    res.writeHead(page.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return async function pageHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const method = req.method ?? "GET";
      if (!["GET", "HEAD", "POST"].includes(method)) {
        throw new Refusal(405, "Method not allowed", { Allow: "GET, HEAD, POST" });
      }
      const { protocol } = options.clientOf(req);
      let url: URL;
      try {
        url = new URL(req.url ?? "/", `${protocol}://${req.headers.host ?? "localhost"}`);
        decodeURIComponent(url.pathname); // a malformed percent-encoding is the client's mistake
      } catch {
        throw new Refusal(400, "Bad request");
      }
      if (method === "POST") {
        const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
        if (type !== "application/x-www-form-urlencoded") {
          throw new Refusal(415, "Forms are sent as application/x-www-form-urlencoded", {
            Accept: "application/x-www-form-urlencoded",
          });
        }
        const page = await render(req, url, await readBody(req));
        await send(req, res, page, "pass");
        return;
      }
      const cache = options.cache;
      if (!cache) {
        await send(req, res, await render(req, url), "pass");
        return;
      }
      const { page, cache: outcome } = await cache.get(cacheKey(url), () => render(req, url));
      await send(req, res, page, outcome);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const refusal = error instanceof Refusal ? error : undefined;
      const status = refusal?.status ?? 500;
      if (!refusal) options.logger.error({ err: error, url: req.url }, "request failed");
      else options.logger.warn({ status, method: req.method, url: req.url }, "request refused");
      res.writeHead(status, {
        ...SECURITY_HEADERS,
        ...refusal?.headers,
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": CACHE_CONTROL.none,
        // An unread body is not worth reading: the connection ends with the answer.
        ...(status === 413 ? { Connection: "close" } : {}),
      });
      res.end(refusal ? refusal.message : "Internal server error");
    }
  };
}
