import { brotliCompressSync, constants } from "node:zlib";
import { build } from "esbuild";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
// @ts-expect-error: a build script (plain JavaScript), its options only.
import { SERVICE_WORKER_BUILD } from "../../scripts/build-sw.mjs";

// The offline storm kit's service worker (issue 52, point 5), as built (scripts/build-sw.mjs):
// its size, and what it does, run against a fake worker scope (its events, the Cache API, fetch).
// The browser's side (a page reloaded offline in Chromium) is tests/e2e/offline.spec.ts.

/** The most the worker may weigh, brotli (issue 52: at most 5 KB). */
const MAX_BROTLI_BYTES = 5 * 1024;

let code = "";

beforeAll(async () => {
  const built = await build({ ...(SERVICE_WORKER_BUILD as object), write: false });
  code = built.outputFiles?.[0]?.text ?? "";
});

describe("the service worker's size", () => {
  it(`is at most ${MAX_BROTLI_BYTES} bytes brotli (quality 11, as served)`, () => {
    const brotli = brotliCompressSync(Buffer.from(code), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    expect(code.length).toBeGreaterThan(1000);
    expect(brotli.length).toBeLessThanOrEqual(MAX_BROTLI_BYTES);
  });
});

const ORIGIN = "https://city.test";

/** A Cache of the Cache API, in memory: entries in the order they were put. */
class FakeCache {
  readonly entries = new Map<string, Response>();
  async put(key: string | { url: string }, response: Response) {
    const url = typeof key === "string" ? key : key.url;
    this.entries.delete(url);
    this.entries.set(url, response);
  }
  async match(key: string | { url: string }) {
    return this.entries.get(typeof key === "string" ? key : key.url)?.clone();
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(key: string | { url: string }) {
    return this.entries.delete(typeof key === "string" ? key : key.url);
  }
}

/** The CacheStorage (`caches`), in memory. */
class FakeCaches {
  readonly stores = new Map<string, FakeCache>();
  async open(name: string) {
    let cache = this.stores.get(name);
    if (!cache) this.stores.set(name, (cache = new FakeCache()));
    return cache;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(key: string | { url: string }, options: { cacheName?: string } = {}) {
    const names = options.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const name of names) {
      const found = await this.stores.get(name)?.match(key);
      if (found) return found;
    }
    return undefined;
  }
  /** The URLs a cache holds, as paths. */
  paths(name: string): string[] {
    return [...(this.stores.get(name)?.entries.keys() ?? [])].map((url) => new URL(url).pathname);
  }
}

type Listener = (event: Record<string, unknown>) => void;

/** A worker scope with the built worker running in it. */
function startWorker() {
  const listeners = new Map<string, Listener>();
  const caches = new FakeCaches();
  const fetch = vi.fn<(request: unknown, init?: unknown) => Promise<Response>>();
  const windows: { url: string; focus: ReturnType<typeof vi.fn> }[] = [];
  const scope = {
    location: new URL(`${ORIGIN}/`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => {}),
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => undefined),
    },
    registration: { showNotification: vi.fn(async () => {}) },
  };
  new Function("self", "caches", "fetch", code)(scope, caches, fetch);

  /** Dispatches an event: what it answered with, and once everything it waits for is done. */
  function dispatch(type: string, fields: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    const event = {
      ...fields,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (promise: Promise<Response>) => (answer = promise),
    };
    listeners.get(type)?.(event);
    const settled = async () => {
      await answer?.catch(() => undefined);
      // Waits added while others run (a page kept once it came) are waited for too.
      for (let seen = -1; seen !== waits.length;) {
        seen = waits.length;
        await Promise.allSettled(waits);
      }
    };
    return { answer, settled };
  }

  /** A navigation to `path` (or another request), as the browser gives it to the worker. */
  const navigate = (path: string, method = "GET") =>
    dispatch("fetch", { request: { url: `${ORIGIN}${path}`, method, mode: "navigate" } });
  const request = (path: string, method = "GET") =>
    dispatch("fetch", { request: { url: `${ORIGIN}${path}`, method, mode: "cors" } });

  return { caches, fetch, scope, windows, dispatch, navigate, request };
}

/** What a page names: its edition's manifest, the whole stylesheet. */
interface Names {
  manifest?: string;
  stylesheet?: string;
}

