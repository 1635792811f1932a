import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { CACHE_CONTROL } from "../../common/cache-control";
import type { CspSources } from "../settings/embeds";

/** Features this site never uses; denied to every frame, ours and third parties'. */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/**
 * helmet's headers, taken once at start from a run of its middleware (they depend on nothing in
 * the request): the response path then only copies them. The CSP is left out: a page's depends on
 * its inline scripts (contentSecurityPolicy).
 */
function helmetHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: false,
    // Two headers for browsers gone: X-Download-Options is Internet Explorer 8's, and
    // X-XSS-Protection turned off an XSS filter that no current browser has (MDN: deprecated,
    // not to be sent; the CSP protects instead). Every page's first round trip carries its headers.
    xDownloadOptions: false,
    xXssProtection: false,
    // Two more that no longer say anything: X-DNS-Prefetch-Control: off is what browsers do on
    // an HTTPS page anyway (they prefetch its links' hosts only when told "on"), and
    // X-Permitted-Cross-Domain-Policies governed the crossdomain.xml files of Flash and Acrobat
    // plug-ins; this site serves none, and takes no uploads that could become one.
    xDnsPrefetchControl: false,
    xPermittedCrossDomainPolicies: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Third-party embeds (video, forms, documents) must be able to load in our pages.
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.fromEntries(headers);
}

/** The headers every document and API answer carries (computed once). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...helmetHeaders(),
  "Permissions-Policy": PERMISSIONS_POLICY,
});

/**
 * Hashed assets get only the headers that matter for a script or a stylesheet: a page load fetches
 * twenty of them, and a dozen document headers on each would weigh more than some of the files.
 */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
});

/** How long browsers and shared caches keep a redirect to a page's one spelling: a day. */
const SPELLING_REDIRECT_CACHE = "public, max-age=86400";

/** The headers of an answer of the site's own in `type` that no one keeps (no-store). */
function ownAnswer(type: string): Record<string, string> {
  return { ...SECURITY_HEADERS, "Content-Type": type, "Cache-Control": CACHE_CONTROL.none };
}

/** A short plain-text answer's headers (a refusal, an error): never stored. */
export function textHeaders(): Record<string, string> {
  return ownAnswer("text/plain; charset=utf-8");
}

/** A small JSON answer's headers (the radio's now playing, an API error): never stored. */
export function jsonHeaders(): Record<string, string> {
  return ownAnswer("application/json; charset=utf-8");
}

/** A small HTML answer's headers outside the pages (the network's not-found page). */
export function htmlHeaders(): Record<string, string> {
  return ownAnswer("text/html; charset=utf-8");
}

/** A permanent redirect's headers: to a page's one spelling, kept a day by browsers and CDNs. */
export function redirectHeaders(location: string): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    Location: location,
    "Cache-Control": SPELLING_REDIRECT_CACHE,
    "Content-Type": "text/plain; charset=utf-8",
  };
}

/**
 * The Content-Security-Policy of a page. Scripts: this origin, and inline scripts only where their
 * SHA-256 is listed (`scriptHashes`, taken from the rendered page itself, so a cached page and
 * its policy travel together and any shared cache may keep both). Images from this origin only
 * (other publishers' photos come through the image route, server/images/). Frames only from the
 * origins of the site's configured embeds (`extra`), none without them.
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[] = [],
  extra: CspSources = {},
): string {
  // Fetch directives that would only say default-src's 'self' again are left out (media and
  // fonts; connections without an embed's origin): the browser applies default-src to them.
  // From: https://www.w3.org/TR/CSP3/#directive-default-src
  const connect: [string, ...string[]][] = extra.connect?.length
    ? [["connect-src", "'self'", ...extra.connect]]
    : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes.map((h) => `'${h}'`), ...(extra.scripts ?? [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...(extra.images ?? [])],
    ...connect,
    ["frame-src", ...(extra.frames?.length ? extra.frames : ["'none'"])],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
  return directives.map((d) => d.join(" ")).join(";");
}

/**
 * A rendered page's headers: the security headers, React Router's own (`own`, which win), and
 * for an HTML page that carries one its CSP, made from its inline scripts' hashes (`scriptHashes`,
 * absent: no CSP) and the city's embed origins (`csp`).
 */
export function pageHeaders(
  own: Readonly<Record<string, string>>,
  scriptHashes: readonly string[] | undefined,
  csp: CspSources,
): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS, ...own };
  if (scriptHashes) {
    headers["Content-Security-Policy"] = contentSecurityPolicy(scriptHashes, csp);
    // Its frame-ancestors 'self' says what X-Frame-Options says, and browsers that read both
    // obey the CSP alone (CSP Level 3, frame-ancestors): the older header stays on answers without one.
    delete headers["X-Frame-Options"];
  }
  return headers;
}
