import { z } from "zod";
import type { WeatherCondition } from "../../sites/content";
import { isStormSeverity } from "../../common/storm-mode";
import { TEXT_LIMITS, cleanText } from "../../common/weather-text";

export { TEXT_LIMITS };

/**
 * The National Weather Service API's answers (api.weather.gov, GeoJSON), read into what the
 * weather page shows, in the city's units. Every answer is checked: a field missing or of the
 * wrong kind is left out (never guessed); an answer that is not the document it should be fails
 * its read (and the last good one stays); in a list of alerts, one alert that is not an alert is
 * left out (and reported), never hiding the others.
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
 * The most alerts kept for a city (the most severe, then the soonest ending): a city's two zones
 * rarely have more than a handful in force; an answer with thousands is not shown in full.
 */
export const MAX_ALERTS_PER_CITY = 100;

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

/** One alert of GET /alerts/active (a GeoJSON feature), read on its own. */
const AlertFeatureSchema = z.object({
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
    /** The language of the alert's texts (CAP `info.language`; the service's are en-US). */
    language: z.string().optional().catch(undefined),
    /** The alert's VTEC string: the same event's messages in two languages share it. */
    parameters: z
      .object({ VTEC: z.array(z.string()).optional().catch(undefined) })
      .loose()
      .optional()
      .catch(undefined),
    /** What the public should do (CAP `responseType`): Shelter, Evacuate, Prepare… */
    response: z.string().nullable().optional().catch(null),
    geocode: z.object({ UGC: z.array(z.string()).optional() }).optional(),
    /** The earlier messages this one updates or cancels (CAP `references`). */
    references: z
      .array(z.object({ identifier: z.string().optional() }).loose())
      .nullable()
      .optional()
      .catch(null),
  }),
});
type AlertProperties = z.infer<typeof AlertFeatureSchema>["properties"];

/**
 * GET /alerts/active?area={state}: every alert in force in a state. An answer that is not a list
 * of features fails its read; each feature is read on its own (readAlertFeatures).
 */
const AlertsSchema = z.object({ features: z.array(z.unknown()) });

/**
 * An alert's severity as the service gives it (CAP: Extreme, Severe, Moderate, Minor); SPEC.md
 * §3's three (severe, moderate, minor) with Extreme shown as itself, not folded into Severe. The
 * service's Unknown, or anything else, is shown as minor.
 */
export type Severity = "extreme" | "severe" | "moderate" | "minor";

export function severityOf(nws: string): Severity {
  switch (nws.toLowerCase()) {
    case "extreme":
      return "extreme";
    case "severe":
      return "severe";
    case "moderate":
      return "moderate";
    default:
      return "minor";
  }
}

/**
 * What the public should do, as CAP's `responseType` says it (the service's `response`): take
 * shelter, evacuate, prepare, carry out the plan, avoid the area, follow the news, weigh what is
 * said, or that the danger has passed.
 */
export const ALERT_RESPONSES = [
  "Shelter",
  "Evacuate",
  "Prepare",
  "Execute",
  "Avoid",
  "Monitor",
  "Assess",
  "AllClear",
] as const;
export type AlertResponse = (typeof ALERT_RESPONSES)[number];

/** The service's `response` as one of ALERT_RESPONSES, or null (None, absent, unknown). */
export function responseOf(nws: string | null | undefined): AlertResponse | null {
  const key = (nws ?? "").replace(/[\s_-]/g, "").toLowerCase();
  return ALERT_RESPONSES.find((r) => r.toLowerCase() === key) ?? null;
}

