import { EventEmitter, once } from "node:events";
import { readFileSync } from "node:fs";
import http, { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import CodecParser from "codec-parser";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  STATION_BITRATE,
  STATION_MP3,
  STATION_TITLES,
  frameOffsets,
  offsetInLoop,
  startRadioStation,
  type RadioStation,
  type RadioStationOptions,
} from "../../tests/fixture-servers/radio-upstream";
import { listen as openListener, type Listener } from "../../tests/support/listen";
import { seededBytes } from "../../tests/support/random";
import { serveRelay } from "../../tests/support/relay-server";
import { RadioHub, parsePort, type RadioHubOptions } from "./hub";
import { IcyDemuxer, MAX_METADATA_BYTES } from "./icy";
import { FRAME_SEARCH_BYTES } from "./sync";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** The fixture station's MP3: whole frames from the first byte. */
const MP3 = readFileSync(STATION_MP3);

/** The fixture station, 8× faster than real time (128 KB/s) so that tests are quick. */
async function station(options: RadioStationOptions = {}): Promise<RadioStation> {
  const s = await startRadioStation({ speed: 8, ...options });
  cleanups.push(() => s.close());
  return s;
}

/** A relay in front of `upstream` (the fixture station when none is given). */
async function setup<Upstream extends { url: string; port: number } = RadioStation>(
  options: Partial<RadioHubOptions> = {},
  upstream?: Upstream,
) {
  let station = upstream;
  if (!station) {
    const fixture = await startRadioStation({ speed: 8 });
    cleanups.push(() => fixture.close());
    station = fixture as unknown as Upstream;
  }
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
  const relay = await serveRelay(hub);
  cleanups.push(() => relay.close());
  const url = `${relay.base}/api/stream?port=${station.port}`;
  return { hub, station, base: relay.base, url, relay, logs };
}

/** Opens a listener, closed after the test. */
const listen = (url: string) => openListener(url, (l) => cleanups.push(() => l.destroy()));

interface AdHocUpstream {
  url: string;
  port: number;
  /** The response to each request it has taken, in order of arrival. */
  responses: ServerResponse[];
  /** Resolves with the response to its nth request (from 1) once that has arrived. */
  request(n: number): Promise<ServerResponse>;
}

/**
 * A loopback station of the test's own making, for what the fixture station does not do:
 * `answer` gets the response to each request and its number (from 1), and may leave it unanswered.
 */
async function upstream(
  answer: (res: ServerResponse, n: number) => void = () => {},
): Promise<AdHocUpstream> {
  const responses: ServerResponse[] = [];
  const arrivals = new EventEmitter();
  const server = createServer((_req, res) => {
    responses.push(res);
    answer(res, responses.length);
    arrivals.emit("request");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const port = (server.address() as AddressInfo).port;
  const request = async (n: number): Promise<ServerResponse> => {
    while (responses.length < n) await once(arrivals, "request");
    return responses[n - 1] as ServerResponse;
  };
  return { url: `http://127.0.0.1:${port}/stream`, port, responses, request };
}

/** Answers as a live MP3 station: the fixture's audio `times` over, the connection left open. */
function playMp3(res: ServerResponse, headers: Record<string, string> = {}, times = 1): void {
  res.writeHead(200, { "Content-Type": "audio/mpeg", ...headers });
  res.write(Buffer.concat(Array.from({ length: times }, () => MP3)));
}

/**
 * Resolves once `condition` holds, looking again after each turn of the event loop: for I/O the
 * test cannot await an event of (the hub reading an answer) while timers are fake. Fails after
 * 5 s of real time.
 */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Resolves once `emitter` has emitted `event` `n` times from now. */
function times(emitter: EventEmitter, event: string, n: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const count = () => {
      if (++seen < n) return;
      emitter.off(event, count);
      resolve();
    };
    emitter.on(event, count);
  });
}

