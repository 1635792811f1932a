import { createECDH, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CityServices } from "../cities/served";
import { openDatabase, type Store } from "../db/open";
import { createOutboundGuard } from "../net/outbound";
import { PushStore } from "../push/store";
import type { CityExchange } from "./exchange";
import type { PushApi } from "../push/service";
import { pushRoutes } from "./push";

// The push API's rules on a real store (SQLite) behind a loopback server: what is kept and what
// is refused, each refusal a 4xx naming what is wrong with nothing kept. Endpoints' hosts are
// resolved by a stub (push.test: a private address; public.test: a public one), never connected.

const ZONES = [
  { code: "TXZ213", name: "Inland Harris" },
  { code: "TXC201", name: "Harris County" },
];
const ORIGIN = "http://news.test";

let db: Store;
let store: PushStore;
let url = "";
let server: http.Server;
let zones = ZONES as typeof ZONES | undefined;
const caps = { perClient: 2, total: 5 };

beforeAll(async () => {
  db = await openDatabase(":memory:");
  store = new PushStore(db);
  const guard = createOutboundGuard({
    allowPrivateHosts: ["127.0.0.1"],
    resolve: async (host) => [
      { address: host === "public.test" ? "93.184.216.34" : "10.1.2.3", family: 4 },
    ],
  });
  const api: PushApi = {
    keys: () => store.keys(),
    subscribe: (site, sub, address) => store.subscribe(site, sub, address, caps),
    unsubscribe: (endpoint) => store.unsubscribe(endpoint),
    vet: (target) => guard.vet(target),
    allowsHttp: (host) => guard.allowsPrivate(host),
  };
  const handle = pushRoutes(
    api,
    (req) => ({ address: String(req.headers["x-reader"] ?? "192.0.2.1"), origin: ORIGIN }),
    pino({ level: "silent" }),
  );
  server = http.createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    const city = () =>
      ({ site: { content: { pages: { weather: { alertZones: zones } } } } }) as CityServices;
    const exchange: CityExchange = { req, res, pathname, site: "houston.es", base: "/es", city };
    if (!handle(exchange)) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});
beforeEach(async () => {
  zones = ZONES;
  await db.db.deleteFrom("push_subscriptions").execute();
});

