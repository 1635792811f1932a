import { randomUUID } from "node:crypto";
import os from "node:os";
import type { CityServices } from "../cities/served";
import type { SubscriberServiceParts } from "../cities/subscriber-services";
import { loadSenderSecret, senderKey, senderSecretFile } from "../messages/sender-key";
import type { Env } from "../settings/env";
import { readAddress, type AddressProblem } from "./address";
import { ConfirmationMails, type MailSend } from "./confirmations";
import { gatherBriefing } from "./content";
import { BriefingDelivery, type RunTally } from "./delivery";
import { BriefingSchedule, TimedRuns } from "./schedule";
import { createMailSender } from "./sender";
import { BriefingStore } from "./store";
import { readUnsubscribeToken } from "./tokens";

/** How often the scheduler looks at each city's clock. */
export const TICK_MS = 60_000;
/** How often unconfirmed sign-ups past their time, and old sends, are swept. */
export const SWEEP_MS = 3600_000;
export { WINDOW_HOURS } from "./schedule";

/** How a sign-up ended, as the page says it (never whether the address was kept already). */
export type SignUpAnswer =
  | { kind: "accepted"; email: string }
  | { kind: "invalid"; problem: AddressProblem; email: string }
  | { kind: "closed" }
  | { kind: "too-many" };

/** What the briefing's HTTP routes need of the service (server/http/briefing.ts). */
export interface BriefingApi {
  /** Whether sign-ups are open (SMTP_URL is set). */
  readonly open: boolean;
  /** The local hour each city's briefing is sent at (BRIEFING_HOUR). */
  readonly hour: number;
  signUp(site: string, email: string, address: string): Promise<SignUpAnswer>;
  /** What the sign-up a token names is (nothing changed): pending, confirmed, or undefined. */
  confirmation(token: string): Promise<"pending" | "confirmed" | undefined>;
  /** Confirms the sign-up a token names: its site, or undefined (unknown or expired). */
  confirm(token: string): Promise<string | undefined>;
  /** Whether an unsubscribe token names a kept subscriber. */
  subscribed(token: string): Promise<boolean>;
  /** Ends the subscription an unsubscribe token names (its address deleted): whether it was kept. */
  unsubscribe(token: string): Promise<boolean>;
}

export interface BriefingParts extends SubscriberServiceParts {
  /** Sends a mail (tests); SMTP_URL's nodemailer pool unless given. */
  send?: MailSend;
  /** The clock (tests: a fake one for the hours). */
  now?: () => number;
  /** The first retry's wait of a mail (tests shorten it). */
  retryBaseMs?: number;
}

/** A site's services, when it is served here (undefined: unknown, or its data is invalid). */
function servedBy(city: BriefingParts["city"]): (site: string) => CityServices | undefined {
  return (site) => {
    const lookup = city(site);
    return lookup.kind === "city" ? lookup.city : undefined;
  };
}

/** A mail's sender: MAIL_FROM, else the publication's name and its newsroom's address. */
function senderOf(
  env: Env,
  served: (site: string) => CityServices | undefined,
): (site: string) => string | undefined {
  return (site) => {
    if (env.MAIL_FROM) return env.MAIL_FROM;
    const city = served(site)?.site;
    return city ? `"${city.name.replace(/["\\]/g, "")}" <${city.contact.email}>` : undefined;
  };
}

/** SMTP_URL's nodemailer pool, unless the parts give their own `send` (or no SMTP_URL is set). */
function smtpMailer(parts: BriefingParts, now: () => number) {
  const { env } = parts;
  if (parts.send || !env.SMTP_URL) return undefined;
  return createMailSender({
    url: env.SMTP_URL,
    from: env.MAIL_FROM,
    connections: env.BRIEFING_CONCURRENCY,
    retryBaseMs: parts.retryBaseMs,
    now,
  });
}

/** What the briefing's API is made of (openBriefing's). */
interface ApiParts {
  env: Env;
  store: BriefingStore;
  /** CONTACT_KEY_SECRET's key: readers' keyed hashes and the unsubscribe links' HMAC. */
  secret: string;
  confirmations: ConfirmationMails;
  open: boolean;
  now: () => number;
}

