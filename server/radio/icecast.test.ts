import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { STATION_MP3, offsetInLoop } from "../../tests/fixture-servers/radio-upstream";
import {
  missingIcecastBinaries,
  missingMessage,
  startIcecast,
  type Icecast,
} from "../../tests/support/icecast";
import { listen } from "../../tests/support/listen";
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
}, 30_000);

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
});
