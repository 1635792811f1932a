import { z } from "zod";
import { sql } from "kysely";
import {
  SYNCHRONOUS_FULL,
  networkDatabaseFile,
  openDatabase,
  writeTransaction,
  type Store,
} from "../db/open";
import { isDatabaseUnavailable, type DatabaseHealth, type HealthLog } from "../db/health";
import { openPostgres } from "../db/postgres";
import { CONTACT_LIMITS } from "./limits";
import { loadSenderSecret, senderKey, senderSecretFile } from "./sender-key";

/** At most this many messages from one sender (an IPv4 address or IPv6 /64) in RATE_WINDOW_MS. */
export const RATE_LIMIT = 3;
export const RATE_WINDOW_MS = 10 * 60_000;

export { CONTACT_LIMITS };

/**
 * The contact form (docs/product.md §3): all four fields required, sensible lengths, a real e-mail shape.
 * Each refusal is named by its kind (FieldProblem), never in words: the page says it in the
 * reader's language (app/lib/contact-messages.server.ts).
 */
export const ContactSchema = z.object({
  name: z.string().trim().min(1, "required").max(CONTACT_LIMITS.name, "tooLong"),
  email: z
    .string()
    .trim()
    .min(1, "required")
    .max(CONTACT_LIMITS.email, "tooLong")
    .pipe(z.email("invalid")),
  subject: z.string().trim().min(1, "required").max(CONTACT_LIMITS.subject, "tooLong"),
  message: z.string().trim().min(1, "required").max(CONTACT_LIMITS.message, "tooLong"),
});

/** Why a field was refused: left empty, longer than its limit, or (the e-mail) not an address. */
export type FieldProblem = "required" | "tooLong" | "invalid";

export type ContactMessage = z.infer<typeof ContactSchema>;

export interface StoredMessage extends ContactMessage {
  id: number;
  /** The city whose contact form it was sent from. */
  site: string;
  createdAt: number;
}

export type ContactField = keyof ContactMessage;

export type SubmitResult =
  | { ok: true; id: number }
  | { ok: false; reason: "invalid"; errors: Partial<Record<ContactField, FieldProblem>> }
  | {
      ok: false;
      reason: "rate-limited";
      /** When the sender may send again, in ms from now. */
      retryAfterMs: number;
      /** The limit reached: RATE_LIMIT messages in RATE_WINDOW_MS (in minutes). */
      limit: { messages: number; windowMinutes: number };
    }
  | {
      ok: false;
      /** The database could not be reached: nothing was stored. */
      reason: "unavailable";
    };

export interface MessageStoreOptions {
  /** The key of the stored sender HMAC (CONTACT_KEY_SECRET, or the generated secret file). */
  secret: string;
  now?: () => number;
}

/** What a city's contact form uses of the store: its own messages and limits. */
export interface CityMessages {
  submit(input: Record<ContactField, string>, senderAddress: string): Promise<SubmitResult>;
  readonly limits: typeof CONTACT_LIMITS;
}

/**
 * The contact messages of every city, kept in the network's database (SQLite or PostgreSQL) for
 * the newsrooms.
 */
export class MessageStore {
  /** The longest each field may be (CONTACT_LIMITS), for the form. */
  readonly limits = CONTACT_LIMITS;
  private readonly secret: string;
  private readonly now: () => number;

  /**
   * Over a store whose commits survive power loss: SQLite opened with synchronous FULL, or
   * PostgreSQL (synchronous_commit on: db/postgres.ts) (openMessageStore); throws on any other.
   */
  constructor(
    private readonly store: Store,
    options: MessageStoreOptions,
  ) {
    // A sender is told their message was received once submit() returns: that must survive a
    // power loss, which a NORMAL connection in WAL mode does not promise.
    if (store.sqlite && store.sqlite.pragma("synchronous", { simple: true }) !== SYNCHRONOUS_FULL)
      throw new Error("MessageStore needs a connection with synchronous = FULL (openMessageStore)");
    this.secret = options.secret;
    this.now = options.now ?? Date.now;
  }