/** The sign-ups, confirmations and unsubscribes the HTTP routes make (http/briefing.ts). */
function briefingApi({ env, store, secret, confirmations, open, now }: ApiParts): BriefingApi {
  return {
    open,
    hour: env.BRIEFING_HOUR,
    async signUp(site, text, address) {
      const read = readAddress(text);
      if (!read.ok) return { kind: "invalid", problem: read.problem, email: text.slice(0, 320) };
      if (!open) return { kind: "closed" };
      const client = senderKey(secret, address, "briefing");
      const result = await store.signUp(
        site,
        read.email,
        client,
        env.BRIEFING_MAX_PER_CLIENT,
        now(),
      );
      if (result.kind === "client-cap") return { kind: "too-many" };
      if (result.kind === "mail") confirmations.send(site, result.id, read.email, result.token);
      return { kind: "accepted", email: read.email };
    },
    async confirmation(token) {
      return store.confirmation(token, now());
    },
    async confirm(token) {
      return (await store.confirm(token, now()))?.site;
    },
    async subscribed(token) {
      const id = readUnsubscribeToken(secret, token);
      return id !== undefined && (await store.has(id));
    },
    async unsubscribe(token) {
      const id = readUnsubscribeToken(secret, token);
      return id !== undefined && (await store.remove(id));
    },
  };
}

/**
 * The morning briefing for a process: the store, the mail sender (nodemailer over SMTP_URL),
 * the sign-ups the HTTP routes make, the scheduler that sends each city's briefing at
 * BRIEFING_HOUR in its own time zone, and the sweep of sign-ups never confirmed.
 */
export function openBriefing(parts: BriefingParts) {
  const { env, logger } = parts;
  const now = parts.now ?? Date.now;
  const store = new BriefingStore(parts.db);
  const secret = env.CONTACT_KEY_SECRET ?? loadSenderSecret(senderSecretFile(env.DATA_DIR));
  const mailer = smtpMailer(parts, now);
  const send = parts.send ?? mailer?.send;
  const open = send !== undefined;
  const leaseMs = env.BRIEFING_LEASE_SECONDS * 1000;
  const served = servedBy(parts.city);
  const fromOf = senderOf(env, served);
  const delivery = new BriefingDelivery({
    store,
    send: (mail, extend) => (send ? send(mail, extend) : Promise.resolve("failed")),
    contentOf: async (site) => {
      const services = served(site);
      return services && { ...(await gatherBriefing(services, site, now())), from: fromOf(site) };
    },
    secret,
    owner: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    concurrency: env.BRIEFING_CONCURRENCY,
    leaseMs,
    logger,
    now,
  });
  const confirmations = new ConfirmationMails({ store, send, served, fromOf, logger });
  const schedule = new BriefingSchedule({
    store,
    delivery,
    served,
    sitesOf: parts.sitesOf,
    hour: env.BRIEFING_HOUR,
    leaseMs,
    logger,
    now,
  });
  const runs = new TimedRuns(logger);
  return {
    api: briefingApi({ env, store, secret, confirmations, open, now }),
    store,
    delivery,
    /** Sends a city's briefing of its day now (the scheduler's, and `npm run briefing -- --now`). */
    sendCity: (city: string, day?: string): Promise<RunTally> => schedule.sendCity(city, day),
    /** One look at every city's clock (the scheduler's tick; tests call it with a fake clock). */
    tick: (): Promise<void> => schedule.tick(),
    /** Resolves once the confirmation mails under way are sent. */
    idle: (): Promise<void> => confirmations.idle(),
    start() {
      if (!open) return;
      runs.every(TICK_MS, () => schedule.tick(), "briefing: the scheduler failed")();
      runs.every(SWEEP_MS, () => store.sweep(now()), "briefing: the sweep failed");
    },
    async stop() {
      await runs.stop();
      await this.idle();
      mailer?.close();
    },
  };
}

export type BriefingService = ReturnType<typeof openBriefing>;
