import { describe, expect, it } from "vitest";
import { largeStepVolume } from "./radio-player";

describe("the volume slider's large steps (docs/product.md §4: 10 steps of 0.01)", () => {
  it("PageUp and PageDown move by 0.1, with or without Shift", () => {
    expect(largeStepVolume(0.5, "PageUp", false)).toBe(0.6);
    expect(largeStepVolume(0.5, "PageDown", false)).toBe(0.4);
    expect(largeStepVolume(0.5, "PageDown", true)).toBe(0.4);
  });

  it("Shift+arrows move by 0.1: right and up raise it, left and down lower it", () => {
    expect(largeStepVolume(0.5, "ArrowRight", true)).toBe(0.6);
    expect(largeStepVolume(0.5, "ArrowUp", true)).toBe(0.6);
    expect(largeStepVolume(0.5, "ArrowLeft", true)).toBe(0.4);
    expect(largeStepVolume(0.5, "ArrowDown", true)).toBe(0.4);
  });

  it("leaves plain arrows, Home, End and other keys to the range input", () => {
    for (const key of ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End", "a"]) {
      expect(largeStepVolume(0.5, key, false)).toBeNull();
    }
    expect(largeStepVolume(0.5, "Home", true)).toBeNull();
  });

  it("lands on the step grid: no floating-point remainder at any volume", () => {
    for (let i = 0; i <= 100; i++) {
      const up = largeStepVolume(i / 100, "PageUp", false);
      const down = largeStepVolume(i / 100, "PageDown", false);
      expect(up).toBe((i + 10) / 100);
      expect(down).toBe((i - 10) / 100);
      expect(String(up)).toMatch(/^-?\d(\.\d{1,2})?$/);
    }
    expect(largeStepVolume(0.91, "PageDown", false)).toBe(0.81);
  });
});
