import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { BriefingContent } from "./content";
import { BriefingDelivery, type BriefingDeliveryOptions } from "./delivery";
import type { MailOutcome } from "./sender";
import type { ClaimResult, Subscriber } from "./store";

const CONTENT: BriefingContent = {
  site: "houston",
  locale: "en-US",
  timeZone: "America/Chicago",
  name: "Houston City Wire",
  siteUrl: "https://houston.example",
  date: "Friday, December 4",
  weatherLine: null,
  weatherUrl: "https://houston.example/weather",
  alerts: [],
  stories: [],
  sections: [],
  contact: "newsroom@houston.example",
};

/** One subscriber's claim in a store shared by instances: its owner and the end of its lease. */
class SharedClaim {
  owner: string | undefined;
  until = 0;
  sent = false;

  claim(owner: string, leaseMs: number, now: number): ClaimResult {
    if (this.sent) return "done";
    if (this.owner !== undefined && this.owner !== owner && this.until > now) return "held";
    this.owner = owner;
    this.until = now + leaseMs;
    return "claimed";
  }

  /** The store as one instance sees it (BriefingDeliveryOptions["store"]). */
  storeFor(subscriber: Subscriber): BriefingDeliveryOptions["store"] {
    return {
      subscribers: async function* () {
        yield subscriber;
      },
      claim: (_id: string, _day: string, owner: string, leaseMs: number, now = Date.now()) =>
        Promise.resolve(this.claim(owner, leaseMs, now)),
      extend: (_id: string, _day: string, owner: string, until: number) => {
        if (this.owner !== owner) return Promise.resolve(false);
        this.until = until;
        return Promise.resolve(true);
      },
      sent: () => {
        this.sent = true;
        return Promise.resolve();
      },
      remove: () => Promise.resolve(true),
    };
  }
}

describe("the briefing's lease", () => {
  it("is renewed while the mail server is slow to answer: no other instance takes the mail", async () => {
    const claim = new SharedClaim();
    const subscriber = { id: "s1", site: "houston", email: "reader@example.com" };
    // A mail server that takes the message and has not answered until the test says so (the
    // sender's own extend, before an attempt, is not called: the attempt is under way).
    let answer = () => {};
    const answered = new Promise<MailOutcome>((resolve) => (answer = () => resolve("sent")));
    const leaseMs = 300;
    const delivery = new BriefingDelivery({
      store: claim.storeFor(subscriber),
      send: () => answered,
      contentOf: () => Promise.resolve(CONTENT),
      secret: "k".repeat(32),
      owner: "slow",
      concurrency: 1,
      leaseMs,
      logger: pino({ level: "silent" }),
    });
    const run = delivery.run(["houston"], "2026-12-04");
    try {
      await expect.poll(() => claim.until).toBeGreaterThan(0);
      const first = claim.until;
      // Renewed past the claim's own end...
      await expect.poll(() => claim.until, { timeout: 5_000 }).toBeGreaterThan(first + leaseMs / 3);
      // ...so that, once that end has passed, another instance cannot take it.
      expect(claim.claim("other", leaseMs, first + 1)).toBe("held");
    } finally {
      answer();
    }
    expect(await run).toMatchObject({ sent: 1, failed: 0 });
    expect(claim.sent).toBe(true);
  });
});
