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
  /** Whose work it is (a reader: server/net/client-key.ts), for fairness; none: its own. */
  key?: string;
}

/**
 * Admission control for work that costs CPU (a page render and its compression, a picture):
 * at most `concurrency` run at once, fewer while the process is busy, at most `queue` wait, at
 * most `maxWaitMs` each, and anyone beyond is refused at once rather than made to wait behind
 * them. Under overload the admitted stay fast and the rest are told to come back (503 with
 * Retry-After) while the process keeps answering its health probe and its cache hits. A waiter
 * whose signal aborts (every reader that wanted the work has gone) leaves the queue unrun.
 *
 * Fair by reader when work is keyed (acquire's `key`): a slot that frees goes to the waiter whose
 * reader has the least work running, the longest waiting among equals, so that one reader's many
 * pictures never keep another's first one waiting behind them all.
 */
export class Limiter {
  private running = 0;
  /** Work running by reader (keyed work only). */
  private readonly runningByKey = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  private readonly now: () => number;
  private recheck: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly options: LimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Waits for a slot and returns its release (call it once); throws Overloaded or Abandoned.
   * `key` says whose work it is (a reader), for fairness between readers.
   */
  async acquire(signal?: AbortSignal, key?: string): Promise<() => void> {
    if (signal?.aborted) throw new Abandoned("Nobody waits for this work any more");
    if (this.waiting.length === 0 && this.mayStart()) {
      this.start(key);
    } else if (this.waiting.length < this.options.queue) {
      // The slot is handed over by pump(): `running` counts it from then on.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, since: this.now(), signal, key };
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
      if (key !== undefined) {
        const held = (this.runningByKey.get(key) ?? 1) - 1;
        if (held > 0) this.runningByKey.set(key, held);
        else this.runningByKey.delete(key);
      }
      this.pump();
    };
  }

  /** Runs `task` in a slot (see acquire). */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal, key?: string): Promise<T> {
    const release = await this.acquire(signal, key);
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
      const next = this.take(this.fairest());
      this.start(next.key);
      next.resolve();
    }
    this.schedule();
  }

  /** A slot taken (by `key`'s reader, when keyed). */
  private start(key: string | undefined): void {
    this.running++;
    if (key !== undefined) this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
  }

  /**
   * The index of the waiter to start next: the longest waiting of those whose reader has the
   * least work running (unkeyed work counts as a reader with none); the first when none is keyed.
   */
  private fairest(): number {
    if (this.runningByKey.size === 0) return 0;
    let best = 0;
    let least = Infinity;
    for (let i = 0; i < this.waiting.length; i++) {
      const key = (this.waiting[i] as Waiter).key;
      const held = key === undefined ? 0 : (this.runningByKey.get(key) ?? 0);
      if (held < least) {
        least = held;
        best = i;
        if (held === 0) break;
      }
    }
    return best;
  }

  private take(at = 0): Waiter {
    const [next] = this.waiting.splice(at, 1) as [Waiter];
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
