import { isStormAlert } from "../../common/storm-mode";
import type { CityWeather } from "../../server/weather/city-weather";

/**
 * Whether the city is in storm mode (app/components/storm-mode.tsx): at least one Extreme or
 * Severe alert in force (the alert banner's `urgent` ones: common/storm-mode.ts isStormAlert,
 * which warnings by push go by too).
 */
export function inStorm(weather: Pick<CityWeather, "alerts">): boolean {
  return weather.alerts.some(isStormAlert);
}
