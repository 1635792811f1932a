import type { CityWeather } from "../../server/weather/service";

/**
 * Whether the city is in storm mode (app/components/storm-mode.tsx): at least one Extreme or
 * Severe alert in force (the alert banner's `urgent` ones).
 */
export function inStorm(weather: Pick<CityWeather, "alerts">): boolean {
  return weather.alerts.some((a) => a.urgent);
}
