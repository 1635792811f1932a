import { describe, expect, it, vi } from "vitest";
import { Abandoned, Limiter, Overloaded } from "./limiter";

describe("Limiter", () => {
  it("runs up to its concurrency, queues up to its bound and refuses the rest at once", async () => {
    const limiter = new Limiter({ concurrency: 2, queue: 1 });
    const first = await limiter.acquire();
    const second = await limiter.acquire();
    let thirdRunning = false;
    const third = limiter.acquire().then((release) => {
      thirdRunning = true;
      return release;
    });
    expect(limiter.load).toEqual({ running: 2, waiting: 1 });
    await expect(limiter.acquire()).rejects.toBeInstanceOf(Overloaded);
    first();
    const release = await third;
    expect(thirdRunning).toBe(true);
    expect(limiter.load).toEqual({ running: 2, waiting: 0 });
    second();
    release();
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it("ignores a second release of the same slot", async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 0 });
    const release = await limiter.acquire();
    release();
    release();
    expect(limiter.load.running).toBe(0);
    const again = await limiter.acquire();
    await expect(limiter.acquire()).rejects.toBeInstanceOf(Overloaded);
    again();
  });

  it("hands slots to the waiting in the order they came", async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 3 });
    const order: number[] = [];
    const holder = await limiter.acquire();
    const waiters = [1, 2, 3].map((n) =>
      limiter.acquire().then((release) => {
        order.push(n);
        release();
      }),
    );
    holder();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
  });

  it("is fair by reader: a reader's first work goes before another's many that waited longer", async () => {
    const limiter = new Limiter({ concurrency: 2, queue: 20 });
    const order: string[] = [];
    let releaseAll: (() => void)[] = [];
    const job = (reader: string, n: number) =>
      limiter.acquire(undefined, reader).then((release) => {
        order.push(`${reader}${n}`);
        releaseAll.push(release);
      });
    // Reader a asks for ten pictures: two start, eight wait; then b asks for one.
    const jobs = Array.from({ length: 10 }, (_, n) => job("a", n));
    jobs.push(job("b", 0));
    await Promise.resolve();
    expect(order).toEqual(["a0", "a1"]);
    // One of a's ends: the slot goes to b (none running), not to a's third.
    releaseAll.shift()?.();
    await jobs[10];
    expect(order).toEqual(["a0", "a1", "b0"]);
    // Then a's, in the order they came.
    while (order.length < 11) {
      const running = releaseAll;
      releaseAll = [];
      for (const release of running) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(order.slice(3)).toEqual(["a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"]);
  });

  it("refuses a waiter that waited longer than maxWaitMs, and serves the next one", async () => {
    const clock = { now: 0 };
    const limiter = new Limiter({
      concurrency: 1,
      queue: 5,
      maxWaitMs: 1000,
      now: () => clock.now,
    });
    const holder = await limiter.acquire();
    const old = limiter.acquire();
    clock.now = 900;
    const young = limiter.acquire();
    clock.now = 1500;
    holder();
    await expect(old).rejects.toBeInstanceOf(Overloaded);
    const release = await young;
    expect(limiter.load).toEqual({ running: 1, waiting: 0 });
    release();
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it("while the process is busy, starts no second holder: it waits until the loop is free", async () => {
    vi.useFakeTimers();
    try {
      let busy = true;
      const limiter = new Limiter({ concurrency: 4, queue: 10, busy: () => busy, recheckMs: 25 });
      // Nothing runs: a busy process still does one thing at a time.
      const first = await limiter.acquire();
      let started = false;
      const second = limiter.acquire().then((release) => {
        started = true;
        return release;
      });
      await vi.advanceTimersByTimeAsync(200);
      expect(started).toBe(false);
      expect(limiter.load).toEqual({ running: 1, waiting: 1 });
      busy = false;
      await vi.advanceTimersByTimeAsync(25);
      expect(started).toBe(true);
      first();
      (await second)();
      expect(limiter.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("sheds a waiter held back by a busy loop once it has waited maxWaitMs", async () => {
    vi.useFakeTimers();
    try {
      const limiter = new Limiter({ concurrency: 4, queue: 10, maxWaitMs: 2000, busy: () => true });
      const first = await limiter.acquire();
      const held = limiter.acquire();
      const outcome = held.then(
        () => "started",
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(2100);
      expect(await outcome).toBeInstanceOf(Overloaded);
      expect(limiter.load).toEqual({ running: 1, waiting: 0 });
      first();
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops a waiter whose signal aborts, without running it or losing the slot", async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 3 });
    const holder = await limiter.acquire();
    const gone = new AbortController();
    const abandoned = limiter.acquire(gone.signal);
    const next = limiter.acquire();
    expect(limiter.load.waiting).toBe(2);
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(Abandoned);
    expect(limiter.load.waiting).toBe(1);
    holder();
    (await next)();
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
    await expect(limiter.acquire(gone.signal)).rejects.toBeInstanceOf(Abandoned);
  });

  it("run() holds a slot for the task and frees it whatever the task does", async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 0 });
    await expect(limiter.run(async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await limiter.run(async () => limiter.load.running)).toBe(1);
    expect(limiter.load.running).toBe(0);
  });
});
