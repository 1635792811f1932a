import pLimit from "p-limit";
import type { Logger } from "pino";
import { briefingMail, tokenLink, UNSUBSCRIBE_PATH } from "./compose";
import type { BriefingContent } from "./content";
import type { MailOutcome, OutgoingMail } from "./sender";
import type { BriefingStore, Subscriber } from "./store";
import { keepLease } from "../lease-keeper";
import { unsubscribeToken } from "./tokens";

/** How long a claimed briefing is this instance's before another may take it over (it died). */
export const BRIEFING_LEASE_MS = 120_000;
/** Subscribers worked on together: their claims, mails and records, before the next ones are read. */
export const BATCH = 200;

export interface BriefingDeliveryOptions {
  store: Pick<BriefingStore, "subscribers" | "claim" | "extend" | "sent" | "remove">;
  send: (mail: OutgoingMail, extend?: (until: number) => Promise<boolean>) => Promise<MailOutcome>;
  /** An edition's briefing of this morning (undefined: a site not served any more). */
  contentOf: (site: string) => Promise<BriefingContent | undefined>;
  /** CONTACT_KEY_SECRET's key: the unsubscribe links' HMAC. */
  secret: string;
  /** This instance's name among those sharing the database (its claims' owner). */
  owner: string;
  /** Mails sent at once, at most (BRIEFING_CONCURRENCY). */
  concurrency: number;
  /** How long a claim is this instance's (BRIEFING_LEASE_SECONDS). */
  leaseMs?: number;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => number;
}

/** What one run of a city's briefing did: mails sent, refused for good, failed; claims others hold. */
export interface RunTally {
  sent: number;
  rejected: number;
  failed: number;
  /** Sent already (by this instance or another). */
  done: number;
  /** Being sent by another instance now (taken over once its lease runs out). */
  held: number;
}

/**
 * Sends one city's morning briefing of a day to its confirmed subscribers: each claimed in the
 * database first (one row per subscriber and day), so that among instances one sends it, and a
 * claim whose instance died runs out and the next run takes it over. Subscribers are read in
 * pages and worked on in batches of BATCH, `concurrency` mails at once; a mail refused for good
 * (a 5xx) ends that address.
 */
export class BriefingDelivery {
  private readonly now: () => number;

  constructor(private readonly options: BriefingDeliveryOptions) {
    this.now = options.now ?? Date.now;
  }

  async run(sites: readonly string[], day: string): Promise<RunTally> {
    const tally: RunTally = { sent: 0, rejected: 0, failed: 0, done: 0, held: 0 };
    const contents = new Map<string, Promise<BriefingContent | undefined>>();
    const contentOf = (site: string) => {
      let content = contents.get(site);
      if (!content) contents.set(site, (content = this.options.contentOf(site)));
      return content;
    };
    const limit = pLimit(this.options.concurrency);
    let batch: Subscriber[] = [];
    const flush = async () => {
      const work = batch.map((sub) => limit(() => this.one(sub, day, contentOf, tally)));
      batch = [];
      await Promise.all(work);
    };
    for await (const sub of this.options.store.subscribers(sites)) {
      batch.push(sub);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    return tally;
  }

  private async one(
    sub: Subscriber,
    day: string,
    contentOf: (site: string) => Promise<BriefingContent | undefined>,
    tally: RunTally,
  ): Promise<void> {
    const { store, owner, logger } = this.options;
    const content = await contentOf(sub.site);
    if (!content) return;
    const leaseMs = this.options.leaseMs ?? BRIEFING_LEASE_MS;
    const claimedAt = this.now();
    const claim = await store.claim(sub.id, day, owner, leaseMs, claimedAt);
    if (claim !== "claimed") {
      tally[claim]++;
      return;
    }
    const unsubscribe = tokenLink(
      content.siteUrl,
      UNSUBSCRIBE_PATH,
      unsubscribeToken(this.options.secret, sub.id),
    );
    // The claim held while the mail is worked on (a mail server slow to answer, a wait between
    // attempts): server/lease-keeper.ts.
    const lease = keepLease({
      leaseMs,
      claimedAt,
      now: this.now,
      extend: (until) => store.extend(sub.id, day, owner, until),
      onError: (err) => logger.warn({ err }, "briefing lease not renewed"),
    });
    let outcome: MailOutcome;
    try {
      outcome = await this.options.send(briefingMail(content, sub.email, unsubscribe), lease.ahead);
    } catch (err) {
      logger.warn({ err }, "briefing not sent");
      outcome = "failed";
    } finally {
      lease.stop();
    }
    tally[outcome]++;
    if (outcome === "rejected") {
      // Refused for good: the address is ended (and forgotten), its sends with it.
      await store.remove(sub.id);
      logger.warn({ subscriber: sub.id }, "briefing refused for good: subscription ended");
      return;
    }
    // Sent, or given up: either way not tried again today.
    await store.sent(sub.id, day, owner, this.now());
  }
}
