import type { Generated } from "kysely";

/**
 * The tables of the network's database, as Kysely sees them (SQLite and PostgreSQL alike). Times
 * are milliseconds since the epoch (PostgreSQL: bigint, read back as numbers: db/postgres.ts).
 * Booleans are integers 0 and 1, as SQLite keeps them.
 */
export interface FeedsTable {
  id: Generated<number>;
  url: string;
  title: string | null;
  etag: string | null;
  last_modified: string | null;
  last_attempt: number | null;
  last_success: number | null;
  last_error: string | null;
  consecutive_failures: Generated<number>;
  next_attempt: number | null;
  interval_ms: number | null;
  /** Until when an instance holds the feed's refresh (migration 0002), and which one. */
  lease_until: number | null;
  lease_owner: string | null;
}

export interface ArticlesTable {
  id: Generated<number>;
  feed_id: number;
  uid: string;
  title: string;
  summary: string;
  url: string;
  image: string;
  image_is_default: number;
  published_at: number | null;
  claimed_at: number | null;
  category: string;
  /** The story's BCP 47 language, or null when unknown (migration 0004). */
  language: string | null;
  /** The outlet the entry names (RSS's `<source>`), or null (migration 0007). */
  publisher: string | null;
  /** 1 when the entry says it is paid for, else 0 (migration 0007). */
  sponsored: Generated<number>;
  /** Who wrote it, one a line, or null (migration 0009). */
  authors: string | null;
  /** Its categories as plain text, one a line, or null (migration 0009). */
  categories: string | null;
  position: number;
  first_seen: number;
  last_seen: number;
}

export interface MessagesTable {
  id: Generated<number>;
  site: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  sender: string;
  created_at: number;
}

/** A picture whose original failed, and until when its fallback is served (migration 0003). */
export interface PictureFailuresTable {
  id: string;
  until: number;
  reason: string;
}

/** A weather service answer, the last good one of its URL (migration 0005). */
export interface WeatherDocumentsTable {
  url: string;
  body: string;
  fetched_at: number;
}

/** The network's VAPID key pair (migration 0008): one row, id 1. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}

/** A reader's push subscription (migration 0008); zones a JSON array of UGC codes. */
export interface PushSubscriptionsTable {
  endpoint: string;
  site: string;
  p256dh: string;
  auth: string;
  zones: string;
  /** A keyed hash of the reader's address (an IPv4 address or IPv6 /64) and the site. */
  client: string;
  created_at: number;
  updated_at: number;
}

/** What a subscription was pushed of a topic, and who is sending it (migration 0008). */
export interface PushSendsTable {
  endpoint: string;
  topic: string;
  /**
   * What the reader sees of the last push claimed (a hash of its payload), or, when that push
   * failed, the same marked with the service's message (server/push/store.ts failedDigest).
   */
  digest: string;
  lease_until: number | null;
  lease_owner: string | null;
  /** When a push of this topic last reached the endpoint (null until one has). */
  sent_at: number | null;
  updated_at: number;
}

/** A reader's sign-up to the morning briefing (migration 0010). */
export interface BriefingSubscribersTable {
  /** Random and opaque: the sends' key. */
  id: string;
  /** The site (edition) it was made on: its mails' language and city. */
  site: string;
  /** The address, lower-cased domain; deleted when it unsubscribes. */
  email: string;
  /** SHA-256 of the secret token its links carry (base64url). */
  token_hash: string;
  /** A keyed hash of the signing reader's address (the per-reader cap); null once confirmed. */
  client: string | null;
  created_at: number;
  /** When the reader confirmed it; null while it waits (swept when too old). */
  confirmed_at: number | null;
  /** When its last confirmation mail was sent. */
  mailed_at: number | null;
}

/** A subscriber's briefing of a day, and who is sending it (migration 0010). */
export interface BriefingSendsTable {
  subscriber: string;
  /** The city's date, YYYY-MM-DD. */
  day: string;
  lease_until: number | null;
  lease_owner: string | null;
  /** When it was sent or given up (null while it is being sent). */
  sent_at: number | null;
  updated_at: number;
}

export interface Database {
  feeds: FeedsTable;
  articles: ArticlesTable;
  messages: MessagesTable;
  picture_failures: PictureFailuresTable;
  weather_documents: WeatherDocumentsTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_sends: PushSendsTable;
  briefing_subscribers: BriefingSubscribersTable;
  briefing_sends: BriefingSendsTable;
}
