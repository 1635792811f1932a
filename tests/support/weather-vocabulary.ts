import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { wordsLeft } from "./english-words";
import {
  DEMO_ALERTS,
  FIXTURE_FORECASTS,
  FIXTURE_OBSERVATION_TEXT,
  HURRICANE_WARNING,
} from "../fixture-servers/weather-server";

/**
 * The weather service's English vocabulary as the repository's weather fixtures hold it: the
 * alert types of GET /alerts/types, every forecast's period names and short forecasts, every
 * observation's words (tests/fixtures/weather), and those the fixture weather service answers
 * with (tests/fixture-servers/weather-server.ts). A Spanish page must say each in Spanish.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/weather");

function json<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8")) as T;
}

interface Forecast {
  properties: { periods: { name: string; shortForecast: string }[] };
}

const forecasts = readdirSync(FIXTURES)
  .filter((name) => name.startsWith("forecast-") && name.endsWith(".json"))
  .map((name) => json<Forecast>(name).properties.periods);

const unique = (list: string[]) => [...new Set(list)].sort();

/** Every alert type: the service's list and the fixture service's alerts. */
export const EVENT_NAMES = unique([
  ...json<{ eventTypes: string[] }>("alert-types.json").eventTypes,
  ...DEMO_ALERTS.map((a) => a.event),
  HURRICANE_WARNING.event,
]);

/** Every short forecast, of the fixture forecasts and of the fixture service. */
export const SHORT_FORECASTS = unique([
  ...forecasts.flat().map((p) => p.shortForecast),
  ...FIXTURE_FORECASTS.flat(),
]);

/** Every period name of the fixture forecasts, and those the fixture service gives. */
export const PERIOD_NAMES = unique([
  ...forecasts.flat().map((p) => p.name),
  "Today",
  "Tonight",
  ..."Sunday Monday Tuesday Wednesday Thursday Friday Saturday"
    .split(" ")
    .flatMap((day) => [day, `${day} Night`]),
]);

/** Every observation's words for the sky. */
export const OBSERVATION_TEXTS = unique([
  ...json<{ textDescriptions: string[] }>("observation-descriptions.json").textDescriptions,
  FIXTURE_OBSERVATION_TEXT,
]);

/**
 * English words of the weather that a Spanish page's own text must not hold (outside what is
 * marked lang="en"): the service's vocabulary, whole words, case as the service writes them.
 */
export const ENGLISH_WEATHER_WORDS = [
  "Warning",
  "Watch",
  "Advisory",
  "Statement",
  "Hurricane",
  "Flood",
  "Tornado",
  "Sunny",
  "Cloudy",
  "Clear",
  "Showers",
  "Thunderstorms",
  "Rain",
  "Fog",
  "Chance",
  "Likely",
  "Patchy",
  "Breezy",
  "then",
  "Today",
  "Tonight",
  "Afternoon",
  "Night",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
  "Feels like",
  "Take shelter",
  "Complete preparations",
];

/** The words of ENGLISH_WEATHER_WORDS found in `text` (whole words). */
export function englishWeatherWords(text: string): string[] {
  return wordsLeft(text, ENGLISH_WEATHER_WORDS, { match: "word" });
}
