import { describe, expect, it } from "vitest";
import { isStormAlert, isStormSeverity } from "./storm-mode";

describe("storm mode's alerts", () => {
  it("are the Extreme and Severe ones, as the service spells the severity or as an alert keeps it", () => {
    for (const severity of ["Extreme", "Severe", "extreme", "severe"])
      expect(isStormSeverity(severity), severity).toBe(true);
    for (const severity of ["Moderate", "Minor", "Unknown", "moderate", "", "Severe "])
      expect(isStormSeverity(severity), severity).toBe(false);
  });

  it("are those marked urgent when read (the banner's, the emergency block's, the pushes')", () => {
    expect(isStormAlert({ urgent: true })).toBe(true);
    expect(isStormAlert({ urgent: false })).toBe(false);
  });
});
