/**
 * Which alerts put a city in storm mode (issue 36) and are pushed to the readers of their zones
 * (issue 52): one rule for both, so a reader is never pushed a warning that the site itself does
 * not treat as an emergency, nor spared one it does.
 */

/**
 * Whether an alert of this CAP severity (the service's "Extreme", "Severe", "Moderate", "Minor",
 * in any case) is a storm mode one: Extreme or Severe. The weather service reads it into each
 * alert's `urgent` (server/weather/nws-alerts.ts).
 */
export function isStormSeverity(severity: string): boolean {
  return /^(extreme|severe)$/i.test(severity);
}

/**
 * Whether storm mode shows an alert (home's emergency block, the alert banner) and delivery
 * pushes it: its `urgent`, which isStormSeverity set when the alert was read.
 */
export function isStormAlert(alert: { readonly urgent: boolean }): boolean {
  return alert.urgent;
}
