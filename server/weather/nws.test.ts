import { describe, expect, it } from "vitest";
import {
  compassPoint,
  conditionOf,
  readAlerts,
  readForecast,
  readObservation,
  readPoint,
  severityOf,
  unitsFor,
} from "./nws";

const STATION = { id: "KIAH", name: "Houston Intercontinental" };
const q = (unitCode: string, value: number | null) => ({ unitCode, value, qualityControl: "V" });

/** A latest observation, as the service gives it. */
function observation(extra: Record<string, unknown> = {}) {
  return {
    properties: {
      timestamp: "2026-11-25T11:53:00+00:00",
      textDescription: "Mostly Cloudy",
      temperature: q("wmoUnit:degC", 22.2),
      relativeHumidity: q("wmoUnit:percent", 72.46),
      windSpeed: q("wmoUnit:km_h-1", 14.8),
      windDirection: q("wmoUnit:degree_(angle)", 140),
      barometricPressure: q("wmoUnit:Pa", 101660),
      visibility: q("wmoUnit:m", 16090),
      ...extra,
    },
  };
}

describe("readObservation: the service's metric units in the city's", () => {
  it("converts for en-US: °F, mph, inHg, miles, a compass point", () => {
    expect(readObservation(observation(), STATION, "us")).toEqual({
      observedAt: "2026-11-25T11:53:00.000Z",
      station: "Houston Intercontinental",
      temperature: 72, // 22.2 °C
      condition: "cloudy",
      description: "Mostly Cloudy",
      humidity: 72,
      windSpeed: 9, // 14.8 km/h
      windDirection: "SE", // 140°
      pressure: 30.02, // 101,660 Pa
      visibility: 10, // 16,090 m
      units: "us",
    });
  });

  it("keeps metric for a metric locale: °C, km/h, hPa, km", () => {
    const c = readObservation(observation(), STATION, "metric");
    expect([c.temperature, c.windSpeed, c.pressure, c.visibility]).toEqual([22, 15, 1017, 16]);
  });

  it("leaves out what the station did not measure, never inventing it", () => {
    const c = readObservation(
      observation({
        temperature: q("wmoUnit:degC", null),
        relativeHumidity: null,
        visibility: q("wmoUnit:m", null),
        barometricPressure: undefined,
      }),
      STATION,
      "us",
    );
    expect([c.temperature, c.humidity, c.visibility, c.pressure]).toEqual([null, null, null, null]);
  });

  it("names no direction for a calm wind, and reads a unit it does not know as nothing", () => {
    const calm = readObservation(observation({ windSpeed: q("wmoUnit:km_h-1", 0) }), STATION, "us");
    expect([calm.windSpeed, calm.windDirection]).toEqual([0, null]);
    const odd = readObservation(observation({ temperature: q("wmoUnit:K", 295) }), STATION, "us");
    expect(odd.temperature).toBeNull();
  });

  it("refuses an answer that is not an observation", () => {
    expect(() => readObservation({ properties: {} }, STATION, "us")).toThrow();
    expect(() => readObservation("<html>", STATION, "us")).toThrow();
  });
});

describe("units, compass and condition", () => {
  it.each([
    ["en-US", "us"],
    ["es-US", "us"],
    ["en", "us"],
    ["en-GB", "metric"],
    ["fr-CA", "metric"],
  ])("%s reads in %s units", (locale, units) => {
    expect(unitsFor(locale)).toBe(units);
  });

  it.each([
    [0, "N"],
    [11, "N"],
    [12, "NNE"],
    [140, "SE"],
    [359, "N"],
    [-90, "W"],
  ])("%i° is %s", (deg, point) => {
    expect(compassPoint(deg)).toBe(point);
  });

  it.each([
    ["Chance Showers And Thunderstorms", "rainy"],
    ["Light Snow", "rainy"],
    ["Breezy. Partly Sunny", "windy"],
    ["Sunny", "sunny"],
    ["Clear", "sunny"],
    ["Mostly Cloudy", "cloudy"],
    ["Patchy Fog", "cloudy"],
    [null, "cloudy"],
  ])("%s shows as %s", (text, condition) => {
    expect(conditionOf(text)).toBe(condition);
  });
});

