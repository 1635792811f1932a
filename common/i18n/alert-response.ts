import type { MessageKey, Translator } from "./index";

/**
 * What the public should do, in the reader's words, for each response an alert can give (CAP's
 * responseType, server/weather/nws-alerts.ts ALERT_RESPONSES: a response missing here fails the
 * callers' type check).
 */
const RESPONSE_TEXT = {
  Shelter: "weather.responseShelter",
  Evacuate: "weather.responseEvacuate",
  Prepare: "weather.responsePrepare",
  Execute: "weather.responseExecute",
  Avoid: "weather.responseAvoid",
  Monitor: "weather.responseMonitor",
  Assess: "weather.responseAssess",
  AllClear: "weather.responseAllClear",
} as const satisfies Record<string, MessageKey>;

/**
 * What the public should do, in the translator's language, from an alert's response; null for
 * none. The weather pages and the pushes (server/push/message.ts) say it alike.
 */
export function responseText(
  response: keyof typeof RESPONSE_TEXT | null | undefined,
  t: Translator<MessageKey>,
): string | null {
  return response ? t(RESPONSE_TEXT[response]) : null;
}