/** A page as the site renders it: its language, its manifest's link, the whole stylesheet. */
function sitePage(
  title: string,
  lang = "en-US",
  headers: Record<string, string> = {},
  names: Names = {},
): Response {
  const stylesheet = names.stylesheet ? ` data-stylesheet="${names.stylesheet}"` : "";
  const manifest = names.manifest ? `<link rel="manifest" href="${names.manifest}"/>` : "";
  const html =
    `<!DOCTYPE html><html lang="${lang}"${stylesheet}><head><meta charSet="utf-8"/>${manifest}` +
    `<title>${title}</title></head>` +
    `<body class="bg-paper"><main><h1>${title}</h1></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=60",
      "Content-Security-Policy": "script-src 'self' 'sha256-abc'",
      ...headers,
    },
  });
}

/** An edition's manifest, as server/offline/manifest.ts makes it (what the worker reads of it). */
function siteManifest(spanish: boolean): Response {
  const body = spanish
    ? {
        start_url: "/es/",
        shortcuts: [{ name: "Clima", url: "/es/clima" }],
        offline_note: {
          saved_at: "Guardada a las {time}",
          saved_on: "Guardada el {date} a las {time}",
          time_zone: "America/Chicago",
        },
      }
    : {
        start_url: "/",
        shortcuts: [{ name: "Weather", url: "/weather" }],
        offline_note: {
          saved_at: "Saved at {time}",
          saved_on: "Saved on {date} at {time}",
          time_zone: "America/Chicago",
        },
      };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/manifest+json" },
  });
}

const STYLESHEET = "/assets/app-abc123.css";

/** Answers as the site does: pages (Spanish under /es/), each edition's manifest, the stylesheet. */
function site(request: unknown): Promise<Response> {
  const url = new URL(typeof request === "string" ? request : (request as { url: string }).url);
  const spanish = url.pathname.startsWith("/es/");
  if (url.pathname.endsWith(".css")) {
    return Promise.resolve(new Response(".saved-note{position:sticky}", { status: 200 }));
  }
  if (url.pathname.endsWith("/manifest.webmanifest")) return Promise.resolve(siteManifest(spanish));
  return Promise.resolve(
    sitePage(
      url.pathname,
      spanish ? "es-US" : "en-US",
      {},
      {
        manifest: spanish ? "/es/manifest.webmanifest" : "/manifest.webmanifest",
        stylesheet: STYLESHEET,
      },
    ),
  );
}

const offline = () => Promise.reject(new TypeError("Failed to fetch"));

afterEach(() => {
  vi.useRealTimers();
});

describe("pages", () => {
  it("come from the network when it answers, and are kept", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(site);
    const { answer, settled } = worker.navigate("/local-news");
    const page = await answer;
    expect(await page?.text()).toContain("<h1>/local-news</h1>");
    await settled();
    expect(worker.caches.paths("pages-v1")).toEqual(["/local-news"]);
    const kept = await worker.caches.match(`${ORIGIN}/local-news`);
    expect(Number(kept?.headers.get("x-saved-at"))).toBeGreaterThan(Date.now() - 5000);
    expect(kept?.headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-abc'");
  });

  it("come from the copy when the network is down, with the time they were saved at its end", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(site);
    await worker.navigate("/local-news").settled();
    worker.fetch.mockImplementation(offline);
    const page = await worker.navigate("/local-news").answer;
    const html = (await page?.text()) ?? "";
    expect(html).toMatch(
      /<\/main><link rel="stylesheet" href="\/assets\/app-abc123\.css"><p class="saved-note" role="status">Saved at \d{1,2}:\d{2}\s[AP]M<\/p><\/body>/,
    );
    // Its CSP travels with it; the note is no script and has no style attribute.
    expect(page?.headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-abc'");
    expect(page?.headers.get("x-saved-at")).toBeNull();
  });

  it("say so in the page's language, and name the day of a copy from before today", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(site);
    await worker.navigate("/es/").settled();
    worker.fetch.mockImplementation(offline);
    const today = await (await worker.navigate("/es/").answer)?.text();
    expect(today).toMatch(/<p class="saved-note" role="status">Guardada a las \d{1,2}:\d{2}/);

    // The same copy, kept two days ago at 19:42 in Houston.
    // Home is kept with the edition's weather page.
    const cache = await worker.caches.open("kept-v1");
    const old = (await cache.match(`${ORIGIN}/es/`)) as Response;
    const headers = new Headers(old.headers);
    const at = Date.now() - 2 * 86_400_000;
    headers.set("x-saved-at", String(at));
    await cache.put(`${ORIGIN}/es/`, new Response(await old.text(), { headers }));
    const before = await (await worker.navigate("/es/").answer)?.text();
    const day = new Intl.DateTimeFormat("es-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "America/Chicago",
    }).format(at);
    expect(before).toContain(`Guardada el ${day} a las `);
  });

  it("come from the copy after 3 s without an answer, and the late answer is kept", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
    const worker = startWorker();
    worker.fetch.mockImplementation(site);
    await worker.navigate("/weather").settled();
    let arrive: (response: Response) => void = () => {};
    worker.fetch.mockImplementationOnce(() => new Promise((resolve) => (arrive = resolve)));
    const { answer, settled } = worker.navigate("/weather");
    await vi.advanceTimersByTimeAsync(2900);
    let shown: string | undefined;
    void answer?.then(async (r) => (shown = await r.text()));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(shown).toContain('class="saved-note"'));
    arrive(sitePage("Weather, later"));
    await settled();
    const kept = await worker.caches.match(`${ORIGIN}/weather`);
    expect(await kept?.text()).toContain("Weather, later");
  });

  it("fail as the browser's own error when none is kept and the network is down", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(offline);
    const page = await worker.navigate("/sports").answer;
    expect(page?.type).toBe("error");
  });

  it("are not kept when not a 200 of HTML that may be stored", async () => {
    const worker = startWorker();
    for (const response of [
      new Response("Not found", { status: 404, headers: { "Content-Type": "text/html" } }),
      sitePage("Sent", "en-US", { "Cache-Control": "no-store" }),
      new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } }),
    ]) {
      worker.fetch.mockResolvedValueOnce(response);
      await worker.navigate("/contact").settled();
    }
    expect(worker.caches.paths("pages-v1")).toEqual([]);
  });

  it("are at most 40 besides home and weather, the oldest dropped first", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(async () => sitePage("A page"));
    for (let i = 0; i < 45; i++) await worker.navigate(`/search?q=${i}`).settled();
    const kept = worker.caches.paths("pages-v1");
    expect(kept).toHaveLength(40);
    const cache = await worker.caches.open("pages-v1");
    expect((await cache.keys())[0]?.url).toBe(`${ORIGIN}/search?q=5`);
  });
});

describe("what the worker never touches", () => {
  it.each([
    ["the API", "/api/articles?category=local", "cors"],
    ["the radio stream", "/api/stream", "no-cors"],
    ["an edition's live channel", "/es/api/live", "cors"],
    ["the health probe", "/healthz", "cors"],
    ["another kind of file", "/favicon.svg", "no-cors"],
  ])("%s (%s)", (_what, path, mode) => {
    const worker = startWorker();
    const { answer } = worker.dispatch("fetch", {
      request: { url: `${ORIGIN}${path}`, method: "GET", mode },
    });
    expect(answer).toBeUndefined();
  });

  it.each(["/api/stream", "/api/articles", "/es/api/live", "/healthz", "/metrics"])(
    "a navigation to %s",
    (path) => {
      expect(startWorker().navigate(path).answer).toBeUndefined();
    },
  );

  it("a form post, and another host's request", () => {
    const worker = startWorker();
    expect(worker.navigate("/contact", "POST").answer).toBeUndefined();
    const other = worker.dispatch("fetch", {
      request: { url: "https://cdn.example/assets/x.js", method: "GET", mode: "no-cors" },
    });
    expect(other.answer).toBeUndefined();
  });
});

describe("assets and pictures", () => {
  it("a hashed asset comes from the cache once kept", async () => {
    const worker = startWorker();
    worker.fetch.mockResolvedValueOnce(new Response("console.log(1)", { status: 200 }));
    const first = worker.request("/assets/island-menu-abc123.js");
    expect(await (await first.answer)?.text()).toBe("console.log(1)");
    await first.settled();
    worker.fetch.mockImplementation(offline);
    const second = await worker.request("/assets/island-menu-abc123.js").answer;
    expect(await second?.text()).toBe("console.log(1)");
    expect(worker.fetch).toHaveBeenCalledTimes(1);
  });

  it("pictures come from the network, the last 30 kept for offline", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(async () => new Response("png", { status: 200 }));
    for (let i = 0; i < 35; i++) await worker.request(`/img/400/${i}`).settled();
    expect(worker.caches.paths("pictures-v1")).toHaveLength(30);
    worker.fetch.mockImplementation(offline);
    expect(await (await worker.request("/img/400/34").answer)?.text()).toBe("png");
    expect((await worker.request("/img/400/0").answer)?.type).toBe("error");
  });
});

describe("the pages a page names", () => {
  it("are kept with it: its edition's home and weather page, and the whole stylesheet", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(site);
    await worker.navigate("/es/deportes").settled();
    expect(worker.caches.paths("kept-v1").sort()).toEqual([
      "/es/",
      "/es/clima",
      "/es/manifest.webmanifest",
    ]);
    expect(worker.caches.paths("pages-v1")).toEqual(["/es/deportes"]);
    expect(worker.caches.paths("assets-v1")).toEqual(["/assets/app-abc123.css"]);
    // Within ten minutes a page read fetches none of them again; home read is kept with them.
    const fetched = worker.fetch.mock.calls.length;
    await worker.navigate("/es/deportes").settled();
    expect(worker.fetch.mock.calls.length).toBe(fetched + 1);
    await worker.navigate("/es/").settled();
    expect(worker.caches.paths("kept-v1")).toHaveLength(3);
    expect(worker.caches.paths("pages-v1")).toEqual(["/es/deportes"]);
  });

  it("are shown offline with the whole stylesheet, which has the note's rule", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(site);
    await worker.navigate("/es/deportes").settled();
    worker.fetch.mockImplementation(offline);
    const html = await (await worker.navigate("/es/clima").answer)?.text();
    expect(html).toMatch(
      /<\/main><link rel="stylesheet" href="\/assets\/app-abc123\.css"><p class="saved-note" role="status">Guardada a las /,
    );
    const css = await worker.request("/assets/app-abc123.css").answer;
    expect(await css?.text()).toContain(".saved-note");
  });

  it("are never another host's or the API's", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(async (request) => {
      const url = typeof request === "string" ? request : (request as { url: string }).url;
      if (!url.endsWith(".webmanifest")) {
        return sitePage("x", "en-US", {}, { manifest: "/manifest.webmanifest" });
      }
      const body = {
        start_url: "//evil.example/",
        shortcuts: [{ url: "https://evil.example/" }, { url: "/api/articles" }],
      };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    await worker.navigate("/").settled();
    // The page and its manifest, nothing it names.
    expect(worker.fetch).toHaveBeenCalledTimes(2);
    expect(worker.caches.paths("kept-v1")).toEqual(["/manifest.webmanifest"]);
  });

  it("leave a page as it was kept when its manifest is not", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(async (request) =>
      typeof request === "string"
        ? offline()
        : sitePage("x", "en-US", {}, { manifest: "/manifest.webmanifest" }),
    );
    await worker.navigate("/sports").settled();
    worker.fetch.mockImplementation(offline);
    const html = await (await worker.navigate("/sports").answer)?.text();
    expect(html).toContain("<h1>x</h1>");
    expect(html).not.toContain("saved-note");
  });

  it("are kept from the page that registered the worker, which came before it", async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(site);
    worker.windows.push({ url: `${ORIGIN}/es/deportes#top`, focus: vi.fn() });
    worker.windows.push({ url: "https://elsewhere.example/", focus: vi.fn() });
    await worker.dispatch("activate", {}).settled();
    expect(worker.caches.paths("pages-v1")).toEqual(["/es/deportes"]);
    expect(worker.caches.paths("kept-v1").sort()).toEqual([
      "/es/",
      "/es/clima",
      "/es/manifest.webmanifest",
    ]);
  });
});

