import { Response } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEMO_ALERTS,
  FIXTURE_STATION,
  startWeatherServer,
  type FixtureAlert,
  type WeatherServer,
} from "../../tests/fixture-servers/weather-server";
import { openDatabase, type Store } from "../db/open";
import { createOutboundGuard } from "../net/outbound";
import { MAX_ALERTS_PER_CITY } from "./nws-alerts";
import { BACKOFF_BASE_MS, MAX_ALERT_PROBLEMS_LOGGED, SCHEDULE, freshness } from "./nws-answers";
import { IDLE_AFTER_MS, WeatherService, type WeatherServiceOptions } from "./service";
import { STALE_AFTER_MS, type WeatherPlace } from "./city-weather";
import { WeatherStore } from "./store";
import { weatherPlace } from "./reader";
import { fixtureCity } from "../../tests/support/fixture-city";

const T0 = Date.parse("2026-11-25T18:00:00Z");
/**
 * The fixture city as its data places it: a point of four decimals in Texas, radar KHGX (the
 * fixture weather server answers any point with its one grid, station and Texas zones).
 */
const CITY = fixtureCity();
const PLACE: WeatherPlace = weatherPlace(CITY);
/** The point as the service asks for it. */
const POINT = `/points/${PLACE.latitude},${PLACE.longitude}`;
/** Who the service says it is: a name and an address to write to, as the server's. */
const USER_AGENT = `(${CITY.name}, ${CITY.contact.email})`;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

/** A service over a fresh database and the fixture weather service, on a clock of its own. */
async function harness(
  options: {
    alerts?: FixtureAlert[];
    store?: Store;
    server?: WeatherServer;
    /** Changes the fixture's alerts answer as the service receives it. */
    alterAlerts?: (body: { features: unknown[] }) => unknown;
    /** NWS_ALERTS_SECONDS, in ms. */
    alertsMs?: number;
    onAnswer?: WeatherServiceOptions["onAnswer"];
  } = {},
) {
  const clock = { now: T0 };
  const server =
    options.server ?? (await startWeatherServer({ now: () => clock.now, alerts: options.alerts }));
  if (!options.server) open.push(server);
  const store = options.store ?? (await openDatabase(":memory:"));
  if (!options.store) open.push(store);
  const guard = createOutboundGuard({ allowPrivateHosts: ["127.0.0.1"], allowPublicHosts: false });
  open.push(guard);
  const warnings: object[] = [];
  const { alterAlerts } = options;
  const fetch: typeof guard.fetch = alterAlerts
    ? async (url, init) => {
        const response = await guard.fetch(url, init);
        if (!String(url).includes("/alerts/active") || !response.ok) return response;
        const body = alterAlerts((await response.json()) as { features: unknown[] });
        return new Response(JSON.stringify(body), { headers: response.headers });
      }
    : guard.fetch;
  const service = new WeatherService({
    store: new WeatherStore(store),
    fetch,
    userAgent: USER_AGENT,
    apiUrl: server.url,
    radarUrl: server.url,
    log: { info: () => {}, warn: (o) => warnings.push(o) },
    now: () => clock.now,
    // Long enough for a loaded machine's loopback answer; a hanging answer waits it out once.
    timeoutMs: 3000,
    alertsMs: options.alertsMs,
    onAnswer: options.onAnswer,
  });
  open.push({ close: () => service.stop() });
  return { service, server, clock, store, warnings };
}

/** Asks for the city (which starts its fetches), lets them end, and reads it again. */
async function fetched(h: Awaited<ReturnType<typeof harness>>) {
  await h.service.get(PLACE);
  await h.service.refreshDue();
  return h.service.get(PLACE);
}

