import { describe, expect, it } from "vitest";
import { LogBudget } from "./log-budget";

describe("LogBudget", () => {
  it("lets a few lines of a kind through per window, then counts the rest and says so with the next", () => {
    let now = 0;
    const budget = new LogBudget({ lines: 3, windowMs: 60_000 }, () => now);
    const taken = Array.from({ length: 10 }, () => budget.take("refused 400"));
    expect(taken).toEqual([
      0,
      0,
      0,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // Another kind has its own allowance.
    expect(budget.take("not found")).toBe(0);
    now = 60_000;
    // The next window's first line carries the count of those left out.
    expect(budget.take("refused 400")).toBe(7);
    expect(budget.take("refused 400")).toBe(0);
  });

  it("writes at most its allowance for a flood of any size", () => {
    let now = 0;
    const budget = new LogBudget({ lines: 20, windowMs: 60_000 }, () => now);
    let written = 0;
    for (let i = 0; i < 100_000; i++) {
      now = i; // 100,000 refusals in 100 s: two windows
      if (budget.take("refused 400") !== undefined) written++;
    }
    expect(written).toBe(40);
  });
});