/** The whole body of an answer that ends (an error's JSON). */
async function body(listener: Listener): Promise<Buffer> {
  if (!listener.readableEnded) await once(listener, "end");
  return listener.received();
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

  it("relays the station to 50 listeners over one upstream connection: byte-identical audio", async () => {
    const { base, station } = await setup();
    const url = `${base}/api/stream?port=${station.port}`;
    const listeners = await Promise.all(Array.from({ length: 50 }, () => listen(url)));
    for (const l of listeners) {
      expect(l.statusCode).toBe(200);
      expect(l.headers["content-type"]).toBe("audio/mpeg");
      expect(l.headers["cache-control"]).toBe("no-store, no-transform");
      expect(l.headers["content-encoding"]).toBeUndefined();
      // the body ends when the connection does, as Icecast's: no chunked framing
      expect(l.headers["transfer-encoding"]).toBeUndefined();
      expect(l.headers.connection).toBe("close");
    }
    await vi.waitFor(
      () => expect(Math.min(...listeners.map((l) => l.received().length))).toBeGreaterThan(150_000),
      { timeout: 10_000 },
    );
    expect(station.connections).toBe(1);
    // Each got one unbroken run of the station's own bytes (nothing lost, added or changed),
    // from the start of an MP3 frame...
    const received = listeners.map((l) => l.received());
    const frames = frameOffsets(station.audio);
    for (const bytes of received) expect(frames).toContain(offsetInLoop(station.audio, bytes));
    // ...and where two listeners' audio overlaps, it is the same bytes.
    const reference = received[0] as Buffer;
    for (const bytes of received.slice(1)) {
      const at = reference.indexOf(bytes.subarray(0, 4096));
      expect(at).toBeGreaterThanOrEqual(0);
      const overlap = Math.min(bytes.length, reference.length - at);
      expect(overlap).toBeGreaterThan(100_000);
      expect(bytes.subarray(0, overlap).equals(reference.subarray(at, at + overlap))).toBe(true);
    }
    const now = await (await fetch(`${base}/api/radio/now-playing`)).json();
    expect(now).toEqual({
      title: STATION_TITLES[0],
      recent: [{ title: STATION_TITLES[0], at: expect.any(Number) }],
      listeners: 50,
      upstream: "connected",
    });
  });

  it("strips every ICY metadata block from the audio and keeps the latest title", async () => {
    // A block every 1,000 bytes: hundreds of chances for one to leak into the audio.
    const upstream = await station({ metaint: 1000 });
    const { base } = await setup({}, upstream);
    const listener = await listen(`${base}/api/stream?port=${upstream.port}`);
    await vi.waitFor(() => expect(listener.received().length).toBeGreaterThan(100_000), {
      timeout: 5000,
    });
    upstream.setTitle("Traffic and Weather on the 8s");
    await vi.waitFor(
      async () =>
        expect((await (await fetch(`${base}/api/radio/now-playing`)).json()).title).toBe(
          "Traffic and Weather on the 8s",
        ),
      { timeout: 3000 },
    );
    const bytes = listener.received();
    expect(bytes.includes("StreamTitle")).toBe(false);
    expect(offsetInLoop(upstream.audio, bytes)).not.toBe(-1);
  });

  it("follows the station's periodic title changes", async () => {
    const upstream = await station({ titleIntervalMs: 300 });
    const { base } = await setup({}, upstream);
    await listen(`${base}/api/stream?port=${upstream.port}`);
    const seen = new Set<string>();
    await vi.waitFor(
      async () => {
        seen.add((await (await fetch(`${base}/api/radio/now-playing`)).json()).title);
        expect(seen.size).toBeGreaterThanOrEqual(2);
      },
      { timeout: 5000, interval: 100 },
    );
    for (const title of seen) expect(STATION_TITLES).toContain(title);
  });

  it("tells onTitle of each change of title, once, with its port (the live channel's now playing)", async () => {
    const upstream = await station({ titleIntervalMs: 300 });
    const told: [number, string | null][] = [];
    const { base } = await setup({ onTitle: (port, title) => told.push([port, title]) }, upstream);
    await listen(`${base}/api/stream?port=${upstream.port}`);
    await vi.waitFor(() => expect(told.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    for (const [port, title] of told) {
      expect(port).toBe(upstream.port);
      expect(STATION_TITLES).toContain(title);
    }
    // Stations repeat the title in every metadata block: each change is told once.
    for (let i = 1; i < told.length; i++) expect(told[i]?.[1]).not.toBe(told[i - 1]?.[1]);
  });

  it("remembers the last five titles played, newest first, each once, with when it was heard", async () => {
    let now = Date.parse("2026-11-23T20:00:00Z");
    const upstream = await station({ metaint: 1000 });
    const { base } = await setup({ clock: () => now }, upstream);
    await listen(`${base}/api/stream?port=${upstream.port}`);
    const titles = ["One", "Two", "Three", "Four", "Five", "Six", "Seven"];
    for (const title of titles) {
      now += 60_000;
      upstream.setTitle(title);
      await vi.waitFor(
        async () =>
          expect((await (await fetch(`${base}/api/radio/now-playing`)).json()).title).toBe(title),
        { timeout: 3000 },
      );
    }
    const { recent } = (await (await fetch(`${base}/api/radio/now-playing`)).json()) as {
      recent: { title: string; at: number }[];
    };
    expect(recent.map((r) => r.title)).toEqual(["Seven", "Six", "Five", "Four", "Three"]);
    expect(recent[0]?.at).toBe(Date.parse("2026-11-23T20:07:00Z"));
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

  it("sends audio in blocks, and what it holds after flushMs even when short of a block", async () => {
    const upstream = await station({ speed: 1 });
    const { base } = await setup({ flushBytes: 1 << 20, flushMs: 100 }, upstream);
    const listener = await listen(`${base}/api/stream?port=${upstream.port}`);
    await vi.waitFor(() => expect(listener.received().length).toBeGreaterThan(32 * 1024), {
      timeout: 1000,
    });
    const before = listener.received().length;
    await vi.waitFor(() => expect(listener.received().length).toBeGreaterThan(before), {
      timeout: 1000,
    });
  });

  it("starts every listener on an MP3 frame, even when the station does not", async () => {
    const upstream = await station({ alignToFrames: false });
    const { base } = await setup({}, upstream);
    const url = `${base}/api/stream?port=${upstream.port}`;
    const first = await listen(url);
    await vi.waitFor(() => expect(first.received().length).toBeGreaterThan(70_000));
    const later = await listen(url); // from the relay's burst, whose first chunk is mid-frame
    await vi.waitFor(() => expect(later.received().length).toBeGreaterThan(70_000));
    const frames = frameOffsets(upstream.audio);
    for (const l of [first, later]) {
      expect(frames).toContain(offsetInLoop(upstream.audio, l.received()));
    }
  });

  it("answers 503 beyond the listener limit", async () => {
    const { base, station } = await setup({ maxListeners: 1 });
    const url = `${base}/api/stream?port=${station.port}`;
    await listen(url);
    const res = await fetch(url);
    expect(res.status).toBe(503);
  });

  it("counts its listeners (the metrics' radio listeners), and counts one gone no more", async () => {
    const { hub, base, station } = await setup();
    expect(hub.listeners).toBe(0);
    const listener = await listen(`${base}/api/stream?port=${station.port}`);
    expect(hub.listeners).toBe(1);
    listener.destroy();
    await vi.waitFor(() => expect(hub.listeners).toBe(0));
  });

  it("answers 502 within a few seconds when the station is unreachable", async () => {
    const { base, station } = await setup();
    await station.close();
    const started = Date.now();
    const res = await fetch(`${base}/api/stream?port=${station.port}`);
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("answers 502 at once when the station refuses the connection", async () => {
    const { base, station } = await setup();
    station.refuse(true);
    const res = await fetch(`${base}/api/stream?port=${station.port}`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "The radio stream is unavailable." });
    station.refuse(false);
    const retry = await listen(`${base}/api/stream?port=${station.port}`);
    expect(retry.statusCode).toBe(200);
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
    const upstream = await station({ speed: 400 });
    const { base, logs } = await setup({ maxBacklogBytes: 256 * 1024 }, upstream);
    const url = `${base}/api/stream?port=${upstream.port}`;
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
    await vi.waitFor(async () =>
      expect((await (await fetch(`${base}/api/radio/now-playing`)).json()).title).toBe(
        STATION_TITLES[0],
      ),
    );
    listener.destroy();
    await vi.waitFor(() => expect(station.open()).toBe(0), { timeout: 2000 });
    // closed, the relay no longer knows what plays, but still what was played
    expect(await (await fetch(`${base}/api/radio/now-playing`)).json()).toEqual({
      title: null,
      recent: [{ title: STATION_TITLES[0], at: expect.any(Number) }],
      listeners: 0,
      upstream: "idle",
    });
  });

  it("reconnects while listeners remain when the station drops, and resumes where they left off", async () => {
    // The station's burst (1 s here) repeats audio the listener already has: none of it may be
    // played twice, so what the listener gets stays one unbroken run of the station's audio.
    const upstream = await station({ burstBytes: 128 * 1024 });
    const { base } = await setup({}, upstream);
    const listener = await listen(`${base}/api/stream?port=${upstream.port}`);
    await vi.waitFor(() => expect(listener.received().length).toBeGreaterThan(150_000));
    upstream.drop();
    await vi.waitFor(() => expect(upstream.connections).toBe(2), { timeout: 3000 });
    const before = listener.received().length;
    await vi.waitFor(() => expect(listener.received().length).toBeGreaterThan(before + 50_000), {
      timeout: 3000,
    });
    expect(offsetInLoop(upstream.audio, listener.received())).not.toBe(-1);
  });
});

describe("the fixture station", () => {
  it("plays its MP3 live at 128 kbps after a burst: a second of its clock is 16,000 bytes", async () => {
    // The station's own clock, moved by hand: what is due is exact, however busy the machine.
    let now = 0;
    const upstream = await station({ speed: 1, clock: () => now });
    expect(upstream.bytesPerSecond).toBe(STATION_BITRATE / 8);
    const listener = await listen(upstream.url);
    // The burst at once, whole frames from the first byte, and nothing more while time stands.
    const burst = 32 * 1024;
    await vi.waitFor(() => expect(listener.received().length).toBe(burst));
    expect(listener.received().readUInt16BE(0) & 0xffe0).toBe(0xffe0);
    now += 1000;
    await vi.waitFor(() =>
      expect(listener.received().length).toBe(burst + upstream.bytesPerSecond),
    );
    now += 250;
    await vi.waitFor(() =>
      expect(listener.received().length).toBe(burst + upstream.bytesPerSecond * 1.25),
    );
    // MP3 frames from the first byte: the sync word of an MPEG-1 Layer III frame.
    expect(offsetInLoop(upstream.audio, listener.received())).not.toBe(-1);
  });

  it("drops, refuses and retitles when told to over HTTP", async () => {
    const upstream = await station();
    const control = (query: string) =>
      fetch(`http://127.0.0.1:${upstream.port}/control?${query}`, { method: "POST" });
    const listener = await listen(upstream.url);
    const closed = new Promise((r) => listener.on("close", r));
    expect((await control("drop=1")).status).toBe(200);
    await closed;

    await control("refuse=1");
    await expect(fetch(upstream.url)).rejects.toThrow();
    await control("refuse=0");
    const again = await fetch(upstream.url);
    expect(again.status).toBe(200);
    await again.body?.cancel();

    const answer = await (await control("title=Special%20Report")).json();
    expect(answer.title).toBe("Special Report");
    expect(upstream.title).toBe("Special Report");
  });
});

describe("the listener limit", () => {
  it("admits exactly maxListeners of 50 listeners arriving while the upstream connects, answers the rest 503 and gives every place back", async () => {
    // The first connection is held unanswered until all 50 have gone through the hub's checks.
    const up = await upstream((res, n) => n > 1 && playMp3(res));
    const { hub, url, relay } = await setup({ maxListeners: 5 }, up);
    const taken = times(relay.streams, "request", 50);
    const answers = Array.from({ length: 50 }, () => listen(url));
    await taken;
    playMp3(await up.request(1));
    const listeners = await Promise.all(answers);
    const admitted = listeners.filter((l) => l.statusCode === 200);
    expect(admitted).toHaveLength(5);
    expect(listeners.filter((l) => l.statusCode === 503)).toHaveLength(45);
    await vi.waitFor(() => {
      for (const l of admitted) expect(l.received().length).toBeGreaterThan(0);
    });
    expect(hub.nowPlaying().listeners).toBe(5);
    expect(up.responses).toHaveLength(1);

    for (const l of listeners) l.destroy();
    await vi.waitFor(() => expect(hub.nowPlaying().listeners).toBe(0));
    // No place was kept: five get in again, and the sixth is refused.
    const again = await Promise.all(Array.from({ length: 5 }, () => listen(url)));
    expect(again.map((l) => l.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await listen(url)).statusCode).toBe(503);
  });

  it("gives back the place of a listener who leaves while the upstream connects", async () => {
    const up = await upstream((res, n) => n > 1 && playMp3(res));
    const { url, relay } = await setup({ maxListeners: 1 }, up);
    const left = once(relay.streams, "close");
    const early = http.get(url).on("error", () => {});
    await up.request(1);
    early.destroy();
    await left;
    playMp3(await up.request(1));
    expect((await listen(url)).statusCode).toBe(200);
  });
});

describe("the upstream's answer", () => {
  it.each([
    ["an HTML page", 200, { "Content-Type": "text/html; charset=utf-8" }],
    ["JSON", 200, { "Content-Type": "application/json" }],
    ["a playlist", 200, { "Content-Type": "audio/x-mpegurl" }],
    ["no Content-Type", 200, {}],
    ["a redirect (302)", 302, { "Content-Type": "audio/mpeg" }],
    ["a redirect (301)", 301, { "Content-Type": "audio/mpeg" }],
    ["No Content (204)", 204, { "Content-Type": "audio/mpeg" }],
    ["Not Found", 404, { "Content-Type": "audio/mpeg" }],
    ["a server error", 500, { "Content-Type": "audio/mpeg" }],
  ])(
    "is refused when it is %s: the listener gets 502 and nothing of its body",
    async (_what, status, headers: Record<string, string>) => {
      // A redirect points at a working station, which must never be asked.
      const elsewhere = await upstream((res) => playMp3(res));
      const up = await upstream((res) => {
        res.writeHead(status, { ...headers, Location: elsewhere.url }).flushHeaders();
        if (status !== 204) res.write("<script>alert('from the station')</script>");
      });
      const { url, hub } = await setup({}, up);
      const listener = await listen(url);
      expect(listener.statusCode).toBe(502);
      expect(listener.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(String(await body(listener)))).toEqual({
        error: "The radio stream is unavailable.",
      });
      expect(elsewhere.responses).toHaveLength(0);
      expect(hub.nowPlaying().upstream).toBe("idle");
    },
  );

  it.each([
    ["audio/aacp", "audio/aacp"],
    ["application/ogg", "application/ogg"],
    ["Audio/MPEG; charset=binary", "audio/mpeg"],
  ])("is relayed when it is %s, served as %s", async (type, served) => {
    const up = await upstream((res) => playMp3(res, { "Content-Type": type }));
    const { url } = await setup({}, up);
    const listener = await listen(url);
    expect(listener.statusCode).toBe(200);
    expect(listener.headers["content-type"]).toBe(served);
    await vi.waitFor(() => expect(listener.received().length).toBeGreaterThan(0));
  });

  it.each(["-5abc", "0x10", "1e3", "", "65537", "99999999999"])(
    "is refused with icy-metaint %j: a 502, not silence or metadata played as audio",
    async (metaint) => {
      const up = await upstream((res) => playMp3(res, { "icy-metaint": metaint }));
      const { url, logs } = await setup({}, up);
      expect((await listen(url)).statusCode).toBe(502);
      expect(logs).toContain("radio upstream unavailable");
    },
  );
});

describe("a stalled upstream", () => {
  it("is dropped after stallTimeoutMs without a byte, and reconnected while listeners remain", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Each connection plays the MP3 twice, then sends nothing and stays open.
    const up = await upstream((res) => playMp3(res, {}, 2));
    const { url, hub, logs } = await setup({ stallTimeoutMs: 10_000, reconnectBaseMs: 100 }, up);
    const listener = await listen(url);
    const first = await up.request(1);
    // All but the last block (held for flushMs) is relayed without the clock moving.
    await until(() => listener.received().length > 2 * MP3.length - 8192, "the audio");
    await vi.advanceTimersByTimeAsync(9_999);
    expect(hub.nowPlaying().upstream).toBe("connected");
    const hungUp = once(first, "close");
    await vi.advanceTimersByTimeAsync(1);
    await hungUp;
    expect(logs).toContain("radio upstream stalled");
    await until(() => hub.nowPlaying().upstream === "reconnecting", "the hub to see the drop");
    await vi.advanceTimersByTimeAsync(100);
    await up.request(2);
    const before = listener.received().length;
    await until(() => listener.received().length > before, "audio from the new connection");
    expect(hub.nowPlaying()).toMatchObject({ listeners: 1, upstream: "connected" });
  });
});

describe("the idle close", () => {
  it("closes an upstream whose last listener left while it connected, idleCloseMs after they left", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const up = await upstream();
    const { url, hub, relay } = await setup({ idleCloseMs: 5_000 }, up);
    const left = once(relay.streams, "close");
    const early = http.get(url).on("error", () => {});
    const station = await up.request(1);
    early.destroy();
    await left;
    playMp3(station);
    await until(() => hub.nowPlaying().upstream === "connected", "the connection");
    const hungUp = once(station, "close");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(hub.nowPlaying().upstream).toBe("connected");
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.nowPlaying()).toEqual({ title: null, recent: [], listeners: 0, upstream: "idle" });
    await hungUp;
  });

  it("cuts a connection still being made, and the next listener connects afresh", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const up = await upstream((res, n) => n > 1 && playMp3(res));
    const { url, hub, relay } = await setup({ idleCloseMs: 500, connectTimeoutMs: 60_000 }, up);
    const left = once(relay.streams, "close");
    const early = http.get(url).on("error", () => {});
    const station = await up.request(1);
    early.destroy();
    await left;
    const hungUp = once(station, "close");
    await vi.advanceTimersByTimeAsync(500);
    expect(hub.nowPlaying().upstream).toBe("idle");
    await hungUp;
    const listener = await listen(url);
    expect(listener.statusCode).toBe(200);
    expect(up.responses).toHaveLength(2);
  });
});

