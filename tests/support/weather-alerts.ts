import type { CityWeather } from "../../server/weather/city-weather";
import type { WeatherAlert } from "../../server/weather/nws-alerts";

/** When the tests of storm mode and the weather blocks read the weather: 18:00 UTC, noon in Houston. */
const STORM_NOW = Date.parse("2026-11-25T18:00:00Z");

const MINUTE = 60_000;

/**
 * A Severe, urgent Tornado Warning for the fixture city's county, issued ten minutes before
 * STORM_NOW and in force until 19:30 UTC (1:30 PM in America/Chicago), with `changes` over it
 * (no response unless told).
 */
export function tornadoWarning(changes: Partial<WeatherAlert> = {}): WeatherAlert {
  return {
    id: "urn:oid:fixture.tornado",
    event: "Tornado Warning",
    headline: "Tornado Warning issued",
    description: "A tornado was seen near the city.",
    instruction: "Go to a basement now.",
    severity: "severe",
    urgent: true,
    areaDesc: "Fixture County, TX",
    effective: new Date(STORM_NOW - 10 * MINUTE).toISOString(),
    ends: "2026-11-25T19:30:00.000Z",
    expires: "2026-11-25T19:30:00.000Z",
    ...changes,
  };
}

/**
 * The `i`th Severe, urgent Extreme Wind Warning for Harris County (id `alert-{i}`), issued half
 * an hour before `now` and ending an hour after it, with `changes` over it (no response unless
 * told).
 */
export function windWarning(
  i: number,
  now: number,
  changes: Partial<WeatherAlert> = {},
): WeatherAlert {
  return {
    id: `alert-${i}`,
    event: "Extreme Wind Warning",
    headline: "Extreme Wind Warning issued",
    description: "Winds of 120 mph.",
    instruction: "Take shelter now.",
    severity: "severe",
    urgent: true,
    areaDesc: "Harris, TX",
    effective: new Date(now - 30 * MINUTE).toISOString(),
    ends: new Date(now + 60 * MINUTE).toISOString(),
    expires: new Date(now + 60 * MINUTE).toISOString(),
    ...changes,
  };
}

/**
 * A city's weather as the service answers it, ready, with alerts fetched at `now`: no current
 * conditions, forecast, alerts or radar unless `changes` give them.
 */
export function readyWeather(now: number, changes: Partial<CityWeather> = {}): CityWeather {
  return {
    state: "ready",
    current: null,
    forecast: null,
    alerts: [],
    alertsFetchedAt: new Date(now).toISOString(),
    forecastPage: "https://forecast.weather.test/",
    radar: null,
    ...changes,
  };
}
