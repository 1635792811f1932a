import { createECDH, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isStormAlert } from "../../common/storm-mode";
import { startPushService, type PushService } from "../../tests/fixture-servers/push-service";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { openDatabase, type Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { createOutboundGuard } from "../net/outbound";
import type { WeatherAlert } from "../weather/nws-alerts";
import type { CityWeather } from "../weather/city-weather";
import { PushDelivery, type PushDeliveryOptions } from "./delivery";
import { allClearMessage, topicOf, type PushSite } from "./message";
import { createPushSender } from "./sender";
import { PushStore } from "./store";
import { readSubscription } from "./subscription";

// Warnings pushed to the readers of their zones, end to end on loopback: the store (SQLite and
// PostgreSQL), the sender through the outbound guard, a push service that checks the VAPID
// signature and decrypts each payload with the subscription's keys.

let postgres: TestPostgres;
let service: PushService;
beforeAll(async () => {
  [postgres, service] = await Promise.all([startPostgres(), startPushService()]);
}, 60_000);
afterAll(async () => {
  postgres?.stop();
  await service?.close();
});

const stores: Store[] = [];
const guard = createOutboundGuard({ allowPrivateHosts: ["127.0.0.1"], allowPublicHosts: false });
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
afterAll(() => guard.close());

const NOW = Date.parse("2026-12-03T20:00:00Z");
const SITES: Record<string, PushSite> = {
  houston: {
    locale: "en-US",
    timeZone: "America/Chicago",
    zoneNames: new Map([
      ["TXZ213", "Inland Harris"],
      ["TXC201", "Harris County"],
    ]),
    weatherPath: "/weather",
    name: "Houston City Wire",
  },
  "houston.es": {
    locale: "es-US",
    timeZone: "America/Chicago",
    zoneNames: new Map([
      ["TXZ213", "Interior de Harris"],
      ["TXC201", "Condado de Harris"],
    ]),
    weatherPath: "/es/clima",
    name: "Houston City Wire",
  },
};

function flood(overrides: Partial<WeatherAlert> = {}): WeatherAlert {
  return {
    id: "urn:oid:flood.1",
    event: "Flash Flood Warning",
    headline: "Flash Flood Warning issued for Harris County",
    description: "Heavy rain.",
    instruction: "Turn around, don't drown.",
    severity: "severe",
    urgent: true,
    areaDesc: "Harris, TX",
    effective: "2026-12-03T19:30:00Z",
    ends: "2026-12-04T03:45:00Z",
    expires: "2026-12-03T23:00:00Z",
    response: "Avoid",
    zones: ["TXC201"],
    series: "KHGX.FF.W.0042",
    ...overrides,
  };
}

function weatherWith(
  alerts: WeatherAlert[],
  cancelled: CityWeather["cancelled"] = [],
): CityWeather {
  return {
    state: "ready",
    current: null,
    forecast: null,
    alerts,
    alertsFetchedAt: null,
    cancelled,
    forecastPage: "https://forecast.weather.gov/",
    radar: null,
  };
}

describe.each(["sqlite", "postgres"] as const)("push delivery on %s", (dialect) => {
  async function setUp(options: { owners?: number } = {}) {
    const db =
      dialect === "postgres"
        ? await openPostgres(postgres.createDatabase(), { poolSize: 4 })
        : await openDatabase(":memory:");
    stores.push(db);
    const store = new PushStore(db);
    const weather = { now: weatherWith([]) };
    const outcomes: string[] = [];
    const send = createPushSender({
      guard,
      keys: () => store.keys(),
      subject: "mailto:newsroom@example.com",
      retryBaseMs: 5,
      now: () => NOW,
    });
    const deliveries = Array.from(
      { length: options.owners ?? 1 },
      (_, i) =>
        new PushDelivery({
          store,
          send,
          weatherOf: () => weather.now,
          sitesOf: () => ["houston", "houston.es"],
          siteOf: (site) => SITES[site],
          owner: `instance-${i}`,
          concurrency: 4,
          logger: pino({ level: "silent" }),
          onOutcome: (outcome) => outcomes.push(outcome),
          now: () => NOW,
        }),
    );
    const subscribe = async (site: string, zones: string[]) => {
      const sub = readSubscription(
        { subscription: service.subscribe(), zones },
        new Set(["TXZ213", "TXC201"]),
        (host) => host === "127.0.0.1",
      );
      expect(
        await store.subscribe(site, sub, `client-${sub.endpoint}`, { perClient: 5, total: 100 }),
      ).toBe("created");
      return sub.endpoint;
    };
    const run = async (delivery = deliveries[0]) => {
      delivery?.cityChanged("houston");
      await delivery?.settled();
    };
    const pushesTo = (endpoint: string) =>
      service.received.filter((push) => endpoint.endsWith(`/push/${push.id}`));
    return { store, weather, deliveries, subscribe, run, pushesTo, outcomes };
  }

  it("pushes a warning once to each subscription of its zones, in its edition's language, none to another zone", async () => {
    const { weather, subscribe, run, pushesTo, store } = await setUp();
    const english = await subscribe("houston", ["TXC201", "TXZ213"]);
    const spanish = await subscribe("houston.es", ["TXC201"]);
    const elsewhere = await subscribe("houston", ["TXZ213"]);
    weather.now = weatherWith([flood()]);
    await run();
    const [en] = pushesTo(english);
    const [es] = pushesTo(spanish);
    expect(pushesTo(elsewhere)).toEqual([]);
    expect(en?.payload).toEqual({
      title: "Flash Flood Warning",
      body: "Harris County until Thu 9:45 PM. Avoid the affected area. Turn around, don't drown.",
      url: "/weather",
      tag: topicOf("KHGX.FF.W.0042", "TXC201"),
      lang: "en",
    });
    expect(es?.payload).toMatchObject({
      title: "Aviso de inundación repentina",
      url: "/es/clima",
      lang: "es",
    });
    expect(es?.payload.body).toBe(
      "Condado de Harris, hasta el jue 9:45 p.m. Evite la zona afectada.",
    );
    // RFC 8030's headers: the TTL until the message expires (3 h), urgent, the warning's topic.
    expect(en?.headers).toMatchObject({
      ttl: "10800",
      urgency: "high",
      topic: topicOf("KHGX.FF.W.0042", "TXC201"),
      "content-encoding": "aes128gcm",
    });
    expect(en?.vapidValid).toBe(true);
    expect(en?.vapidKey).toBe((await store.keys()).publicKey);
    // Told again with nothing changed for the reader: nothing is pushed again.
    await run();
    expect(pushesTo(english)).toHaveLength(1);
    // A new headline the reader does not see: still nothing; a later end: pushed again.
    weather.now = weatherWith([flood({ id: "urn:oid:flood.2", headline: "Updated" })]);
    await run();
    expect(pushesTo(english)).toHaveLength(1);
    weather.now = weatherWith([flood({ id: "urn:oid:flood.3", ends: "2026-12-04T05:00:00Z" })]);
    await run();
    expect(pushesTo(english).map((p) => p.payload.body)).toEqual([
      "Harris County until Thu 9:45 PM. Avoid the affected area. Turn around, don't drown.",
      "Harris County until Thu 11:00 PM. Avoid the affected area. Turn around, don't drown.",
    ]);
    expect(pushesTo(english)[1]?.headers.topic).toBe(en?.headers.topic);
  });

  it("pushes only the warnings storm mode shows (Extreme, Severe), within 360 characters: no moderate or minor one", async () => {
    const { weather, subscribe, run, pushesTo } = await setUp();
    const reader = await subscribe("houston", ["TXZ213"]);
    weather.now = weatherWith([
      flood({
        severity: "extreme",
        urgent: true,
        zones: ["TXZ213"],
        series: "wind",
        event: "Extreme Wind Warning",
        instruction: "Take shelter in an interior room. ".repeat(30),
      }),
      flood({
        severity: "moderate",
        urgent: false,
        zones: ["TXZ213"],
        series: "advisory",
        event: "Flood Advisory",
      }),
      flood({ severity: "minor", urgent: false, zones: ["TXZ213"], series: "fog" }),
    ]);
    await run();
    // The same rule as storm mode's block: what it shows is what is pushed.
    expect(weather.now.alerts.filter(isStormAlert).map((alert) => alert.series)).toEqual(["wind"]);
    const pushes = pushesTo(reader);
    expect(pushes.map((push) => push.payload.title)).toEqual(["Extreme Wind Warning"]);
    expect(pushes[0]?.headers.urgency).toBe("high");
    const { title, body } = pushes[0]?.payload ?? { title: "", body: "" };
    expect(title.length + body.length).toBeLessThanOrEqual(360);
    expect(body.endsWith("…")).toBe(true);
  });

  it("sends an all-clear for a cancelled warning to those it reached, and only them", async () => {
    const { weather, subscribe, run, pushesTo } = await setUp();
    const reached = await subscribe("houston.es", ["TXC201"]);
    weather.now = weatherWith([flood()]);
    await run();
    const later = await subscribe("houston", ["TXC201"]);
    weather.now = weatherWith(
      [],
      [{ series: "KHGX.FF.W.0042", event: "Flash Flood Warning", zones: ["TXC201"] }],
    );
    await run();
    await run();
    expect(pushesTo(reached).map((p) => p.payload.title)).toEqual([
      "Aviso de inundación repentina",
      "Cancelado: Aviso de inundación repentina",
    ]);
    expect(pushesTo(reached)[1]?.headers.topic).toBe(pushesTo(reached)[0]?.headers.topic);
    expect(pushesTo(later)).toEqual([]);
  });

  it("records a failed push as not delivered: no all-clear to its reader, but one to a reader whose update failed", async () => {
    const { weather, subscribe, run, pushesTo, outcomes } = await setUp();
    const reached = await subscribe("houston", ["TXC201"]);
    const refused = await subscribe("houston", ["TXC201"]);
    const updateRefused = await subscribe("houston", ["TXC201"]);
    // One reader's push service refuses the warning and its update.
    service.answer(refused, 400, 400);
    weather.now = weatherWith([flood()]);
    await run();
    // The warning's update (a later end) is refused for a reader who had the warning.
    service.answer(updateRefused, 400);
    weather.now = weatherWith([flood({ id: "urn:oid:flood.3", ends: "2026-12-04T05:00:00Z" })]);
    await run();
    weather.now = weatherWith(
      [],
      [{ series: "KHGX.FF.W.0042", event: "Flash Flood Warning", zones: ["TXC201"] }],
    );
    await run();
    const allClear = allClearMessage(
      "Flash Flood Warning",
      "KHGX.FF.W.0042",
      ["TXC201"],
      SITES.houston as PushSite,
    ).payload.title;
    const titles = (endpoint: string) => pushesTo(endpoint).map((push) => push.payload.title);
    expect(titles(reached)).toEqual(["Flash Flood Warning", "Flash Flood Warning", allClear]);
    expect(titles(refused)).toEqual([]);
    expect(titles(updateRefused)).toEqual(["Flash Flood Warning", allClear]);
    expect(outcomes.filter((outcome) => outcome === "failed")).toHaveLength(3);
  });

  it("tries a failed push again with the service's next message of the warning, not each time it is gone over", async () => {
    const { weather, subscribe, run, pushesTo } = await setUp();
    const refused = await subscribe("houston", ["TXC201"]);
    const reached = await subscribe("houston", ["TXC201"]);
    service.answer(refused, 400);
    weather.now = weatherWith([flood()]);
    await run();
    await run();
    expect(pushesTo(refused)).toEqual([]);
    // An update that changes nothing the reader sees: pushed only to the one it did not reach.
    weather.now = weatherWith([flood({ id: "urn:oid:flood.2", headline: "Updated" })]);
    await run();
    await run();
    expect(pushesTo(refused).map((push) => push.payload.title)).toEqual(["Flash Flood Warning"]);
    expect(pushesTo(reached)).toHaveLength(1);
  });

  it("deletes a subscription the push service says is gone, tries 429 and 500 again, gives up on 400", async () => {
    const { weather, subscribe, run, pushesTo, store, outcomes } = await setUp();
    const gone = await subscribe("houston", ["TXC201"]);
    const busy = await subscribe("houston", ["TXC201"]);
    const refused = await subscribe("houston", ["TXC201"]);
    service.answer(gone, 410);
    service.answer(busy, 429, 500);
    service.answer(refused, 400);
    weather.now = weatherWith([flood()]);
    await run();
    expect(pushesTo(busy)).toHaveLength(1);
    expect(pushesTo(refused)).toHaveLength(0);
    expect(outcomes.sort()).toEqual(["expired", "failed", "sent"]);
    const left = [];
    for await (const sub of store.subscribers(["houston"], new Set(["TXC201"])))
      left.push(sub.endpoint);
    expect(left.sort()).toEqual([busy, refused].sort());
    // Given up is not tried again.
    await run();
    expect(pushesTo(refused)).toHaveLength(0);
  });

  it("sends each push once among instances sharing the database, and takes over one whose instance died", async () => {
    const { weather, subscribe, deliveries, pushesTo, store } = await setUp({ owners: 3 });
    const readers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => subscribe(i % 2 ? "houston" : "houston.es", ["TXC201"])),
    );
    const dead = readers[0] ?? "";
    const held = readers[1] ?? "";
    const topic = topicOf("KHGX.FF.W.0042", "TXC201");
    // One claimed by an instance that died a while ago (its lease ran out), one by a live one.
    expect(await store.claim(dead, topic, "x", "dead", 60_000, NOW - 120_000)).toBe(true);
    expect(await store.claim(held, topic, "x", "alive", 60_000, NOW)).toBe(true);
    weather.now = weatherWith([flood()]);
    for (const delivery of deliveries) delivery.cityChanged("houston");
    await Promise.all(deliveries.map((delivery) => delivery.settled()));
    for (const reader of readers) expect(pushesTo(reader)).toHaveLength(reader === held ? 0 : 1);
  });
});

