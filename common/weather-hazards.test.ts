import { describe, expect, it } from "vitest";
import { EVENT_NAMES } from "../tests/support/weather-vocabulary";
import { hazardOf, hazardsNow, monthIn, type HazardTips } from "./weather-hazards";

const tips = (hazard: HazardTips["hazard"], months: number[]): HazardTips => ({
  hazard,
  heading: hazard,
  months,
  tips: [`${hazard} tip`],
});

/** Houston's seasons (sites/cities/houston.json). */
const HOUSTON = [
  tips("hurricane", [6, 7, 8, 9, 10, 11]),
  tips("flood", [4, 5, 6, 9, 10]),
  tips("freeze", [12, 1, 2]),
  tips("heat", [6, 7, 8, 9]),
];

describe("hazardOf: which hazard an alert's type is about", () => {
  it("reads the service's types", () => {
    expect(hazardOf("Hurricane Warning")).toBe("hurricane");
    expect(hazardOf("Tropical Storm Watch")).toBe("hurricane");
    expect(hazardOf("Storm Surge Warning")).toBe("hurricane");
    expect(hazardOf("Flash Flood Warning")).toBe("flood");
    expect(hazardOf("Urban And Small Stream Flood Advisory")).toBe("flood");
    expect(hazardOf("Hard Freeze Warning")).toBe("freeze");
    expect(hazardOf("Extreme Cold Warning")).toBe("freeze");
    expect(hazardOf("Winter Storm Watch")).toBe("freeze");
    expect(hazardOf("Extreme Heat Warning")).toBe("heat");
    expect(hazardOf("Heat Advisory")).toBe("heat");
    expect(hazardOf("Tornado Warning")).toBeNull();
    expect(hazardOf("Red Flag Warning")).toBeNull();
  });

  it("finds a hazard for every type that names one of the four, and none for the rest", () => {
    const named = EVENT_NAMES.filter((e) =>
      /hurricane|tropical|surge|typhoon|flood|freez|frost|cold|chill|winter|ice|blizzard|snow|heat/i.test(
        e,
      ),
    );
    for (const event of named) expect(hazardOf(event), event).not.toBeNull();
    for (const event of EVENT_NAMES.filter((e) => !named.includes(e)))
      expect(hazardOf(event), event).toBeNull();
  });
});

describe("hazardsNow: the tips that fit the day", () => {
  it("in December, freezes; no hurricane advice", () => {
    expect(hazardsNow(HOUSTON, [], 12).map((h) => h.hazard)).toEqual(["freeze"]);
  });

  it("in August, the season's hazards in the data's order", () => {
    expect(hazardsNow(HOUSTON, [], 8).map((h) => h.hazard)).toEqual(["hurricane", "heat"]);
  });

  it("the hazards of the alerts in force first, in their order, marked; then the season's", () => {
    const now = hazardsNow(HOUSTON, ["Flash Flood Warning", "Tornado Warning", "Freeze Watch"], 8);
    expect(now.map((h) => [h.hazard, h.inForce])).toEqual([
      ["flood", true],
      ["freeze", true],
      ["hurricane", false],
      ["heat", false],
    ]);
    // A hurricane warning in December: hurricanes first, freezes after.
    expect(hazardsNow(HOUSTON, ["Hurricane Warning"], 12).map((h) => h.hazard)).toEqual([
      "hurricane",
      "freeze",
    ]);
  });

  it("a city without hazards in its data has none", () => {
    expect(hazardsNow([], ["Hurricane Warning"], 8)).toEqual([]);
  });
});

describe("monthIn: the city's calendar, not the machine's", () => {
  it("reads the month in the city's zone", () => {
    const newYearUtc = Date.parse("2027-01-01T03:00:00Z");
    expect(monthIn(newYearUtc, "America/Chicago")).toBe(12);
    expect(monthIn(newYearUtc, "UTC")).toBe(1);
  });
});
