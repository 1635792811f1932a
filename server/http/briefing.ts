import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { translatorFor } from "../../common/i18n";
import { isDatabaseUnavailable } from "../db/health";
import { BRIEFING_PATH, CONFIRM_PATH, UNSUBSCRIBE_PATH, briefingTime } from "../briefing/compose";
import {
  EMAIL_FIELD,
  HONEYPOT_FIELD,
  briefingPage,
  pitchLines,
  type BriefingPage,
  type PageEdition,
} from "../briefing/pages";
import type { BriefingApi } from "../briefing/service";
import { contentSecurityPolicy, htmlHeaders } from "./headers";
import type { CityExchange, Handler } from "./exchange";
import { sendRefusal, type Refusal } from "./refusals";
import { BodyTooLarge, readBody, sameOrigin } from "./request-body";

/** The most a sign-up's or an unsubscribe's body may hold (a form of one address: a few hundred bytes). */
export const BRIEFING_BODY_LIMIT = 4096;

function send(
  res: ServerResponse,
  status: number,
  html: string,
  extra: Record<string, string> = {},
): void {
  const body = Buffer.from(html);
  res.writeHead(status, {
    ...htmlHeaders(),
    "Content-Security-Policy": contentSecurityPolicy(),
    "Cache-Control": "no-store",
    // The links carry a secret token: never passed on to the next page's site.
    "Referrer-Policy": "no-referrer",
    "Content-Length": String(body.length),
    ...extra,
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/**
 * The morning briefing's routes, per site (an edition's under its prefix), answered with pages
 * the server makes itself (server/briefing/pages.ts), each working without JavaScript:
 * - `GET /briefing`: the sign-up form; `POST /briefing` (a form post from the site's own pages:
 *   the contact form's Origin rule; an address, and the honeypot no person fills in) signs an
 *   address up and mails it a confirmation link: 200 with the same words whether or not the
 *   address was kept already, 400 for an address that is none (nothing kept), 429 past the
 *   reader's cap, 503 while sign-ups are closed (no SMTP_URL) or the database is away;
 * - `GET /briefing/confirm?token=…`: the confirmation link (double opt-in), 404 once unknown or
 *   expired;
 * - `GET /briefing/unsubscribe?token=…`: a page with a button (mail scanners follow links), and
 *   `POST` to the same URL (RFC 8058 one-click: any body, any origin; the token is the
 *   authority) ends the subscription at once and deletes the address.
 */
export function briefingRoutes(
  api: BriefingApi,
  clientOf: (req: IncomingMessage) => { address: string; origin: string },
  logger: Logger,
): Handler<CityExchange> {
  return (exchange) => {
    const { req, res, pathname } = exchange;
    const route = pathname.replace(/\/$/, "");
    if (route !== BRIEFING_PATH && route !== CONFIRM_PATH && route !== UNSUBSCRIBE_PATH)
      return false;
    let services;
    try {
      services = exchange.city();
    } catch (error) {
      sendRefusal(res, error as Refusal);
      return true;
    }
    const { site } = services;
    const t = translatorFor(site.locale);
    const edition: PageEdition = {
      locale: site.locale,
      name: site.name,
      home: `${exchange.base}/`,
    };
    const page = (status: number, shown: BriefingPage, extra?: Record<string, string>) =>
      send(res, status, briefingPage(edition, shown), extra);
    const signUpAction = `${exchange.base}${BRIEFING_PATH}`;
    const token = new URL(req.url ?? "/", "http://x").searchParams.get("token") ?? "";
    const tokenAction = (path: string) =>
      `${exchange.base}${path}?token=${encodeURIComponent(token)}`;
    const methods = (allow: string) => {
      res.setHeader("Allow", allow);
      page(405, { title: "briefing.heading", lines: [] });
    };
    const answer = async () => {
      const read = req.method === "GET" || req.method === "HEAD";
      if (route === BRIEFING_PATH) {
        if (read)
          return page(200, {
            title: "briefing.heading",
            lines: pitchLines(edition, api.hour, api.open),
            ...(api.open ? { form: { kind: "sign-up", action: signUpAction, email: "" } } : {}),
          });
        if (req.method !== "POST") return methods("GET, HEAD, POST");
        if (!sameOrigin(req, clientOf(req).origin))
          return page(403, { title: "briefing.notSentTitle", lines: [t("server.crossOrigin")] });
        const form = new URLSearchParams(await readBody(req, BRIEFING_BODY_LIMIT));
        const email = form.get(EMAIL_FIELD) ?? "";
        const accepted = (shown: string) =>
          page(200, {
            title: "briefing.checkInboxTitle",
            lines: [t("briefing.checkInbox", { email: shown }), t("briefing.kept")],
          });
        if ((form.get(HONEYPOT_FIELD) ?? "") !== "") {
          logger.warn({ form: "briefing" }, "honeypot filled: sign-up dropped");
          return accepted(email.trim().slice(0, 254));
        }
        const result = await api.signUp(exchange.site, email, clientOf(req).address);
        if (result.kind === "accepted") return accepted(result.email);
        if (result.kind === "invalid")
          return page(400, {
            title: "briefing.notSentTitle",
            lines: [],
            form: {
              kind: "sign-up",
              action: signUpAction,
              email: result.email,
              error: t(ADDRESS_PROBLEMS[result.problem]),
            },
          });
        if (result.kind === "closed")
          return page(503, { title: "briefing.notSentTitle", lines: [t("briefing.closed")] });
        return page(
          429,
          { title: "briefing.notSentTitle", lines: [t("briefing.tooMany")] },
          { "Retry-After": "3600" },
        );
      }
      if (route === CONFIRM_PATH) {
        if (!read) return methods("GET, HEAD");
        const confirmed = token ? await api.confirm(token) : undefined;
        if (!confirmed)
          return page(404, { title: "briefing.expiredTitle", lines: [t("briefing.expired")] });
        return page(200, {
          title: "briefing.confirmedTitle",
          lines: [
            t("briefing.confirmed", {
              site: site.name,
              time: briefingTime(api.hour, site.locale),
            }),
          ],
        });
      }
      // The unsubscribe link.
      if (read) {
        if (!(await api.subscribed(token)))
          return page(404, {
            title: "briefing.unsubscribeTitle",
            lines: [t("briefing.unknownLink")],
          });
        return page(200, {
          title: "briefing.unsubscribeTitle",
          lines: [t("briefing.unsubscribeAsk")],
          form: { kind: "unsubscribe", action: tokenAction(UNSUBSCRIBE_PATH) },
        });
      }
      if (req.method !== "POST") return methods("GET, HEAD, POST");
      // RFC 8058: the body says List-Unsubscribe=One-Click; whatever it says, the token decides.
      await readBody(req, BRIEFING_BODY_LIMIT);
      await api.unsubscribe(token);
      return page(200, {
        title: "briefing.unsubscribedTitle",
        lines: [t("briefing.unsubscribed")],
      });
    };
    answer().catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof BodyTooLarge) {
        res.setHeader("Connection", "close");
        return page(413, { title: "briefing.notSentTitle", lines: [t("server.bodyTooLarge")] });
      }
      if (!isDatabaseUnavailable(error)) logger.error({ err: error }, "briefing request failed");
      page(
        503,
        { title: "briefing.notSentTitle", lines: [t("briefing.unavailable")] },
        { "Retry-After": "60" },
      );
    });
    return true;
  };
}

const ADDRESS_PROBLEMS = {
  required: "forms.emailRequired",
  tooLong: "forms.emailTooLong",
  invalid: "forms.emailInvalid",
} as const;
