/**
 * How many lines of one kind (a refused request, a page not found: a client's mistake, not ours)
 * are logged per window; past it they are counted, and the count is logged with the next line
 * that may be. A flood of bad requests then writes a few lines a minute, not one per request,
 * and can never fill the disk.
 */
export const LOG_BUDGET = { lines: 20, windowMs: 60_000 };

interface Window {
  start: number;
  used: number;
  suppressed: number;
}

/**
 * A log line allowance per kind: `take(kind)` says whether a line may be written now and, when
 * it may, how many of its kind were left out since the last one (to log with it). Kinds are
 * the site's own words (never a reader's text), so the map stays as small as the code's calls.
 */
export class LogBudget {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly budget: { lines: number; windowMs: number } = LOG_BUDGET,
    private readonly now: () => number = Date.now,
  ) {}

  /** Undefined: leave this line out. A number: log it, with this many left out before it. */
  take(kind: string): number | undefined {
    const now = this.now();
    let window = this.windows.get(kind);
    if (!window || now - window.start >= this.budget.windowMs) {
      window = { start: now, used: 0, suppressed: window?.suppressed ?? 0 };
      this.windows.set(kind, window);
    }
    if (window.used >= this.budget.lines) {
      window.suppressed++;
      return undefined;
    }
    window.used++;
    const suppressed = window.suppressed;
    window.suppressed = 0;
    return suppressed;
  }
}