describe("WeatherService", () => {
  it("is loading until first asked, then shows the station's conditions, the forecast and the zone's alerts", async () => {
    const h = await harness();
    expect((await h.service.get(PLACE)).state).toBe("loading");
    const weather = await fetched(h);
    expect(weather.state).toBe("ready");
    expect(weather.current).toMatchObject({
      temperature: 72,
      description: "Mostly Cloudy",
      station: FIXTURE_STATION.name,
      windDirection: "SE",
    });
    expect(weather.forecast?.days).toHaveLength(7);
    expect(weather.forecast?.days[0]?.day).toBe("Today");
    // The flood warning (its county) and the wind advisory (its zone); not the expired
    // advisory, the test warning or another zone's warning.
    expect(weather.alerts.map((a) => [a.event, a.severity, a.urgent])).toEqual([
      ["Flash Flood Warning", "severe", true],
      ["Wind Advisory", "moderate", false],
    ]);
    expect(weather.radar?.image).toBe(
      `${h.server.url}/ridge/standard/${PLACE.radarStation ?? ""}_0.gif`,
    );
    // Read again with nothing changed, it is what was composed, not composed anew.
    expect(await h.service.get(PLACE)).toBe(weather);
    expect(weather.forecastPage).toBe(
      `https://forecast.weather.gov/MapClick.php?lat=${PLACE.latitude}&lon=${PLACE.longitude}`,
    );
  });

  it("asks the service as it asks: its user agent, GeoJSON, a point of four decimals, the state's alerts", async () => {
    const h = await harness();
    await fetched(h);
    expect(h.server.requests).toEqual(
      expect.arrayContaining([
        POINT,
        "/gridpoints/HGX/65,97/stations",
        "/stations/KIAH/observations/latest",
        "/gridpoints/HGX/65,97/forecast",
        `/alerts/active?area=${PLACE.stateCode}`,
      ]),
    );
    expect(h.server.headers.every((x) => x["user-agent"]?.includes(CITY.contact.email))).toBe(true);
    expect(h.server.headers.every((x) => x.accept === "application/geo+json")).toBe(true);
  });

  it("asks each answer again on its schedule, honouring a longer Cache-Control, and not sooner", async () => {
    const h = await harness();
    await fetched(h);
    const count = (path: string) => h.server.requests.filter((r) => r.startsWith(path)).length;
    h.clock.now += SCHEDULE.alerts.minMs - 1;
    await h.service.refreshDue();
    expect(count("/alerts/active")).toBe(1);
    h.clock.now += 1;
    await h.service.refreshDue();
    expect(count("/alerts/active")).toBe(2);
    expect(count("/stations/KIAH/observations/latest")).toBe(1);
    expect(count("/points/")).toBe(1);
    // An answer asking for 4 minutes is kept 4 (between the alerts' 3 and 5).
    h.server.set({ maxAgeSeconds: 240 });
    h.clock.now += SCHEDULE.alerts.minMs;
    await h.service.refreshDue();
    expect(count("/alerts/active")).toBe(3);
    h.clock.now += SCHEDULE.alerts.minMs;
    await h.service.refreshDue();
    expect(count("/alerts/active")).toBe(3);
    h.clock.now += 60_000;
    await h.service.refreshDue();
    expect(count("/alerts/active")).toBe(4);
  });

  it("asks for the alerts as often as NWS_ALERTS_SECONDS says, at most 5/3 of it for a longer Cache-Control", async () => {
    const h = await harness({ alertsMs: 6_000 });
    h.server.set({ maxAgeSeconds: 1 });
    await fetched(h);
    const count = () => h.server.requests.filter((r) => r.startsWith("/alerts/active")).length;
    h.clock.now += 5_999;
    await h.service.refreshDue();
    expect(count()).toBe(1);
    h.clock.now += 1;
    await h.service.refreshDue();
    expect(count()).toBe(2);
    h.server.set({ maxAgeSeconds: 60 });
    h.clock.now += 6_000;
    await h.service.refreshDue();
    expect(count()).toBe(3);
    h.clock.now += 9_999;
    await h.service.refreshDue();
    expect(count()).toBe(3);
    h.clock.now += 1;
    await h.service.refreshDue();
    expect(count()).toBe(4);
  });

  it("tells its listeners which city's weather changed once the due answers are in, and only then", async () => {
    const h = await harness();
    const told: string[] = [];
    h.service.onChange((id) => told.push(id));
    await fetched(h);
    // The first answers change what a page opened before them showed ("loading").
    expect(told).toEqual([PLACE.id]);
    // Nothing due, nothing changed: nobody is told.
    await h.service.refreshDue();
    expect(told).toEqual([PLACE.id]);
    // The warning is cancelled: told once, and the version pages compare has moved with it.
    const before = h.service.version(PLACE.id);
    h.server.set({ alerts: DEMO_ALERTS.slice(1) });
    h.clock.now += SCHEDULE.alerts.maxMs;
    await h.service.refreshDue();
    expect(told).toEqual([PLACE.id, PLACE.id]);
    expect(h.service.version(PLACE.id)).toBeGreaterThan(before);
  });

  it("takes an answer another instance stored when told of it, and tells its own listeners; passes over its own", async () => {
    const fetcher = await harness();
    // A second instance on the same database, which reaches no weather service itself.
    const readerStore = new WeatherStore(fetcher.store);
    const reader = new WeatherService({
      store: readerStore,
      fetch: () => Promise.reject(new Error("no network")),
      userAgent: USER_AGENT,
      apiUrl: fetcher.server.url,
      radarUrl: fetcher.server.url,
      log: { info: () => {}, warn: () => {} },
      now: () => fetcher.clock.now,
    });
    open.push({ close: () => reader.stop() });
    const told: string[] = [];
    reader.onChange((id) => told.push(id));
    await fetched(fetcher);
    await reader.get(PLACE);
    const before = reader.version(PLACE.id);
    fetcher.server.set({ alerts: DEMO_ALERTS.slice(1) });
    fetcher.clock.now += SCHEDULE.alerts.maxMs;
    await fetcher.service.refreshDue();
    const alertsUrl = `${fetcher.server.url}/alerts/active?area=${PLACE.stateCode}`;
    // Its own notification: nothing to read.
    await reader.stored(alertsUrl, readerStore.instance);
    expect((await reader.get(PLACE)).alerts.map((a) => a.event)).toContain("Flash Flood Warning");
    // The other instance's: read, shown, and told.
    await reader.stored(alertsUrl, "the fetcher");
    expect((await reader.get(PLACE)).alerts.map((a) => a.event)).toEqual(["Wind Advisory"]);
    expect(reader.version(PLACE.id)).toBeGreaterThan(before);
    expect(told).toContain(PLACE.id);
  });

  it("drops an alert when it ends, without a fetch, and its version changes", async () => {
    const h = await harness({
      alerts: [{ ...(DEMO_ALERTS[0] as FixtureAlert), untilMinutes: 10 }],
    });
    await fetched(h);
    const before = h.service.version(PLACE.id);
    expect((await h.service.get(PLACE)).alerts).toHaveLength(1);
    h.clock.now += 10 * 60_000;
    expect(h.service.version(PLACE.id)).toBe(before + 1);
    expect((await h.service.get(PLACE)).alerts).toEqual([]);
  });

  it("moves its count of changes whenever a version may have moved (a city asked about, an answer, an alert's end), and only then", async () => {
    const h = await harness({
      alerts: [{ ...(DEMO_ALERTS[0] as FixtureAlert), untilMinutes: 10 }],
    });
    const c0 = h.service.changes();
    await h.service.get(PLACE);
    const c1 = h.service.changes();
    expect(c1).toBeGreaterThan(c0);
    await h.service.refreshDue();
    const c2 = h.service.changes();
    expect(c2).toBeGreaterThan(c1);
    const before = h.service.version(PLACE.id);
    // Nothing new and nothing due by time: the count stays, and so does the version.
    h.clock.now += 60_000;
    expect(h.service.changes()).toBe(c2);
    expect(h.service.version(PLACE.id)).toBe(before);
    // The warning ends, with no fetch: the count moves, and the version with it.
    h.clock.now += 9 * 60_000;
    const c3 = h.service.changes();
    expect(c3).toBeGreaterThan(c2);
    expect(h.service.version(PLACE.id)).toBe(before + 1);
    expect(h.service.changes()).toBe(c3);
    // A cancelled warning fetched: the count moves with the answer.
    h.server.set({ alerts: [] });
    h.clock.now += SCHEDULE.alerts.maxMs;
    await h.service.refreshDue();
    const c4 = h.service.changes();
    expect(c4).toBeGreaterThan(c3);
    // The city's data read again: the same place stays still, another one moves the count.
    await h.service.get({ ...PLACE });
    expect(h.service.changes()).toBe(c4);
    await h.service.get({ ...PLACE, radarStation: "KFWS" });
    const c5 = h.service.changes();
    expect(c5).toBeGreaterThan(c4);
    // Not asked about for a day: dropped (its version 0 again), and the count moves.
    h.clock.now += IDLE_AFTER_MS + 1;
    await h.service.refreshDue();
    expect(h.service.version(PLACE.id)).toBe(0);
    expect(h.service.changes()).toBeGreaterThan(c5);
  });

  it("changes its version when an alert beyond those shown ends (the count in force shown), without a fetch", async () => {
    const base = DEMO_ALERTS[0] as FixtureAlert;
    const warnings = Array.from({ length: MAX_ALERTS_PER_CITY }, (_, i) => ({
      ...base,
      id: `${base.id}.${i}`,
      severity: "Extreme" as const,
      untilMinutes: 120,
    }));
    const minor = { ...base, id: `${base.id}.minor`, severity: "Minor" as const, untilMinutes: 10 };
    const h = await harness({ alerts: [...warnings, minor] });
    const before = (await fetched(h)).alertsInForce;
    expect(before?.total).toBe(MAX_ALERTS_PER_CITY + 1);
    const [version, changes] = [h.service.version(PLACE.id), h.service.changes()];
    h.clock.now += 10 * 60_000;
    expect(h.service.changes()).toBeGreaterThan(changes);
    expect(h.service.version(PLACE.id)).toBe(version + 1);
    expect((await h.service.get(PLACE)).alertsInForce).toBeUndefined();
  });

  it("changes its version when the alerts change (a cancelled warning leaves the list), not otherwise", async () => {
    const h = await harness();
    await fetched(h);
    const v1 = h.service.version(PLACE.id);
    expect(h.service.version(PLACE.id)).toBe(v1);
    h.server.set({ alerts: DEMO_ALERTS.slice(1) });
    h.clock.now += SCHEDULE.alerts.maxMs;
    await h.service.refreshDue();
    expect(h.service.version(PLACE.id)).toBeGreaterThan(v1);
    expect((await h.service.get(PLACE)).alerts.map((a) => a.event)).toEqual(["Wind Advisory"]);
  });

  it("shows the last good figures while the service fails (500, malformed, no answer), then says none once they are 3 hours old", async () => {
    const h = await harness();
    await fetched(h);
    h.server.set({
      failing: new Set(["/stations/KIAH/observations/latest"]),
      malformed: new Set(["/gridpoints/HGX/65,97/forecast"]),
      hanging: new Set(["/alerts/active"]),
    });
    h.clock.now += SCHEDULE.forecast.maxMs;
    await h.service.refreshDue();
    const stale = await h.service.get(PLACE);
    expect(stale.current?.temperature).toBe(72);
    expect(stale.forecast?.days).toHaveLength(7);
    expect(h.warnings.map((w) => (w as { error: string }).error)).toEqual(
      expect.arrayContaining([
        "HTTP 500",
        expect.stringMatching(/JSON/),
        expect.stringMatching(/abort|timeout/i),
      ]),
    );
    // Past 3 hours, neither conditions nor forecast are passed off as current.
    h.clock.now = T0 + STALE_AFTER_MS + 60 * 60_000;
    const gone = await h.service.get(PLACE);
    expect(gone.current).toBeNull();
    expect(gone.forecast).toBeNull();
  });

  it("tells onAnswer how each answer ended, by kind", async () => {
    const answers: string[] = [];
    const h = await harness({ onAnswer: (kind, outcome) => answers.push(`${kind} ${outcome}`) });
    await fetched(h);
    expect(answers).toEqual(
      expect.arrayContaining(["place ok", "observation ok", "forecast ok", "alerts ok"]),
    );
    h.server.set({ failing: new Set(["/stations/KIAH/observations/latest"]) });
    h.clock.now += SCHEDULE.forecast.maxMs;
    await h.service.refreshDue();
    expect(answers).toContain("observation error");
  });

  it("backs off on errors: 1 minute, then 2, doubling", async () => {
    const h = await harness();
    await fetched(h);
    h.server.set({ failing: new Set(["/alerts/active"]) });
    const count = () => h.server.requests.filter((r) => r.startsWith("/alerts/active")).length;
    h.clock.now += SCHEDULE.alerts.maxMs;
    await h.service.refreshDue();
    expect(count()).toBe(2);
    h.clock.now += BACKOFF_BASE_MS;
    await h.service.refreshDue();
    expect(count()).toBe(3);
    h.clock.now += BACKOFF_BASE_MS;
    await h.service.refreshDue();
    expect(count()).toBe(3);
    h.clock.now += BACKOFF_BASE_MS;
    await h.service.refreshDue();
    expect(count()).toBe(4);
  });

  it("after a restart, shows the stored answers at once, before any fetch", async () => {
    const store = await openDatabase(":memory:");
    open.push(store);
    const first = await harness({ store });
    await fetched(first);
    first.server.set({ failing: new Set([POINT]) });
    const second = await harness({ store, server: first.server });
    const weather = await second.service.get(PLACE);
    expect(weather.state).toBe("ready");
    expect(weather.current?.temperature).toBe(72);
    expect(weather.alerts).toHaveLength(2);
  });

  it("follows no link of an answer that leaves the service: it asks the service's own paths", async () => {
    const h = await harness();
    h.server.set({ foreignLinks: true });
    const weather = await fetched(h);
    // Nothing failed (no request left for weather.invalid), and the grid's own paths were asked.
    expect(h.warnings).toEqual([]);
    expect(h.server.requests).toEqual(
      expect.arrayContaining(["/gridpoints/HGX/65,97/stations", "/gridpoints/HGX/65,97/forecast"]),
    );
    expect(weather.current?.temperature).toBe(72);
  });
});

