import { z } from "zod";
import type { WeatherCondition } from "../../sites/content";
import { TEXT_LIMITS, cleanText } from "../../common/weather-text";
import { zoneCode } from "./nws-alerts";

/**
 * The National Weather Service API's answers (api.weather.gov, GeoJSON), read into what the
 * weather page shows, in the city's units. Every answer is checked: a field missing or of the
 * wrong kind is left out (never guessed); an answer that is not the document it should be fails
 * its read (and the last good one stays); in a list of alerts, one alert that is not an alert is
 * left out (and reported), never hiding the others (the alerts are read in nws-alerts.ts).
 *
 * What is read is bounded before it reaches a page: every text without control characters and
 * cut to its TEXT_LIMITS (common/weather-text.ts, which the pages use too), every figure
 * within its PHYSICAL_BOUNDS (else missing), a city's alerts at most MAX_ALERTS_PER_CITY.
 */

/**
 * The figures a station can have measured on Earth (beyond them a figure is a fault or a forgery
 * and is missing, never shown): temperature and dew point in °C (the records are -89 and 57),
 * relative humidity in %, wind speed and gusts in km/h (the record gust is 408), sea-level and
 * station pressure in hPa (records 870 and 1084), visibility in km (the farthest line of sight on
 * Earth is about 540 km; stations report at most tens).
 */
export const PHYSICAL_BOUNDS = {
  temperatureC: { min: -80, max: 60 },
  humidityPercent: { min: 0, max: 100 },
  windKmh: { min: 0, max: 400 },
  pressureHpa: { min: 850, max: 1100 },
  visibilityKm: { min: 0, max: 500 },
  directionDegrees: { min: 0, max: 360 },
} as const;

/**
 * A quantity as the API gives it: a value (null when the station did not measure it) and its
 * unit. A value that is not a finite number (JSON's 1e999 reads as Infinity) is missing.
 */
const Quantity = z
  .object({
    unitCode: z.string().optional(),
    value: z.number().nullable().optional().catch(null),
  })
  .nullable()
  .optional();
type Quantity = z.infer<typeof Quantity>;

const url = z.string().url();

/** GET /points/{lat},{lon}: the forecast office's grid, stations, zones of a point. */
const PointSchema = z.object({
  properties: z.object({
    gridId: z.string().min(1),
    gridX: z.number().int(),
    gridY: z.number().int(),
    forecast: url,
    observationStations: url,
    forecastZone: url,
    county: url.nullable().optional(),
    radarStation: z.string().nullable().optional(),
    timeZone: z.string().optional(),
  }),
});

/** What a city's point resolves to, resolved once and stored. */
export interface NwsPoint {
  office: string;
  gridX: number;
  gridY: number;
  /** The 7-day forecast's URL. */
  forecast: string;
  /** The list of observation stations near the point, nearest first. */
  stations: string;
  /** The alert zones of the point (its forecast zone and its county, as UGC codes). */
  zones: string[];
  radarStation: string | null;
}

export function readPoint(body: unknown): NwsPoint {
  const { properties: p } = PointSchema.parse(body);
  return {
    office: p.gridId,
    gridX: p.gridX,
    gridY: p.gridY,
    forecast: p.forecast,
    stations: p.observationStations,
    zones: [p.forecastZone, p.county].flatMap((z) => (z ? [zoneCode(z)] : [])),
    radarStation: p.radarStation ?? null,
  };
}

/** GET {observationStations}: the stations near a point, nearest first. */
const StationsSchema = z.object({
  features: z
    .array(
      z.object({
        id: url.optional(),
        properties: z.object({ stationIdentifier: z.string().min(1), name: z.string() }),
      }),
    )
    .min(1),
});

export interface NwsStation {
  id: string;
  name: string;
}

/** The nearest station of a list (the API lists them nearest first). */
export function readStations(body: unknown): NwsStation {
  const [first] = StationsSchema.parse(body).features;
  if (!first) throw new Error("no station");
  return {
    id: first.properties.stationIdentifier,
    name: cleanText(first.properties.name, TEXT_LIMITS.station),
  };
}

/** GET /stations/{id}/observations/latest. */
const ObservationSchema = z.object({
  properties: z.object({
    timestamp: z.string().datetime({ offset: true }),
    textDescription: z.string().nullable().optional(),
    temperature: Quantity,
    relativeHumidity: Quantity,
    windSpeed: Quantity,
    windDirection: Quantity,
    barometricPressure: Quantity,
    visibility: Quantity,
    heatIndex: Quantity,
    windChill: Quantity,
  }),
});

