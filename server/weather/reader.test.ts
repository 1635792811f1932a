import { describe, expect, it } from "vitest";
import { RADAR_FALLBACK, RADAR_PERIOD_MS, RadarPictures, weatherPlace } from "./reader";
import { fixtureCity } from "../../tests/support/fixture-city";
import { noWeather } from "./city-weather";

/** An image service's configured pictures, as RadarPictures uses them. */
function images() {
  const configured = new Map<string, string>();
  /** The pictures the route could not get. */
  const failed = new Set<string>();
  return {
    configured,
    failed,
    configure: (sources: readonly { url: string; fallback: string }[]) => {
      for (const s of sources) configured.set(s.url, s.fallback);
    },
    unconfigure: (url: string) => void configured.delete(url),
    configuredPath: (url: string) => {
      if (!configured.has(url)) return "";
      return failed.has(url) ? RADAR_FALLBACK : `/img/640/${encodeURIComponent(url)}`;
    },
    configuredFailed: (url: string) => configured.has(url) && failed.has(url),
  };
}

describe("RadarPictures", () => {
  const image = "https://radar.weather.gov/ridge/standard/KHGX_0.gif";

  it("gives one route path per five minutes: a new picture at most that often", () => {
    const clock = { now: 10 * RADAR_PERIOD_MS };
    const store = images();
    const radar = new RadarPictures(store, () => clock.now);
    const first = radar.path(image);
    expect(first).toMatch(/^\/img\//);
    clock.now += RADAR_PERIOD_MS - 1;
    expect(radar.path(image)).toBe(first);
    clock.now += 1;
    const second = radar.path(image);
    expect(second).not.toBe(first);
    // Its fallback when the picture cannot be had is the site's own "unavailable" picture.
    expect([...store.configured.values()]).toEqual([RADAR_FALLBACK, RADAR_FALLBACK]);
  });

  it("forgets the period before the last, so the configured pictures stay two per station", () => {
    const clock = { now: 0 };
    const store = images();
    const radar = new RadarPictures(store, () => clock.now);
    for (let i = 0; i < 5; i++) {
      radar.path(image);
      clock.now += RADAR_PERIOD_MS;
    }
    expect(store.configured.size).toBe(2);
  });

  it("names the fallback for a new period while the period before failed, and tries the radar again in the period after", () => {
    const clock = { now: 0 };
    const store = images();
    const radar = new RadarPictures(store, () => clock.now);
    const first = radar.path(image);
    const [firstUrl] = store.configured.keys();
    store.failed.add(firstUrl as string);
    // The route failed it: pages name the fallback itself from then on...
    expect(radar.path(image)).toBe(RADAR_FALLBACK);
    // ...and in the next period, whose own picture nobody has tried.
    clock.now += RADAR_PERIOD_MS;
    expect(radar.path(image)).toBe(RADAR_FALLBACK);
    // The period after: the one before was never tried, so this one's picture is.
    clock.now += RADAR_PERIOD_MS;
    const tried = radar.path(image);
    expect(tried).toMatch(/^\/img\//);
    expect(tried).not.toBe(first);
  });

  it("leaves weather without a radar as it is", async () => {
    const radar = new RadarPictures(images(), () => 0);
    const weather = await noWeather(fixtureCity()).get();
    expect(radar.link(weather)).toBe(weather);
  });
});

describe("weatherPlace", () => {
  it("is a city's point, state, locale and radar station, from its data", () => {
    const city = fixtureCity({
      id: "placed",
      geo: { latitude: 35.1234, longitude: -97.5678 },
      stateCode: "OK",
      locale: "es-US",
      content: { pages: { weather: { radarStation: "KTLX" } } },
    });
    expect(weatherPlace(city)).toEqual({
      id: "placed",
      latitude: 35.1234,
      longitude: -97.5678,
      stateCode: "OK",
      locale: "es-US",
      radarStation: "KTLX",
    });
  });

  it("has no radar station when the city's data names none", () => {
    const city = fixtureCity({ content: { pages: { weather: { radarStation: null } } } });
    expect(weatherPlace(city).radarStation).toBeUndefined();
  });
});
