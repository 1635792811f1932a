/** Thrown by Limiter.acquire when the queue is full: the request is shed (503). */
export class Overloaded extends Error {
  override name = "Overloaded";
}

export interface LimiterOptions {
  /** How many holders may run at once. */
  concurrency: number;
  /** How many may wait for a slot; one more is refused at once. */
  queue: number;
}

/**
 * Admission control for work that costs CPU (a page render): at most `concurrency` run at once,
 * at most `queue` wait, and anyone beyond is refused at once rather than made to wait behind
 * them. Under overload the admitted stay fast and the rest are told to come back (503 with
 * Retry-After) while the process keeps answering its health probe and its cache hits.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: LimiterOptions) {}

  /** Waits for a slot and returns its release (call it once), or throws Overloaded. */
  async acquire(): Promise<() => void> {
    if (this.running < this.options.concurrency) {
      this.running++;
    } else if (this.waiting.length < this.options.queue) {
      // The slot is handed over by release(): `running` does not change in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new Overloaded("Too many requests in progress");
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }

  /** Running and waiting holders (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
