import { afterEach, describe, expect, it, vi } from "vitest";
import {
  STATION_BITRATE,
  STATION_TITLES,
  frameOffsets,
  offsetInLoop,
  startRadioStation,
  type RadioStation,
  type RadioStationOptions,
} from "../../tests/fixture-servers/radio-upstream";
import { listen as openListener } from "../../tests/support/listen";
import { serveRelay } from "../../tests/support/relay-server";
import { RadioHub, parsePort, type RadioHubOptions } from "./hub";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** The fixture station, 8× faster than real time (128 KB/s) so that tests are quick. */
async function station(options: RadioStationOptions = {}): Promise<RadioStation> {
  const s = await startRadioStation({ speed: 8, ...options });
  cleanups.push(() => s.close());
  return s;
}

async function setup(options: Partial<RadioHubOptions> = {}, upstream?: RadioStation) {
  const station = upstream ?? (await startRadioStation({ speed: 8 }));
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
  const relay = await serveRelay(hub);
  cleanups.push(() => relay.close());
  return { hub, station, base: relay.base, logs };
}

/** Opens a listener, closed after the test. */
const listen = (url: string) => openListener(url, (l) => cleanups.push(() => l.destroy()));

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
    expect(now).toEqual({ title: STATION_TITLES[0], listeners: 50, upstream: "connected" });
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
    // closed, the relay no longer knows what plays
    expect(await (await fetch(`${base}/api/radio/now-playing`)).json()).toEqual({
      title: null,
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
