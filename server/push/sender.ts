import { setTimeout as sleep } from "node:timers/promises";
import webpush from "web-push";
import type { OutboundGuard } from "../net/outbound";
import type { PushMessage } from "./message";
import type { VapidKeys } from "./store";
import type { PushTarget } from "./subscription";

/**
 * How a push ended: delivered to the push service; the subscription is gone (404, 410: the
 * reader unsubscribed or the browser dropped it); or failed (refused, or still failing when its
 * time to live ran out).
 */
export type SendOutcome = "sent" | "gone" | "failed";

export interface PushSenderOptions {
  guard: Pick<OutboundGuard, "fetch">;
  keys: () => Promise<VapidKeys>;
  /** VAPID_SUBJECT: a mailto: or https: URL the push service may contact about this sender. */
  subject: string;
  /** The first retry's wait, doubled each time (tests shorten it). */
  retryBaseMs?: number;
  /** The most attempts of one push. */
  attempts?: number;
  /** How long one attempt may take. */
  timeoutMs?: number;
  now?: () => number;
  /** The wait between attempts (tests give one that moves their clock, `now`, instead). */
  sleep?: (ms: number) => Promise<void>;
}

export const RETRY_BASE_MS = 2_000;
export const ATTEMPTS = 6;
export const SEND_TIMEOUT_MS = 10_000;

/** The wait a 429 or 503 asks for (Retry-After: seconds or a date), in ms, if it asks. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/**
 * Sends one push (RFC 8030) through the outbound guard: the payload encrypted for the reader's
 * keys (RFC 8291, aes128gcm) and signed with the network's VAPID keys (RFC 8292) by the web-push
 * library, with its TTL, Urgency and Topic; the request itself is ours, so it goes only where
 * the guard lets it. 429 and 5xx (and a network failure) are tried again with backoff while the
 * push's time to live lasts; 404 and 410 say the subscription is gone.
 */
export function createPushSender(options: PushSenderOptions) {
  const now = options.now ?? Date.now;
  const base = options.retryBaseMs ?? RETRY_BASE_MS;
  const attempts = options.attempts ?? ATTEMPTS;
  const pause = options.sleep ?? ((ms: number) => sleep(ms));
  /**
   * `extend` is told, before each attempt and each wait, until when the claim must hold: past
   * the attempt's timeout, past the wait (false: the claim is another's now, give up). A holder
   * that dies stops extending, and its push is taken over once the lease runs out.
   */
  return async function send(
    target: PushTarget,
    message: PushMessage,
    extend?: (until: number) => Promise<boolean>,
  ): Promise<SendOutcome> {
    const keys = await options.keys();
    const deadline = now() + message.ttl * 1000;
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message.payload),
      {
        vapidDetails: { subject: options.subject, ...keys },
        TTL: message.ttl,
        urgency: message.urgency,
        topic: message.topic,
        contentEncoding: "aes128gcm",
      },
    );
    const timeout = options.timeoutMs ?? SEND_TIMEOUT_MS;
    for (let attempt = 1; ; attempt++) {
      if (extend && !(await extend(now() + timeout))) return "failed";
      let wait: number | undefined;
      try {
        const res = await options.guard.fetch(details.endpoint, {
          method: "POST",
          headers: Object.fromEntries(
            // undici sets the length itself.
            Object.entries(details.headers)
              .filter(([name]) => name.toLowerCase() !== "content-length")
              .map(([name, value]) => [name, String(value)]),
          ),
          body: details.body ?? undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(timeout),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 200 && res.status < 300) return "sent";
        if (res.status === 404 || res.status === 410) return "gone";
        if (res.status !== 429 && res.status < 500) return "failed";
        wait = retryAfterMs(res.headers.get("retry-after"), now());
      } catch {
        // A network failure or a timeout: tried again like a 5xx.
      }
      const delay = Math.max(wait ?? 0, base * 2 ** (attempt - 1));
      if (attempt >= attempts || now() + delay >= deadline) return "failed";
      if (extend && !(await extend(now() + delay + timeout))) return "failed";
      await pause(delay);
    }
  };
}

export type PushSend = ReturnType<typeof createPushSender>;