describe("the relay fed garbage", () => {
  it("does bounded work on 8 MB of seeded random bytes: each byte demuxed once, frames sought in bounded windows", async () => {
    // Two connections of 4 MB each, ICY blocks every 8,192 bytes with random lengths and text;
    // the third is left silent. The work is counted in calls and bytes handed on, never timed.
    const garbage = seededBytes(8 * 1024 * 1024, 2024);
    const halves = [garbage.subarray(0, garbage.length / 2), garbage.subarray(garbage.length / 2)];
    const up = await upstream((res, n) => {
      res.writeHead(200, { "Content-Type": "audio/mpeg", "icy-metaint": "8192" });
      const half = halves[n - 1];
      if (half) res.end(half);
    });
    const parse = vi.spyOn(CodecParser.prototype, "parseChunk");
    const titles = vi.spyOn(IcyDemuxer, "parseTitle");
    const push = vi.spyOn(IcyDemuxer.prototype, "push");
    const { url } = await setup({ maxBacklogBytes: 64 * 1024 * 1024 }, up);
    const first = await listen(url);
    await vi.waitFor(() => expect(first.received().length).toBeGreaterThan(1024 * 1024));
    // A second listener joins mid-stream: its burst is cut by a frame search too.
    const second = await listen(url);
    await up.request(3);
    const pushed = () => push.mock.calls.reduce((sum, [chunk]) => sum + chunk.length, 0);
    await vi.waitFor(() => expect(pushed()).toBe(garbage.length));
    // About 80% of it is audio (8,192 bytes, then a block of 2 KB on average).
    await vi.waitFor(() => expect(first.received().length).toBeGreaterThan(6_000_000));
    expect(second.received().length).toBeGreaterThan(0);

    // Each metadata block is searched once for a title, over at most 4,080 bytes.
    expect(titles.mock.calls.length).toBeLessThanOrEqual(garbage.length / 8193 + 2);
    for (const [text] of titles.mock.calls) {
      expect(text.length).toBeLessThanOrEqual(MAX_METADATA_BYTES);
    }
    // A frame search per connection and per listener at most, each over a bounded window.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(3 + 2);
    for (const [window] of parse.mock.calls) {
      expect(window.length).toBeLessThanOrEqual(FRAME_SEARCH_BYTES);
    }
  });
});
