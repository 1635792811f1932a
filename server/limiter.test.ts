import { describe, expect, it } from "vitest";
import { Limiter, Overloaded } from "./limiter";

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
});
