/**
 * The hazards a city's readers prepare for (its data's `pages.weather.hazards`), and which of
 * them the service's alerts are about: a Hurricane Warning is about hurricanes, a Flash Flood
 * Warning about floods, a Hard Freeze Warning about freezes, an Extreme Heat Warning about heat.
 * The weather page puts a hazard's tips first while an alert of its kind is in force, then those
 * in season (issue 50).
 */

export const HAZARDS = ["hurricane", "flood", "freeze", "heat"] as const;
export type Hazard = (typeof HAZARDS)[number];

/** The words of the service's alert types that say which hazard an alert is about, in order. */
const HAZARD_WORDS: [Hazard, RegExp][] = [
  ["hurricane", /\b(hurricane|tropical (storm|cyclone|depression)|storm surge|typhoon)\b/i],
  ["flood", /\bflood/i],
  ["freeze", /\b(freez\w*|frost|cold|wind chill|winter|ice storm|blizzard|snow|sleet)\b/i],
  ["heat", /\bheat\b/i],
];

/** The hazard an alert's type is about ("Flash Flood Warning": flood), or null for another. */
export function hazardOf(event: string): Hazard | null {
  for (const [hazard, words] of HAZARD_WORDS) if (words.test(event)) return hazard;
  return null;
}

/** A hazard's tips as a city's data gives them. */
export interface HazardTips {
  hazard: Hazard;
  heading: string;
  /** The months of its season (1–12, the city's calendar). */
  months: number[];
  tips: string[];
}

/** The month (1–12) of `now` in a time zone. */
export function monthIn(now: number, timeZone: string): number {
  return Number(
    new Intl.DateTimeFormat("en-US", { month: "numeric", timeZone }).format(new Date(now)),
  );
}

/**
 * The hazards to prepare for now, in order: those an alert in force is about (in the order of
 * the alerts, most severe first), then those in season; each once, with whether an alert is in
 * force for it. A hazard neither in force nor in season is left out.
 */
export function hazardsNow<T extends HazardTips>(
  hazards: readonly T[],
  events: readonly string[],
  month: number,
): (T & { inForce: boolean })[] {
  const alerted = events.map(hazardOf).filter((h): h is Hazard => h !== null);
  const rank = (h: T) => {
    const i = alerted.indexOf(h.hazard);
    return i >= 0 ? i : h.months.includes(month) ? alerted.length : Infinity;
  };
  return hazards
    .map((h, order) => ({ h, order, rank: rank(h) }))
    .filter(({ rank }) => rank !== Infinity)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ h }) => ({ ...h, inForce: alerted.includes(h.hazard) }));
}