describe("an alerts answer with alerts that cannot be read", () => {
  it("skips them, never hiding the valid ones, and logs each distinct problem once per fetch", async () => {
    const h = await harness({
      alterAlerts: ({ features }) => {
        const [flood, ...rest] = features as { properties: Record<string, unknown> }[];
        const broken = (properties: Record<string, unknown>) => ({
          ...flood,
          properties: { ...flood?.properties, ...properties },
        });
        return {
          features: [
            broken({ id: 7 }),
            flood,
            broken({ id: "list-1", event: ["Flash", "Flood"] }),
            broken({ id: "list-2", event: ["Flash", "Flood"] }),
            ...rest,
          ],
        };
      },
    });
    const weather = await fetched(h);
    // The Severe flood warning still shows (and the advisory).
    expect(weather.alerts.map((a) => [a.event, a.urgent])).toEqual([
      ["Flash Flood Warning", true],
      ["Wind Advisory", false],
    ]);
    const skipped = () =>
      h.warnings.filter((w) => "reason" in w) as {
        alertId: string | null;
        reason: string;
        count: number;
      }[];
    expect(skipped()).toEqual([
      expect.objectContaining({
        alertId: expect.stringMatching(/\/alerts\//) as string,
        reason: expect.stringMatching(/^properties\.id: /) as string,
        count: 1,
      }),
      expect.objectContaining({
        alertId: "list-1",
        reason: expect.stringMatching(/^properties\.event: /) as string,
        count: 2,
      }),
    ]);
    // Reading it again (every page) logs nothing more; the next fetch logs them once again.
    await h.service.get(PLACE);
    expect(skipped()).toHaveLength(2);
    h.clock.now += SCHEDULE.alerts.maxMs;
    await h.service.refreshDue();
    expect(skipped()).toHaveLength(4);
  });

  it("logs at most a few distinct problems of one answer, counting the rest in one line", async () => {
    const fields = ["id", "event", "severity", "headline", "description", "instruction"];
    const fields2 = ["areaDesc", "status", "messageType", "effective", "expires", "ends"];
    const h = await harness({
      alterAlerts: ({ features }) => ({
        features: [
          ...features,
          // 1,000 alerts with one problem (no event, no severity).
          ...Array.from({ length: 1000 }, (_, i) => ({ properties: { id: `x${i}` } })),
          // Twelve more problems: each a field of the wrong kind.
          ...[...fields, ...fields2].map((field) => ({
            properties: { id: "bad", event: "Storm Warning", severity: "Extreme", [field]: 1 },
          })),
        ],
      }),
    });
    const weather = await fetched(h);
    expect(weather.alerts).toHaveLength(2);
    expect(h.warnings).toHaveLength(MAX_ALERT_PROBLEMS_LOGGED + 1);
    expect(h.warnings[0]).toMatchObject({ alertId: "x0", count: 1000 });
    expect(h.warnings.at(-1)).toMatchObject({
      problems: 13 - MAX_ALERT_PROBLEMS_LOGGED,
      count: 13 - MAX_ALERT_PROBLEMS_LOGGED,
    });
  });

  it("logs an answer that is no list of alerts at all", async () => {
    const h = await harness({ alterAlerts: () => ({ features: "none" }) });
    const weather = await fetched(h);
    expect(weather.alerts).toEqual([]);
    expect(h.warnings).toEqual([
      expect.objectContaining({ url: expect.stringMatching(/\/alerts\/active/) as string }),
    ]);
  });
});

describe("a city without a radar station", () => {
  it("has no radar section", async () => {
    const h = await harness();
    const { radarStation: _radar, ...place } = PLACE;
    void _radar;
    await h.service.get(place);
    await h.service.refreshDue();
    expect((await h.service.get(place)).radar).toBeNull();
  });
});

describe("freshness", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it("reads max-age, else Expires, else none", () => {
    expect(freshness(headers({ "cache-control": "public, max-age=73, s-maxage=300" }), T0)).toBe(
      73_000,
    );
    expect(freshness(headers({ expires: new Date(T0 + 90_000).toUTCString() }), T0)).toBe(90_000);
    expect(freshness(headers({}), T0)).toBeNull();
  });
});