/** An alert's texts in one language. */
export interface AlertTexts {
  event: string;
  headline: string;
  description: string;
  instruction: string | null;
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
  /**
   * Extreme or Severe (the service's; common/storm-mode.ts isStormSeverity): shown as a banner on
   * every page of the city, in storm mode, and pushed to the readers of its zones.
   */
  urgent: boolean;
  areaDesc: string;
  /** When the hazard begins: the service's `onset`, else when the message took effect (ISO). */
  effective: string | null;
  /**
   * When the hazard ends (the service's `ends`, ISO); null when it has no known end: the warning
   * is in force until further notice (a hurricane warning, say, until it is updated or cancelled).
   */
  ends: string | null;
  /**
   * When this message is to be replaced (`expires`: the next advisory's time, often before the
   * hazard ends). Never shown as the hazard's end: it only says when to ask again, and that a
   * message never replaced by then is no longer shown.
   */
  expires: string | null;
  /**
   * What the public should do (responseType); null when the service says none. Absent from an
   * alert stored before it was read.
   */
  response?: AlertResponse | null;
  /**
   * The language of its texts when it is not English (a primary subtag: "es"): an alert the
   * service issued in another language only. Absent: English.
   */
  language?: string;
  /**
   * Its texts in other languages, by primary subtag, where the service issued the same alert
   * (the same VTEC) in them too: a page in that language shows them instead of the English.
   */
  translations?: Record<string, AlertTexts>;
  /**
   * Which of the city's zones it is in force in (UGC codes, as asked for): a push goes to the
   * readers of those zones only (server/push/). Absent from an alert stored before it was read.
   */
  zones?: string[];
  /**
   * What stays the same across the messages of one warning (its update, its cancellation): the
   * VTEC event (office, phenomenon, significance, number), else the first message's id.
   */
  series?: string;
}

/** A warning ended by the service before its time (a Cancel message), in the city's zones. */
export interface CancelledAlert {
  series: string;
  /** The warning's type ("Tornado Warning"). */
  event: string;
  zones: string[];
}

/** A time of the service in epoch ms, or null when it is none or not a time. */
function msOrNull(t: string | null | undefined): number | null {
  const at = t ? Date.parse(t) : NaN;
  return Number.isFinite(at) ? at : null;
}

/**
 * When an alert stops being shown (epoch ms), or null when never by time: the hazard's end, or
 * the message's expiry when that comes first (a message not replaced by then is stale).
 */
function shownUntil(p: { ends?: string | null; expires?: string | null }): number | null {
  const times = [msOrNull(p.ends), msOrNull(p.expires)].filter((t) => t !== null);
  return times.length ? Math.min(...times) : null;
}

/** A time of the service as ISO, or null when it is none or not a time. */
function isoOrNull(t: string | null | undefined): string | null {
  const at = t ? Date.parse(t) : NaN;
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

/** An alert of an answer that could not be read: left out of what pages show, and reported. */
export interface AlertProblem {
  /** The (first such) alert's id when it has a readable one, else null. */
  id: string | null;
  /** What is wrong with it ("properties.event: Invalid input: expected string, received array"). */
  reason: string;
  /** How many alerts of the answer have this problem. */
  count: number;
}

/** The longest reason a problem is reported with. */
const MAX_REASON_CHARS = 300;

/** A feature's id, when it has one that can be read (its alert's, else the feature's own). */
function readableId(feature: unknown): string | null {
  const f = feature as { id?: unknown; properties?: { id?: unknown } } | null;
  const id =
    typeof f?.properties?.id === "string"
      ? f.properties.id
      : typeof f?.id === "string"
        ? f.id
        : null;
  return cleanText(id, TEXT_LIMITS.alertId) || null;
}

/** What zod found wrong, in a few words ("properties.id: Invalid input: expected string…"). */
function reasonOf(error: z.ZodError): string {
  const reason = error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path
        .map((part) => (typeof part === "number" ? "[]" : String(part)))
        .join(".")
        .replaceAll(".[]", "[]");
      return `${path || "alert"}: ${issue.message}`;
    })
    .join("; ");
  return cleanText(reason, MAX_REASON_CHARS);
}

/**
 * The features of an alerts answer: the alerts that can be read, and the problems of those that
 * cannot (each distinct problem once, with the first such alert's id and how many have it). An
 * answer that is not a list of features throws.
 */
