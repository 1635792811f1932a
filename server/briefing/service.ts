import { randomUUID } from "node:crypto";
import os from "node:os";
import pLimit from "p-limit";
import type { Logger } from "pino";
import { cityOfSite } from "../../sites/editions";
import type { CityLookup } from "../cities/network";
import type { Store } from "../db/open";
import { loadSenderSecret, senderKey, senderSecretFile } from "../messages/sender-key";
import type { Env } from "../settings/env";
import { readAddress, type AddressProblem } from "./address";
import { CONFIRM_PATH, confirmationMail, tokenLink } from "./compose";
import { cityDay, gatherBriefing } from "./content";
import { BriefingDelivery, type RunTally } from "./delivery";
import { createMailSender, type MailOutcome, type OutgoingMail } from "./sender";
import { BriefingStore } from "./store";
import { readUnsubscribeToken } from "./tokens";

/** How often the scheduler looks at each city's clock. */
export const TICK_MS = 60_000;
/** How often unconfirmed sign-ups past their time, and old sends, are swept. */
export const SWEEP_MS = 3600_000;
/** The hours after BRIEFING_HOUR a briefing not sent yet (every instance down) is still sent in. */
export const WINDOW_HOURS = 6;
/** Confirmation mails sent at once (off the request path). */
const CONFIRM_CONCURRENCY = 2;

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
  /** Confirms the sign-up a token names: its site, or undefined (unknown or expired). */
  confirm(token: string): Promise<string | undefined>;
  /** Whether an unsubscribe token names a kept subscriber. */
  subscribed(token: string): Promise<boolean>;
  /** Ends the subscription an unsubscribe token names (its address deleted): whether it was kept. */
  unsubscribe(token: string): Promise<boolean>;
}

export interface BriefingParts {
  env: Env;
  db: Store;
  logger: Logger;
  /** A site's services (cityNetwork's `city`). */
  city: (site: string) => Exclude<CityLookup, { kind: "unknown" }>;
  /** A city's sites (its own and its editions'). */
  sitesOf: (city: string) => string[];
  /** Sends a mail (tests); SMTP_URL's nodemailer pool unless given. */
  send?: (mail: OutgoingMail, extend?: (until: number) => Promise<boolean>) => Promise<MailOutcome>;
  /** The clock (tests: a fake one for the hours). */
  now?: () => number;
  /** The first retry's wait of a mail (tests shorten it). */
  retryBaseMs?: number;
}

/**
 * The morning briefing for a process: the store, the mail sender (nodemailer over SMTP_URL),
 * the sign-ups the HTTP routes make, the scheduler that sends each city's briefing at
 * BRIEFING_HOUR in its own time zone, and the sweep of sign-ups never confirmed.
 */
