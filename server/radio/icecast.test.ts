import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import net from "node:net";
import { STATION_MP3, offsetInLoop } from "../../tests/fixture-servers/radio-upstream";
import {
  missingIcecastBinaries,
  missingMessage,
  startIcecast,
  type Icecast,
} from "../../tests/support/icecast";
import { listen } from "../../tests/support/listen";
import { freePort } from "../../tests/support/ports";
import { serveRelay } from "../../tests/support/relay-server";
import { RadioHub } from "./hub";

// The relay in front of a real Icecast 2 server (Debian's icecast2, fed the fixture MP3 by ffmpeg).
// Under `npm test` on a machine without them, it is skipped and says why; `npm run test:all`
// installs them and sets TEST_ALL=1, under which their absence is a failure, never a skip.
const missing = missingIcecastBinaries();
const skip = missing.length > 0 && process.env.TEST_ALL !== "1";
const title = skip
  ? `the relay in front of Icecast 2 (skipped: ${missingMessage(missing)})`
  : "the relay in front of Icecast 2";
if (skip) console.warn(`Icecast integration test skipped: ${missingMessage(missing)}`);

let icecast: Icecast;
let hub: RadioHub;
let relay: Awaited<ReturnType<typeof serveRelay>> | undefined;
let base: string;
/** The fixture MP3 that ffmpeg feeds Icecast. */
const audio = readFileSync(STATION_MP3);

beforeAll(async () => {
  if (skip) return;
  icecast = await startIcecast();
  hub = new RadioHub({
    upstream: icecast.url,
    ports: [icecast.port],
    log: { info: () => {}, warn: () => {} },
    userAgent: "icecast-integration-test",
    idleCloseMs: 200,
  });
  relay = await serveRelay(hub);
  base = relay.base;
  // Room for a start made again (a crash while starting, or a taken port): see startIcecast.
}, 75_000);

afterAll(async () => {
  await relay?.close();
  await icecast?.stop();
});

describe.skipIf(skip)(title, () => {
  it("relays Icecast's stream to several listeners over one connection, metadata stripped, title kept", async () => {
    const url = `${base}/api/stream?port=${icecast.port}`;
    const listeners = await Promise.all([listen(url), listen(url), listen(url)]);
    for (const l of listeners) {
      expect(l.statusCode).toBe(200);
      expect(l.headers["content-type"]).toBe("audio/mpeg");
    }
    await icecast.setTitle("Integration Hour");
    // Icecast sends a metadata block every 16,000 bytes: one a second at 128 kbps.
    await vi.waitFor(
      async () =>
        expect(await (await fetch(`${base}/api/radio/now-playing`)).json()).toMatchObject({
          title: "Integration Hour",
          recent: expect.arrayContaining([{ title: "Integration Hour", at: expect.any(Number) }]),
          listeners: 3,
          upstream: "connected",
        }),
      { timeout: 10_000, interval: 200 },
    );
    // Icecast's 64 KB burst, then real time: at least 100 KB each within a few seconds.
    await vi.waitFor(
      () => expect(Math.min(...listeners.map((l) => l.received().length))).toBeGreaterThan(100_000),
      { timeout: 10_000 },
    );
    const stats = await (await fetch(`http://127.0.0.1:${icecast.port}/status-json.xsl`)).json();
    const source = stats.icestats.source;
    expect((Array.isArray(source) ? source[0] : source).listeners).toBe(1);
    for (const l of listeners) {
      const bytes = l.received();
      expect(bytes.includes("StreamTitle")).toBe(false);
      // ffmpeg copies the fixture's frames: each listener gets an unbroken run of them.
      expect(offsetInLoop(audio, bytes)).not.toBe(-1);
      l.destroy();
    }
  }, 30_000);

  it("starts again on a new port when the one it was given is taken before Icecast binds it", async () => {
    // An outgoing connection holds a port, as the OS may give one that was free a moment ago.
    const server = net.createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    const taken = client.localPort ?? 0;
    const given: number[] = [];
    const warnings: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((m: string) => warnings.push(m));
    const second = await startIcecast({
      nextPort: async () => {
        given.push(given.length === 0 ? taken : await freePort());
        return given.at(-1) ?? 0;
      },
    }).finally(() => {
      client.destroy();
      server.close();
      warn.mockRestore();
    });
    try {
      // The taken port made Icecast exit with 1 ("Could not create listener socket"); it started
      // on the next (or, after one of its rare crashes while starting, a later) port.
      expect(given[0]).toBe(taken);
      expect(given.length).toBeGreaterThanOrEqual(2);
      expect(second.port).toBe(given.at(-1));
      expect(warnings[0]).toMatch(
        /exited while starting \(icecast2 exited: 1\); starting it again/,
      );
      const res = await fetch(second.url);
      expect(res.headers.get("content-type")).toBe("audio/mpeg");
      await res.body?.cancel();
    } finally {
      await second.stop();
    }
  }, 75_000);
});
