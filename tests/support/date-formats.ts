import { vi } from "vitest";

/**
 * Counts the Intl objects of a kind (Intl.DateTimeFormat, Intl.NumberFormat) made from now on,
 * each still a real one: making one costs far more than using it (the first of a page holds
 * the browser's main thread for 10 to 40 ms), so tests count them. The spy goes with
 * vi.restoreAllMocks (or `restore`).
 */
function countIntl(kind: "DateTimeFormat" | "NumberFormat"): {
  made: () => number;
  restore: () => void;
} {
  let made = 0;
  const Real = Intl[kind] as unknown as new (...args: unknown[]) => object;
  const Counting = function (...args: unknown[]) {
    made++;
    return new Real(...args);
  };
  // `never`: the one spy stands for either constructor, and what it makes is the real one's.
  const spy = vi.spyOn(Intl, kind).mockImplementation(Counting as never);
  return { made: () => made, restore: () => spy.mockRestore() };
}

/** Counts the Intl.DateTimeFormat objects made from now on (countIntl). */
export const countDateFormats = () => countIntl("DateTimeFormat");

/** Counts the Intl.NumberFormat objects made from now on (countIntl). */
export const countNumberFormats = () => countIntl("NumberFormat");
