import type { WeatherContent } from "../../content";

/** Austin's static weather page (a sample: Austin's normal monthly climate). */
export default {
  updated: "2026-11-16",
  current: {
    temperature: 71,
    condition: "sunny",
    humidity: 48,
    windSpeed: 7,
    windDirection: "S",
    pressure: 30.08,
    visibility: 10,
    uvIndex: 6,
  },
  alerts: [
    {
      type: "Red Flag Warning",
      description: "Dry air and gusty winds raise the risk of grass fires west of I-35.",
      severity: "severe",
    },
    {
      type: "Wind Advisory",
      description: "South winds gusting to 35 mph this afternoon.",
      severity: "moderate",
    },
    { type: "Pollen Alert", description: "Cedar pollen counts are high.", severity: "minor" },
  ],
  forecast: [
    { day: "Monday", condition: "sunny", high: 74, low: 52 },
    { day: "Tuesday", condition: "windy", high: 76, low: 55 },
    { day: "Wednesday", condition: "cloudy", high: 70, low: 54 },
    { day: "Thursday", condition: "rainy", high: 64, low: 50 },
    { day: "Friday", condition: "sunny", high: 68, low: 46 },
    { day: "Saturday", condition: "sunny", high: 72, low: 49 },
    { day: "Sunday", condition: "cloudy", high: 73, low: 53 },
  ],
  tips: [
    "Turn around, don't drown: low-water crossings flood in minutes.",
    "Sign up for Warn Central Texas alerts.",
    "Keep water, medicines and chargers ready for storms and heat.",
  ],
  hurricaneSeason:
    "The Atlantic hurricane season runs from June to November; storms that come ashore on the coast can bring heavy rain to Central Texas.",
  history: [
    { month: "January", high: 62, low: 42, rainfall: 2.6 },
    { month: "February", high: 66, low: 46, rainfall: 2.0 },
    { month: "March", high: 73, low: 53, rainfall: 2.9 },
    { month: "April", high: 80, low: 59, rainfall: 2.3 },
    { month: "May", high: 87, low: 67, rainfall: 4.8 },
    { month: "June", high: 92, low: 73, rainfall: 3.9 },
    { month: "July", high: 96, low: 75, rainfall: 2.0 },
    { month: "August", high: 97, low: 75, rainfall: 2.6 },
    { month: "September", high: 91, low: 71, rainfall: 3.0 },
    { month: "October", high: 82, low: 61, rainfall: 3.9 },
    { month: "November", high: 71, low: 51, rainfall: 2.9 },
    { month: "December", high: 63, low: 43, rainfall: 2.6 },
  ],
} satisfies WeatherContent;
