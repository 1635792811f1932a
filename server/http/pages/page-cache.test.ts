import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  NOT_FOUND_KEY,
  compress,
  decompress,
  PageCache,
  isCacheable,
  isNotFoundKey,
  type RenderedPage,
} from "./page-cache";

const PUBLIC = { "content-type": "text/html", "cache-control": "public, max-age=60" };

function page(body: string, deps: Record<string, number> = {}, extra: Partial<RenderedPage> = {}) {
  return {
    status: 200,
    headers: { ...PUBLIC },
    body: Buffer.from(body),
    deps: new Map(Object.entries(deps)),
    ...extra,
  } satisfies RenderedPage;
}

/** A render that resolves when told to, counting how often it was started. */
function gatedRender(make: () => RenderedPage) {
  let open: () => void = () => {};
  let gate = new Promise<void>((r) => (open = r));
  const render = vi.fn(async () => {
    await gate;
    return make();
  });
  return {
    render,
    release: () => {
      open();
      gate = new Promise<void>((r) => (open = r));
    },
  };
}

function setup(overrides: Partial<ConstructorParameters<typeof PageCache>[0]> = {}) {
  const versions = new Map<string, number>([["world", 1]]);
  const clock = { now: 0 };
  const cache = new PageCache({
    maxAgeMs: 60_000,
    maxBytes: 1_000_000,
    version: (key) => versions.get(key) ?? 0,
    now: () => clock.now,
    ...overrides,
  });
  return { cache, versions, clock };
}