function readAlertFeatures(body: unknown): {
  alerts: AlertProperties[];
  problems: AlertProblem[];
} {
  const { features } = AlertsSchema.parse(body);
  const alerts: AlertProperties[] = [];
  const problems = new Map<string, AlertProblem>();
  const problem = (feature: unknown, reason: string) => {
    const known = problems.get(reason);
    if (known) known.count++;
    else problems.set(reason, { id: readableId(feature), reason, count: 1 });
  };
  for (const feature of features) {
    const parsed = AlertFeatureSchema.safeParse(feature);
    if (!parsed.success) problem(feature, reasonOf(parsed.error));
    else if (!cleanText(parsed.data.properties.id, TEXT_LIMITS.alertId))
      problem(feature, "properties.id: empty");
    else if (!cleanText(parsed.data.properties.event, TEXT_LIMITS.event))
      problem(feature, "properties.event: empty");
    else alerts.push(parsed.data.properties);
  }
  return { alerts, problems: [...problems.values()] };
}

/**
 * The alerts of an answer that cannot be read (and are left out of what pages show), each
 * distinct problem once: what the service logs of an answer it fetched. Throws when the answer
 * is not a list of alerts at all.
 */
export function alertProblems(body: unknown): AlertProblem[] {
  return readAlertFeatures(body).problems;
}

/** The service's severities, most severe first (an unknown one last). */
const NWS_SEVERITY_RANK: Record<string, number> = { extreme: 0, severe: 1, moderate: 2, minor: 3 };
const rankOf = (severity: string) => NWS_SEVERITY_RANK[severity.toLowerCase()] ?? 4;

/** The alerts a city's pages show, and how many are in force in all (beyond those kept too). */
export interface AlertsInForce {
  /** The most severe (then the soonest ending) MAX_ALERTS_PER_CITY in force, most severe first. */
  alerts: WeatherAlert[];
  /** How many alerts are in force in the city's zones, and how many of them Extreme or Severe. */
  total: number;
  urgent: number;
  /** The soonest end of them all (epoch ms), shown or not; null when none ends. */
  nextEnd: number | null;
  /** The warnings the service cancelled (Cancel messages still listed), in the city's zones. */
  cancelled: CancelledAlert[];
}

/**
 * The VTEC event of a message ("KHGX.FF.W.0012" of "/O.NEW.KHGX.FF.W.0012.…/"): the same for
 * every message of one warning, whatever its action (new, continued, extended, cancelled).
 */
function vtecEvent(vtec: string | undefined): string | null {
  const m = /^\/[A-Z]\.[A-Z]{3}\.([A-Z]{4})\.([A-Z]{2})\.([A-Z])\.(\d{4})\./.exec(vtec ?? "");
  return m ? `${m[1]}.${m[2]}.${m[3]}.${m[4]}` : null;
}

/**
 * A message's series (WeatherAlert.series): its VTEC event, else the earliest of the messages it
 * updates or cancels (ids as the service writes them), else its own id.
 */
function seriesOf(p: AlertProperties): string {
  const event = vtecEvent(p.parameters?.VTEC?.[0]);
  if (event) return event;
  const ids = (p.references ?? []).flatMap((r) => (r.identifier ? [r.identifier] : []));
  return ids.sort()[0] ?? p.id;
}

/**
 * The alerts in force at `now` in any of `zones` (UGC codes: the city's forecast zone and
 * county): actual ones (not tests or exercises), not cancellations, not past their end or their
 * expiry, most severe first (Extreme before Severe), then the soonest ending; at most
 * MAX_ALERTS_PER_CITY of them, their texts cleaned and bounded (TEXT_LIMITS). An alert whose end
 * has passed is never shown; one that cannot be read is left out (alertProblems), never hiding
 * the others.
 */
