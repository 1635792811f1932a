import { vi } from "vitest";

/**
 * Counts the Intl.DateTimeFormat objects made from now on (each still a real format): making
 * one costs far more than using it, so tests count them. The spy goes with vi.restoreAllMocks
 * (or `restore`).
 */
export function countDateFormats(): { made: () => number; restore: () => void } {
  let made = 0;
  const Real = Intl.DateTimeFormat;
  const Counting = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    made++;
    return new Real(...args);
  } as unknown as typeof Intl.DateTimeFormat;
  const spy = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(Counting);
  return { made: () => made, restore: () => spy.mockRestore() };
}