function subscription(endpoint = "https://public.test/push/1") {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const kept = () => store.count();

describe("the push API", () => {
  it("answers the network's public key, the same each time: an uncompressed P-256 point", async () => {
    const first = await call("GET", "/api/push/key");
    expect(first.status).toBe(200);
    const key = Buffer.from(String(first.json.publicKey), "base64url");
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await call("GET", "/api/push/key")).json).toEqual(first.json);
  });

  it("subscribes (201), replaces the zones of a subscription it has (200), and unsubscribes (204)", async () => {
    const sub = subscription();
    const made = await call("POST", "/api/push/subscriptions", {
      subscription: sub,
      zones: ["txc201"],
    });
    expect(made).toEqual({ status: 201, json: { zones: ["TXC201"] } });
    const again = await call("POST", "/api/push/subscriptions", {
      subscription: sub,
      zones: ["TXZ213", "TXC201"],
    });
    expect(again).toEqual({ status: 200, json: { zones: ["TXZ213", "TXC201"] } });
    const found = [];
    for await (const s of store.subscribers(["houston.es"], new Set(["TXZ213"]))) found.push(s);
    expect(found.map((s) => [s.endpoint, s.site, s.zones])).toEqual([
      [sub.endpoint, "houston.es", ["TXZ213", "TXC201"]],
    ]);
    expect(
      (await call("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint })).status,
    ).toBe(204);
    expect(await kept()).toBe(0);
  });

  it.each([
    [
      "an http endpoint",
      { subscription: subscription("http://public.test/p"), zones: ["TXC201"] },
      400,
      "bad-endpoint",
    ],
    [
      "an endpoint whose host is private",
      { subscription: subscription("https://push.test/p"), zones: ["TXC201"] },
      400,
      "bad-endpoint",
    ],
    [
      "an endpoint at a private address",
      { subscription: subscription("https://10.0.0.8/p"), zones: ["TXC201"] },
      400,
      "bad-endpoint",
    ],
    [
      "an endpoint that is no URL",
      { subscription: subscription("not a url"), zones: ["TXC201"] },
      400,
      "bad-endpoint",
    ],
    [
      "a key off the curve",
      {
        subscription: {
          ...subscription(),
          keys: { ...subscription().keys, p256dh: Buffer.alloc(65, 4).toString("base64url") },
        },
        zones: ["TXC201"],
      },
      400,
      "bad-keys",
    ],
    [
      "an auth secret of 15 bytes",
      {
        subscription: {
          ...subscription(),
          keys: { ...subscription().keys, auth: randomBytes(15).toString("base64url") },
        },
        zones: ["TXC201"],
      },
      400,
      "bad-keys",
    ],
    [
      "no keys",
      { subscription: { endpoint: "https://public.test/p" }, zones: ["TXC201"] },
      400,
      "bad-keys",
    ],
    [
      "a zone the site does not cover",
      { subscription: subscription(), zones: ["TXZ080"] },
      400,
      "unknown-zones",
    ],
    ["no zone", { subscription: subscription(), zones: [] }, 400, "unknown-zones"],
    ["a body that is no JSON", "{not json", 400, "bad-json"],
    [
      "a body of 5 KB",
      { subscription: subscription(), zones: ["TXC201"], padding: "x".repeat(5000) },
      413,
      "too-large",
    ],
  ])("refuses %s, keeping nothing", async (_what, body, status, error) => {
    const answer = await call("POST", "/api/push/subscriptions", body);
    expect(answer.status).toBe(status);
    expect(answer.json.error).toBe(error);
    expect(String(answer.json.message)).toMatch(/\w/);
    expect(await kept()).toBe(0);
  });

  it("lets a test's loopback push service take http (ALLOW_PRIVATE_HOSTS names it)", async () => {
    const answer = await call("POST", "/api/push/subscriptions", {
      subscription: subscription("http://127.0.0.1:9/push/x"),
      zones: ["TXZ213"],
    });
    expect(answer.status).toBe(201);
  });

  it("refuses another site's page (Origin), a form's type, and a method it does not take", async () => {
    const body = { subscription: subscription(), zones: ["TXC201"] };
    const other = await call("POST", "/api/push/subscriptions", body, {
      Origin: "https://evil.test",
    });
    expect([other.status, other.json.error]).toEqual([403, "cross-origin"]);
    const form = await call("POST", "/api/push/subscriptions", body, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect([form.status, form.json.error]).toEqual([415, "unsupported-type"]);
    expect((await call("PUT", "/api/push/subscriptions", body)).status).toBe(405);
    expect(await kept()).toBe(0);
  });

  it("holds a reader to PUSH_MAX_PER_CLIENT and the network to PUSH_MAX_SUBSCRIPTIONS (429)", async () => {
    const post = (reader: string) =>
      call(
        "POST",
        "/api/push/subscriptions",
        {
          subscription: subscription(`https://public.test/push/${randomBytes(4).toString("hex")}`),
          zones: ["TXC201"],
        },
        { "X-Reader": reader },
      );
    expect((await post("a")).status).toBe(201);
    expect((await post("a")).status).toBe(201);
    const third = await post("a");
    expect([third.status, third.json.error]).toEqual([429, "too-many"]);
    for (const reader of ["b", "c", "d"]) expect((await post(reader)).status).toBe(201);
    expect((await post("e")).status).toBe(429);
    expect(await kept()).toBe(5);
  });

  it("says a site without alert zones offers no warnings", async () => {
    zones = undefined;
    expect((await call("GET", "/api/push/key")).status).toBe(404);
  });
});