describe("its life", () => {
  it("takes over at once and deletes the caches of other versions", async () => {
    const worker = startWorker();
    await worker.caches.open("pages-v0");
    await worker.caches.open("pages-v1");
    await worker.dispatch("install", {}).settled();
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
    await worker.dispatch("activate", {}).settled();
    expect(await worker.caches.keys()).toEqual(["pages-v1"]);
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });
});

describe("Web Push", () => {
  const push = {
    title: "Aviso de tornado",
    body: "Hasta las 8:15 p. m.: busque refugio.",
    url: "/es/clima",
    tag: "alert-1-TXZ213",
    lang: "es-US",
  };

  it("shows a push as a notification with the app's icon", async () => {
    const worker = startWorker();
    await worker.dispatch("push", { data: { json: () => push } }).settled();
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith("Aviso de tornado", {
      body: push.body,
      tag: push.tag,
      lang: "es-US",
      data: { url: "/es/clima" },
      icon: "/icon-192.png",
      renotify: true,
    });
  });

  it("opens a clicked notification's page, or focuses a window that shows it", async () => {
    const worker = startWorker();
    const close = vi.fn();
    const click = () =>
      worker.dispatch("notificationclick", { notification: { close, data: { url: "/es/clima" } } });
    await click().settled();
    expect(close).toHaveBeenCalled();
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/es/clima`);
    const focus = vi.fn(async () => undefined);
    worker.windows.push({ url: `${ORIGIN}/es/clima`, focus });
    await click().settled();
    expect(focus).toHaveBeenCalled();
    expect(worker.scope.clients.openWindow).toHaveBeenCalledTimes(1);
  });
});
