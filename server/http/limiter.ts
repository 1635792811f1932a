/** Thrown by Limiter.acquire when the queue is full: the request is shed (503). */
export class Overloaded extends Error {
  override name = "Overloaded";
}

/** Thrown by Limiter.acquire when the waiter's signal aborts first (its reader went away). */
export class Abandoned extends Error {
  override name = "Abandoned";
}

export interface LimiterOptions {
  /** How many holders may run at once. */
  concurrency: number;
  /** How many may wait for a slot; one more is refused at once. */
  queue: number;
  /**
   * The longest a holder may wait for a slot: one that has waited longer is refused
   * (Overloaded) rather than served late, so that a backlog never outlives its readers'
   * patience and shedding starts while the admitted are still fast. Unbounded unless set.
   */
  maxWaitMs?: number;
  /**
   * Whether the process is too busy to start more work now (server/http/event-loop-monitor.ts: the event loop's
   * recent utilization). While it is, no second holder starts: new ones wait (and are refused
   * after maxWaitMs), so that the work is paced to what leaves the loop free for everything
   * else. Work is never held back while nothing runs.
   */
  busy?: () => boolean;
  now?: () => number;
  /** How often waiters are looked at again while the process is busy. */
  recheckMs?: number;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  since: number;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * Admission control for work that costs CPU (a page render and its compression, a picture):
 * at most `concurrency` run at once, fewer while the process is busy, at most `queue` wait, at
 * most `maxWaitMs` each, and anyone beyond is refused at once rather than made to wait behind
 * them. Under overload the admitted stay fast and the rest are told to come back (503 with
 * Retry-After) while the process keeps answering its health probe and its cache hits. A waiter
 * whose signal aborts (every reader that wanted the work has gone) leaves the queue unrun.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly now: () => number;
  private recheck: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly options: LimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Waits for a slot and returns its release (call it once); throws Overloaded or Abandoned. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw new Abandoned("Nobody waits for this work any more");
    if (this.waiting.length === 0 && this.mayStart()) {
      this.running++;
    } else if (this.waiting.length < this.options.queue) {
      // The slot is handed over by pump(): `running` counts it from then on.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, since: this.now(), signal };
        if (signal) {
          waiter.onAbort = () => {
            const at = this.waiting.indexOf(waiter);
            if (at !== -1) this.waiting.splice(at, 1);
            reject(new Abandoned("Nobody waits for this work any more"));
          };
          signal.addEventListener("abort", waiter.onAbort, { once: true });
        }
        this.waiting.push(waiter);
        this.schedule();
      });
    } else {
      throw new Overloaded("Too many requests in progress");
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.pump();
    };
  }

  /** Runs `task` in a slot (see acquire). */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
  }

  /** Whether one more holder may start now. */
  private mayStart(): boolean {
    if (this.running >= this.options.concurrency) return false;
    return this.running === 0 || !this.options.busy?.();
  }

  /** Refuses the waiters that waited too long, and starts those that may start. */
  private pump(): void {
    const maxWait = this.options.maxWaitMs;
    if (maxWait !== undefined) {
      const now = this.now();
      while (this.waiting.length > 0 && now - (this.waiting[0] as Waiter).since > maxWait) {
        this.take().reject(new Overloaded("Waited too long for a slot"));
      }
    }
    while (this.waiting.length > 0 && this.mayStart()) {
      this.running++;
      this.take().resolve();
    }
    this.schedule();
  }

  private take(): Waiter {
    const next = this.waiting.shift() as Waiter;
    if (next.signal && next.onAbort) next.signal.removeEventListener("abort", next.onAbort);
    return next;
  }

  /** Looks at the waiters again soon while some wait and none may start (the loop is busy). */
  private schedule(): void {
    if (this.recheck || this.waiting.length === 0) return;
    this.recheck = setTimeout(() => {
      this.recheck = undefined;
      this.pump();
    }, this.options.recheckMs ?? 25);
    this.recheck.unref?.();
  }

  /** Running and waiting holders (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
