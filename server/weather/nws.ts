import { z } from "zod";
import type { WeatherCondition } from "../../sites/content";

/**
 * The National Weather Service API's answers (api.weather.gov, GeoJSON), read into what the
 * weather page shows, in the city's units. Every answer is checked: a field missing or of the
 * wrong kind is left out (never guessed); an answer that is not the document it should be fails
 * its read (and the last good one stays).
 */

/** A quantity as the API gives it: a value (null when the station did not measure it) and its unit. */
const Quantity = z
  .object({ unitCode: z.string().optional(), value: z.number().nullable().optional() })
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

/** The last segment of a URL's path ("TXZ213" of …/zones/forecast/TXZ213). */
function lastSegment(href: string): string {
  return new URL(href).pathname.split("/").filter(Boolean).pop() ?? "";
}

export function readPoint(body: unknown): NwsPoint {
  const { properties: p } = PointSchema.parse(body);
  return {
    office: p.gridId,
    gridX: p.gridX,
    gridY: p.gridY,
    forecast: p.forecast,
    stations: p.observationStations,
    zones: [p.forecastZone, p.county].flatMap((z) => (z ? [lastSegment(z).toUpperCase()] : [])),
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
  return { id: first.properties.stationIdentifier, name: first.properties.name.trim() };
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
  const speed = convert(p.windSpeed, us ? "mph" : "km_h");
  const bearing = convert(p.windDirection, "degree");
  const visibility = convert(p.visibility, us ? "mi" : "km");
  return {
    observedAt: new Date(p.timestamp).toISOString(),
    station: station.name,
    temperature: round(convert(p.temperature, us ? "degF" : "degC")),
    condition: conditionOf(p.textDescription),
    description: p.textDescription?.trim() ?? "",
    humidity: round(convert(p.relativeHumidity, "percent")),
    windSpeed: round(speed),
    // A calm wind has no direction worth naming.
    windDirection: bearing === null || speed === 0 ? null : compassPoint(bearing),
    pressure: us
      ? round(convert(p.barometricPressure, "inHg"), 2)
      : round(convert(p.barometricPressure, "hPa")),
    visibility: visibility === null ? null : round(visibility, visibility < 10 ? 1 : 0),
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
          temperature: z.union([z.number(), Quantity]).nullable(),
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
  if (typeof t === "number") {
    const unit = period.temperatureUnit === "C" ? "degC" : "degF";
    return round(convert({ unitCode: unit, value: t }, units === "us" ? "degF" : "degC"));
  }
  return round(convert(t, units === "us" ? "degF" : "degC"));
}

/** The forecast's days (at most seven): each day's period with the night after it. */
export function readForecast(body: unknown, units: Units): ForecastDay[] {
  const { periods } = ForecastSchema.parse(body).properties;
  const days: ForecastDay[] = [];
  for (let i = 0; i < periods.length && days.length < 7; i++) {
    const period = periods[i];
    if (!period) continue;
    if (!period.isDaytime) {
      // The forecast starts at night ("Tonight"): a day of its own, with a low only.
      if (i === 0)
        days.push({
          day: period.name,
          condition: conditionOf(period.shortForecast),
          summary: period.shortForecast,
          high: null,
          low: temperatureOf(period, units),
        });
      continue;
    }
    const night = periods[i + 1];
    days.push({
      day: period.name,
      condition: conditionOf(period.shortForecast),
      summary: period.shortForecast,
      high: temperatureOf(period, units),
      low: night && !night.isDaytime ? temperatureOf(night, units) : null,
    });
  }
  return days;
}

/** GET /alerts/active?area={state}: every alert in force in a state. */
const AlertsSchema = z.object({
  features: z.array(
    z.object({
      properties: z.object({
        id: z.string(),
        event: z.string(),
        headline: z.string().nullable().optional(),
        description: z.string().nullable().optional(),
        instruction: z.string().nullable().optional(),
        severity: z.string(),
        status: z.string().optional(),
        messageType: z.string().optional(),
        areaDesc: z.string().optional(),
        effective: z.string().nullable().optional(),
        onset: z.string().nullable().optional(),
        expires: z.string().nullable().optional(),
        ends: z.string().nullable().optional(),
        affectedZones: z.array(z.string()).optional(),
        geocode: z.object({ UGC: z.array(z.string()).optional() }).optional(),
      }),
    }),
  ),
});

/** The page's three severities (SPEC.md §3): the service's Extreme and Severe are severe. */
export type Severity = "severe" | "moderate" | "minor";

export function severityOf(nws: string): Severity {
  switch (nws.toLowerCase()) {
    case "extreme":
    case "severe":
      return "severe";
    case "moderate":
      return "moderate";
    default:
      return "minor";
  }
}

/** An alert in force in a city's zone. */
export interface WeatherAlert {
  id: string;
  /** "Flash Flood Warning" (the page's alert type). */
  event: string;
  headline: string;
  description: string;
  instruction: string | null;
  severity: Severity;
  /** Extreme or Severe (the service's): shown as a banner on every page of the city. */
  urgent: boolean;
  areaDesc: string;
  effective: string | null;
  expires: string | null;
}

/** When an alert stops being in force: its end, else its expiry (epoch ms), or null when open. */
function endOf(p: { ends?: string | null; expires?: string | null }): number | null {
  const times = [p.ends, p.expires].map((t) => (t ? Date.parse(t) : NaN)).filter(Number.isFinite);
  return times.length ? Math.min(...times) : null;
}

/**
 * The alerts in force at `now` in any of `zones` (UGC codes: the city's forecast zone and
 * county): actual ones (not tests or exercises), not cancellations, not past their end or their
 * expiry, most severe first. An alert whose end has passed is never shown.
 */
export function readAlerts(body: unknown, zones: readonly string[], now: number): WeatherAlert[] {
  const wanted = new Set(zones.map((z) => z.toUpperCase()));
  const rank: Record<Severity, number> = { severe: 0, moderate: 1, minor: 2 };
  return AlertsSchema.parse(body)
    .features.map((f) => f.properties)
    .filter((p) => (p.status ?? "Actual") === "Actual" && p.messageType !== "Cancel")
    .filter((p) => {
      const ugc = [...(p.geocode?.UGC ?? []), ...(p.affectedZones ?? []).map(lastSegmentSafe)];
      return ugc.some((code) => wanted.has(code.toUpperCase()));
    })
    .filter((p) => {
      const end = endOf(p);
      return end === null || end > now;
    })
    .map((p) => ({
      id: p.id,
      event: p.event,
      headline: p.headline?.trim() || p.event,
      description: p.description?.trim() ?? "",
      instruction: p.instruction?.trim() || null,
      severity: severityOf(p.severity),
      urgent: /^(extreme|severe)$/i.test(p.severity),
      areaDesc: p.areaDesc ?? "",
      effective: p.onset ?? p.effective ?? null,
      expires: endOf(p) === null ? null : new Date(endOf(p) as number).toISOString(),
    }))
    .sort((a, b) => rank[a.severity] - rank[b.severity]);
}

function lastSegmentSafe(href: string): string {
  try {
    return lastSegment(href);
  } catch {
    return href;
  }
}
