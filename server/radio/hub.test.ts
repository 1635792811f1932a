import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AUDIO_BYTE,
  startRadioUpstream,
  type RadioUpstream,
} from "../../tests/fixture-servers/radio-upstream";
import { RadioHub, parsePort, type RadioHubOptions } from "./hub";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(options: Partial<RadioHubOptions> = {}, upstream?: RadioUpstream) {
  const station = upstream ?? (await startRadioUpstream());
  if (!upstream) cleanups.push(() => station.close());
  const logs: string[] = [];
  const hub = new RadioHub({
    upstream: station.url,
    ports: [station.port],
    log: { info: (_o, m) => logs.push(m), warn: (_o, m) => logs.push(m) },
    userAgent: "test",
    idleCloseMs: 200,
    connectTimeoutMs: 1000,
    reconnectBaseMs: 100,
    ...options,
  });
  const app = express();
  app.get("/api/stream", hub.stream);
  app.get("/api/radio/now-playing", (_req, res) => res.json(hub.nowPlaying()));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  cleanups.push(
    () =>
      new Promise((r) => {
        hub.shutdown();
        server.closeAllConnections();
        server.close(r);
      }),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { hub, station, base, logs };
}

/** Opens a listener; resolves with the response once headers arrive. */
function listen(url: string): Promise<http.IncomingMessage & { received: () => Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        cleanups.push(() => res.destroy());
        resolve(Object.assign(res, { received: () => Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("parsePort", () => {
  it.each([
    ["8076", 8076],
    [undefined, null],
    ["", null],
    ["abc", null],
    ["80.5", null],
    ["-1", null],
    ["0", null],
    ["70000", null],
    ["8077", null],
    [["8076", "8076"], null],
  ])("%j → %j", (raw, port) => {
    expect(parsePort(raw, [8076])).toBe(port);
  });
});

describe("the radio relay", () => {
  it.each(["", "?port=", "?port=abc", "?port=99999", "?port=22", "?port=8076&port=8076"])(
    "answers %s with 400 and never connects upstream",
    async (query) => {
      const { base, station } = await setup();
      const res = await fetch(`${base}/api/stream${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^port must be one of/);
      expect(station.connections).toBe(0);
    },
  );

  it("relays the station to many listeners over one upstream connection, without ICY metadata", async () => {
    const { base, station } = await setup();
    const url = `${base}/api/stream?port=${station.port}`;
    const [a, b] = await Promise.all([listen(url), listen(url)]);
    expect(a.statusCode).toBe(200);
    expect(a.headers["content-type"]).toBe("audio/mpeg");
    expect(a.headers["cache-control"]).toBe("no-store, no-transform");
    expect(a.headers["content-encoding"]).toBeUndefined();
    await vi.waitFor(() => expect(a.received().length).toBeGreaterThan(40_000), { timeout: 5000 });
    await vi.waitFor(() => expect(b.received().length).toBeGreaterThan(40_000), { timeout: 5000 });
    expect(station.connections).toBe(1);
    for (const r of [a, b]) {
      const bytes = r.received();
      expect(bytes.every((x) => x === AUDIO_BYTE)).toBe(true);
    }
    const now = await (await fetch(`${base}/api/radio/now-playing`)).json();
    expect(now).toEqual({
      title: "Morning Drive with the Newsroom",
      listeners: 2,
      upstream: "connected",
    });
  });

  it("gives a new listener a burst of recent audio at once", async () => {
    const { base, station } = await setup();
    const url = `${base}/api/stream?port=${station.port}`;
    const first = await listen(url);
    await vi.waitFor(() => expect(first.received().length).toBeGreaterThan(80_000), {
      timeout: 5000,
    });
    const second = await listen(url);
    await vi.waitFor(() => expect(second.received().length).toBeGreaterThanOrEqual(60 * 1024), {
      timeout: 300,
    });
  });

  it("answers 503 beyond the listener limit", async () => {
    const { base, station } = await setup({ maxListeners: 1 });
    const url = `${base}/api/stream?port=${station.port}`;
    await listen(url);
    const res = await fetch(url);
    expect(res.status).toBe(503);
  });

  it("answers 502 within a few seconds when the station is unreachable", async () => {
    const { base, station } = await setup();
    await station.close();
    const started = Date.now();
    const res = await fetch(`${base}/api/stream?port=${station.port}`);
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("answers HEAD with the headers alone", async () => {
    const { base, station } = await setup();
    const res = await fetch(`${base}/api/stream?port=${station.port}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("audio/mpeg");
    expect(station.connections).toBe(0);
  });

  it("drops a listener that stops reading, without slowing the others", async () => {
    // A fast station (6.4 MB/s) fills the loopback socket buffers of a paused reader quickly.
    const station = await startRadioUpstream(8192, 64 * 1024);
    cleanups.push(() => station.close());
    const { base, logs } = await setup({ maxBacklogBytes: 256 * 1024 }, station);
    const url = `${base}/api/stream?port=${station.port}`;
    const slow = await listen(url);
    slow.pause();
    const fast = await listen(url);
    await vi.waitFor(() => expect(logs).toContain("radio listener dropped: too slow"), {
      timeout: 15_000,
    });
    const before = fast.received().length;
    await vi.waitFor(() => expect(fast.received().length).toBeGreaterThan(before + 100_000), {
      timeout: 3000,
    });
  }, 30_000);

  it("closes the upstream shortly after the last listener leaves", async () => {
    const { base, station } = await setup();
    const listener = await listen(`${base}/api/stream?port=${station.port}`);
    await vi.waitFor(() => expect(station.open()).toBe(1));
    listener.destroy();
    await vi.waitFor(() => expect(station.open()).toBe(0), { timeout: 2000 });
  });

  it("reconnects while listeners remain when the station drops", async () => {
    const { base, station } = await setup();
    const listener = await listen(`${base}/api/stream?port=${station.port}`);
    await vi.waitFor(() => expect(station.open()).toBe(1));
    station.drop();
    await vi.waitFor(() => expect(station.connections).toBe(2), { timeout: 3000 });
    const before = listener.received().length;
    await vi.waitFor(() => expect(listener.received().length).toBeGreaterThan(before + 8000), {
      timeout: 3000,
    });
  });
});
