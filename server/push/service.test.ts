import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPushService, type PushService } from "../../tests/fixture-servers/push-service";
import type { CityLookup, CityServices } from "../cities/network";
import { openDatabase, type Store } from "../db/open";
import { Metrics } from "../metrics/metrics";
import { createOutboundGuard } from "../net/outbound";
import { readEnv } from "../settings/env";
import { openPush, pushSiteOf } from "./service";

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
    const env = readEnv({
      DATA_DIR: "/nonexistent-unused",
      CONTACT_KEY_SECRET: "c".repeat(40),
      PUSH_MONITOR_SUBSCRIPTION: JSON.stringify(monitor),
    });
    const open = () =>
      openPush({
        env,
        db,
        guard,
        logger: pino({ level: "silent" }),
        metrics,
        city: () => HOUSTON,
        sitesOf: () => ["houston"],
        weatherOf: () => undefined,
        defaultSite: "houston",
      });
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
