// A loopback Web Push service (RFC 8030) for tests: it hands out subscriptions whose keys it
// holds, takes pushes to their endpoints, checks each push's VAPID signature (RFC 8292: an
// ES256 JWT for this origin, signed by the key in `k=`) and decrypts its payload (RFC 8291,
// aes128gcm) with the subscription's private key, as a browser's push service and the browser
// would. It answers 201, unless a subscription is told to answer otherwise (410 gone, 429 or 500
// a number of times first).
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import ece from "http_ece";

/** One push as received. */
export interface ReceivedPush {
  id: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string; tag: string; lang: string };
  /** Whether the VAPID JWT verified against its key for this origin. */
  vapidValid: boolean;
  /** The public key the push was signed with (base64url). */
  vapidKey: string;
}

interface Held {
  ecdh: ECDH;
  auth: Buffer;
  /** Statuses to answer, in order, before 201 (0: never answer). */
  answers: number[];
}

export interface PushService {
  url: string;
  /** A new subscription of this service (PushSubscription.toJSON()'s shape). */
  subscribe(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Pushes received so far (in order). */
  received: ReceivedPush[];
  /** Resolves with the `count`th push to `endpoint` (or any when omitted). */
  next(endpoint?: string, count?: number): Promise<ReceivedPush>;
  /** Makes an endpoint answer these statuses first (410: gone; 429/500: try again). */
  answer(endpoint: string, ...statuses: number[]): void;
  /** Holds the next push to an endpoint unanswered (a sender that dies meanwhile loses it). */
  hold(endpoint: string): void;
  /** Every request seen, answered or not (retries included). */
  attempts: number;
  close(): Promise<void>;
}

/** Whether a VAPID `Authorization: vapid t=<jwt>, k=<key>` header is a valid ES256 JWT for `aud`. */
function vapidValid(header: string, aud: string): { valid: boolean; key: string } {
  const t = /t=([^,\s]+)/.exec(header)?.[1] ?? "";
  const k = /k=([^,\s]+)/.exec(header)?.[1] ?? "";
  try {
    const [head, claims, signature] = t.split(".");
    const point = Buffer.from(k, "base64url");
    const key = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33, 65).toString("base64url"),
      },
      format: "jwk",
    });
    const signed = verify(
      "sha256",
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature ?? "", "base64url"),
    );
    const body = JSON.parse(Buffer.from(claims ?? "", "base64url").toString("utf8")) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    const valid =
      signed &&
      body.aud === aud &&
      typeof body.exp === "number" &&
      body.exp * 1000 > Date.now() &&
      /^(mailto:|https:)/.test(body.sub ?? "");
    return { valid, key: k };
  } catch {
    return { valid: false, key: k };
  }
}

export async function startPushService(): Promise<PushService> {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const waiters: { endpoint?: string; count: number; resolve: (p: ReceivedPush) => void }[] = [];
  let attempts = 0;
  let url = "";
  const wake = () => {
    for (const waiter of [...waiters]) {
      const matching = received.filter(
        (p) => !waiter.endpoint || `${url}/push/${p.id}` === waiter.endpoint,
      );
      const push = matching[waiter.count - 1];
      if (push) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(push);
      }
    }
  };
  const server = http.createServer((req, res) => {
    attempts++;
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const sub = held.get(id);
      if (req.method !== "POST" || !sub) {
        res.writeHead(404).end();
        return;
      }
      const status = sub.answers.shift();
      if (status === 0) return; // held: never answered, never received
      if (status !== undefined) {
        if (status === 429) res.setHeader("Retry-After", "0");
        res.writeHead(status).end();
        return;
      }
      const vapid = vapidValid(String(req.headers.authorization ?? ""), url);
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: "aes128gcm",
        privateKey: sub.ecdh,
        authSecret: sub.auth,
      });
      received.push({
        id,
        at: Date.now(),
        headers: req.headers,
        payload: JSON.parse(plain.toString("utf8")) as ReceivedPush["payload"],
        vapidValid: vapid.valid,
        vapidKey: vapid.key,
      });
      res.writeHead(201).end();
      wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    received,
    get attempts() {
      return attempts;
    },
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(9).toString("base64url");
      held.set(id, { ecdh, auth, answers: [] });
      return {
        endpoint: `${url}/push/${id}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: auth.toString("base64url"),
        },
      };
    },
    next(endpoint, count = 1) {
      return new Promise((resolve) => {
        waiters.push({ endpoint, count, resolve });
        wake();
      });
    },
    answer(endpoint, ...statuses) {
      const sub = held.get(endpoint.split("/").pop() ?? "");
      sub?.answers.push(...statuses);
    },
    hold(endpoint) {
      held.get(endpoint.split("/").pop() ?? "")?.answers.push(0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
