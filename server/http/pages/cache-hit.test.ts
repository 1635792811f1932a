import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { createCacheHit } from "./cache-hit";
import { cityKey, rememberedKeys } from "./cache-key";
import { NOT_FOUND_KEY, PageCache, type CachedPage, type RenderedPage } from "./page-cache";

const CITY = "fixtureville";

function rendered(body: string, status: number, version: number): RenderedPage {
  return {
    status,
    headers: { "content-type": "text/html", "cache-control": "public, max-age=60" },
    body: Buffer.from(body),
    deps: new Map([[cityKey(CITY, "local"), version]]),
  };
}

/** A page cache, a request's fast path over it, and what it sent (each page's body) and logged. */
function setup() {
  const versions = { local: 1 };
  const cache = new PageCache({
    maxAgeMs: 60_000,
    maxBytes: 1_000_000,
    version: () => versions.local,
  });
  const keys = rememberedKeys();
  const sent: string[] = [];
  const notFound: string[] = [];
  const hit = createCacheHit({
    cache,
    keys,
    sendHit: (_req, _res, page: CachedPage) => {
      sent.push(page.body?.toString() ?? "");
      return true;
    },
    notFound: (path) => notFound.push(path),
  });
  const keep = (key: string, body: string, status = 200) =>
    cache.get(key, () => Promise.resolve(rendered(body, status, versions.local)));
  return { cache, keys, hit, sent, notFound, versions, keep };
}

const request = (url: string, method = "GET") => ({ url, method }) as IncomingMessage;
const response = {} as ServerResponse;

describe("the page cache's fast path", () => {
  it("answers a GET or HEAD of a page kept under its own URL, and nothing else", async () => {
    const { hit, sent, keep } = setup();
    await keep(cityKey(CITY, "/local-news"), "<p>local</p>");
    expect(hit.own(request("/local-news"), response, CITY)).toBe(true);
    expect(hit.own(request("/local-news", "HEAD"), response, CITY)).toBe(true);
    expect(sent).toEqual(["<p>local</p>", "<p>local</p>"]);
    // Another method, another city, another spelling, a page not kept: the general way.
    expect(hit.own(request("/local-news", "POST"), response, CITY)).toBe(false);
    expect(hit.own(request("/local-news"), response, "elsewhere")).toBe(false);
    expect(hit.own(request("/Local-News"), response, CITY)).toBe(false);
    expect(hit.own(request("/weather"), response, CITY)).toBe(false);
    expect(sent).toHaveLength(2);
  });

  it("stops answering a URL once its page changed, and answers its new copy", async () => {
    const { hit, sent, keep, versions } = setup();
    await keep(cityKey(CITY, "/"), "<p>1</p>");
    expect(hit.own(request("/"), response, CITY)).toBe(true);
    versions.local = 2;
    expect(hit.own(request("/"), response, CITY)).toBe(false);
    await keep(cityKey(CITY, "/"), "<p>2</p>");
    expect(hit.own(request("/"), response, CITY)).toBe(true);
    expect(sent).toEqual(["<p>1</p>", "<p>2</p>"]);
  });

  it("leaves a URL kept under another key (a query, the not-found page) to `spelled`, which tells of a not-found page", async () => {
    const { hit, sent, keep, keys, notFound } = setup();
    await keep(cityKey(CITY, "/search?q=flood"), "<p>flood</p>");
    keys.set(cityKey(CITY, "/search?q=Flood"), cityKey(CITY, "/search?q=flood"));
    await keep(cityKey(CITY, NOT_FOUND_KEY), "<p>not found</p>", 404);
    keys.set(cityKey(CITY, "/api/stream"), cityKey(CITY, NOT_FOUND_KEY));
    for (const url of ["/search?q=Flood", "/api/stream"]) {
      expect(hit.own(request(url), response, CITY)).toBe(false);
      expect(hit.spelled(request(url), response, CITY)).toBe(true);
    }
    expect(sent).toEqual(["<p>flood</p>", "<p>not found</p>"]);
    expect(notFound).toEqual(["/api/stream"]);
  });
});
