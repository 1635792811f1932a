import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFeedServer, type FeedServer } from "../../tests/fixture-servers/feed-server";
import { startCanary, type Canary } from "../../tests/support/canary";
import { createOutboundGuard } from "../net/outbound";
import { fetchFeed, parseRetryAfter } from "./fetcher";

let server: FeedServer;
const UA = "Test City Wire news reader (+https://news.example.test)";
// The fixture server listens on 127.0.0.1, which fetchFeed refuses unless allowed.
const guard = createOutboundGuard({ allowPrivateHosts: ["127.0.0.1"] });

beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
  await guard.close();
});

const get = (path: string, options: Partial<Parameters<typeof fetchFeed>[1]> = {}) =>
  fetchFeed(`${server.url}${path}`, { userAgent: UA, guard, ...options });

describe("fetchFeed against the fixture server", () => {
  it("fetches a feed with its validators, naming the site in the User-Agent", async () => {
    const result = await get("/feeds/nyt-homepage.rss.xml");
    expect(result.kind).toBe("ok");
    if (result.kind !== "ok") return;
    expect(result.contentType).toBe("application/rss+xml");
    expect(result.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(result.lastModified).toBe("Sat, 01 Nov 2026 12:00:00 GMT");
    expect(Buffer.from(result.body).toString("utf8")).toContain("<rss");
    expect(server.lastHeaders.get("/feeds/nyt-homepage.rss.xml")?.["user-agent"]).toBe(UA);
  });

  it("decompresses a gzip-encoded body", async () => {
    const result = await get("/gzip/feeds/slashdot.rdf.xml");
    expect(result.kind === "ok" && Buffer.from(result.body).toString("latin1")).toContain(
      "rdf:RDF",
    );
  });

  it("sends If-None-Match and If-Modified-Since, and reports a 304", async () => {
    const first = await get("/feeds/espn-top.rss.xml");
    if (first.kind !== "ok") throw new Error("expected ok");
    const second = await get("/feeds/espn-top.rss.xml", {
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(second).toEqual({ kind: "not-modified" });
    const headers = server.lastHeaders.get("/feeds/espn-top.rss.xml");
    expect(headers?.["if-none-match"]).toBe(first.etag);
    expect(headers?.["if-modified-since"]).toBe(first.lastModified);
  });

  it("follows up to 5 redirects", async () => {
    const result = await get("/redirect/5/feeds/espn-top.rss.xml");
    expect(result.kind).toBe("ok");
    expect(result.kind === "ok" && result.url).toBe(`${server.url}/feeds/espn-top.rss.xml`);
  });

  it("gives up after 5 redirects, and on a redirect loop", async () => {
    expect(await get("/redirect/6/feeds/espn-top.rss.xml")).toEqual({
      kind: "error",
      reason: "More than 5 redirects",
    });
    expect(await get("/redirect-loop")).toEqual({ kind: "error", reason: "More than 5 redirects" });
  });

  it.each(["javascript:alert(1)", "ftp://example.com/feed.xml", "file:///etc/passwd"])(
    "refuses a redirect to %s",
    async (location) => {
      const result = await get(`/redirect-to?location=${encodeURIComponent(location)}`);
      expect(result.kind).toBe("error");
      expect(result.kind === "error" && result.reason).toMatch(/non-http\(s\)|Invalid/);
    },
  );

  it("refuses a non-http(s) feed URL without a request", async () => {
    expect(await fetchFeed("file:///etc/passwd", { userAgent: UA })).toMatchObject({
      kind: "error",
    });
  });

  it("refuses a URL with credentials, and a redirect to one, without sending them", async () => {
    const withCredentials = server.url.replace("://", "://reader:secret@");
    const hits = server.hits.get("/feeds/nyt-homepage.rss.xml") ?? 0;
    expect(
      await fetchFeed(`${withCredentials}/feeds/nyt-homepage.rss.xml`, { userAgent: UA, guard }),
    ).toEqual({ kind: "error", reason: "Refused a URL with credentials" });
    expect(server.hits.get("/feeds/nyt-homepage.rss.xml") ?? 0).toBe(hits);
    const location = encodeURIComponent(`${withCredentials}/feeds/nyt-homepage.rss.xml`);
    expect(await get(`/redirect-to?location=${location}`)).toEqual({
      kind: "error",
      reason: "Refused a URL with credentials",
    });
    expect(server.hits.get("/feeds/nyt-homepage.rss.xml") ?? 0).toBe(hits);
  });

  it.each([500, 404, 403])("reports HTTP %i", async (status) => {
    expect(await get(`/status/${status}`)).toEqual({ kind: "error", reason: `HTTP ${status}` });
  });

  it.each([429, 503])("reads Retry-After on a %i", async (status) => {
    expect(await get(`/status/${status}?retry-after=120`)).toEqual({
      kind: "error",
      reason: `HTTP ${status}`,
      retryAfterMs: 120_000,
    });
  });

  it("times out a server that never answers", async () => {
    const result = await get("/slow/5000/feeds/espn-top.rss.xml", { timeoutMs: 300 });
    expect(result).toEqual({ kind: "error", reason: "Timed out after 0.3 s" });
  });

  it("times out a server that trickles bytes (the deadline covers the body)", async () => {
    const started = Date.now();
    const result = await get("/trickle", { timeoutMs: 700 });
    expect(result).toEqual({ kind: "error", reason: "Timed out after 0.7 s" });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("stops reading a body over the cap, declared or not", async () => {
    expect(await get("/huge")).toEqual({ kind: "error", reason: "Feed larger than 5 MB" });
    expect(await get("/endless", { maxBytes: 1024 * 1024 })).toEqual({
      kind: "error",
      reason: "Feed larger than 1 MB",
    });
  });

  it("reports a refused connection", async () => {
    const result = await fetchFeed("http://127.0.0.1:9/feed.xml", { userAgent: UA, guard });
    expect(result).toMatchObject({
      kind: "error",
      reason: expect.stringMatching(/^Network error/),
    });
  });
});

describe("fetchFeed's SSRF guard (loopback only)", () => {
  let canary: Canary;
  // The feed host is reached under an allowlisted name; the addresses it redirects to are not.
  const viaLocalhost = createOutboundGuard({ allowPrivateHosts: ["localhost"] });
  beforeAll(async () => {
    canary = await startCanary();
  });
  afterAll(async () => {
    await canary.close();
    await viaLocalhost.close();
  });

  const redirectTo = (location: string) =>
    fetchFeed(
      `${server.url.replace("127.0.0.1", "localhost")}/redirect-to?location=${encodeURIComponent(location)}`,
      { userAgent: UA, guard: viaLocalhost },
    );

  it.for([
    ["127.0.0.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["2130706433", "127.0.0.1"],
    ["0.0.0.0", "0.0.0.0"],
    ["[::1]", "::1"],
    ["[::ffff:127.0.0.1]", "::ffff:7f00:1"],
  ] as const)(
    "refuses a redirect to http://%s:P/ without reaching it",
    async ([host, address], { skip }) => {
      if (host === "[::1]" && !canary.ipv6) skip("::1 is not available on this machine");
      const result = await redirectTo(`http://${host}:${canary.port}/feed.xml`);
      expect(result).toEqual({ kind: "error", reason: `Refused a private address (${address})` });
      expect(canary.connections).toBe(0);
    },
  );

  it("still follows a redirect to the allowlisted host itself", async () => {
    const result = await redirectTo("/feeds/espn-top.rss.xml");
    expect(result.kind).toBe("ok");
  });

  it("refuses a loopback feed without an allowlist (secure by default), before any request", async () => {
    const before = server.hits.get("/feeds/espn-top.rss.xml") ?? 0;
    const result = await fetchFeed(`${server.url}/feeds/espn-top.rss.xml`, { userAgent: UA });
    expect(result).toEqual({ kind: "error", reason: "Refused a private address (127.0.0.1)" });
    expect(server.hits.get("/feeds/espn-top.rss.xml") ?? 0).toBe(before);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it.each([
    ["120", 120_000],
    ["Sun, 22 Nov 2026 12:05:00 GMT", 300_000],
    ["Sun, 22 Nov 2026 11:00:00 GMT", 0],
    ["soon", undefined],
    [null, undefined],
  ])("reads %j", (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});
