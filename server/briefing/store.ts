import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { writeTransaction, type Store } from "../db/open";
import type { Database as Schema } from "../db/schema";

/** How long a sign-up waits for its confirmation before it is swept (and its address forgotten). */
export const PENDING_MS = 48 * 3600_000;
/** The least time between two confirmation mails to one address. */
export const CONFIRM_MAIL_EVERY_MS = 3600_000;
/** The window of a reader's sign-ups the per-reader cap counts. */
export const CLIENT_WINDOW_MS = 24 * 3600_000;
/** How long a day's sends are remembered (a day's briefing is over the next day). */
export const SENDS_KEPT_MS = 7 * 86_400_000;
/** Subscribers asked for in one query at most (a city's are read in pages). */
const PAGE = 500;

/**
 * How a sign-up ended: a confirmation mail is to be sent (with the token its link carries);
 * nothing to send (the address is subscribed already, or was sent a confirmation within the
 * hour: the reader is told the same as for a new one); or refused by the per-reader cap.
 */
export type SignUpResult =
  { kind: "mail"; id: string; token: string } | { kind: "quiet" } | { kind: "client-cap" };

/** A confirmed subscriber, as a briefing is sent to it. */
export interface Subscriber {
  id: string;
  site: string;
  email: string;
}

/** How a claim ended: this instance sends it; it was sent; another instance is sending it. */
export type ClaimResult = "claimed" | "done" | "held";

/** A token's stored form: SHA-256, base64url (the token is 256 random bits: no salt needed). */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

/** A new secret token for a sign-up's links (256 random bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The briefing's data in the network's database (migration 0010), SQLite or PostgreSQL alike:
 * the sign-ups, and each subscriber's briefing of a day, claimed with a lease.
 */
export class BriefingStore {
  constructor(private readonly store: Store) {}

