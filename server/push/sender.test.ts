import { createECDH, randomBytes } from "node:crypto";
import { Response } from "undici";
import webpush from "web-push";
import { describe, expect, it } from "vitest";
import type { PushMessage } from "./message";
import { createPushSender } from "./sender";

// The sender's retries on a clock of the test's own: no real waits. The push service is a fake
// fetch answering each attempt in turn (the loopback one is delivery.test's).

const START = Date.parse("2026-12-03T20:00:00Z");
const KEYS = webpush.generateVAPIDKeys();

function target() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: "http://127.0.0.1:9/push/reader",
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

function message(ttl: number): PushMessage {
  return {
    payload: {
      title: "Flash Flood Warning",
      body: "Harris County.",
      url: "/weather",
      tag: "t",
      lang: "en",
    },
    ttl,
    urgency: "high",
    topic: "t",
    digest: "d",
    source: "urn:oid:flood.1",
  };
}

/** A sender whose push service answers `answers` in turn (201 after them), on a fake clock. */
function senderAnswering(answers: { status: number; retryAfter?: string }[]) {
  let clock = START;
  const attempts: number[] = [];
  const waits: number[] = [];
  const send = createPushSender({
    guard: {
      fetch: () => {
        attempts.push(clock - START);
        const answer = answers.shift() ?? { status: 201 };
        const headers = answer.retryAfter ? { "Retry-After": answer.retryAfter } : undefined;
        return Promise.resolve(new Response(null, { status: answer.status, headers }));
      },
    },
    keys: () => Promise.resolve(KEYS),
    subject: "mailto:newsroom@example.com",
    attempts: 100,
    now: () => clock,
    sleep: (ms) => {
      waits.push(ms);
      clock += ms;
      return Promise.resolve();
    },
  });
  return { send, attempts, waits };
}

describe("createPushSender's retries", () => {
  it("tries 429 and 5xx again with doubling waits, and stops at the push's TTL: no attempt or wait past it", async () => {
    const failing = () =>
      Array.from({ length: 50 }, (_, i) => ({ status: [500, 429, 503][i % 3] ?? 500 }));
    const { send, attempts, waits } = senderAnswering(failing());
    // A TTL of 60 s: attempts at 0, 2, 6, 14 and 30 s; the next wait (32 s) would end past it.
    expect(await send(target(), message(60))).toBe("failed");
    expect(attempts).toEqual([0, 2_000, 6_000, 14_000, 30_000]);
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000]);
    // A longer TTL lets more of the same attempts through.
    const longer = senderAnswering(failing());
    expect(await longer.send(target(), message(300))).toBe("failed");
    expect(longer.attempts.at(-1)).toBe(254_000);
    expect(longer.attempts.at(-1)).toBeLessThan(300_000);
  });

  it("waits as long as Retry-After asks within the TTL, and gives up at once when it asks past it", async () => {
    const within = senderAnswering([{ status: 503, retryAfter: "10" }]);
    expect(await within.send(target(), message(60))).toBe("sent");
    expect(within.attempts).toEqual([0, 10_000]);
    const past = senderAnswering([{ status: 429, retryAfter: "120" }]);
    expect(await past.send(target(), message(60))).toBe("failed");
    expect(past.attempts).toEqual([0]);
    expect(past.waits).toEqual([]);
  });

  it("sends after a 5xx that clears within the TTL, and never retries a 4xx refusal", async () => {
    const cleared = senderAnswering([{ status: 500 }, { status: 502 }]);
    expect(await cleared.send(target(), message(60))).toBe("sent");
    expect(cleared.attempts).toEqual([0, 2_000, 6_000]);
    const refused = senderAnswering([{ status: 400 }]);
    expect(await refused.send(target(), message(60))).toBe("failed");
    expect(refused.attempts).toEqual([0]);
  });
});
