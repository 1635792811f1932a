import { afterEach, describe, expect, it } from "vitest";
import { LoadMonitor } from "./event-loop-monitor";

/** Keeps the event loop busy for `ms` (what a long render does to it). */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("LoadMonitor", () => {
  let monitor: LoadMonitor | undefined;
  afterEach(() => monitor?.stop());

  it("is not busy while the loop mostly waits", async () => {
    monitor = new LoadMonitor({ threshold: 0.8, sampleMs: 20, windowMs: 100 });
    await tick(150);
    expect(monitor.utilization).toBeLessThan(0.5);
    expect(monitor.busy()).toBe(false);
  });

  it("is busy once the loop has been running code for most of its window", async () => {
    monitor = new LoadMonitor({ threshold: 0.8, sampleMs: 20, windowMs: 100 });
    // Five samples in a row each find the loop busy: the window is all work.
    for (let i = 0; i < 6; i++) {
      block(40);
      await tick(0);
    }
    expect(monitor.utilization).toBeGreaterThan(0.8);
    expect(monitor.busy()).toBe(true);
  });
});
