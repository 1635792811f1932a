import { afterEach, describe, expect, it } from "vitest";
import { startWeatherServer } from "../../tests/fixture-servers/weather-server";
import { fixtureCity } from "../../tests/support/fixture-city";
import { DatabaseUnavailableError } from "../db/health";
import { createOutboundGuard } from "../net/outbound";
import { weatherPlace } from "./reader";
import { WeatherService } from "./service";
import type { WeatherStore } from "./store";

// The weather while the database that keeps its last good answers is away: what is held is
// shown, what is fetched is shown though it cannot be kept, and nothing fails a page.

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const away = () =>
  Promise.reject(
    new DatabaseUnavailableError(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ),
  );

describe("WeatherService with its database away", () => {
  it("answers pages from what it holds and keeps what it fetches, unstored", async () => {
    const T0 = Date.parse("2026-11-25T18:00:00Z");
    const server = await startWeatherServer({ now: () => T0 });
    open.push(server);
    const guard = createOutboundGuard({
      allowPrivateHosts: ["127.0.0.1"],
      allowPublicHosts: false,
    });
    open.push(guard);
    const warnings: { msg: string; fields: object }[] = [];
    const store = { get: away, put: away } as unknown as WeatherStore;
    const city = fixtureCity();
    const service = new WeatherService({
      store,
      fetch: guard.fetch,
      userAgent: `(${city.name}, ${city.contact.email})`,
      apiUrl: server.url,
      radarUrl: server.url,
      log: { info: () => {}, warn: (fields, msg) => warnings.push({ msg, fields }) },
      now: () => T0,
      timeoutMs: 3000,
    });
    open.push({ close: () => service.stop() });
    const place = weatherPlace(city);
    // Its stored answers cannot be read: the page gets what is held (nothing yet).
    expect((await service.get(place)).state).toBe("loading");
    await service.refreshDue();
    const weather = await service.get(place);
    expect(weather.state).toBe("ready");
    expect(weather.current?.temperature).toBe(72);
    expect(weather.forecast?.days).toHaveLength(7);
    // Fetched well: neither a failure nor a line per answer that could not be stored.
    expect(warnings).toEqual([]);
  });
});
