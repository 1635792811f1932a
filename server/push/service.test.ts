import pino from "pino";
import webpush from "web-push";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPushService, type PushService } from "../../tests/fixture-servers/push-service";
import type { CityLookup, CityServices } from "../cities/served";
import { openDatabase, type Store } from "../db/open";
import { Metrics } from "../metrics/metrics";
import { createOutboundGuard } from "../net/outbound";
import { readEnv } from "../settings/env";
import { openPush, pushSiteOf } from "./service";
import { readSubscription } from "./subscription";

// The push service as a process opens it: the daily test push to the operator's own
// subscription (once a day whoever asks again), and the metrics an operator alerts on.

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service?.close());

const guard = createOutboundGuard({ allowPrivateHosts: ["127.0.0.1"], allowPublicHosts: false });
afterAll(() => guard.close());
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

const HOUSTON = {
  kind: "city",
  city: {
    site: {
      name: "Houston City Wire",
      locale: "en-US",
      timeZone: "America/Chicago",
      contact: { email: "newsroom@houston.example" },
      content: {
        pages: { weather: { alertZones: [{ code: "TXC201", name: "Harris County" }] } },
      },
    },
    edition: { path: "/es", slugs: { weather: "clima" }, alternates: [] },
  } as unknown as CityServices,
} as const satisfies CityLookup;

/** The settings every test's process has, with `settings` over them. */
const envWith = (settings: Record<string, string> = {}) =>
  readEnv({ DATA_DIR: "/nonexistent-unused", CONTACT_KEY_SECRET: "c".repeat(40), ...settings });

/** Push as the Houston site's process opens it, on `db` (with `metrics` when given). */
function openHoustonPush(env: ReturnType<typeof readEnv>, db: Store, metrics?: Metrics) {
  return openPush({
    env,
    db,
    guard,
    logger: pino({ level: "silent" }),
    ...(metrics ? { metrics } : {}),
    city: () => HOUSTON,
    sitesOf: () => ["houston"],
    weatherOf: () => undefined,
    defaultSite: "houston",
  });
}

describe("openPush", () => {
  it("names a site's weather page and zones for its pushes", () => {
    expect(pushSiteOf(HOUSTON)).toMatchObject({
      weatherPath: "/es/clima",
      zoneNames: new Map([["TXC201", "Harris County"]]),
      name: "Houston City Wire",
    });
  });

  it("sends the operator's subscription one test push a day, however many instances ask, and counts it", async () => {
    const db = await openDatabase(":memory:");
    stores.push(db);
    const monitor = service.subscribe();
    const metrics = new Metrics();
    const env = envWith({ PUSH_MONITOR_SUBSCRIPTION: JSON.stringify(monitor) });
    const open = () => openHoustonPush(env, db, metrics);
    const first = open();
    const second = open();
    first.start();
    const push = await service.next(monitor.endpoint);
    expect(push.payload.title).toBe("Warnings test");
    expect(push.vapidValid).toBe(true);
    second.start();
    await expect
      .poll(
        async () =>
          (await metrics.text()).match(/citynews_push_sends_total\{outcome="sent"\} (\d+)/)?.[1],
      )
      .toBe("1");
    const text = await metrics.text();
    expect(text).toMatch(/citynews_push_last_success_age_seconds \d/);
    await Promise.all([first.stop(), second.stop()]);
    // The second instance's start asked too: the day's claim was taken, nothing more was sent.
    expect(service.received.filter((p) => monitor.endpoint.endsWith(`/push/${p.id}`))).toHaveLength(
      1,
    );
  });

  /** The claims of a push's VAPID JWT (`Authorization: vapid t=<jwt>, k=<key>`). */
  function vapidClaims(push: { headers: Record<string, unknown> }): Record<string, unknown> {
    const jwt = /t=([^,\s]+)/.exec(String(push.headers.authorization))?.[1] ?? "";
    return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
  }

  /** A process's push, started, its test push received, stopped. */
  async function testPushWith(settings: Record<string, string>) {
    const db = await openDatabase(":memory:");
    stores.push(db);
    const monitor = service.subscribe();
    const push = openHoustonPush(
      envWith({ PUSH_MONITOR_SUBSCRIPTION: JSON.stringify(monitor), ...settings }),
      db,
    );
    const keys = await push.api.keys();
    push.start();
    const received = await service.next(monitor.endpoint);
    await push.stop();
    const kept = await db.db.selectFrom("push_keys").select("public_key").execute();
    return { keys, received, kept };
  }

  it("signs with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, VAPID_SUBJECT as the JWT's sub, and keeps no pair of its own", async () => {
    const given = webpush.generateVAPIDKeys();
    const { keys, received, kept } = await testPushWith({
      VAPID_PUBLIC_KEY: given.publicKey,
      VAPID_PRIVATE_KEY: given.privateKey,
      VAPID_SUBJECT: "mailto:operators@example.org",
    });
    expect(keys).toEqual(given);
    expect(received.vapidValid).toBe(true);
    expect(received.vapidKey).toBe(given.publicKey);
    expect(vapidClaims(received)).toMatchObject({
      sub: "mailto:operators@example.org",
      aud: service.url,
    });
    expect(kept).toEqual([]);
  });

  it("without them, signs with the pair made once and kept in the database, the newsroom's address as sub", async () => {
    const { keys, received, kept } = await testPushWith({});
    expect(kept).toEqual([{ public_key: keys.publicKey }]);
    expect(received.vapidValid).toBe(true);
    expect(received.vapidKey).toBe(keys.publicKey);
    expect(vapidClaims(received)).toMatchObject({ sub: "mailto:newsroom@houston.example" });
  });

  it("caps subscriptions per reader by PUSH_MAX_PER_CLIENT and in all by PUSH_MAX_SUBSCRIPTIONS", async () => {
    const db = await openDatabase(":memory:");
    stores.push(db);
    const push = openHoustonPush(
      envWith({ PUSH_MAX_PER_CLIENT: "2", PUSH_MAX_SUBSCRIPTIONS: "3" }),
      db,
    );
    const subscribe = (address: string) =>
      push.api.subscribe(
        "houston",
        readSubscription(
          { subscription: service.subscribe(), zones: ["TXC201"] },
          new Set(["TXC201"]),
          (host) => host === "127.0.0.1",
        ),
        address,
      );
    const one = [];
    for (let i = 0; i < 3; i++) one.push(await subscribe("203.0.113.5"));
    expect(one).toEqual(["created", "created", "reader-cap"]);
    expect([await subscribe("198.51.100.7"), await subscribe("192.0.2.9")]).toEqual([
      "created",
      "total-cap",
    ]);
    expect(await push.store.count()).toBe(3);
  });

  it("refuses to start with a monitor subscription that is not one", () => {
    const env = readEnv({
      CONTACT_KEY_SECRET: "c".repeat(40),
      PUSH_MONITOR_SUBSCRIPTION: '{"endpoint":"http://elsewhere.test/x"}',
    });
    expect(() =>
      openPush({
        env,
        db: {} as Store,
        guard,
        logger: pino({ level: "silent" }),
        city: () => HOUSTON,
        sitesOf: () => [],
        weatherOf: () => undefined,
        defaultSite: "houston",
      }),
    ).toThrow(/PUSH_MONITOR_SUBSCRIPTION is not a push subscription/);
  });
});