describe("PageCache", () => {
  it("renders a page once for a stampede of readers, then serves it from memory", async () => {
    const { cache } = setup();
    const { render, release } = gatedRender(() => page("<p>world</p>", { world: 1 }));
    const readers = Array.from({ length: 50 }, () => cache.get("/world-news", render));
    release();
    const answers = await Promise.all(readers);
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((a) => a.page)).size).toBe(1);
    expect((await cache.get("/world-news", render)).cache).toBe("hit");
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("renders again for the reader who finds the news changed; others meanwhile get the previous copy", async () => {
    const { cache, versions } = setup();
    let n = 0;
    const { render, release } = gatedRender(() =>
      page(`<p>${++n}</p>`, { world: versions.get("world") ?? 0 }),
    );
    const first = cache.get("/world-news", render);
    release();
    expect((await first).page.body?.toString()).toBe("<p>1</p>");
    versions.set("world", 2);
    const finder = cache.get("/world-news", render);
    const others = await Promise.all([
      cache.get("/world-news", render),
      cache.get("/world-news", render),
    ]);
    expect(others.map((o) => [o.cache, o.page.body?.toString()])).toEqual([
      ["stale", "<p>1</p>"],
      ["stale", "<p>1</p>"],
    ]);
    release();
    expect(await finder).toMatchObject({ cache: "miss" });
    expect((await finder).page.body?.toString()).toBe("<p>2</p>");
    expect(render).toHaveBeenCalledTimes(2);
    expect((await cache.get("/world-news", render)).cache).toBe("hit");
  });

  it("with an epoch, asks for a page's versions again only when its count moved", async () => {
    const versions = new Map<string, number>([
      ["news", 1],
      ["sport", 1],
      ["weather", 1],
    ]);
    const asked: string[] = [];
    const epoch = { n: 0 };
    const { cache } = setup({
      version: (key) => {
        asked.push(key);
        return versions.get(key) ?? 0;
      },
      epoch: () => epoch.n,
    });
    let n = 0;
    const render = vi.fn(async () => page(`<p>${++n}</p>`, Object.fromEntries(versions)));
    await cache.get("/", render);
    // The first hit checks every dependency; later hits none, until the count moves.
    expect((await cache.get("/", render)).cache).toBe("hit");
    expect(asked.splice(0).sort()).toEqual(["news", "sport", "weather"]);
    expect(cache.peek("/")?.body?.toString()).toBe("<p>1</p>");
    expect((await cache.get("/", render)).cache).toBe("hit");
    expect(asked.splice(0)).toEqual([]);
    // The weather changed, and the count with it: seen at once.
    versions.set("weather", 2);
    epoch.n++;
    expect((await cache.get("/", render)).cache).toBe("miss");
    expect(asked.splice(0).sort()).toEqual(["news", "sport", "weather"]);
    // The new copy is checked whole once, as every copy is at its first hit.
    expect((await cache.get("/", render)).cache).toBe("hit");
    expect(asked.splice(0).sort()).toEqual(["news", "sport", "weather"]);
    // The news changed, and the count with it: seen at once too.
    versions.set("sport", 2);
    epoch.n++;
    expect((await cache.get("/", render)).cache).toBe("miss");
    expect(render).toHaveBeenCalledTimes(3);
    await cache.get("/", render);
    expect((await cache.get("/", render)).cache).toBe("hit");
    // A count that moved for another page: every version asked once again, still a hit.
    epoch.n++;
    asked.length = 0;
    expect((await cache.get("/", render)).cache).toBe("hit");
    expect(asked.splice(0).sort()).toEqual(["news", "sport", "weather"]);
    expect((await cache.get("/", render)).cache).toBe("hit");
    expect(asked).toEqual([]);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it("serves an old page to everyone while one render replaces it (stale-while-revalidate)", async () => {
    const { cache, clock } = setup();
    let n = 0;
    const { render, release } = gatedRender(() => page(`<p>${++n}</p>`));
    const first = cache.get("/faq", render);
    release();
    await first;
    clock.now += 60_000;
    const answers = await Promise.all([cache.get("/faq", render), cache.get("/faq", render)]);
    expect(answers.map((a) => [a.cache, a.page.body?.toString()])).toEqual([
      ["stale", "<p>1</p>"],
      ["stale", "<p>1</p>"],
    ]);
    expect(render).toHaveBeenCalledTimes(2);
    release();
    await vi.waitFor(async () =>
      expect((await cache.get("/faq", render)).page.body?.toString()).toBe("<p>2</p>"),
    );
    expect(render).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["a 404", page("x", {}, { status: 404 })],
    ["no-store", page("x", {}, { headers: { "cache-control": "no-store" } })],
    ["private", page("x", {}, { headers: { "cache-control": "private, max-age=60" } })],
    ["a cookie", page("x", {}, { headers: { ...PUBLIC, "set-cookie": "a=b" } })],
  ])("passes %s through without keeping it", async (_what, answer) => {
    expect(isCacheable(answer)).toBe(false);
    const { cache } = setup();
    const render = vi.fn(async () => answer);
    expect((await cache.get("/x", render)).cache).toBe("pass");
    expect((await cache.get("/x", render)).cache).toBe("pass");
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("tells onRebuild of each kept page rendered again, not of a first render or a hit", async () => {
    const onRebuild = vi.fn();
    const { cache, versions, clock } = setup({ onRebuild });
    const render = async () => page("<p>world</p>", { world: versions.get("world") ?? 0 });
    await cache.get("/world-news", render);
    await cache.get("/world-news", render);
    expect(onRebuild).not.toHaveBeenCalled();
    versions.set("world", 2);
    expect((await cache.get("/world-news", render)).cache).toBe("miss");
    clock.now += 60_000;
    expect((await cache.get("/world-news", render)).cache).toBe("stale");
    expect(onRebuild).toHaveBeenCalledTimes(2);
  });

  it("compresses a page once per encoding", async () => {
    const { cache } = setup();
    const body = "<p>news</p>".repeat(500);
    const { page: cached } = await cache.get("/", async () => page(body));
    if (!("etag" in cached)) throw new Error("cached");
    const br = await cache.encoded(cached, "br");
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(await cache.encoded(cached, "br")).toBe(br);
    expect(gunzipSync(await cache.encoded(cached, "gzip")).toString()).toBe(body);
  });

  it("lets the least recently used pages go when full, counting each entry's own cost", async () => {
    const { cache } = setup({ maxBytes: 50_000 });
    // 8,000 bytes of body and about 2 KB of key, headers and bookkeeping: four fit.
    for (let i = 0; i < 10; i++) await cache.get(`/p${i}`, async () => page("x".repeat(8000)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(cache.stats().pages).toBe(4);
    const render = vi.fn(async () => page("x".repeat(8000)));
    expect((await cache.get("/p9", render)).cache).toBe("hit");
    expect((await cache.get("/p0", render)).cache).toBe("miss");
  });

  it("keeps a page read again over those read less recently, moving a popular page only now and then", async () => {
    const { cache } = setup({ maxBytes: 50_000 }); // four such pages fit
    const render = vi.fn(async () => page("x".repeat(8000)));
    for (let i = 0; i < 4; i++) await cache.get(`/p${i}`, render);
    // The oldest, read again (by the fast path and the general one): it is the most recent now.
    expect(cache.peek("/p0")).toBeDefined();
    for (let i = 0; i < 100; i++) expect((await cache.get("/p0", render)).cache).toBe("hit");
    await cache.get("/p4", render);
    await cache.get("/p5", render);
    expect(render).toHaveBeenCalledTimes(6);
    expect(cache.peek("/p0")).toBeDefined();
    expect(cache.peek("/p1")).toBeUndefined();
    expect(cache.peek("/p2")).toBeUndefined();
    expect(cache.peek("/p3")).toBeDefined();
  });

  it("keeps at most maxPages pages, however small", async () => {
    const { cache } = setup({ maxPages: 3 });
    for (let i = 0; i < 10; i++) await cache.get(`/p${i}`, async () => page("x"));
    expect(cache.stats().pages).toBe(3);
    expect(cache.peek("/p9")).toBeDefined();
    expect(cache.peek("/p6")).toBeUndefined();
  });

  it("bounds in bytes what unique long keys cost, not only their count", async () => {
    const { cache } = setup({ maxBytes: 1_000_000 });
    const long = "/search?q=" + "~".repeat(16_000);
    for (let i = 0; i < 200; i++) await cache.get(`${long}${i}`, async () => page("x"));
    // Each key counts at two bytes a character: about 30 fit in a megabyte, not 200.
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_000_000);
    expect(cache.stats().pages).toBeLessThan(40);
  });

  it("keeps the not-found page's 404 under its one key, and no other 404", async () => {
    const { cache } = setup();
    const notFound = () => page("<h1>Page Not Found</h1>", {}, { status: 404 });
    expect((await cache.get(NOT_FOUND_KEY, async () => notFound())).cache).toBe("miss");
    const render = vi.fn(async () => notFound());
    expect((await cache.get(NOT_FOUND_KEY, render)).cache).toBe("hit");
    expect(render).not.toHaveBeenCalled();
    expect((await cache.get("/gone", async () => notFound())).cache).toBe("pass");
    expect(cache.peek("/gone")).toBeUndefined();
  });

  it("keeps each city's not-found page under its city's key, and no other 404 of a city", async () => {
    const { cache } = setup();
    const notFound = (city: string) =>
      page(`<h1>${city}: Page Not Found</h1>`, {}, { status: 404 });
    expect(isNotFoundKey(NOT_FOUND_KEY)).toBe(true);
    expect(isNotFoundKey(`houston ${NOT_FOUND_KEY}`)).toBe(true);
    expect(isNotFoundKey(`houston /gone`)).toBe(false);
    expect(isNotFoundKey(`houston /x${NOT_FOUND_KEY}`)).toBe(false);
    for (const city of ["houston", "anchorage"]) {
      const key = `${city} ${NOT_FOUND_KEY}`;
      expect((await cache.get(key, async () => notFound(city))).cache).toBe("miss");
      expect((await cache.get(key, async () => notFound("other"))).cache).toBe("hit");
    }
    expect(cache.peek(`anchorage ${NOT_FOUND_KEY}`)?.body?.toString()).toContain("anchorage");
    expect((await cache.get("houston /gone", async () => notFound("houston"))).cache).toBe("pass");
    expect(isCacheable(notFound("houston"), "houston /gone")).toBe(false);
    expect(isCacheable(notFound("houston"), `houston ${NOT_FOUND_KEY}`)).toBe(true);
  });

  it("keeps the encoding a page was rendered with, and compresses it strongly at its second reader", async () => {
    const calls: string[] = [];
    const { cache } = setup({
      compress: async (body, coding, strength) => {
        calls.push(`${coding}:${strength}`);
        return Buffer.from(`${strength}:${body.toString()}`);
      },
      decompress: async (body) => Buffer.from(body.toString().replace(/^(fast|strong):/, "")),
    });
    const rendered = page("<p>body</p>");
    const first = await cache.get("/faq", async () => ({
      ...rendered,
      precoded: { coding: "br", body: Buffer.from("fast:<p>body</p>") },
    }));
    if (!("etag" in first.page)) throw new Error("not cached");
    const cached = first.page;
    // The first reader's encoding came with the render: nothing compressed it again.
    expect(cached.ready.get("br")?.toString()).toBe("fast:<p>body</p>");
    expect(calls).toEqual([]);
    expect(cache.peek("/faq")).toBe(cached);
    await vi.waitFor(() => expect(cached.ready.get("br")?.toString()).toBe("strong:<p>body</p>"));
    expect(calls).toEqual(["br:strong"]);
    // Once only, however many readers follow.
    cache.peek("/faq");
    cache.peek("/faq");
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(["br:strong"]);
  });

  it("keeps a page compressed only, and makes its body again for a reader who takes none", async () => {
    const { cache } = setup();
    const html = `<html><body>${"<p>Council votes on the budget.</p>".repeat(200)}</body></html>`;
    const first = await cache.get("/local-news", async () => {
      const rendered = page(html);
      return {
        ...rendered,
        precoded: { coding: "br", body: await compress(rendered.body, "br", "fast") },
      };
    });
    if (!("etag" in first.page)) throw new Error("not cached");
    const cached = first.page;
    // Brotli only: a fraction of the page, counted as such.
    expect(cached.body).toBeUndefined();
    expect(cached.length).toBe(Buffer.byteLength(html));
    const brotli = cached.ready.get("br")?.length ?? 0;
    expect(brotli).toBeLessThan(html.length / 10);
    expect(cache.stats().bytes).toBeLessThan(brotli + 4_096);
    // The reader who takes no compression, and the one who takes gzip, get the same page.
    expect((await cache.identity(cached)).toString()).toBe(html);
    const gz = await cache.encoded(cached, "gzip");
    expect(gunzipSync(gz).toString()).toBe(html);
    // The strong compression at the second reader starts from the same page.
    cache.peek("/local-news");
    await vi.waitFor(() => expect(cached.strong.size).toBe(2));
    await vi.waitFor(() =>
      expect(brotliDecompressSync(cached.ready.get("br") ?? Buffer.alloc(0)).toString()).toBe(html),
    );
  });

  it("keeps the uncompressed body of a page read uncompressed twice, counted in its bytes", async () => {
    let decompressions = 0;
    const { cache } = setup({
      decompress: async (body, coding) => {
        decompressions++;
        return decompress(body, coding);
      },
    });
    const html = `<html><body>${"<p>Flood gauges rise on Buffalo Bayou.</p>".repeat(200)}</body></html>`;
    const { page: cached } = await cache.get("/weather", async () => {
      const rendered = page(html);
      return {
        ...rendered,
        precoded: { coding: "br", body: await compress(rendered.body, "br", "fast") },
      };
    });
    if (!("etag" in cached)) throw new Error("not cached");
    const compressedOnly = cache.stats().bytes;
    // The first such reader: made from brotli, not kept (one reader proves nothing).
    expect((await cache.plain(cached)).toString()).toBe(html);
    expect(cached.body).toBeUndefined();
    expect(cache.stats().bytes).toBe(compressedOnly);
    // The second: kept, and counted; the ones after it need no decompression.
    expect((await cache.plain(cached)).toString()).toBe(html);
    expect(cached.body?.toString()).toBe(html);
    expect(cache.stats().bytes).toBe(compressedOnly + Buffer.byteLength(html));
    expect((await cache.plain(cached)).toString()).toBe(html);
    expect(decompressions).toBe(2);
    // A stronger compression later does not drop it.
    cache.peek("/weather");
    await vi.waitFor(() => expect(cached.strong.size).toBe(1));
    expect(cached.body?.toString()).toBe(html);
  });

  it("keeps a page too small to compress as it is", async () => {
    const { cache } = setup();
    const { page: cached } = await cache.get("/robots.txt", async () => page("User-agent: *"));
    if (!("etag" in cached)) throw new Error("not cached");
    expect(cached.body?.toString()).toBe("User-agent: *");
    expect((await cache.identity(cached)).toString()).toBe("User-agent: *");
  });

  it("when the compressor refuses (under load), the encoding is tried again by a later reader", async () => {
    let refuse = true;
    const { cache } = setup({
      compress: async (body) => {
        if (refuse) throw new Error("busy");
        return Buffer.from(`z${body.toString()}`);
      },
    });
    const { page: cached } = await cache.get("/faq", async () => page("<p>x</p>"));
    if (!("etag" in cached)) throw new Error("not cached");
    await expect(cache.encoded(cached, "gzip")).rejects.toThrow("busy");
    refuse = false;
    expect((await cache.encoded(cached, "gzip")).toString()).toBe("z<p>x</p>");
  });

  it("keeps serving the old copy when a background render fails, and tells", async () => {
    const onError = vi.fn();
    const { cache, clock } = setup({ onError });
    await cache.get("/faq", async () => page("old"));
    clock.now += 60_000;
    const failing = vi.fn(async (): Promise<RenderedPage> => {
      throw new Error("render failed");
    });
    expect((await cache.get("/faq", failing)).page.body?.toString()).toBe("old");
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith("/faq", expect.any(Error)));
    expect((await cache.get("/faq", async () => page("new"))).page.body?.toString()).toBe("old");
  });

  it("serves the previous copy to the reader who finds the news changed when the render fails", async () => {
    const onError = vi.fn();
    const { cache, versions } = setup({ onError });
    await cache.get("/world-news", async () => page("before", { world: 1 }));
    versions.set("world", 2);
    const answer = await cache.get("/world-news", async () => {
      throw new Error("overloaded");
    });
    expect(answer).toMatchObject({ cache: "stale" });
    expect(answer.page.body?.toString()).toBe("before");
    expect(onError).toHaveBeenCalledWith("/world-news", expect.any(Error));
    await expect(
      cache.get("/new-page", async () => {
        throw new Error("no copy to fall back on");
      }),
    ).rejects.toThrow("no copy to fall back on");
  });
});
