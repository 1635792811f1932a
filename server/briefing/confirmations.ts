import pLimit from "p-limit";
import type { Logger } from "pino";
import type { CityServices } from "../cities/served";
import { CONFIRM_PATH, confirmationMail, tokenLink } from "./compose";
import type { MailOutcome, OutgoingMail } from "./sender";
import type { BriefingStore } from "./store";

/** Confirmation mails sent at once (off the request path). */
const CONFIRM_CONCURRENCY = 2;

/** Sends a mail; `extend` is told until when the caller's claim must hold (server/briefing/sender.ts). */
export type MailSend = (
  mail: OutgoingMail,
  extend?: (until: number) => Promise<boolean>,
) => Promise<MailOutcome>;

export interface ConfirmationOptions {
  store: Pick<BriefingStore, "mailFailed">;
  /** Undefined while sign-ups are closed (no SMTP_URL): nothing is sent. */
  send: MailSend | undefined;
  /** A site's services, when it is served here. */
  served: (site: string) => CityServices | undefined;
  /** A mail's sender for a site (MAIL_FROM, else the publication's). */
  fromOf: (site: string) => string | undefined;
  logger: Logger;
}

/**
 * The mails asking new subscribers to confirm (double opt-in), sent off the request path (their
 * time tells nothing of the address), CONFIRM_CONCURRENCY at once; one not sent lets the address
 * ask again at once.
 */
export class ConfirmationMails {
  private readonly limit = pLimit(CONFIRM_CONCURRENCY);
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: ConfirmationOptions) {}

  /** Sends the confirmation of sign-up `id` of `email` to `site`, its link naming `token`. */
  send(site: string, id: string, email: string, token: string): void {
    const { send, store, logger } = this.options;
    const services = this.options.served(site);
    if (!services || !send) return;
    const link = tokenLink(services.siteUrl, CONFIRM_PATH, token);
    const mail = confirmationMail(
      { locale: services.site.locale, name: services.site.name, siteUrl: services.siteUrl },
      email,
      link,
    );
    const done: Promise<void> = this.limit(async () => {
      const from = this.options.fromOf(site);
      const outcome = await send({ ...mail, from }).catch(() => "failed" as const);
      if (outcome !== "sent") {
        logger.warn({ outcome }, "briefing confirmation not sent");
        await store.mailFailed(id);
      }
    })
      .catch((err: unknown) => logger.error({ err }, "briefing confirmation failed"))
      .finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Resolves once the confirmation mails under way are sent. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }
}
