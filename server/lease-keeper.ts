/**
 * Keeps a claim that other instances respect (a push being sent, a briefing being mailed) while
 * its work runs. A claim is held until its lease ends; the keeper renews it every third of a
 * lease, so that work slower than one lease (a push service or a mail server slow to answer)
 * keeps it, and extends it ahead of what the worker says it is about to do (an attempt, a wait)
 * when the lease would end sooner. Stopped when the work is done; an instance that dies stops
 * renewing, and its claim runs out for another to take over.
 */
export interface LeaseKeeper {
  /** Holds the claim until at least `until` and a lease more; false when it was lost. */
  ahead(until: number): Promise<boolean>;
  /** Stops renewing (the work is done). */
  stop(): void;
}

export function keepLease({
  leaseMs,
  claimedAt,
  now,
  extend,
  onError,
}: {
  leaseMs: number;
  /** When the claim was taken (its lease ends a lease later). */
  claimedAt: number;
  now: () => number;
  /** Moves the claim's end to `until`: false when it is not this instance's any more. */
  extend: (until: number) => Promise<boolean>;
  /** Told of a renewal that failed (the database unreachable): the work goes on. */
  onError: (err: unknown) => void;
}): LeaseKeeper {
  let leaseEnd = claimedAt + leaseMs;
  const renewal = setInterval(
    () => {
      leaseEnd = Math.max(leaseEnd, now() + leaseMs);
      extend(leaseEnd).catch(onError);
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  renewal.unref();
  return {
    ahead(until) {
      if (until + 1000 <= leaseEnd) return Promise.resolve(true);
      leaseEnd = until + leaseMs;
      return extend(leaseEnd);
    },
    stop: () => clearInterval(renewal),
  };
}
