import { sql } from "kysely";
import webpush from "web-push";
import { writeTransaction, type Store } from "../db/open";
import type { NewSubscription, PushTarget } from "./subscription";

/** A kept subscription: where to push, its site (edition) and zones. */
export interface StoredSubscription extends PushTarget {
  site: string;
  zones: string[];
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** How a subscribe ended: made, or its zones replaced, or refused by a cap. */
export type SubscribeResult = "created" | "updated" | "reader-cap" | "total-cap";

/** The subscriptions asked for in one query at most (a zone's readers are read in pages). */
const PAGE = 500;

/**
 * Push's data in the network's database (migration 0008), SQLite or PostgreSQL alike: the VAPID
 * keys, the subscriptions, and each subscription's sends by topic, claimed with a lease.
 */
export class PushStore {
  constructor(private readonly store: Store) {}

  /**
   * The network's VAPID key pair: made once, by whichever instance asks first (the others find
   * it: an insert that loses the race changes nothing), then read.
   */
  async keys(now = Date.now()): Promise<VapidKeys> {
    const row = await this.readKeys();
    if (row) return row;
    const made = webpush.generateVAPIDKeys();
    await this.store.db
      .insertInto("push_keys")
      .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: now })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    const kept = await this.readKeys();
    if (!kept) throw new Error("push_keys: the key pair could not be kept");
    return kept;
  }

  private async readKeys(): Promise<VapidKeys | undefined> {
    return this.store.db
      .selectFrom("push_keys")
      .select(["public_key as publicKey", "private_key as privateKey"])
      .where("id", "=", 1)
      .executeTakeFirst();
  }

  /**
   * Keeps a subscription for `site` (its zones replaced when its endpoint is kept already),
   * unless its reader (`client`: a keyed hash of the address) has `perClient` or the network
   * `total` subscriptions already. A subscription that exists counts against neither.
   */
  async subscribe(
    site: string,
    sub: NewSubscription,
    client: string,
    caps: { perClient: number; total: number },
    now = Date.now(),
  ): Promise<SubscribeResult> {
    // One reader's subscribes one at a time across instances (the caps' count and the insert):
    // SQLite's write lock, PostgreSQL's transaction-scoped advisory lock on the reader.
    return writeTransaction(this.store, async (tx) => {
      if (this.store.dialect === "postgres")
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`push ${client}`}, 0))`.execute(
          tx,
        );
      const zones = JSON.stringify(sub.zones);
      const updated = await tx
        .updateTable("push_subscriptions")
        .set({ site, zones, p256dh: sub.p256dh, auth: sub.auth, updated_at: now })
        .where("endpoint", "=", sub.endpoint)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return "updated";
      const count = async (client?: string) => {
        let query = tx.selectFrom("push_subscriptions").select((eb) => eb.fn.countAll().as("n"));
        if (client !== undefined) query = query.where("client", "=", client);
        return Number((await query.executeTakeFirstOrThrow()).n);
      };
      if ((await count(client)) >= caps.perClient) return "reader-cap";
      if ((await count()) >= caps.total) return "total-cap";
      await tx
        .insertInto("push_subscriptions")
        .values({
          endpoint: sub.endpoint,
          site,
          p256dh: sub.p256dh,
          auth: sub.auth,
          zones,
          client,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("endpoint").doNothing())
        .execute();
      return "created";
    });
  }

  /** Forgets a subscription and its sends; whether it was kept. */
  async unsubscribe(endpoint: string): Promise<boolean> {
    await this.store.db.deleteFrom("push_sends").where("endpoint", "=", endpoint).execute();
    const gone = await this.store.db
      .deleteFrom("push_subscriptions")
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  }

  /** The subscriptions of `sites` wanting any of `zones`, in pages of PAGE. */
  async *subscribers(
    sites: readonly string[],
    zones: ReadonlySet<string>,
  ): AsyncGenerator<StoredSubscription> {
    let after = "";
    for (;;) {
      const rows = await this.store.db
        .selectFrom("push_subscriptions")
        .select(["endpoint", "site", "p256dh", "auth", "zones"])
        .where("site", "in", [...sites])
        .where("endpoint", ">", after)
        .orderBy("endpoint")
        .limit(PAGE)
        .execute();
      for (const row of rows) {
        const wanted = parseZones(row.zones);
        if (wanted.some((zone) => zones.has(zone))) yield { ...row, zones: wanted };
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = last.endpoint;
    }
  }

  /**
   * The endpoints a push of `topic` reached (a cancelled warning's all-clear goes to them): one
   * the push service took, whatever became of a later one. A push that failed reached nobody.
   */
  async sentTopic(topic: string): Promise<Set<string>> {
    const rows = await this.store.db
      .selectFrom("push_sends")
      .select("endpoint")
      .where("topic", "=", topic)
      .where("sent_at", "is not", null)
      .execute();
    return new Set(rows.map((row) => row.endpoint));
  }

  /**
   * Claims the sending of `digest` under `topic` to `endpoint` for `leaseMs`: true when this
   * instance is to send it. A push whose sending ended is claimed again only for another digest
   * (what the reader sees changed), or, when it failed, for the same digest of a later message
   * of the service (`source`: the reader saw nothing of the earlier one, so an update tries
   * again; the same message is not, however often the weather is gone over). Never while
   * another instance holds the lease; once its lease ran out (its instance died mid-send), the
   * next claim takes it over. Among instances claiming at once one wins: the row's insert or
   * its conditional update is one statement (PostgreSQL's row lock, SQLite's one writer). When
   * the push last reached the endpoint (`sent_at`) is kept for the all-clear.
   */
  async claim(
    endpoint: string,
    topic: string,
    digest: string,
    owner: string,
    leaseMs: number,
    now = Date.now(),
    source = "",
  ): Promise<boolean> {
    const { db } = this.store;
    const inserted = await db
      .insertInto("push_sends")
      .values({
        endpoint,
        topic,
        digest,
        lease_until: now + leaseMs,
        lease_owner: owner,
        sent_at: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(["endpoint", "topic"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const taken = await db
      .updateTable("push_sends")
      .set({ digest, lease_until: now + leaseMs, lease_owner: owner, updated_at: now })
      .where("endpoint", "=", endpoint)
      .where("topic", "=", topic)
      .where((eb) =>
        eb.or([
          // Being sent by an instance that died.
          eb.and([eb("lease_until", "is not", null), eb("lease_until", "<=", now)]),
          // Sent (the digest), or failed (its mark), and now something else.
          eb.and([
            eb("lease_until", "is", null),
            eb("digest", "not in", [digest, failedDigest(digest, source)]),
          ]),
        ]),
      )
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }

  /** Extends this instance's lease while it retries (false: the lease is no longer its own). */
  async extend(endpoint: string, topic: string, owner: string, until: number): Promise<boolean> {
    const done = await this.store.db
      .updateTable("push_sends")
      .set({ lease_until: until })
      .where("endpoint", "=", endpoint)
      .where("topic", "=", topic)
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  /** Records a claimed push as sent (the push service took it), ending the lease. */
  async sent(endpoint: string, topic: string, owner: string, now = Date.now()): Promise<void> {
    await this.store.db
      .updateTable("push_sends")
      .set({ sent_at: now, lease_until: null, lease_owner: null, updated_at: now })
      .where("endpoint", "=", endpoint)
      .where("topic", "=", topic)
      .where("lease_owner", "=", owner)
      .execute();
  }

  /**
   * Records a claimed push as failed (refused, or still failing at the end of its time to live),
   * ending the lease: not delivered, so its digest is kept marked (failedDigest) rather than as
   * seen, and `sent_at` stays when an earlier push of the topic reached the reader, if one did.
   */
  async failed(
    endpoint: string,
    topic: string,
    owner: string,
    digest: string,
    source: string,
    now = Date.now(),
  ): Promise<void> {
    await this.store.db
      .updateTable("push_sends")
      .set({
        digest: failedDigest(digest, source),
        lease_until: null,
        lease_owner: null,
        updated_at: now,
      })
      .where("endpoint", "=", endpoint)
      .where("topic", "=", topic)
      .where("lease_owner", "=", owner)
      .execute();
  }

  /** Forgets sends last touched before `before` (a warning is over within a day or two). */
  async prune(before: number): Promise<void> {
    await this.store.db.deleteFrom("push_sends").where("updated_at", "<", before).execute();
  }

  /** The sites that have subscriptions (their cities' weather is kept tracked). */
  async sites(): Promise<string[]> {
    const rows = await this.store.db
      .selectFrom("push_subscriptions")
      .select("site")
      .distinct()
      .execute();
    return rows.map((row) => row.site);
  }

  /** How many subscriptions there are (metrics). */
  async count(): Promise<number> {
    const row = await this.store.db
      .selectFrom("push_subscriptions")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/**
 * What a push's record keeps as its digest when it failed: the digest and the service's message
 * it said, marked, so it is never taken for what the reader sees (a digest is base64url).
 */
export function failedDigest(digest: string, source: string): string {
  return `failed ${digest} ${source}`;
}

function parseZones(text: string): string[] {
  try {
    const zones = JSON.parse(text) as unknown;
    return Array.isArray(zones) ? zones.filter((z): z is string => typeof z === "string") : [];
  } catch {
    return [];
  }
}
