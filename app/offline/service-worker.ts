// The offline storm kit's service worker (issue 52), served at /sw.js (scope: the whole host, so
// every edition's prefix too) and registered by every page's island loader (common/islands.ts)
// where the browser has service workers. Built by scripts/build-sw.mjs (at most 5 KB brotli:
// service-worker.test.ts measures it).
//
// - Pages (navigations): fetched first; after TIMEOUT_MS without an answer, or when the fetch
//   fails, the copy this worker kept, with a note at the foot of the screen: "Saved at
//   7:42 PM", in the page's language and its city's time zone. The words, the zone and the pages
//   to keep come from the page's edition's web app manifest, which every page links
//   (`offline_note`, `start_url`, `shortcuts`: server/offline/manifest.ts), kept with its pages;
//   the whole stylesheet from the page (<html data-stylesheet>): no text here. The note's rule is
//   in the whole stylesheet (.saved-note, app/app.css), kept with the pages and linked by the
//   copy; neither is a script: the page's CSP, kept with it, still holds.
// - The pages a kept page's manifest names (its edition's home and weather page) are kept too,
//   and fetched again when older than REFRESH_MS, in a cache of their own; other pages read are
//   kept up to MAX_PAGES, the oldest dropped first. The page that registered the worker came
//   before it: once active, the worker fetches the pages open in a window.
// - Hashed assets (/assets/…): from the cache first (their names change with their content).
// - Pictures (/img/…): fetched first, the last MAX_PICTURES kept for offline.
// - Anything else (the API and its radio stream, the live channel, /healthz, form posts, other
//   hosts): not touched, never stored. A page is stored only when it is a 200 of HTML that the
//   server allows to be stored (no no-store).
// - A new release's worker (the file is asked again on each visit: no-cache) takes over at once;
//   caches of other versions are deleted.
// - Web Push (issue 52's points 1 and 2): a push is shown as a notification; a click on it opens
//   (or focuses) its page.

/** What is kept, by version of how it is kept: a change of format is a new name. */
const VERSION = "v1";
const KEPT = `kept-${VERSION}`;
const PAGES = `pages-${VERSION}`;
const ASSETS = `assets-${VERSION}`;
const PICTURES = `pictures-${VERSION}`;
const CACHES = [KEPT, PAGES, ASSETS, PICTURES];

/** How long a page's answer from the server is waited for before the kept copy is shown. */
const TIMEOUT_MS = 3000;
/** How old a kept home or weather page may be before a visit fetches it again. */
const REFRESH_MS = 10 * 60_000;
/** Each edition's home, weather page and manifest. */
const MAX_KEPT = 12;
const MAX_PAGES = 40;
const MAX_ASSETS = 80;
const MAX_PICTURES = 30;

/** The header a kept answer carries: when it was kept (milliseconds since the epoch). */
const SAVED = "x-saved-at";
/** Matching ignores Vary (Accept-Encoding): a page's one copy is the one kept. */
const ANY = { ignoreVary: true };
/** The icon a notification shows (server/offline/icons.ts). */
const ICON = "/icon-192.png";

// The few service worker types this file uses (the project's TypeScript has the DOM's types,
// not a worker's: both in one program conflict).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data: unknown };
}
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
}
interface Worker {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: {
    showNotification(
      title: string,
      options: NotificationOptions & { renotify?: boolean },
    ): Promise<void>;
  };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}
const worker = self as unknown as Worker;

worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => !CACHES.includes(name)).map((n) => caches.delete(n))),
      )
      .then(() => worker.clients.claim())
      .then(() => worker.clients.matchAll({ type: "window", includeUncontrolled: true }))
      .then((windows) => Promise.all(windows.map((w) => visit(w.url)))),
  );
});

/** Paths that are never a page to keep, at any edition's prefix: the API, the probes. */
const NOT_PAGES = /(^|\/)(api|healthz|readyz|metrics)(\/|$)/;

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return;
  const path = url.pathname;
  if (request.mode === "navigate") {
    if (!NOT_PAGES.test(path)) event.respondWith(page(event, url.href));
  } else if (path.startsWith("/assets/")) {
    event.respondWith(asset(event, request));
  } else if (path.startsWith("/img/")) {
    event.respondWith(picture(event, request));
  }
});

/** When an answer was kept (0 for one that says nothing). */
function savedAt(response: Response): number {
  return Number(response.headers.get(SAVED)) || 0;
}

/** Whether a page's answer may be kept: a 200 of HTML the server lets anyone store. */
function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    !/no-store|private/.test(response.headers.get("cache-control") ?? "")
  );
}

/**
 * Keeps `response` under `key` in `name`, marked with the time, then drops the oldest past `max`.
 * Gives its body.
 */