export function readAlertsInForce(
  body: unknown,
  zones: readonly string[],
  now: number,
): AlertsInForce {
  const wanted = new Set(zones.map((z) => z.toUpperCase()));
  const { alerts } = readAlertFeatures(body);
  // A message that a later one updates or cancels is no longer in force, even while the service
  // still lists it beside its successor.
  const replaced = new Set(
    alerts.flatMap((p) =>
      (p.references ?? []).flatMap((r) => (r.identifier ? [r.identifier] : [])),
    ),
  );
  // The city's zones a message is for.
  const zonesOf = (p: AlertProperties) => [
    ...new Set(
      [...(p.geocode?.UGC ?? []), ...(p.affectedZones ?? []).map(lastSegmentSafe)]
        .map((code) => code.toUpperCase())
        .filter((code) => wanted.has(code)),
    ),
  ];
  const actual = alerts.filter((p) => (p.status ?? "Actual") === "Actual");
  const cancelled = actual
    .filter((p) => p.messageType === "Cancel")
    .map((p) => ({
      series: cleanText(seriesOf(p), TEXT_LIMITS.alertId),
      event: cleanText(p.event, TEXT_LIMITS.event),
      zones: zonesOf(p),
    }))
    .filter(({ zones }) => zones.length > 0);
  const inForce = actual
    .filter((p) => p.messageType !== "Cancel")
    .filter((p) => !replaced.has(p.id))
    .filter((p) => zonesOf(p).length > 0)
    .map((p) => ({ p, end: shownUntil(p) }))
    .filter(({ end }) => end === null || end > now);
  // The same alert issued in another language (the same VTEC): its texts go with the English
  // one, not listed apart; one with no English twin is listed in its own language.
  const languageOf = (p: AlertProperties) =>
    (p.language ?? "en").split("-")[0]?.toLowerCase() || "en";
  const vtecOf = (p: AlertProperties) => p.parameters?.VTEC?.[0] ?? null;
  const english = new Map(
    inForce.flatMap(({ p }) => {
      const vtec = vtecOf(p);
      return languageOf(p) === "en" && vtec ? [[vtec, p.id] as const] : [];
    }),
  );
  const translations = new Map<string, Record<string, AlertTexts>>();
  const listed = inForce.filter(({ p }) => {
    const language = languageOf(p);
    const twin = language === "en" ? undefined : english.get(vtecOf(p) ?? "");
    if (twin === undefined) return true;
    const texts = translations.get(twin) ?? {};
    texts[language] ??= textsOf(p);
    translations.set(twin, texts);
    return false;
  });
  const kept = listed
    .sort(
      (a, b) =>
        rankOf(a.p.severity) - rankOf(b.p.severity) ||
        (a.end ?? Infinity) - (b.end ?? Infinity) ||
        0,
    )
    .slice(0, MAX_ALERTS_PER_CITY);
  const ends = listed.flatMap(({ end }) => (end === null ? [] : [end]));
  return {
    alerts: kept.map(({ p }) => {
      const language = languageOf(p);
      const texts = translations.get(p.id);
      return {
        id: cleanText(p.id, TEXT_LIMITS.alertId),
        ...textsOf(p),
        severity: severityOf(p.severity),
        urgent: isStormSeverity(p.severity),
        areaDesc: cleanText(p.areaDesc, TEXT_LIMITS.areaDesc),
        effective: isoOrNull(p.onset) ?? isoOrNull(p.effective),
        ends: isoOrNull(p.ends),
        expires: isoOrNull(p.expires),
        response: responseOf(p.response),
        ...(language === "en" ? {} : { language }),
        ...(texts ? { translations: texts } : {}),
        zones: zonesOf(p),
        series: cleanText(seriesOf(p), TEXT_LIMITS.alertId),
      };
    }),
    total: listed.length,
    urgent: listed.filter(({ p }) => isStormSeverity(p.severity)).length,
    nextEnd: ends.length > 0 ? Math.min(...ends) : null,
    cancelled,
  };
}

/** An alert's texts, cleaned and bounded (TEXT_LIMITS). */
function textsOf(p: AlertProperties): AlertTexts {
  const event = cleanText(p.event, TEXT_LIMITS.event);
  return {
    event,
    headline: cleanText(p.headline, TEXT_LIMITS.headline) || event,
    description: cleanText(p.description, TEXT_LIMITS.description, { multiline: true }),
    instruction: cleanText(p.instruction, TEXT_LIMITS.instruction, { multiline: true }) || null,
  };
}

/** The alerts in force a city's pages show (readAlertsInForce's list). */
export function readAlerts(body: unknown, zones: readonly string[], now: number): WeatherAlert[] {
  return readAlertsInForce(body, zones, now).alerts;
}

function lastSegmentSafe(href: string): string {
  try {
    return lastSegment(href);
  } catch {
    return href;
  }
}
