import { readAlertsInForce, type CancelledAlert, type WeatherAlert } from "./nws-alerts";
import {
  readForecast,
  readObservation,
  unitsFor,
  type CurrentConditions,
  type ForecastDay,
  type NwsPoint,
} from "./nws";
import type { NwsAnswers } from "./nws-answers";
import type { PlaceUrls } from "./place-urls";

/** How long the last good conditions and forecast are shown (with their age) when newer fail. */
export const STALE_AFTER_MS = 3 * 3600_000;

/** A city's place as the weather service needs it. */
export interface WeatherPlace {
  id: string;
  latitude: number;
  longitude: number;
  /** Its state's two-letter code: alerts are asked for per state, then kept for its zones. */
  stateCode: string;
  locale: string;
  /** The NEXRAD station of its radar picture ("KHGX"), when it has one configured. */
  radarStation?: string;
  /** The alert zones its data names (alertZones' codes), read beside its point's own. */
  zones?: readonly string[];
}

/** What the weather page, home's block and the alert banner show of a city. */
export interface CityWeather {
  /** "loading" until the service was first asked (nothing stored yet). */
  state: "loading" | "ready";
  /** The latest observation while it is recent (STALE_AFTER_MS), else null. */
  current: CurrentConditions | null;
  /** The forecast's days while the forecast is recent, else null. */
  forecast: { days: ForecastDay[]; fetchedAt: string } | null;
  /**
   * Alerts in force in the city's zones now (an expired one never): the most severe
   * MAX_ALERTS_PER_CITY (server/weather/nws-alerts.ts).
   */
  alerts: WeatherAlert[];
  /**
   * How many alerts are in force in all, and how many of them are Extreme or Severe (`alerts`
   * may hold fewer); absent, `alerts` holds them all.
   */
  alertsInForce?: { total: number; urgent: number };
  /** When the alerts were last fetched (ISO), or null. */
  alertsFetchedAt: string | null;
  /** Warnings the service cancelled that it still lists (push sends their all-clear). */
  cancelled?: CancelledAlert[];
  /** The service's own forecast page for the city (the outage message links to it). */
  forecastPage: string;
  /** The radar picture's source and the full radar's page, when the city has a radar station. */
  radar: { image: string; page: string } | null;
}

/** Where a city's weather is composed from: the answers held, where each is, the radar's base. */
export interface WeatherSources {
  answers: Pick<NwsAnswers, "get" | "read">;
  urls: PlaceUrls;
  radarUrl: string;
}

/**
 * A place's weather as its pages show it at `now`, from the answers held, and the soonest end
 * of its alerts in force (those beyond the shown ones too: their count is shown), null for none.
 */
export function composeCityWeather(
  place: WeatherPlace,
  sources: WeatherSources,
  now: number,
): { weather: CityWeather; alertsEnd: number | null } {
  const { answers, urls } = sources;
  const point = urls.pointOf(place);
  const alertsAnswer = answers.get(urls.alerts(place));
  const inForce = point
    ? answers.read(urls.alerts(place), (b) =>
        readAlertsInForce(b, [...point.zones, ...(place.zones ?? [])], now),
      )
    : null;
  const alerts = inForce?.alerts ?? [];
  const weather: CityWeather = {
    state: answers.get(urls.point(place))?.tried ? "ready" : "loading",
    ...conditionsOf(place, point, sources, now),
    alerts,
    ...(inForce && inForce.total > alerts.length
      ? { alertsInForce: { total: inForce.total, urgent: inForce.urgent } }
      : {}),
    ...(inForce?.cancelled.length ? { cancelled: inForce.cancelled } : {}),
    alertsFetchedAt:
      alertsAnswer && alertsAnswer.fetchedAt > 0
        ? new Date(alertsAnswer.fetchedAt).toISOString()
        : null,
    forecastPage: forecastPage(place),
    radar: radarOf(place, sources.radarUrl),
  };
  return { weather, alertsEnd: inForce?.nextEnd ?? null };
}

/** A place's conditions and forecast now, each while it is recent (STALE_AFTER_MS). */
function conditionsOf(
  place: WeatherPlace,
  point: NwsPoint | null,
  { answers, urls }: WeatherSources,
  now: number,
): Pick<CityWeather, "current" | "forecast"> {
  const units = unitsFor(place.locale);
  const station = point ? urls.stationOf(point) : null;
  const observation = station ? answers.get(urls.observation(station)) : undefined;
  const forecastAnswer = point ? answers.get(urls.forecast(point)) : undefined;
  let current =
    station && observation
      ? answers.read(urls.observation(station), (b) => readObservation(b, station, units))
      : null;
  // Conditions are shown while the station's observation is recent, never older.
  if (current && now - Date.parse(current.observedAt) > STALE_AFTER_MS) current = null;
  const days =
    point && forecastAnswer
      ? answers.read(urls.forecast(point), (b) => readForecast(b, units))
      : null;
  const forecast =
    days && forecastAnswer && now - forecastAnswer.fetchedAt <= STALE_AFTER_MS
      ? { days, fetchedAt: new Date(forecastAnswer.fetchedAt).toISOString() }
      : null;
  return { current, forecast };
}

/** The radar picture's source and the full radar's page of a place with a radar station. */
function radarOf(place: WeatherPlace, radarUrl: string): CityWeather["radar"] {
  if (!place.radarStation) return null;
  return {
    image: `${radarUrl}/ridge/standard/${place.radarStation.toUpperCase()}_0.gif`,
    page: `${radarUrl}/station/${place.radarStation.toLowerCase()}/standard`,
  };
}

/**
 * When a city's weather as composed changes by time alone (epoch ms; Infinity: never): an
 * alert's end (`alertsEnd`), the conditions' or the forecast's going stale.
 */
export function changesByTimeAt(weather: CityWeather, alertsEnd: number | null): number {
  const { current, forecast } = weather;
  return Math.min(
    alertsEnd ?? Infinity,
    current ? Date.parse(current.observedAt) + STALE_AFTER_MS + 1 : Infinity,
    forecast ? Date.parse(forecast.fetchedAt) + STALE_AFTER_MS + 1 : Infinity,
  );
}

/**
 * Whether two objects name the same place as the service reads it: a city's data read again (its
 * directory's cache let it go) gives another object, most often of the same place.
 */
export function samePlace(a: WeatherPlace, b: WeatherPlace): boolean {
  const fields = Object.keys(a) as (keyof WeatherPlace)[];
  const same = (x: unknown, y: unknown) =>
    Array.isArray(x) && Array.isArray(y) ? x.join() === y.join() : x === y;
  return fields.length === Object.keys(b).length && fields.every((f) => same(a[f], b[f]));
}

/** The forecast page of the service for a place (the outage message links to it). */
export function forecastPage(place: { latitude: number; longitude: number }): string {
  return `https://forecast.weather.gov/MapClick.php?lat=${place.latitude}&lon=${place.longitude}`;
}

/**
 * A city's weather where no weather service runs (tests of other parts, tools): nothing live,
 * so pages say live weather is unavailable, never showing invented figures.
 */
export function noWeather(city: { geo: { latitude: number; longitude: number } }): {
  get(): Promise<CityWeather>;
  version(): number;
} {
  const none: CityWeather = {
    state: "ready",
    current: null,
    forecast: null,
    alerts: [],
    alertsFetchedAt: null,
    forecastPage: forecastPage(city.geo),
    radar: null,
  };
  return { get: () => Promise.resolve(none), version: () => 0 };
}