export function openBriefing(parts: BriefingParts) {
  const { env, db, logger } = parts;
  const now = parts.now ?? Date.now;
  const store = new BriefingStore(db);
  const secret = env.CONTACT_KEY_SECRET ?? loadSenderSecret(senderSecretFile(env.DATA_DIR));
  const mailer =
    !parts.send && env.SMTP_URL
      ? createMailSender({
          url: env.SMTP_URL,
          from: env.MAIL_FROM,
          connections: env.BRIEFING_CONCURRENCY,
          retryBaseMs: parts.retryBaseMs,
          now,
        })
      : undefined;
  const send = parts.send ?? mailer?.send;
  const open = send !== undefined;
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = env.BRIEFING_LEASE_SECONDS * 1000;
  const served = (site: string) => {
    const lookup = parts.city(site);
    return lookup.kind === "city" ? lookup.city : undefined;
  };
  /** A mail's sender: MAIL_FROM, else the publication's name and its newsroom's address. */
  const fromOf = (site: string): string | undefined => {
    if (env.MAIL_FROM) return env.MAIL_FROM;
    const city = served(site)?.site;
    return city ? `"${city.name.replace(/["\\]/g, "")}" <${city.contact.email}>` : undefined;
  };
  const delivery = new BriefingDelivery({
    store,
    send: (mail, extend) => (send ? send(mail, extend) : Promise.resolve("failed")),
    contentOf: async (site) => {
      const services = served(site);
      return services && { ...(await gatherBriefing(services, site, now())), from: fromOf(site) };
    },
    secret,
    owner,
    concurrency: env.BRIEFING_CONCURRENCY,
    leaseMs,
    logger,
    now,
  });
  const confirmations = pLimit(CONFIRM_CONCURRENCY);
  const inFlight = new Set<Promise<void>>();
  /** Sends a confirmation mail off the request path (its time tells nothing of the address). */
  const mailConfirmation = (site: string, id: string, email: string, token: string) => {
    const services = served(site);
    if (!services || !send) return;
    const link = tokenLink(services.siteUrl, CONFIRM_PATH, token);
    const mail = confirmationMail(
      { locale: services.site.locale, name: services.site.name, siteUrl: services.siteUrl },
      email,
      link,
    );
    const done: Promise<void> = confirmations(async () => {
      const outcome = await send({ ...mail, from: fromOf(site) }).catch(() => "failed" as const);
      if (outcome !== "sent") {
        logger.warn({ outcome }, "briefing confirmation not sent");
        await store.mailFailed(id);
      }
    })
      .catch((err: unknown) => logger.error({ err }, "briefing confirmation failed"))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  const api: BriefingApi = {
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
      if (result.kind === "mail") mailConfirmation(site, result.id, read.email, result.token);
      return { kind: "accepted", email: read.email };
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
  /** Sends a city's briefing of its day now (the scheduler's, and `npm run briefing -- --now`). */
  const sendCity = async (city: string, day?: string): Promise<RunTally> => {
    const services = served(city);
    if (!services) throw new Error(`briefing: ${city} is not a city served here`);
    const today = day ?? cityDay(now(), services.site.timeZone).day;
    const tally = await delivery.run(parts.sitesOf(city), today);
    logger.info({ city, day: today, ...tally }, "morning briefing sent");
    return tally;
  };
  /** Each city's day whose briefing this instance finished, and when to look again at the rest. */
  const finished = new Map<string, string>();
  const again = new Map<string, number>();
  const tick = async () => {
    const cities = new Set((await store.sites()).map(cityOfSite));
    for (const city of cities) {
      const services = served(city);
      if (!services) continue;
      const at = now();
      const { day, hour } = cityDay(at, services.site.timeZone);
      if (hour < env.BRIEFING_HOUR || hour >= env.BRIEFING_HOUR + WINDOW_HOURS) continue;
      if (finished.get(city) === day || (again.get(city) ?? 0) > at) continue;
      const tally = await sendCity(city, day);
      // Claims another instance holds: looked at again once their lease may have run out.
      if (tally.held === 0) finished.set(city, day);
      else again.set(city, at + leaseMs);
    }
  };
  const timers: ReturnType<typeof setInterval>[] = [];
  const running = new Set<Promise<void>>();
  const every = (ms: number, work: () => Promise<unknown>, what: string) => {
    // One run at a time: a city's briefing may take longer than a tick.
    let busy = false;
    const run = () => {
      if (busy) return;
      busy = true;
      const done: Promise<void> = work()
        .then(() => undefined)
        .catch((err: unknown) => logger.error({ err }, what))
        .finally(() => {
          busy = false;
          running.delete(done);
        });
      running.add(done);
    };
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
    return run;
  };
  return {
    api,
    store,
    delivery,
    sendCity,
    /** One look at every city's clock (the scheduler's tick; tests call it with a fake clock). */
    tick,
    /** Resolves once the confirmation mails under way are sent. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    start() {
      if (!open) return;
      every(TICK_MS, tick, "briefing: the scheduler failed")();
      every(SWEEP_MS, () => store.sweep(now()), "briefing: the sweep failed");
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
      await this.idle();
      mailer?.close();
    },
  };
}

export type BriefingService = ReturnType<typeof openBriefing>;