  /**
   * Signs `email` up for `site`'s briefing from the reader `client` (a keyed hash of its
   * address). A new address, or one waiting for its confirmation whose last mail is more than
   * CONFIRM_MAIL_EVERY_MS old, gets a new token and is to be mailed; an address confirmed
   * already, or mailed within the hour (on any site), is not; a reader with `perClient`
   * unconfirmed sign-ups in CLIENT_WINDOW_MS is refused.
   */
  async signUp(
    site: string,
    email: string,
    client: string,
    perClient: number,
    now = Date.now(),
  ): Promise<SignUpResult> {
    return writeTransaction(this.store, async (tx) => {
      // One reader's sign-ups one at a time across instances (the cap's count and the write).
      if (this.store.dialect === "postgres")
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`briefing ${client}`}, 0))`.execute(
          tx,
        );
      const kept = await tx
        .selectFrom("briefing_subscribers")
        .select(["id", "confirmed_at"])
        .where("email", "=", email)
        .where("site", "=", site)
        .executeTakeFirst();
      if (kept?.confirmed_at != null) return { kind: "quiet" };
      const mailed = await tx
        .selectFrom("briefing_subscribers")
        .select("id")
        .where("email", "=", email)
        .where("mailed_at", ">", now - CONFIRM_MAIL_EVERY_MS)
        .executeTakeFirst();
      if (mailed) return { kind: "quiet" };
      const pending = await tx
        .selectFrom("briefing_subscribers")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("client", "=", client)
        .where("confirmed_at", "is", null)
        .where("created_at", ">", now - CLIENT_WINDOW_MS)
        .executeTakeFirstOrThrow();
      if (Number(pending.n) >= perClient) return { kind: "client-cap" };
      const token = newToken();
      if (kept) {
        await tx
          .updateTable("briefing_subscribers")
          .set({ token_hash: tokenHash(token), mailed_at: now, client })
          .where("id", "=", kept.id)
          .execute();
        return { kind: "mail", id: kept.id, token };
      }
      return insertSignUp(tx, { site, email, client, token }, now);
    });
  }

  /** A confirmation mail could not be sent: the address may ask again at once. */
  async mailFailed(id: string): Promise<void> {
    await this.store.db
      .updateTable("briefing_subscribers")
      .set({ mailed_at: null })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Confirms the sign-up a token names (again: still confirmed), unless it waited longer than
   * PENDING_MS; its site when it is confirmed now.
   */
  async confirm(token: string, now = Date.now()): Promise<{ site: string } | undefined> {
    const hash = tokenHash(token);
    await this.store.db
      .updateTable("briefing_subscribers")
      .set({ confirmed_at: now, client: null })
      .where("token_hash", "=", hash)
      .where("confirmed_at", "is", null)
      .where("created_at", ">", now - PENDING_MS)
      .execute();
    const row = await this.store.db
      .selectFrom("briefing_subscribers")
      .select(["site", "confirmed_at"])
      .where("token_hash", "=", hash)
      .executeTakeFirst();
    return row?.confirmed_at != null ? { site: row.site } : undefined;
  }

  /**
   * What the sign-up a token names is, without changing it (the confirmation link's page):
   * waiting for its confirmation (within PENDING_MS), confirmed, or undefined (unknown or expired).
   */
  async confirmation(
    token: string,
    now = Date.now(),
  ): Promise<"pending" | "confirmed" | undefined> {
    const row = await this.store.db
      .selectFrom("briefing_subscribers")
      .select(["confirmed_at", "created_at"])
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (row === undefined) return undefined;
    if (row.confirmed_at != null) return "confirmed";
    return row.created_at > now - PENDING_MS ? "pending" : undefined;
  }

  /** Whether a subscriber is kept (an unsubscribe link's page). */
  async has(id: string): Promise<boolean> {
    const row = await this.store.db
      .selectFrom("briefing_subscribers")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets a subscriber and its sends (unsubscribed, or its address refused for good). */
  async remove(id: string): Promise<boolean> {
    await this.store.db.deleteFrom("briefing_sends").where("subscriber", "=", id).execute();
    const gone = await this.store.db
      .deleteFrom("briefing_subscribers")
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  }

  /**
   * Forgets sign-ups never confirmed within PENDING_MS (their addresses with them) and sends
   * older than SENDS_KEPT_MS; how many sign-ups went.
   */
  async sweep(now = Date.now()): Promise<number> {
    const gone = await this.store.db
      .deleteFrom("briefing_subscribers")
      .where("confirmed_at", "is", null)
      .where("created_at", "<=", now - PENDING_MS)
      .executeTakeFirst();
    await this.store.db
      .deleteFrom("briefing_sends")
      .where("updated_at", "<", now - SENDS_KEPT_MS)
      .execute();
    return Number(gone.numDeletedRows);
  }

  /** The confirmed subscribers of `sites`, in pages of PAGE. */
  async *subscribers(sites: readonly string[]): AsyncGenerator<Subscriber> {
    let after = "";
    for (;;) {
      const rows = await this.store.db
        .selectFrom("briefing_subscribers")
        .select(["id", "site", "email"])
        .where("site", "in", [...sites])
        .where("confirmed_at", "is not", null)
        .where("id", ">", after)
        .orderBy("id")
        .limit(PAGE)
        .execute();
      yield* rows;
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = last.id;
    }
  }

  /** The sites that have confirmed subscribers (the scheduler's cities). */
  async sites(): Promise<string[]> {
    const rows = await this.store.db
      .selectFrom("briefing_subscribers")
      .select("site")
      .where("confirmed_at", "is not", null)
      .distinct()
      .execute();
    return rows.map((row) => row.site);
  }

  /**
   * Claims the sending of `subscriber`'s briefing of `day` for `leaseMs`. Never when it was
   * sent, nor while another instance holds the lease; once its lease ran out (its instance
   * died mid-send), the next claim takes it over. Among instances claiming at once one wins:
   * the row's insert or its conditional update is one statement.
   */
  async claim(
    subscriber: string,
    day: string,
    owner: string,
    leaseMs: number,
    now = Date.now(),
  ): Promise<ClaimResult> {
    const { db } = this.store;
    const lease = { lease_until: now + leaseMs, lease_owner: owner, updated_at: now };
    const inserted = await db
      .insertInto("briefing_sends")
      .values({ subscriber, day, sent_at: null, ...lease })
      .onConflict((oc) => oc.columns(["subscriber", "day"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return "claimed";
    const taken = await db
      .updateTable("briefing_sends")
      .set(lease)
      .where("subscriber", "=", subscriber)
      .where("day", "=", day)
      .where("sent_at", "is", null)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return "claimed";
    const row = await db
      .selectFrom("briefing_sends")
      .select("sent_at")
      .where("subscriber", "=", subscriber)
      .where("day", "=", day)
      .executeTakeFirst();
    return row && row.sent_at === null ? "held" : "done";
  }

  /** Extends this instance's lease while it retries (false: the lease is no longer its own). */
  async extend(subscriber: string, day: string, owner: string, until: number): Promise<boolean> {
    const done = await this.store.db
      .updateTable("briefing_sends")
      .set({ lease_until: until })
      .where("subscriber", "=", subscriber)
      .where("day", "=", day)
      .where("lease_owner", "=", owner)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  /** Records a claimed briefing as sent (or given up: not tried again), ending the lease. */
  async sent(subscriber: string, day: string, owner: string, now = Date.now()): Promise<void> {
    await this.store.db
      .updateTable("briefing_sends")
      .set({ sent_at: now, lease_until: null, lease_owner: null, updated_at: now })
      .where("subscriber", "=", subscriber)
      .where("day", "=", day)
      .where("lease_owner", "=", owner)
      .execute();
  }

  /** How many confirmed subscribers there are (metrics, the benchmark). */
  async count(): Promise<number> {
    const row = await this.store.db
      .selectFrom("briefing_subscribers")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("confirmed_at", "is not", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** A new address's sign-up kept, to be mailed its token; quiet when another instance kept it. */
async function insertSignUp(
  tx: Kysely<Schema>,
  { site, email, client, token }: { site: string; email: string; client: string; token: string },
  now: number,
): Promise<SignUpResult> {
  const id = randomBytes(12).toString("base64url");
  const made = await tx
    .insertInto("briefing_subscribers")
    .values({
      id,
      site,
      email,
      token_hash: tokenHash(token),
      client,
      created_at: now,
      confirmed_at: null,
      mailed_at: now,
    })
    .onConflict((oc) => oc.columns(["email", "site"]).doNothing())
    .executeTakeFirst();
  // Another instance signed the same address up meanwhile: its mail is on its way.
  if (Number(made.numInsertedOrUpdatedRows ?? 0) === 0) return { kind: "quiet" };
  return { kind: "mail", id, token };
}
