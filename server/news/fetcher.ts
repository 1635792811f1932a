import type { Response } from "undici";
import { OutboundRefusedError, getDefaultOutboundGuard, type OutboundGuard } from "../net/outbound";

/** SPEC-independent limits for one feed request (docs/architecture.md "News engine"). */
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5";

export interface FetchOptions {
  userAgent: string;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Clock for Retry-After dates. */
  now?: () => number;
  /** Every hop connects through it; by default public addresses only (ALLOW_PRIVATE_HOSTS widens it). */
  guard?: OutboundGuard;
  /** The Accept header (a feed's types unless the caller fetches something else, e.g. a picture). */
  accept?: string;
  /** What is fetched, for the error texts ("Feed" unless told). */
  label?: string;
}

export type FetchResult =
  | {
      kind: "ok";
      body: Uint8Array;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
      url: string;
      /** How long the answer says it stays fresh (Cache-Control max-age, else Expires), in ms. */
      freshForMs?: number;
    }
  | { kind: "not-modified"; freshForMs?: number }
  | { kind: "error"; reason: string; retryAfterMs?: number };

/** Reads Retry-After (seconds or an HTTP date) as a delay in ms. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long an answer says it stays fresh, in ms: Cache-Control's s-maxage or max-age, else
 * Expires against Date (or the clock); none for no-cache / no-store, which promise nothing.
 * From: https://www.rfc-editor.org/rfc/rfc9111#section-4.2.1
 */
export function freshnessOf(
  headers: { get(name: string): string | null },
  now: number,
): number | undefined {
  const control = (headers.get("cache-control") ?? "").toLowerCase();
  const age =
    /(?:^|,)\s*s-maxage\s*=\s*"?(\d+)/.exec(control) ??
    /(?:^|,)\s*max-age\s*=\s*"?(\d+)/.exec(control);
  if (age) return Number(age[1]) * 1000;
  if (/(?:^|,)\s*no-(?:cache|store)\b/.test(control)) return undefined;
  const expires = Date.parse(headers.get("expires") ?? "");
  if (Number.isNaN(expires)) return undefined;
  const date = Date.parse(headers.get("date") ?? "");
  return Math.max(0, expires - (Number.isNaN(date) ? now : date));
}

function isHttp(url: URL): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches one feed: a conditional GET (ETag / Last-Modified), http(s) only, at most 5 redirects,
 * a 10 s deadline for the whole exchange (a server that trickles bytes too), a 5 MB cap on the
 * (decompressed) body. Each hop connects only to a public address unless `guard` allows a private
 * one, so a redirect to loopback or the LAN fails the feed (SSRF). Never throws: failures come back
 * as `{ kind: "error", reason }`. The image route fetches pictures with it too (its own `accept`,
 * `label` and cap).
 */
export async function fetchFeed(feedUrl: string, options: FetchOptions): Promise<FetchResult> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const guard = options.guard ?? getDefaultOutboundGuard();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("timeout")), timeoutMs);
  try {
    return await followRedirects(feedUrl, options, guard, controller.signal);
  } catch (error) {
    if (controller.signal.aborted)
      return { kind: "error", reason: `Timed out after ${timeoutMs / 1000} s` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause instanceof OutboundRefusedError) return { kind: "error", reason: cause.message };
    return {
      kind: "error",
      reason: `Network error: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * fetchFeed's requests, one hop at a time, until an answer that is not a redirect (answerOf) or a
 * reason to stop. Throws what the network throws (fetchFeed says why).
 */
async function followRedirects(
  feedUrl: string,
  options: FetchOptions,
  guard: OutboundGuard,
  signal: AbortSignal,
): Promise<FetchResult> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  let url: URL;
  try {
    url = new URL(feedUrl);
  } catch {
    return { kind: "error", reason: `Invalid ${(options.label ?? "Feed").toLowerCase()} URL` };
  }
  for (let redirects = 0; ; redirects++) {
    if (!isHttp(url))
      return { kind: "error", reason: `Refused a non-http(s) URL (${url.protocol})` };
    // Credentials in a URL are never sent (fetch would refuse them; the reason says why).
    if (url.username || url.password)
      return { kind: "error", reason: "Refused a URL with credentials" };
    const response = await guard.fetch(url, {
      headers: requestHeaders(options),
      redirect: "manual",
      signal,
    });
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      if (!location) return { kind: "error", reason: `HTTP ${response.status} without a Location` };
      if (redirects >= maxRedirects)
        return { kind: "error", reason: `More than ${maxRedirects} redirects` };
      url = new URL(location, url);
      continue;
    }
    return answerOf(response, url, options);
  }
}

/** The headers of each request: a conditional GET when the last answer named its version. */
function requestHeaders(options: FetchOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "User-Agent": options.userAgent,
    Accept: options.accept ?? ACCEPT,
    "Accept-Encoding": "gzip, br",
  };
  if (options.etag) headers["If-None-Match"] = options.etag;
  if (options.lastModified) headers["If-Modified-Since"] = options.lastModified;
  return headers;
}

/** What an answer that is not a redirect means: unchanged, failed, too large, or the feed. */
async function answerOf(response: Response, url: URL, options: FetchOptions): Promise<FetchResult> {
  const now = options.now ?? Date.now;
  if (response.status === 304) {
    await response.body?.cancel();
    return { kind: "not-modified", freshForMs: freshnessOf(response.headers, now()) };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const retryAfterMs =
      response.status === 429 || response.status === 503
        ? parseRetryAfter(response.headers.get("retry-after"), now())
        : undefined;
    return { kind: "error", reason: `HTTP ${response.status}`, retryAfterMs };
  }
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const body = await readCapped(response, maxBytes);
  if (body === null)
    return {
      kind: "error",
      reason: `${options.label ?? "Feed"} larger than ${Math.round(maxBytes / 1048576)} MB`,
    };
  return {
    kind: "ok",
    body,
    contentType: response.headers.get("content-type"),
    etag: response.headers.get("etag"),
    lastModified: response.headers.get("last-modified"),
    url: url.href,
    freshForMs: freshnessOf(response.headers, now()),
  };
}
