import {
  ServerResponse,
  createServer,
  request,
  type IncomingMessage,
  type Server,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CityExchange } from "../http/exchange";
import { LIVE_PATH, liveChannel } from "../http/live";
import { Refusal } from "../http/refusals";
import { LiveChannel, type LiveChannelOptions } from "./events";

const servers: Server[] = [];
const channels: LiveChannel[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
  for (const channel of channels.splice(0)) channel.close();
});

/**
 * A server of the live channel alone: the Host names the city (`a.test` is "a"; `down.test` a
 * city whose data is invalid), X-Test-Client the client's address.
 */
async function serve(options: Partial<LiveChannelOptions> = {}) {
  const channel = new LiveChannel({ maxConnections: 10, maxPerClient: 3, ...options });
  channels.push(channel);
  const handle = liveChannel(channel, (req) => String(req.headers["x-test-client"] ?? "one"));
  const server = createServer((req, res) => {
    const site = (req.headers.host ?? "").split(".")[0] ?? "";
    const exchange: CityExchange = {
      req,
      res,
      pathname: (req.url ?? "/").split("?")[0] ?? "/",
      base: "",
      site,
      city: () => {
        if (site === "down") throw new Refusal(503, "server.unavailable");
        return {} as ReturnType<CityExchange["city"]>;
      },
    };
    if (!handle(exchange)) res.writeHead(404).end();
  }).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return { channel, port: (server.address() as AddressInfo).port };
}

/** An open stream: its response, and its text as it arrives. */
interface Stream {
  res: IncomingMessage;
  text: () => string;
  /** Resolves once the text holds `part`. */
  until: (part: string) => Promise<string>;
  close: () => void;
}