  /**
   * Checks a message to a city (each bad field gets its own explanation) and stores it in a
   * transaction, unless its sender (an address, kept only as a keyed hash of the city and its
   * senderBucket) already sent that city RATE_LIMIT messages in the last RATE_WINDOW_MS. While
   * the database cannot be reached nothing is stored and the result says so ("unavailable"):
   * only an `ok` result is a message received.
   */
  async submit(
    site: string,
    input: Record<ContactField, string>,
    senderAddress: string,
  ): Promise<SubmitResult> {
    const parsed = ContactSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Partial<Record<ContactField, FieldProblem>> = {};
      for (const issue of parsed.error.issues)
        errors[issue.path[0] as ContactField] ??= issue.message as FieldProblem;
      return { ok: false, reason: "invalid", errors };
    }
    const message = parsed.data;
    // Rows stored before the keys were HMACs held a plain SHA-256 of the address, reversible for
    // IPv4; step 5 (db/legacy-schema.ts) blanked them. Their senders start a fresh window once,
    // which is all the ten-minute limit loses.
    const sender = senderKey(this.secret, senderAddress, site);
    const now = this.now();
    // The count and the insert in one transaction, one sender at a time across every instance:
    // SQLite's write lock (taken first: writeTransaction), PostgreSQL's transaction-scoped
    // advisory lock on the (city, sender) pair, released at commit or rollback whatever happens,
    // also when the instance dies. From: https://www.postgresql.org/docs/15/explicit-locking.html
    return this.insert(site, message, sender, now).catch((err: unknown): SubmitResult => {
      if (isDatabaseUnavailable(err)) return { ok: false, reason: "unavailable" };
      throw err;
    });
  }

  /** Counts the sender's recent messages and stores this one, in one transaction (submit). */
  private insert(
    site: string,
    message: ContactMessage,
    sender: string,
    now: number,
  ): Promise<SubmitResult> {
    return writeTransaction(this.store, async (db): Promise<SubmitResult> => {
      if (this.store.dialect === "postgres") {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${site} ${sender}`}, 0))`.execute(
          db,
        );
      }
      const { n, oldest } = await db
        .selectFrom("messages")
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")])
        .where("site", "=", site)
        .where("sender", "=", sender)
        .where("created_at", ">", now - RATE_WINDOW_MS)
        .executeTakeFirstOrThrow();
      if (Number(n) >= RATE_LIMIT) {
        // The window frees up when the oldest message in it leaves it.
        const retryAfterMs = (oldest === null ? now : Number(oldest)) + RATE_WINDOW_MS - now;
        return {
          ok: false,
          reason: "rate-limited",
          retryAfterMs,
          limit: { messages: RATE_LIMIT, windowMinutes: Math.round(RATE_WINDOW_MS / 60_000) },
        };
      }
      const { id } = await db
        .insertInto("messages")
        .values({ site, ...message, sender, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true, id };
    });
  }

  /** A city's stored messages (every city's without one), newest first. */
  async list(limit = 100, site?: string): Promise<StoredMessage[]> {
    let query = this.store.db
      .selectFrom("messages")
      .select(["id", "site", "name", "email", "subject", "message", "created_at as createdAt"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit);
    if (site !== undefined) query = query.where("site", "=", site);
    return query.execute();
  }

  /** What one city's contact form uses. */
  forSite(site: string): CityMessages {
    return { submit: (input, address) => this.submit(site, input, address), limits: this.limits };
  }
}

export interface MessageStoreSetup {
  dataDir: string;
  /** CONTACT_KEY_SECRET; when unset, the secret generated once into DATA_DIR (senderSecretFile). */
  secret?: string;
  /** DATABASE_URL: PostgreSQL instead of the SQLite database in DATA_DIR. */
  databaseUrl?: string;
  /** PostgreSQL: the health tracker its pool reports to (the process's unless given), and its log. */
  health?: DatabaseHealth;
  log?: HealthLog;
  now?: () => number;
}

/**
 * Opens the message store. SQLite: on its own connection to the network's database, with
 * synchronous FULL. The messages stay in the news database (`npm run messages` reads the same
 * file); since PRAGMA synchronous belongs to the connection, the news engine's connection keeps
 * NORMAL and its bulk article writes stay as fast as before. In WAL mode a FULL commit syncs the
 * WAL, so it also makes the news frames written before it durable: a cost paid per contact
 * message (rare), never per article write. PostgreSQL: a pool of its own (two connections), so
 * that a reader's message never waits behind a burst of feed writes holding the news pool; every
 * commit synchronous. The caller closes `db`.
 */
export async function openMessageStore(
  setup: MessageStoreSetup,
): Promise<{ store: MessageStore; db: Store }> {
  const secret = setup.secret ?? loadSenderSecret(senderSecretFile(setup.dataDir));
  const db = setup.databaseUrl
    ? await openPostgres(setup.databaseUrl, { poolSize: 2, health: setup.health, log: setup.log })
    : await openDatabase(networkDatabaseFile(setup.dataDir), { synchronous: "FULL" });
  return { store: new MessageStore(db, { secret, now: setup.now }), db };
}