describe("push delivery's lease", () => {
  it("is renewed while the push service is slow to answer: no other instance takes the push", async () => {
    const db = await openDatabase(":memory:");
    stores.push(db);
    const store = new PushStore(db);
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const endpoint = `${service.url}/push/slow`;
    await store.subscribe(
      "houston",
      {
        endpoint,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
        zones: ["TXC201"],
      },
      "client",
      { perClient: 5, total: 100 },
    );
    // A send that has not been answered until the test says so.
    let answer = () => {};
    const answered = new Promise<"sent">((resolve) => (answer = () => resolve("sent")));
    const leaseMs = 300;
    const delivery = new PushDelivery({
      store,
      send: () => answered,
      weatherOf: () => weatherWith([flood()]),
      sitesOf: () => ["houston"],
      siteOf: (site) => SITES[site],
      owner: "slow",
      concurrency: 1,
      leaseMs,
      logger: pino({ level: "silent" }),
    });
    const topic = topicOf("KHGX.FF.W.0042", "TXC201");
    const lease = async () =>
      (
        await db.db
          .selectFrom("push_sends")
          .select(["lease_until", "lease_owner"])
          .where("topic", "=", topic)
          .executeTakeFirst()
      )?.lease_until ?? 0;
    try {
      delivery.cityChanged("houston");
      await expect.poll(lease).toBeGreaterThan(0);
      const first = await lease();
      // Renewed past the claim's own end...
      await expect.poll(lease, { timeout: 5_000 }).toBeGreaterThan(first + leaseMs / 3);
      // ...so that, once that end has passed, another instance cannot take it.
      expect(await store.claim(endpoint, topic, "x", "other", leaseMs, first + 1)).toBe(false);
    } finally {
      answer();
      await delivery.settled();
    }
    expect(await store.sentTopic(topic)).toEqual(new Set([endpoint]));
  });
});