/** The measurement systems a city's figures are shown in. */
export type Units = "us" | "metric";

/** The units of a locale's region: the United States (and Liberia, Myanmar) use US units. */
export function unitsFor(locale: string): Units {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region === "US" || region === "LR" || region === "MM" ? "us" : "metric";
}

/** Current conditions, in the city's units; a figure the station did not give is null. */
export interface CurrentConditions {
  /** When the station observed them (ISO). */
  observedAt: string;
  /** The observing station's name. */
  station: string;
  /** °F or °C, whole degrees. */
  temperature: number | null;
  condition: WeatherCondition;
  /** The station's own words ("Mostly Cloudy"), or "" when it gave none. */
  description: string;
  /** Percent. */
  humidity: number | null;
  /** mph or km/h, whole. */
  windSpeed: number | null;
  /** A compass point ("SE"), or null when calm or not given. */
  windDirection: string | null;
  /** inHg (two decimals) or hPa (whole). */
  pressure: number | null;
  /** Miles or km (one decimal under 10). */
  visibility: number | null;
  /**
   * What the air feels like, °F or °C whole: the heat index in the heat, the wind chill in the
   * cold, as the station gives them (it gives neither in between); null when it gives none.
   */
  feelsLike: number | null;
  units: Units;
}

/** A quantity's value in `to`, or null when absent or in a unit it cannot be read from. */
function convert(
  q: Quantity,
  to: "degF" | "degC" | "mph" | "km_h" | "inHg" | "hPa" | "mi" | "km" | "percent" | "degree",
): number | null {
  const value = q?.value;
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const unit = (q?.unitCode ?? "").replace(/^(wmoUnit|unit):/, "");
  switch (to) {
    case "degF":
      return unit === "degC" ? (value * 9) / 5 + 32 : unit === "degF" ? value : null;
    case "degC":
      return unit === "degC" ? value : unit === "degF" ? ((value - 32) * 5) / 9 : null;
    case "mph":
      return unit === "km_h-1" ? value / 1.609344 : unit === "m_s-1" ? value * 2.2369363 : null;
    case "km_h":
      return unit === "km_h-1" ? value : unit === "m_s-1" ? value * 3.6 : null;
    case "inHg":
      return unit === "Pa" ? value / 3386.389 : null;
    case "hPa":
      return unit === "Pa" ? value / 100 : null;
    case "mi":
      return unit === "m" ? value / 1609.344 : null;
    case "km":
      return unit === "m" ? value / 1000 : null;
    case "percent":
      return unit === "percent" ? value : null;
    case "degree":
      return unit === "degree_(angle)" ? value : null;
  }
}

type Unit = Parameters<typeof convert>[1];

/**
 * A quantity's value in `to`, or null when it is absent or outside `bounds` (a range in the
 * unit `within`: PHYSICAL_BOUNDS).
 */
function convertWithin(
  q: Quantity,
  to: Unit,
  within: Unit,
  bounds: { min: number; max: number },
): number | null {
  const checked = convert(q, within);
  if (checked === null || checked < bounds.min || checked > bounds.max) return null;
  const value = convert(q, to);
  return value !== null && Number.isFinite(value) ? value : null;
}

const COMPASS = [
  "N",
  "NNE",
  "NE",
  "ENE",
  "E",
  "ESE",
  "SE",
  "SSE",
  "S",
  "SSW",
  "SW",
  "WSW",
  "W",
  "WNW",
  "NW",
  "NNW",
];

/** A bearing in degrees as one of the 16 compass points. */
export function compassPoint(degrees: number): string {
  return COMPASS[Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16] as string;
}

/** The page's condition (its icon) for the service's words: rain before wind before sun. */
export function conditionOf(text: string | null | undefined): WeatherCondition {
  const t = (text ?? "").toLowerCase();
  if (/rain|shower|storm|drizzle|thunder|sleet|hail|snow|flurr|ice|precip/.test(t)) return "rainy";
  if (/wind|breez|blustery|gust/.test(t)) return "windy";
  if (/sunny|clear|fair/.test(t) && !/mostly cloudy|partly sunny/.test(t)) return "sunny";
  return "cloudy";
}

const round = (n: number | null, digits = 0) =>
  n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits;

