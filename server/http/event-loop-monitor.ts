import { performance, type EventLoopUtilization } from "node:perf_hooks";

/**
 * How busy the event loop has been lately: the share of the last WINDOW_MS it spent running
 * code (Node's event loop utilization, sampled every SAMPLE_MS). The thread that renders pages
 * also answers every cache hit and /healthz; once it is nearly always busy, each new render
 * delays those readers, so the render limiter refuses new renders (503) while one runs
 * (server/limiter.ts `busy`). This is the signal `@fastify/under-pressure` and Node's own
 * documentation propose for load shedding; a queue length alone starts shedding too late, when
 * cached readers already wait.
 */
export class LoadMonitor {
  private readonly samples: number[] = [];
  private last: EventLoopUtilization;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly options: {
      /** Utilization (0 to 1) above which the process counts as busy. */
      threshold: number;
      sampleMs?: number;
      windowMs?: number;
    },
  ) {
    const sampleMs = options.sampleMs ?? SAMPLE_MS;
    const size = Math.max(1, Math.round((options.windowMs ?? WINDOW_MS) / sampleMs));
    this.last = performance.eventLoopUtilization();
    this.timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.samples.push(performance.eventLoopUtilization(now, this.last).utilization);
      this.last = now;
      if (this.samples.length > size) this.samples.shift();
    }, sampleMs);
    this.timer.unref();
  }

  /** The mean utilization of the window (0 before the first sample). */
  get utilization(): number {
    if (this.samples.length === 0) return 0;
    return this.samples.reduce((a, b) => a + b, 0) / this.samples.length;
  }

  /** Whether the loop has lately been busier than the threshold. */
  busy = (): boolean => this.utilization > this.options.threshold;

  stop(): void {
    clearInterval(this.timer);
  }
}

export const SAMPLE_MS = 100;
export const WINDOW_MS = 1_000;
/**
 * Past this utilization, new renders are shed. Measured with `npm run bench:http`'s hostile mix
 * (README): at 0.8, cached pages keep their p99 under the target while unique pages arrive
 * faster than the loop can render them.
 */
export const BUSY_THRESHOLD = 0.8;
