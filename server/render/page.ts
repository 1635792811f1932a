import { createHash } from "node:crypto";
import type { WeatherTextKind } from "../../common/i18n/weather-words";
import type { EditionInfo } from "../../sites/editions";
import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import type { SiteContent } from "../../sites/content";
import type { City } from "../../sites/schema";
import type { IslandSources } from "../../common/islands";
import type {
  BriefingForm,
  LoadContext,
  MessageDesk,
  NewsSource,
  SharedServices,
  WeatherSource,
} from "../context";
import { withLoadContext } from "../../common/load-context";
import { trimPageCss } from "./page-css";

/**
 * One page to make, as plain data: what a render worker receives (structured clone), and what
 * the request thread renders from itself when there is no worker (development, RENDER_WORKERS=0).
 */
export interface RenderTask {
  /** The absolute URL the page is made from (its cache key's query, not the raw request's). */
  url: string;
  method: string;
  headers: [string, string][];
  /** A form's body (POST). */
  body?: Uint8Array<ArrayBuffer>;
  /** The city's data, canonical base and edition. */
  city: {
    site: City;
    content: SiteContent;
    siteUrl: string;
    edition: EditionInfo;
  };
  /** The reader's address (the contact form's rate limit). */
  address: string;
  /** The request time (ms since the epoch). */
  now: number;
}

/** What every render of a process shares: fixed at start-up, given to each worker once. */
export interface RenderSettings {
  isDev: boolean;
  embedPlaceholders: boolean;
  /** Ads stay in pages in storm mode (STORM_ADS). */
  stormAds: boolean;
  /** The morning briefing's sign-up form (absent: closed). */
  briefing?: BriefingForm;
  /** The site's stylesheet as text (production). */
  stylesheet?: string;
  /** Where the whole stylesheet is served; pages then inline only their own rules. */
  stylesheetHref?: string;
  /** Where each island's module is served (the islands build's manifest). */
  islands?: IslandSources;
  /** Whether pages carry a CSP (not in development): their inline scripts are then hashed. */
  csp: boolean;
}

/** The render settings of a process's shared services (`csp`: whether pages carry a CSP). */
export function renderSettings(services: SharedServices, csp: boolean): RenderSettings {
  return {
    isDev: services.isDev,
    embedPlaceholders: services.embedPlaceholders ?? services.isDev,
    stormAds: services.stormAds ?? false,
    briefing: services.briefing,
    stylesheet: services.stylesheet,
    stylesheetHref: services.stylesheetHref,
    islands: services.islands,
    csp,
  };
}

/** What a render reaches outside itself: the city's news and messages, and a logger. */
export interface RenderIo {
  news: NewsSource;
  messages: MessageDesk;
  weather: WeatherSource;
  log: LoadContext["log"];
}

/** An executable inline script of an HTML document: no src, no data type such as JSON-LD. */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\stype\s*=\s*["']?(?!module|text\/javascript|application\/javascript)[\w/+.-]+/i;

/** The CSP source of each executable inline script of `html` ("sha256-…"), once each. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/**
 * A page as made: status, React Router's headers and body, and for an HTML page that carries a
 * CSP the hashes of its inline scripts. server/http writes the answer: it adds the security
 * headers and builds the CSP from the hashes (pageHeaders in server/http/headers.ts).
 */
export interface RenderOutput {
  status: number;
  /** The headers of React Router's answer (the page's type, its cache header, a redirect's). */
  headers: Record<string, string>;
  body: Uint8Array;
  /** An HTML page's inline scripts' CSP sources ("sha256-…"); absent: the page carries no CSP. */
  scriptHashes?: string[];
  /** The worker thread that made it (node:worker_threads' threadId; absent: the request thread). */
  thread?: number;
  /**
   * The weather service's texts a worker's renders found no translation for since its last page
   * (kind, text, language): the request thread reports them (onUnknownWeatherText).
   */
  untranslated?: [kind: WeatherTextKind, text: string, language: string][];
}

/** React Router's request handler for a basename ("" for none), one made per basename. */
export type RequestHandlers = (basename: string) => RequestHandler;

/** The request handlers of a build, one per basename, each made when first asked for. */
export function requestHandlers(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: "development" | "production",
): RequestHandlers {
  const made = new Map<string, RequestHandler>();
  return (basename) => {
    let handler = made.get(basename);
    if (!handler) {
      const based =
        basename === ""
          ? build
          : typeof build === "function"
            ? async () => ({ ...(await build()), basename })
            : { ...build, basename };
      made.set(basename, (handler = createRequestHandler(based, mode)));
    }
    return handler;
  };
}

/**
 * Makes a page: React Router's answer to the task's request, and for HTML its stylesheet cut to
 * the rules it uses and the hashes of its inline scripts, from which its CSP is made (so that the
 * page and its policy can be cached together). The same on a render worker and on the request
 * thread.
 */
export async function renderPage(
  handlers: RequestHandlers,
  task: RenderTask,
  settings: RenderSettings,
  io: RenderIo,
): Promise<RenderOutput> {
  const headers = new Headers();
  for (const [name, value] of task.headers) headers.append(name, value);
  const method = task.method === "HEAD" ? "GET" : task.method;
  const request = new Request(task.url, {
    method,
    headers,
    body: task.body && method !== "GET" ? task.body : undefined,
  });
  const context: LoadContext = {
    site: task.city.site,
    content: task.city.content,
    siteUrl: task.city.siteUrl,
    edition: task.city.edition,
    now: task.now,
    isDev: settings.isDev,
    stylesheet: settings.stylesheet,
    stylesheetHref: settings.stylesheetHref,
    islands: settings.islands,
    embedPlaceholders: settings.embedPlaceholders,
    stormAds: settings.stormAds,
    briefing: settings.briefing,
    news: io.news,
    messages: io.messages,
    weather: io.weather,
    clientAddress: task.address,
    log: io.log,
  };
  // An edition under a path prefix (/es) is the same routes under that basename: React Router
  // matches /es/weather as /weather, and its links carry the prefix.
  const response = await handlers(task.city.edition.path)(request, withLoadContext(context));
  const page: RenderOutput = {
    status: response.status,
    headers: {},
    body: new Uint8Array(await response.arrayBuffer()),
  };
  response.headers.forEach((value, name) => {
    page.headers[name] = value;
  });
  if ((page.headers["content-type"] ?? "").startsWith("text/html")) {
    const href = settings.stylesheetHref;
    const rendered = new TextDecoder().decode(page.body);
    const html = href ? await trimPageCss(rendered) : rendered;
    page.body = new TextEncoder().encode(html);
    if (settings.csp) page.scriptHashes = inlineScriptHashes(html);
  }
  return page;
}
