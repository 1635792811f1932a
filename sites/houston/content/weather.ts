import type { WeatherContent } from "../../content";

/** Houston's static weather page (SPEC.md §2: all static). */
export default {
  updated: "2026-11-16",
  current: {
    temperature: 78,
    condition: "cloudy",
    humidity: 72,
    windSpeed: 9,
    windDirection: "SE",
    pressure: 30.02,
    visibility: 10,
    uvIndex: 5,
  },
  alerts: [
    {
      type: "Flood Watch",
      description:
        "Heavy rain may cause street flooding in low-lying areas of Harris County through Tuesday evening.",
      severity: "severe",
    },
    {
      type: "Heat Advisory",
      description:
        "Heat index values up to 106 °F expected this afternoon. Drink water and check on neighbors.",
      severity: "moderate",
    },
    {
      type: "Air Quality Alert",
      description:
        "Ozone levels may be unhealthy for sensitive groups along the Houston Ship Channel.",
      severity: "minor",
    },
  ],
  forecast: [
    { day: "Monday", condition: "cloudy", high: 81, low: 68 },
    { day: "Tuesday", condition: "rainy", high: 77, low: 66 },
    { day: "Wednesday", condition: "rainy", high: 75, low: 64 },
    { day: "Thursday", condition: "windy", high: 74, low: 60 },
    { day: "Friday", condition: "sunny", high: 76, low: 58 },
    { day: "Saturday", condition: "sunny", high: 79, low: 61 },
    { day: "Sunday", condition: "cloudy", high: 80, low: 65 },
  ],
  tips: [
    "Turn around, don't drown: never drive into a flooded road; 12 inches of moving water can carry away a car.",
    "Keep a go-bag with water, medicines, documents, chargers and cash for at least three days.",
    "Know your evacuation zone and sign up for ReadyHarris alerts.",
    "Trim trees and secure outdoor furniture before storms.",
    "Never run a generator indoors or in a garage.",
  ],
  hurricaneSeason:
    "The Atlantic hurricane season runs from June to November, peaking from mid-August to late September. Review your plan and supplies before June 1.",
  history: [
    { month: "January", high: 63, low: 45, rainfall: 3.4 },
    { month: "February", high: 67, low: 48, rainfall: 3.0 },
    { month: "March", high: 73, low: 55, rainfall: 3.3 },
    { month: "April", high: 80, low: 61, rainfall: 3.5 },
    { month: "May", high: 86, low: 69, rainfall: 5.2 },
    { month: "June", high: 91, low: 74, rainfall: 5.9 },
    { month: "July", high: 94, low: 76, rainfall: 3.8 },
    { month: "August", high: 95, low: 76, rainfall: 4.5 },
    { month: "September", high: 90, low: 72, rainfall: 4.3 },
    { month: "October", high: 83, low: 63, rainfall: 5.3 },
    { month: "November", high: 73, low: 54, rainfall: 4.1 },
    { month: "December", high: 65, low: 47, rainfall: 3.7 },
  ],
} satisfies WeatherContent;
