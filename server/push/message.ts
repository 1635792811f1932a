import { createHash } from "node:crypto";
import { translatorFor } from "../../common/i18n";
import {
  MAX_ALERT_CHARS,
  alertWords,
  areaOf,
  clip,
  type AlertPlace,
} from "../../common/i18n/alert-words";
import { weatherWords } from "../../common/i18n/weather-words";
import type { WeatherAlert } from "../weather/nws-alerts";

/** The most characters of a push's title and body together (Wireless Emergency Alerts' 360). */
export const MAX_PUSH_CHARS = MAX_ALERT_CHARS;
/** A push's shortest and longest time to live at the push service, in seconds. */
export const MIN_TTL_S = 60;
export const MAX_TTL_S = 86_400;

/** What the service worker shows (public/sw: `push` event): the notification's parts. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a click opens: the edition's weather page (a path of the site's origin). */
  url: string;
  /** The notification's tag: a later push of the same warning replaces it on the screen too. */
  tag: string;
  lang: string;
}

/** A push ready to encrypt and send: its payload and the headers RFC 8030 gives it. */
export interface PushMessage {
  payload: PushPayload;
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number;
  urgency: "high" | "normal";
  /** Replaces an earlier push of the same topic still waiting at the push service. */
  topic: string;
  /** A hash of what the reader sees: an update that changes none of it is not pushed again. */
  digest: string;
  /**
   * The service's message it says (a warning's alert id): a push that failed is tried again
   * for a later one, though what the reader would see is the same.
   */
  source: string;
}

/** Where a site's reader is: its language and zone, its zones' names, its weather page. */
export interface PushSite extends AlertPlace {
  /** The path of its weather page (/weather, /es/clima). */
  weatherPath: string;
  /** The publication's name (the daily test push names it). */
  name: string;
}

/**
 * The Topic of a warning's pushes to one zone (RFC 8030 §5.4: at most 32 base64url characters):
 * its series and the zone, hashed, so an update replaces the earlier push waiting at the service.
 */
export function topicOf(series: string, zone: string): string {
  return createHash("sha256").update(`${series}\n${zone}`).digest("base64url").slice(0, 32);
}

/** Seconds to keep a push for: until the alert's message expires, within MIN_TTL_S…MAX_TTL_S. */
export function ttlOf(alert: Pick<WeatherAlert, "expires" | "ends">, now: number): number {
  const until = Date.parse(alert.expires ?? alert.ends ?? "");
  const seconds = Number.isFinite(until) ? Math.floor((until - now) / 1000) : MAX_TTL_S;
  return Math.min(MAX_TTL_S, Math.max(MIN_TTL_S, seconds));
}

function digestOf(payload: PushPayload, urgency: string): string {
  return createHash("sha256")
    .update(JSON.stringify([payload.title, payload.body, payload.url, payload.lang, urgency]))
    .digest("base64url");
}

/**
 * A warning's push to a reader of `zones` (those of their zones it is in force in), in their
 * site's language: the warning's name as the title; where, until when (or until further notice)
 * and what to do as the body (the service's own words in the reader's language when it issued
 * them, else the response's words), title and body together at most MAX_PUSH_CHARS.
 */
export function warningMessage(
  alert: WeatherAlert,
  zones: readonly string[],
  site: PushSite,
  now: number,
): PushMessage {
  const { title, body } = alertWords(alert, zones, site);
  const language = translatorFor(site.locale).language;
  const topic = topicOf(alert.series ?? alert.id, zones[0] ?? "");
  const urgency = alert.urgent ? "high" : "normal";
  const payload = { title, body, url: site.weatherPath, tag: topic, lang: language };
  return {
    payload,
    ttl: ttlOf(alert, now),
    urgency,
    topic,
    digest: digestOf(payload, urgency),
    source: alert.id,
  };
}

/** The all-clear of a cancelled warning, to a reader it was pushed to (the same topic). */
export function allClearMessage(
  event: string,
  series: string,
  zones: readonly string[],
  site: PushSite,
): PushMessage {
  const t = translatorFor(site.locale);
  const named = t.language === "en" ? event : weatherWords(site.locale).event(event).text;
  const title = clip(t("pushMessage.allClearTitle", { event: named }), 80);
  const body = clip(
    t("pushMessage.allClearBody", { event: named, area: areaOf(zones, site) }),
    MAX_PUSH_CHARS - title.length,
  );
  const topic = topicOf(series, zones[0] ?? "");
  const payload = { title, body, url: site.weatherPath, tag: topic, lang: t.language };
  return {
    payload,
    ttl: 6 * 3600,
    urgency: "normal",
    topic,
    digest: digestOf(payload, "normal"),
    source: `cancelled ${series}`,
  };
}

/** The daily test push to the operator's own subscription (PUSH_MONITOR_SUBSCRIPTION). */
export function testMessage(site: PushSite, day: string): PushMessage {
  const t = translatorFor(site.locale);
  const title = t("pushMessage.testTitle");
  const body = t("pushMessage.testBody", { site: site.name });
  const topic = topicOf(`test ${day}`, "monitor");
  const payload = { title, body, url: site.weatherPath, tag: "test", lang: t.language };
  return {
    payload,
    ttl: 3600,
    urgency: "normal",
    topic,
    digest: digestOf(payload, "normal"),
    source: `test ${day}`,
  };
}
