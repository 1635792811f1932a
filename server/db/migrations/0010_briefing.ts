import { sql, type Kysely } from "kysely";

/**
 * The morning briefing by e-mail (server/briefing/): readers' sign-ups, each with its site (the
 * edition it was made on, whose language its mails are in), its address, a hash of its secret
 * token (the confirmation and unsubscribe links carry the token itself), when it was confirmed
 * (null: waiting for the reader's click, swept after BRIEFING_PENDING_MS) and when its last
 * confirmation mail went (one an hour at most), and a keyed hash of the address of the reader
 * who signed it up (the per-reader cap; cleared once confirmed). An address is deleted with its
 * sends when it unsubscribes. And each subscriber's briefing of a day (the city's date), claimed
 * with a lease so that among instances sharing the database one sends it, and another takes it
 * over when that one died mid-send. Both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE briefing_subscribers (
    id text PRIMARY KEY,
    site text NOT NULL,
    email text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    client text,
    created_at bigint NOT NULL,
    confirmed_at bigint,
    mailed_at bigint
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX briefing_subscribers_by_address
    ON briefing_subscribers (email, site)`.execute(db);
  await sql`CREATE INDEX briefing_subscribers_by_site ON briefing_subscribers (site, id)`.execute(
    db,
  );
  await sql`CREATE INDEX briefing_subscribers_by_client
    ON briefing_subscribers (client, created_at)`.execute(db);
  await sql`CREATE TABLE briefing_sends (
    subscriber text NOT NULL,
    day text NOT NULL,
    lease_until bigint,
    lease_owner text,
    sent_at bigint,
    updated_at bigint NOT NULL,
    PRIMARY KEY (subscriber, day)
  )`.execute(db);
  await sql`CREATE INDEX briefing_sends_by_updated ON briefing_sends (updated_at)`.execute(db);
}
