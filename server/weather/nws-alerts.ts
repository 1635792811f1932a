import { z } from "zod";
import { isStormSeverity } from "../../common/storm-mode";
import { TEXT_LIMITS, cleanText } from "../../common/weather-text";

/**
 * The National Weather Service's alerts (GET /alerts/active, GeoJSON) read into what a city's
 * pages show: the alerts in force in its zones, bounded, most severe first. One alert that is
 * not an alert is left out (and reported, alertProblems), never hiding the others.
 */

/**
 * The most alerts kept for a city (the most severe, then the soonest ending): a city's two zones
 * rarely have more than a handful in force; an answer with thousands is not shown in full.
 */
export const MAX_ALERTS_PER_CITY = 100;

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
 * An alert's severity as the service gives it (CAP: Extreme, Severe, Moderate, Minor); docs/product.md
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

/** The ids of the earlier messages a message updates or cancels (CAP `references`). */
function referencedIds(p: AlertProperties): string[] {
  return (p.references ?? []).flatMap((r) => (r.identifier ? [r.identifier] : []));
}

/**
 * A message's series (WeatherAlert.series): its VTEC event, else the earliest of the messages it
 * updates or cancels (ids as the service writes them), else its own id.
 */
function seriesOf(p: AlertProperties): string {
  const event = vtecEvent(p.parameters?.VTEC?.[0]);
  if (event) return event;
  return referencedIds(p).sort()[0] ?? p.id;
}

/**
 * The zone code a zone's URL ends with, upper case ("TXZ213" of …/zones/forecast/TXZ213); what
 * is no URL is taken as a code itself.
 */
export function zoneCode(href: string): string {
  try {
    return (new URL(href).pathname.split("/").filter(Boolean).pop() ?? "").toUpperCase();
  } catch {
    return href.toUpperCase();
  }
}

/** The zones of `zones` (UGC codes, as asked for) each message is for. */
function zonesWithin(zones: readonly string[]): (p: AlertProperties) => string[] {
  const wanted = new Set(zones.map((z) => z.toUpperCase()));
  return (p) => [
    ...new Set(
      [...(p.geocode?.UGC ?? []), ...(p.affectedZones ?? []).map(zoneCode)]
        .map((code) => code.toUpperCase())
        .filter((code) => wanted.has(code)),
    ),
  ];
}

/** An actual message: not a test or an exercise. */
const isActual = (p: AlertProperties) => (p.status ?? "Actual") === "Actual";

/** The warnings the service cancelled (its Cancel messages) in the city's zones. */
function cancelledIn(
  alerts: AlertProperties[],
  zonesOf: (p: AlertProperties) => string[],
): CancelledAlert[] {
  return alerts
    .filter((p) => isActual(p) && p.messageType === "Cancel")
    .map((p) => ({
      series: cleanText(seriesOf(p), TEXT_LIMITS.alertId),
      event: cleanText(p.event, TEXT_LIMITS.event),
      zones: zonesOf(p),
    }))
    .filter(({ zones }) => zones.length > 0);
}

/** A message in force and when it stops being shown (shownUntil). */
interface HeldAlert {
  p: AlertProperties;
  end: number | null;
}

/**
 * The messages in force at `now` in the city's zones: actual ones, not cancellations, not
 * replaced by a later message, not past their end or their expiry.
 */
function inForceAt(
  alerts: AlertProperties[],
  zonesOf: (p: AlertProperties) => string[],
  now: number,
): HeldAlert[] {
  // A message that a later one updates or cancels is no longer in force, even while the service
  // still lists it beside its successor.
  const replaced = new Set(alerts.flatMap(referencedIds));
  return alerts
    .filter((p) => isActual(p) && p.messageType !== "Cancel")
    .filter((p) => !replaced.has(p.id))
    .filter((p) => zonesOf(p).length > 0)
    .map((p) => ({ p, end: shownUntil(p) }))
    .filter(({ end }) => end === null || end > now);
}

/** A message's language as a primary subtag ("es"); English when it names none. */
const languageOf = (p: AlertProperties) =>
  (p.language ?? "en").split("-")[0]?.toLowerCase() || "en";
const vtecOf = (p: AlertProperties) => p.parameters?.VTEC?.[0] ?? null;

/** An alert listed, with its texts in the other languages the service issued it in. */
interface ListedAlert extends HeldAlert {
  translations?: Record<string, AlertTexts>;
}

/**
 * The alerts to list: the same alert issued in another language (the same VTEC) has its texts
 * go with the English one, not listed apart; one with no English twin is listed in its own
 * language.
 */
function withTranslations(inForce: HeldAlert[]): ListedAlert[] {
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
  return listed.map((held) => {
    const texts = translations.get(held.p.id);
    return texts ? { ...held, translations: texts } : held;
  });
}

/** Most severe first (Extreme before Severe), then the soonest ending. */
function bySeverityThenEnd(a: HeldAlert, b: HeldAlert): number {
  return (
    rankOf(a.p.severity) - rankOf(b.p.severity) || (a.end ?? Infinity) - (b.end ?? Infinity) || 0
  );
}

/** A listed alert as the city's pages show it, its texts cleaned and bounded. */
function alertShown({ p, translations }: ListedAlert, zones: string[]): WeatherAlert {
  const language = languageOf(p);
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
    ...(translations ? { translations } : {}),
    zones,
    series: cleanText(seriesOf(p), TEXT_LIMITS.alertId),
  };
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
  const { alerts } = readAlertFeatures(body);
  const zonesOf = zonesWithin(zones);
  const listed = withTranslations(inForceAt(alerts, zonesOf, now));
  const kept = [...listed].sort(bySeverityThenEnd).slice(0, MAX_ALERTS_PER_CITY);
  const ends = listed.flatMap(({ end }) => (end === null ? [] : [end]));
  return {
    alerts: kept.map((alert) => alertShown(alert, zonesOf(alert.p))),
    total: listed.length,
    urgent: listed.filter(({ p }) => isStormSeverity(p.severity)).length,
    nextEnd: ends.length > 0 ? Math.min(...ends) : null,
    cancelled: cancelledIn(alerts, zonesOf),
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
