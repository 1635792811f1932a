import { sql, type Kysely } from "kysely";

/**
 * Web Push (server/push/): the network's VAPID key pair, made once by the first instance and read
 * by the others (one row); readers' subscriptions, each with its site (the edition it was made
 * on), its zones and a keyed hash of its reader's address (the per-reader cap); and what each
 * subscription was last pushed per topic (a warning in a zone), claimed with a lease so that
 * among instances sharing the database one sends it, and another takes it over when that one
 * died mid-send. Both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE push_keys (
    id integer PRIMARY KEY,
    public_key text NOT NULL,
    private_key text NOT NULL,
    created_at bigint NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE push_subscriptions (
    endpoint text PRIMARY KEY,
    site text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    zones text NOT NULL,
    client text NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_by_client ON push_subscriptions (client)`.execute(db);
  await sql`CREATE TABLE push_sends (
    endpoint text NOT NULL,
    topic text NOT NULL,
    digest text NOT NULL,
    lease_until bigint,
    lease_owner text,
    sent_at bigint,
    updated_at bigint NOT NULL,
    PRIMARY KEY (endpoint, topic)
  )`.execute(db);
  await sql`CREATE INDEX push_sends_by_topic ON push_sends (topic)`.execute(db);
}