async function keep(
  name: string,
  key: string,
  response: Response,
  max: number,
): Promise<ArrayBuffer> {
  const headers = new Headers(response.headers);
  headers.set(SAVED, String(Date.now()));
  // The body as the page got it (decoded): its length and coding are no longer the wire's.
  headers.delete("content-length");
  headers.delete("content-encoding");
  const body = await response.arrayBuffer();
  const cache = await caches.open(name);
  await cache.put(key, new Response(body, { status: response.status, headers }));
  // A key put again goes last (the Cache API deletes and appends): the oldest come first.
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((k) => cache.delete(k)));
  return body;
}

/** The newest kept copy of a page, of the home and weather pages' cache and the others'. */
async function kept(url: string): Promise<Response | undefined> {
  const found = await Promise.all(
    [KEPT, PAGES].map((name) => caches.match(url, { ...ANY, cacheName: name })),
  );
  return found.reduce<Response | undefined>(
    (newest, r) => (r && (!newest || savedAt(r) > savedAt(newest)) ? r : newest),
    undefined,
  );
}

/**
 * A navigation: the page fetched from the server if it comes within TIMEOUT_MS (or whenever it
 * comes, when none is kept), else the kept copy with its note; the kept copy at once when the
 * fetch fails. The fetched page is kept once the reader has it (in the home and weather pages'
 * cache when it is one of them), without holding up its answer.
 */
function page(event: FetchEvent, url: string): Promise<Response> {
  const fetched = fetch(event.request).then((response) => {
    if (storable(response)) event.waitUntil(keepPage(url, response.clone()).catch(() => {}));
    return response;
  });
  event.waitUntil(fetched.catch(() => undefined));
  const late = new Promise<void>((resolve) => setTimeout(resolve, TIMEOUT_MS))
    .then(() => kept(url))
    .then((copy) => (copy ? withNote(copy, url) : fetched));
  return Promise.race([fetched, late]).catch(() =>
    kept(url).then((copy) => (copy ? withNote(copy, url) : Response.error())),
  );
}

/** What the worker reads in an edition's web app manifest (server/offline/manifest.ts). */
interface Manifest {
  start_url?: string;
  shortcuts?: { url?: string }[];
  offline_note?: { saved_at?: string; saved_on?: string; time_zone?: string };
}

/** The address of the web app manifest a page links, if it links one. */
function manifestLink(html: string, base: string): string | undefined {
  const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
  return href ? new URL(href, base).href : undefined;
}

/** A manifest kept with the pages, fetched again when older than REFRESH_MS (or when asked). */
async function manifest(url: string, fresh: boolean): Promise<Manifest | undefined> {
  let copy = await caches.match(url, { ...ANY, cacheName: KEPT });
  if (fresh && (!copy || Date.now() - savedAt(copy) >= REFRESH_MS)) {
    try {
      const response = await fetch(url);
      if (response.ok && new URL(url).origin === worker.location.origin) {
        await keep(KEPT, url, response, MAX_KEPT);
        copy = await caches.match(url, { ...ANY, cacheName: KEPT });
      }
    } catch {
      // Offline: the copy kept, if any.
    }
  }
  return copy?.json().catch(() => undefined) as Promise<Manifest | undefined>;
}

/**
 * Keeps a page's answer (with the home and weather pages if it is one of them, else with the
 * rest), then what it names: its manifest and the home and weather page that names, and the
 * whole stylesheet.
 */
async function keepPage(url: string, response: Response): Promise<void> {
  const isKept = await caches.match(url, { ...ANY, cacheName: KEPT });
  const body = await keep(isKept ? KEPT : PAGES, url, response, isKept ? MAX_KEPT : MAX_PAGES);
  // <html> and the manifest's link are at the start of the page.
  const start = new TextDecoder().decode(body.slice(0, 2048));
  const link = manifestLink(start, url);
  const named = link ? await manifest(link, true) : undefined;
  const keepList = [named?.start_url, ...(named?.shortcuts ?? []).map((s) => s.url)];
  const stylesheet = attribute(start, "data-stylesheet");
  await Promise.all([
    ...keepList.slice(0, 4).map((path) => path && hold(new URL(path, url).href)),
    stylesheet && stylesheet.startsWith("/assets/")
      ? ensureAsset(new URL(stylesheet, url).href)
      : undefined,
  ]);
}

/** Keeps a hashed asset a page needs offline (the whole stylesheet), unless it is kept. */
async function ensureAsset(url: string): Promise<void> {
  if (await caches.match(url, { ...ANY, cacheName: ASSETS })) return;
  try {
    const response = await fetch(url);
    if (response.status === 200) await keep(ASSETS, url, response, MAX_ASSETS);
  } catch {
    // Offline: the copy is shown with its own rules, its note unstyled.
  }
}

