import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shutdownSequence } from "./shutdown";

/** The sequence with spies for each step, and the order the steps ran in. */
function sequence(graceMs: number) {
  const steps: string[] = [];
  const close = vi.fn(() => {
    steps.push("close");
    return Promise.resolve();
  });
  const stop = shutdownSequence({
    graceMs,
    drain: () => steps.push("drain"),
    close,
    exit: (code) => steps.push(`exit ${code}`),
    log: { info: () => undefined },
  });
  return { stop, steps, close };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("shutdownSequence", () => {
  it("drains at once, keeps serving for the grace period, then closes and exits 0", async () => {
    const { stop, steps } = sequence(10_000);
    stop("SIGTERM");
    expect(steps).toEqual(["drain"]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(steps).toEqual(["drain"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(steps).toEqual(["drain", "close", "exit 0"]);
  });

  it("closes at once with a grace period of 0", async () => {
    const { stop, steps } = sequence(0);
    stop("SIGTERM");
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toEqual(["drain", "close", "exit 0"]);
  });

  it("cuts the grace period short on a second signal, and closes once", async () => {
    const { stop, steps, close } = sequence(10_000);
    stop("SIGINT");
    await vi.advanceTimersByTimeAsync(1_000);
    stop("SIGINT");
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toEqual(["drain", "close", "exit 0"]);
    stop("SIGINT");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("exits after the close timeout when closing hangs", async () => {
    const steps: string[] = [];
    const stop = shutdownSequence({
      graceMs: 1_000,
      drain: () => undefined,
      close: () => new Promise<void>(() => undefined),
      exit: (code) => steps.push(`exit ${code}`),
      log: { info: () => undefined },
      closeTimeoutMs: 5_000,
    });
    stop("SIGTERM");
    await vi.advanceTimersByTimeAsync(5_999);
    expect(steps).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(steps).toEqual(["exit 0"]);
  });
});