describe("push delivery's bound", () => {
  it("has at most `concurrency` pushes in flight at the push service, and sends them all", async () => {
    const N = 3;
    const M = 10;
    // A loopback push service that answers only when told: what it holds is what is in flight.
    const held: http.ServerResponse[] = [];
    let arrived = 0;
    let most = 0;
    let arrival = () => {};
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        arrived++;
        held.push(res);
        most = Math.max(most, held.length);
        arrival();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const db = await openDatabase(":memory:");
      stores.push(db);
      const real = new PushStore(db);
      let claims = 0;
      const store: PushDeliveryOptions["store"] = {
        subscribers: (sites, zones) => real.subscribers(sites, zones),
        sentTopic: (topic) => real.sentTopic(topic),
        claim: (...args) => {
          claims++;
          return real.claim(...args);
        },
        extend: (...args) => real.extend(...args),
        sent: (...args) => real.sent(...args),
        failed: (...args) => real.failed(...args),
        unsubscribe: (endpoint) => real.unsubscribe(endpoint),
      };
      for (let i = 0; i < M; i++) {
        const ecdh = createECDH("prime256v1");
        ecdh.generateKeys();
        const sub = {
          endpoint: `http://127.0.0.1:${port}/push/${i}`,
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
          zones: ["TXC201"],
        };
        await real.subscribe("houston", sub, `client-${i}`, { perClient: 5, total: 100 });
      }
      const delivery = new PushDelivery({
        store,
        send: createPushSender({ guard, keys: () => real.keys(), subject: "mailto:a@example.com" }),
        weatherOf: () => weatherWith([flood()]),
        sitesOf: () => ["houston"],
        siteOf: (site) => SITES[site],
        owner: "instance",
        concurrency: N,
        logger: pino({ level: "silent" }),
        now: () => NOW,
      });
      delivery.cityChanged("houston");
      // Each time the service holds all it can be sent (N, fewer at the end) and every push
      // claimed so far has arrived (one claimed beyond the bound would arrive too), the oldest is
      // answered; no timer decides anything.
      let answered = 0;
      while (answered < M) {
        await new Promise<void>((resolve) => {
          arrival = () => {
            if (held.length >= Math.min(N, M - answered) && arrived === claims) resolve();
          };
          arrival();
        });
        held.shift()?.writeHead(201).end();
        answered++;
      }
      await delivery.settled();
      expect(most).toBe(N);
      expect([arrived, claims]).toEqual([M, M]);
      expect(await real.sentTopic(topicOf("KHGX.FF.W.0042", "TXC201"))).toHaveProperty("size", M);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