/** One of the page's own attributes on <html> (React escaped it for an attribute). */
function attribute(html: string, name: string): string | undefined {
  return new RegExp(`<html[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
}

/**
 * A kept page with the note that says when it was kept, last in its <body> and held at the foot
 * of the screen (sticky: it moves nothing of the page, which a browser reloading it puts back
 * where the reader was): "Saved at 7:42 PM" (today), "Saved on Wed, Dec 2 at 7:42 PM" (before),
 * in the page's language and its city's time zone (the device's if its manifest names none), the
 * words its edition's manifest's. A page whose manifest is not kept is shown as it was kept.
 */
async function withNote(copy: Response, url: string): Promise<Response> {
  const html = await copy.text();
  const lang = attribute(html, "lang");
  const link = manifestLink(html, url);
  const note = (link ? await manifest(link, false) : undefined)?.offline_note;
  const savedAtText = note?.saved_at;
  const savedOnText = note?.saved_on;
  let body = html;
  if (savedAtText && savedOnText) {
    const timeZone = note.time_zone || undefined;
    const format = (options: Intl.DateTimeFormatOptions, at: number) =>
      new Intl.DateTimeFormat(lang, { ...options, timeZone }).format(at);
    const at = savedAt(copy);
    const day = { year: "numeric", month: "numeric", day: "numeric" } as const;
    const today = format(day, at) === format(day, Date.now());
    const text = (today ? savedAtText : savedOnText)
      .replace("{time}", format({ timeStyle: "short" }, at))
      .replace("{date}", format({ weekday: "short", month: "short", day: "numeric" }, at));
    const end = html.lastIndexOf("</body>");
    const stylesheet = attribute(html, "data-stylesheet");
    // The whole stylesheet (a superset of the page's own rules, decision 006) has the note's.
    const rules = stylesheet ? `<link rel="stylesheet" href="${stylesheet}">` : "";
    const shown = `${rules}<p class="saved-note" role="status">${text}</p>`;
    if (end !== -1) body = html.slice(0, end) + shown + html.slice(end);
  }
  const headers = new Headers(copy.headers);
  headers.delete(SAVED);
  return new Response(body, { status: copy.status, headers });
}

/** The page at `path`, fetched, kept in `name` when it may be; nothing when offline. */
async function fetchAndKeep(url: string, name: string, max: number): Promise<void> {
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (storable(response)) await keep(name, url, response, max);
  } catch {
    // Offline: what is kept stays.
  }
}

/**
 * Keeps one of the pages a page names (its edition's home and weather page), moving a copy read
 * as a page to their cache; fetched again when older than REFRESH_MS.
 */
async function hold(url: string): Promise<void> {
  if (!ownPage(url)) return;
  const [held, pages] = await Promise.all([caches.open(KEPT), caches.open(PAGES)]);
  let copy = await pages.match(url, ANY);
  if (copy) {
    await held.put(url, copy);
    await pages.delete(url, ANY);
  } else {
    copy = await held.match(url, ANY);
  }
  if (!copy || Date.now() - savedAt(copy) >= REFRESH_MS) await fetchAndKeep(url, KEPT, MAX_KEPT);
}

/** Keeps a page open in a window (and what it names), if no copy of it is kept yet. */
async function visit(address: string): Promise<void> {
  const url = address.split("#")[0] ?? "";
  if (!ownPage(url) || (await kept(url))) return;
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (storable(response)) await keepPage(url, response);
  } catch {
    // Offline: nothing to keep.
  }
}

/** Whether a URL is one of this host's pages (not another host's, not the API's). */
function ownPage(url: string): boolean {
  const { origin, pathname } = new URL(url);
  return origin === worker.location.origin && !NOT_PAGES.test(pathname);
}

/** A hashed asset: the kept one, else the fetched one, kept. */
async function asset(event: FetchEvent, request: Request): Promise<Response> {
  const copy = await caches.match(request, { ...ANY, cacheName: ASSETS });
  if (copy) return copy;
  const response = await fetch(request);
  if (response.status === 200) {
    event.waitUntil(keep(ASSETS, request.url, response.clone(), MAX_ASSETS).catch(() => {}));
  }
  return response;
}

/** A picture: fetched (through the browser's HTTP cache), the last few kept for offline. */
function picture(event: FetchEvent, request: Request): Promise<Response> {
  return fetch(request).then(
    (response) => {
      if (response.status === 200) {
        event.waitUntil(
          keep(PICTURES, request.url, response.clone(), MAX_PICTURES).catch(() => {}),
        );
      }
      return response;
    },
    () => caches.match(request, { ...ANY, cacheName: PICTURES }).then((r) => r ?? Response.error()),
  );
}

/** A push (server/push/): `{ title, body, url, tag, lang }`, shown as a notification. */
worker.addEventListener("push", (event) => {
  const push = (event.data?.json() ?? {}) as Record<string, string | undefined>;
  event.waitUntil(
    worker.registration.showNotification(push.title ?? "", {
      body: push.body,
      tag: push.tag,
      lang: push.lang,
      data: { url: push.url },
      icon: ICON,
      renotify: true,
    }),
  );
});

/** A click on a notification: its page, in a window that shows it already, else a new one. */
worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url;
  if (!target) return;
  const url = new URL(target, worker.location.origin).href;
  event.waitUntil(
    worker.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then(
        (windows) => windows.find((w) => w.url === url)?.focus() ?? worker.clients.openWindow(url),
      ),
  );
});

// A module, so that its types above are its own rather than the DOM's, merged.
export {};