describe("readForecast", () => {
  const period = (
    name: string,
    isDaytime: boolean,
    temperature: number,
    shortForecast: string,
  ) => ({
    name,
    startTime: "2026-11-25T06:00:00-06:00",
    isDaytime,
    temperature,
    temperatureUnit: "F",
    shortForecast,
  });

  it("pairs each day with the night after it: its high and that low", () => {
    const days = readForecast(
      {
        properties: {
          periods: [
            period("Today", true, 78, "Sunny"),
            period("Tonight", false, 61, "Clear"),
            period("Thursday", true, 80, "Showers Likely"),
            period("Thursday Night", false, 64, "Chance Showers"),
          ],
        },
      },
      "us",
    );
    expect(days).toEqual([
      { day: "Today", condition: "sunny", summary: "Sunny", high: 78, low: 61 },
      { day: "Thursday", condition: "rainy", summary: "Showers Likely", high: 80, low: 64 },
    ]);
  });

  it("starts with the night when the forecast does (a low only), at most seven days, in °C for metric", () => {
    const periods = [period("Tonight", false, 50, "Clear")];
    for (let i = 0; i < 8; i++)
      periods.push(period(`Day ${i}`, true, 68, "Sunny"), period(`Night ${i}`, false, 50, "Clear"));
    const days = readForecast({ properties: { periods } }, "metric");
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({
      day: "Tonight",
      condition: "sunny",
      summary: "Clear",
      high: null,
      low: 10,
    });
    expect(days[1]?.high).toBe(20);
  });
});

describe("alerts", () => {
  const NOW = Date.parse("2026-11-25T18:00:00Z");
  const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
  const alert = (id: string, extra: Record<string, unknown>) => ({
    properties: {
      id,
      event: "Flash Flood Warning",
      headline: `${id} headline`,
      severity: "Severe",
      status: "Actual",
      messageType: "Alert",
      effective: at(-30),
      expires: at(60),
      ends: at(120),
      geocode: { UGC: ["TXC201"] },
      ...extra,
    },
  });

  it.each([
    ["Extreme", "severe"],
    ["Severe", "severe"],
    ["Moderate", "moderate"],
    ["Minor", "minor"],
    ["Unknown", "minor"],
  ])("the service's %s is the page's %s", (nws, page) => {
    expect(severityOf(nws)).toBe(page);
  });

  it("keeps those in force in the city's zones, most severe first; never an expired, cancelled, test or other zone's", () => {
    const body = {
      features: [
        alert("advisory", {
          severity: "Moderate",
          event: "Wind Advisory",
          geocode: { UGC: ["TXZ213"] },
        }),
        alert("warning", { severity: "Extreme", event: "Tornado Warning" }),
        alert("expired", { expires: at(-10), ends: at(-5) }),
        alert("cancelled", { messageType: "Cancel" }),
        alert("test", { status: "Test" }),
        alert("elsewhere", { geocode: { UGC: ["TXZ080"] } }),
        alert("by-zone-url", {
          severity: "Minor",
          geocode: {},
          affectedZones: ["https://api.weather.gov/zones/forecast/TXZ213"],
        }),
      ],
    };
    const alerts = readAlerts(body, ["TXZ213", "TXC201"], NOW);
    expect(alerts.map((a) => [a.id, a.severity, a.urgent])).toEqual([
      ["warning", "severe", true],
      ["advisory", "moderate", false],
      ["by-zone-url", "minor", false],
    ]);
    // It ends at the earlier of its end and its expiry.
    expect(alerts[0]?.expires).toBe(at(60));
  });

  it("drops an alert the moment it ends", () => {
    const body = { features: [alert("a", { expires: at(10), ends: null })] };
    expect(readAlerts(body, ["TXC201"], NOW)).toHaveLength(1);
    expect(readAlerts(body, ["TXC201"], NOW + 10 * 60_000)).toHaveLength(0);
  });
});

describe("readPoint", () => {
  it("names the grid, the stations and the alert zones of a point", () => {
    const point = readPoint({
      properties: {
        gridId: "HGX",
        gridX: 65,
        gridY: 97,
        forecast: "https://api.weather.gov/gridpoints/HGX/65,97/forecast",
        observationStations: "https://api.weather.gov/gridpoints/HGX/65,97/stations",
        forecastZone: "https://api.weather.gov/zones/forecast/TXZ213",
        county: "https://api.weather.gov/zones/county/TXC201",
        radarStation: "KHGX",
      },
    });
    expect(point).toMatchObject({
      office: "HGX",
      gridX: 65,
      gridY: 97,
      zones: ["TXZ213", "TXC201"],
    });
  });
});
