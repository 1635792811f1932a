import { z } from "zod";
import { SYNCHRONOUS_FULL, networkDatabaseFile, openDatabase, type Db } from "../db/open";
import { CONTACT_LIMITS } from "./limits";
import { loadSenderSecret, senderKey, senderSecretFile } from "./sender-key";

/** At most this many messages from one sender (an IPv4 address or IPv6 /64) in RATE_WINDOW_MS. */
export const RATE_LIMIT = 3;
export const RATE_WINDOW_MS = 10 * 60_000;

export { CONTACT_LIMITS };

const count = (n: number) => n.toLocaleString("en-US");

/** The contact form (SPEC.md §3): all four fields required, sensible lengths, a real e-mail shape. */
export const ContactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name.")
    .max(
      CONTACT_LIMITS.name,
      `Please keep your name under ${count(CONTACT_LIMITS.name)} characters.`,
    ),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(CONTACT_LIMITS.email, "Please enter a shorter e-mail address.")
    .pipe(z.email("Please enter a valid e-mail address.")),
  subject: z
    .string()
    .trim()
    .min(1, "Please enter a subject.")
    .max(
      CONTACT_LIMITS.subject,
      `Please keep the subject under ${count(CONTACT_LIMITS.subject)} characters.`,
    ),
  message: z
    .string()
    .trim()
    .min(1, "Please enter your message.")
    .max(
      CONTACT_LIMITS.message,
      `Please keep your message under ${count(CONTACT_LIMITS.message)} characters.`,
    ),
});

/** What a sender who reached the rate limit is told, `retryAfterMs` before they may send again. */
export function rateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const window = Math.round(RATE_WINDOW_MS / 60_000);
  return `You have sent ${RATE_LIMIT} messages in the last ${window} minutes. Please try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`;
}

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
  | { ok: false; reason: "invalid"; errors: Partial<Record<ContactField, string>> }
  | {
      ok: false;
      reason: "rate-limited";
      /** When the sender may send again, in ms from now. */
      retryAfterMs: number;
      /** What to tell the sender (rateLimitMessage). */
      message: string;
    };

export interface MessageStoreOptions {
  /** The key of the stored sender HMAC (CONTACT_KEY_SECRET, or the generated secret file). */
  secret: string;
  now?: () => number;
}

/** What a city's contact form uses of the store: its own messages and limits. */
export interface CityMessages {
  submit(input: Record<ContactField, string>, senderAddress: string): SubmitResult;
  readonly limits: typeof CONTACT_LIMITS;
}

/** The contact messages of every city, kept in the network's SQLite database for the newsrooms. */
export class MessageStore {
  /** The longest each field may be (CONTACT_LIMITS), for the form. */
  readonly limits = CONTACT_LIMITS;
  private readonly secret: string;
  private readonly now: () => number;

  /** Over a connection opened with synchronous FULL (openMessageStore); throws on any other. */
  constructor(
    private readonly db: Db,
    options: MessageStoreOptions,
  ) {
    // A sender is told their message was received once submit() returns: that must survive a
    // power loss, which a NORMAL connection in WAL mode does not promise.
    if (db.pragma("synchronous", { simple: true }) !== SYNCHRONOUS_FULL)
      throw new Error("MessageStore needs a connection with synchronous = FULL (openMessageStore)");
    this.secret = options.secret;
    this.now = options.now ?? Date.now;
  }

  /**
   * Checks a message to a city (each bad field gets its own explanation) and stores it in a
   * transaction, unless its sender (an address, kept only as a keyed hash of the city and its
   * senderBucket) already sent that city RATE_LIMIT messages in the last RATE_WINDOW_MS.
   */
  submit(site: string, input: Record<ContactField, string>, senderAddress: string): SubmitResult {
    const parsed = ContactSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Partial<Record<ContactField, string>> = {};
      for (const issue of parsed.error.issues)
        errors[issue.path[0] as ContactField] ??= issue.message;
      return { ok: false, reason: "invalid", errors };
    }
    const message = parsed.data;
    // Rows stored before the keys were HMACs held a plain SHA-256 of the address, reversible for
    // IPv4; migration 5 (db/open.ts) blanked them. Their senders start a fresh window once, which
    // is all the ten-minute limit loses.
    const sender = senderKey(this.secret, senderAddress, site);
    const now = this.now();
    return this.db.transaction((): SubmitResult => {
      const { n, oldest } = this.db
        .prepare(
          "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM messages WHERE site = ? AND sender = ? AND created_at > ?",
        )
        .get(site, sender, now - RATE_WINDOW_MS) as { n: number; oldest: number | null };
      if (n >= RATE_LIMIT) {
        // The window frees up when the oldest message in it leaves it.
        const retryAfterMs = (oldest ?? now) + RATE_WINDOW_MS - now;
        return {
          ok: false,
          reason: "rate-limited",
          retryAfterMs,
          message: rateLimitMessage(retryAfterMs),
        };
      }
      const info = this.db
        .prepare(
          "INSERT INTO messages (site, name, email, subject, message, sender, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(site, message.name, message.email, message.subject, message.message, sender, now);
      return { ok: true, id: Number(info.lastInsertRowid) };
    })();
  }

  /** A city's stored messages (every city's without one), newest first. */
  list(limit = 100, site?: string): StoredMessage[] {
    return this.db
      .prepare(
        `SELECT id, site, name, email, subject, message, created_at AS createdAt FROM messages
         ${site === undefined ? "" : "WHERE site = @site"}
         ORDER BY created_at DESC, id DESC LIMIT @limit`,
      )
      .all({ limit, ...(site === undefined ? {} : { site }) }) as StoredMessage[];
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
  now?: () => number;
}

/**
 * Opens the message store on its own connection to the network's database, with synchronous
 * FULL. The messages stay in the news database (`npm run messages` reads the same file); since PRAGMA synchronous belongs to the connection, the news engine's connection
 * keeps NORMAL and its bulk article writes stay as fast as before. In WAL mode a FULL commit syncs
 * the shared WAL, so it also makes the news frames written before it durable: a cost paid per
 * contact message (rare), never per article write. Switching the shared connection to FULL
 * around each message transaction would work too (SQLite allows it between transactions, not
 * inside one), but a connection of its own keeps each setting fixed whatever throws. The caller
 * closes `db`.
 */
export function openMessageStore(setup: MessageStoreSetup): { store: MessageStore; db: Db } {
  const secret = setup.secret ?? loadSenderSecret(senderSecretFile(setup.dataDir));
  const db = openDatabase(networkDatabaseFile(setup.dataDir), { synchronous: "FULL" });
  return { store: new MessageStore(db, { secret, now: setup.now }), db };
}