export function readObservation(
  body: unknown,
  station: NwsStation,
  units: Units,
): CurrentConditions {
  const { properties: p } = ObservationSchema.parse(body);
  const us = units === "us";
  const b = PHYSICAL_BOUNDS;
  const speed = convertWithin(p.windSpeed, us ? "mph" : "km_h", "km_h", b.windKmh);
  const bearing = convertWithin(p.windDirection, "degree", "degree", b.directionDegrees);
  const visibility = convertWithin(p.visibility, us ? "mi" : "km", "km", b.visibilityKm);
  const description = cleanText(p.textDescription, TEXT_LIMITS.sky);
  return {
    observedAt: new Date(p.timestamp).toISOString(),
    station: cleanText(station.name, TEXT_LIMITS.station),
    temperature: round(convertWithin(p.temperature, us ? "degF" : "degC", "degC", b.temperatureC)),
    condition: conditionOf(description),
    description,
    humidity: round(convertWithin(p.relativeHumidity, "percent", "percent", b.humidityPercent)),
    windSpeed: round(speed),
    // A calm wind has no direction worth naming.
    windDirection: bearing === null || speed === 0 ? null : compassPoint(bearing),
    pressure: us
      ? round(convertWithin(p.barometricPressure, "inHg", "hPa", b.pressureHpa), 2)
      : round(convertWithin(p.barometricPressure, "hPa", "hPa", b.pressureHpa)),
    visibility: visibility === null ? null : round(visibility, visibility < 10 ? 1 : 0),
    feelsLike: round(
      convertWithin(p.heatIndex, us ? "degF" : "degC", "degC", b.temperatureC) ??
        convertWithin(p.windChill, us ? "degF" : "degC", "degC", b.temperatureC),
    ),
    units,
  };
}

/** GET {forecast}: twelve-hour periods, day and night, for seven days. */
const ForecastSchema = z.object({
  properties: z.object({
    updateTime: z.string().optional(),
    periods: z
      .array(
        z.object({
          name: z.string(),
          startTime: z.string(),
          isDaytime: z.boolean(),
          // Not a finite number (1e999): missing.
          temperature: z.union([z.number(), Quantity]).nullable().catch(null),
          temperatureUnit: z.string().nullable().optional(),
          shortForecast: z.string(),
        }),
      )
      .min(1),
  }),
});

/** One day of the 7-day forecast: its name, its condition and its high and low. */
export interface ForecastDay {
  /** The service's name for it ("Today", "Tonight", "Wednesday"). */
  day: string;
  condition: WeatherCondition;
  /** The service's words ("Chance Showers And Thunderstorms"). */
  summary: string;
  /** Daytime high and the night's low, in the city's units; null when the period is not given. */
  high: number | null;
  low: number | null;
}

/** A period's temperature in `units`, whole. */
function temperatureOf(
  period: { temperature?: number | Quantity | null; temperatureUnit?: string | null },
  units: Units,
): number | null {
  const t = period.temperature;
  if (t === null || t === undefined) return null;
  const q: Quantity =
    typeof t === "number"
      ? { unitCode: period.temperatureUnit === "C" ? "degC" : "degF", value: t }
      : t;
  const to = units === "us" ? "degF" : "degC";
  return round(convertWithin(q, to, "degC", PHYSICAL_BOUNDS.temperatureC));
}

/** The forecast's days (at most seven): each day's period with the night after it. */
export function readForecast(body: unknown, units: Units): ForecastDay[] {
  const { periods } = ForecastSchema.parse(body).properties;
  const days: ForecastDay[] = [];
  for (let i = 0; i < periods.length && days.length < 7; i++) {
    const period = periods[i];
    if (!period) continue;
    const summary = cleanText(period.shortForecast, TEXT_LIMITS.sky);
    if (!period.isDaytime) {
      // The forecast starts at night ("Tonight"): a day of its own, with a low only.
      if (i === 0)
        days.push({
          day: cleanText(period.name, TEXT_LIMITS.period),
          condition: conditionOf(summary),
          summary,
          high: null,
          low: temperatureOf(period, units),
        });
      continue;
    }
    const night = periods[i + 1];
    days.push({
      day: cleanText(period.name, TEXT_LIMITS.period),
      condition: conditionOf(summary),
      summary,
      high: temperatureOf(period, units),
      low: night && !night.isDaytime ? temperatureOf(night, units) : null,
    });
  }
  return days;
}