function open(port: number, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request({
      port,
      host: "127.0.0.1",
      path: LIVE_PATH,
      headers: { Host: "a.test", ...headers },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      const waiting: [string, (text: string) => void][] = [];
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        for (const [part, done] of waiting.splice(0)) {
          if (text.includes(part)) done(text);
          else waiting.push([part, done]);
        }
      });
      resolve({
        res,
        text: () => text,
        until: (part) =>
          text.includes(part)
            ? Promise.resolve(text)
            : new Promise((done) => waiting.push([part, done])),
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}

describe("the live channel", () => {
  it("answers an event stream, never stored or transformed, with its retry, then each event of its city", async () => {
    const { channel, port } = await serve();
    const stream = await open(port);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.res.headers["cache-control"]).toBe("no-store, no-transform");
    await stream.until("retry: 5000\n\n");
    channel.publish("b", "news", { category: "sports", count: 1 });
    const event = channel.publish("a", "alert", { alerts: [] });
    const text = await stream.until(`id: ${event.id}\n`);
    expect(text).toBe(`retry: 5000\n\nid: ${event.id}\nevent: alert\ndata: {"alerts":[]}\n\n`);
    stream.close();
  });

  it("writes an event once for its city: every page of the city is given the same bytes, the same object", async () => {
    const { channel, port } = await serve();
    const pages = [];
    for (const client of ["one", "two", "three"]) {
      pages.push(await open(port, { "X-Test-Client": client }));
    }
    const elsewhere = await open(port, { Host: "b.test", "X-Test-Client": "four" });
    for (const stream of [...pages, elsewhere]) await stream.until("retry:");
    // Every chunk the server's responses are given (the channel writes through res.write).
    const write = vi.spyOn(ServerResponse.prototype, "write");
    const event = channel.publish("a", "news", { category: "sports", count: 1 });
    const chunks = write.mock.calls
      .map(([chunk]) => chunk as unknown)
      .filter((chunk) => String(chunk).includes(`id: ${event.id}\n`));
    write.mockRestore();
    // One chunk per page of the city, none for the other city's page.
    expect(chunks).toHaveLength(3);
    // Made once: a Buffer (an object, so identity says it was shared, as a string's cannot),
    // and that one Buffer reaches every page. A frame made per page would be three objects.
    const [first] = chunks;
    expect(Buffer.isBuffer(first)).toBe(true);
    for (const chunk of chunks) expect(chunk).toBe(first);
    expect(String(first)).toBe(
      `id: ${event.id}\nevent: news\ndata: {"category":"sports","count":1}\n\n`,
    );
    for (const stream of pages)
      expect(await stream.until(`id: ${event.id}\n`)).toContain(event.data);
    expect(elsewhere.text()).not.toContain(event.id);
    for (const stream of [...pages, elsewhere]) stream.close();
  });

  it("gives a page that comes back with Last-Event-ID what it missed, in order", async () => {
    const { channel, port } = await serve();
    const first = channel.publish("a", "news", { category: "local-news", count: 2 });
    const second = channel.publish("a", "nowplaying", { title: "One" });
    const third = channel.publish("a", "nowplaying", { title: "Two" });
    const stream = await open(port, { "Last-Event-ID": first.id });
    const text = await stream.until(`id: ${third.id}\n`);
    expect(text.indexOf(second.id)).toBeGreaterThan(0);
    expect(text.indexOf(second.id)).toBeLessThan(text.indexOf(third.id));
    expect(text).not.toContain(`id: ${first.id}\n`);
    stream.close();
  });

  it("gives a page whose last event it no longer holds each kind's latest, and an up-to-date page nothing", async () => {
    const { channel, port } = await serve({ held: 2 });
    const old = channel.publish("a", "alert", { alerts: ["x"] });
    channel.publish("a", "nowplaying", { title: "One" });
    const title = channel.publish("a", "nowplaying", { title: "Two" });
    const alert = channel.publish("a", "alert", { alerts: [] });
    const stream = await open(port, { "Last-Event-ID": old.id });
    const text = await stream.until(`id: ${alert.id}\n`);
    expect(text).toContain(`id: ${title.id}\n`);
    expect(text).not.toContain('"One"');
    stream.close();
    const current = await open(port, { "Last-Event-ID": alert.id });
    await current.until("retry:");
    const later = channel.publish("a", "news", { category: "sports", count: 1 });
    expect(await current.until(later.id)).toBe(
      `retry: 5000\n\nid: ${later.id}\nevent: news\ndata: {"category":"sports","count":1}\n\n`,
    );
    current.close();
  });

  it("sends a page that comes back at most replayBytes of what it missed: past them, each kind's latest", async () => {
    const { channel, port } = await serve({ replayBytes: 2_000 });
    const first = channel.publish("a", "news", { category: "local-news", count: 1 });
    // 40 events of some 240 bytes: 9.6 KB missed, more than the page is sent again.
    const big = "x".repeat(200);
    const events = Array.from({ length: 40 }, (_, i) =>
      channel.publish("a", i % 2 ? "news" : "nowplaying", { title: `${i}${big}` }),
    );
    const last = events.at(-1);
    const stream = await open(port, { "Last-Event-ID": first.id });
    const text = await stream.until(`id: ${last?.id}\n`);
    // Each kind's latest only, in order: what the page needs to be right again.
    expect(text.match(/^id: /gm)).toHaveLength(2);
    expect(text).toContain(`id: ${events.at(-2)?.id}\n`);
    expect(Buffer.byteLength(text)).toBeLessThan(2_000);
    stream.close();
    // What fits is sent in full, in order.
    const near = await open(port, { "Last-Event-ID": events.at(-4)?.id ?? "" });
    const missed = await near.until(`id: ${last?.id}\n`);
    expect(missed.match(/^id: /gm)).toHaveLength(3);
    near.close();
  });

  it("drops a page that reads nothing once its unsent bytes pass the limit, and frees its place", async () => {
    const { channel, port } = await serve({ maxUnsentBytes: 64 * 1024 });
    // A page that never reads: its socket paused, the kernel's buffers fill, then the process's.
    const stalled = await open(port, { "X-Test-Client": "stalled" });
    stalled.res.pause();
    const reading = await open(port, { "X-Test-Client": "reading" });
    expect(channel.size).toBe(2);
    const chunk = "y".repeat(16 * 1024);
    let sent = 0;
    // At most some megabytes: loopback's buffers hold a few before the process must.
    while (channel.size === 2 && sent < 4_000) {
      channel.publish("a", "news", { filler: chunk, n: sent++ });
      // Let the sockets move what they can.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(channel.size).toBe(1);
    // The reading page is still served.
    const after = channel.publish("a", "news", { category: "sports", count: 1 });
    await reading.until(`id: ${after.id}\n`);
    reading.close();
    stalled.close();
  });

  it("keeps idle pages alive with a comment line", async () => {
    const { port } = await serve({ heartbeatMs: 30 });
    const stream = await open(port);
    expect(await stream.until(":\n\n")).toContain("retry: 5000\n\n:\n\n");
    stream.close();
  });

  it("holds at most its connections and a client's share: 503 with Retry-After beyond, a place again once one leaves", async () => {
    const { channel, port } = await serve({ maxConnections: 3, maxPerClient: 2 });
    const mine = [await open(port), await open(port)];
    const third = await open(port);
    expect(third.res.statusCode).toBe(503);
    expect(third.res.headers["retry-after"]).toBe("30");
    const other = await open(port, { "X-Test-Client": "two" });
    expect(other.res.statusCode).toBe(200);
    const full = await open(port, { "X-Test-Client": "three" });
    expect(full.res.statusCode).toBe(503);
    expect(channel.size).toBe(3);
    mine[0]?.close();
    await expect.poll(() => channel.size).toBe(2);
    expect((await open(port, { "X-Test-Client": "three" })).res.statusCode).toBe(200);
    for (const stream of [...mine, other]) stream.close();
  });

  it("counts an IPv6 /64 as one reader: 20 addresses of one /64 get one share, another /64 and each IPv4 address their own", async () => {
    // Addresses are only strings in X-Test-Client: every connection is to 127.0.0.1.
    const { channel, port } = await serve({ maxConnections: 40, maxPerClient: 3 });
    const rotating = [];
    for (let i = 1; i <= 20; i++) {
      rotating.push(await open(port, { "X-Test-Client": `2001:db8:aa:bb::${i.toString(16)}` }));
    }
    const statuses = rotating.map((stream) => stream.res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 503)).toHaveLength(17);
    const neighbour = await open(port, { "X-Test-Client": "2001:db8:aa:bc::1" });
    expect(neighbour.res.statusCode).toBe(200);
    const v4 = [];
    for (const client of ["203.0.113.5", "::ffff:203.0.113.5", "203.0.113.6"]) {
      v4.push(await open(port, { "X-Test-Client": client }));
    }
    expect(v4.map((stream) => stream.res.statusCode)).toEqual([200, 200, 200]);
    // The IPv4-mapped address counted as its IPv4: one more of either is 203.0.113.5's third.
    expect(channel.admits("::ffff:cb00:7105")).toBeUndefined();
    v4.push(await open(port, { "X-Test-Client": "203.0.113.5" }));
    expect(channel.admits("203.0.113.5")).toBe("client");
    expect(channel.admits("::ffff:203.0.113.5")).toBe("client");
    expect(channel.admits("203.0.113.6")).toBeUndefined();
    expect(channel.size).toBe(3 + 1 + 4);
    // One of the /64's pages leaving gives the /64 (any address in it) one place again.
    rotating[0]?.close();
    await expect.poll(() => channel.size).toBe(7);
    expect(channel.admits("2001:db8:aa:bb:ffff::9")).toBeUndefined();
    for (const stream of [...rotating, neighbour, ...v4]) stream.close();
  });

  it("refuses a city whose data is invalid (503), as its pages are", async () => {
    const { port } = await serve();
    const stream = await open(port, { Host: "down.test" });
    expect(stream.res.statusCode).toBe(503);
  });
});
