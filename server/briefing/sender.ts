import { setTimeout as sleep } from "node:timers/promises";
import nodemailer from "nodemailer";

/** One mail to send: its envelope's recipient, its words, and its own headers. */
export interface OutgoingMail {
  /** Its sender, when not the sender's own (MAIL_FROM). */
  from?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * How a mail ended: accepted by the SMTP server; refused for good (a 5xx reply: the address is
 * ended); or failed (a 4xx or a connection that kept failing until the attempts ran out).
 */
export type MailOutcome = "sent" | "rejected" | "failed";

export interface MailSenderOptions {
  /** SMTP_URL: smtp:// or smtps://, its user and password in it. */
  url: string;
  /** MAIL_FROM: the sender's address, or a name and one (a mail may name its own). */
  from?: string;
  /** Connections kept open to the server at once (BRIEFING_CONCURRENCY). */
  connections: number;
  /** The first retry's wait, doubled each time (tests shorten it). */
  retryBaseMs?: number;
  /** The most attempts of one mail. */
  attempts?: number;
  /** The clock the callers' leases are on. */
  now?: () => number;
}

export const RETRY_BASE_MS = 5_000;
export const ATTEMPTS = 5;
/** The longest one attempt may take (connection, greeting and the socket's own timeouts). */
const ATTEMPT_MS = 120_000;

/** An SMTP reply code of an error of nodemailer's, if it has one. */
function replyCode(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : undefined;
}

/**
 * Sends mail with nodemailer over SMTP (a pool of `connections`): a 4xx reply (greylisting, a
 * full queue) or a failed connection is tried again with backoff, `attempts` times in all; a 5xx
 * says the address (or the mail) is refused for good. `extend` is told, before each attempt and
 * each wait, until when the caller's claim must hold (false: it is another's now, give up).
 */
export function createMailSender(options: MailSenderOptions) {
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.connections,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const base = options.retryBaseMs ?? RETRY_BASE_MS;
  const attempts = options.attempts ?? ATTEMPTS;
  const now = options.now ?? Date.now;
  async function send(
    mail: OutgoingMail,
    extend?: (until: number) => Promise<boolean>,
  ): Promise<MailOutcome> {
    for (let attempt = 1; ; attempt++) {
      if (extend && !(await extend(now() + ATTEMPT_MS))) return "failed";
      try {
        await transport.sendMail({ ...mail, from: mail.from ?? options.from });
        return "sent";
      } catch (error) {
        const code = replyCode(error);
        if (code !== undefined && code >= 500) return "rejected";
      }
      const delay = base * 2 ** (attempt - 1);
      if (attempt >= attempts) return "failed";
      if (extend && !(await extend(now() + delay + ATTEMPT_MS))) return "failed";
      await sleep(delay);
    }
  }
  return { send, close: () => transport.close() };
}

export type MailSender = ReturnType<typeof createMailSender>;
