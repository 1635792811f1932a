import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { translatorFor, type MessageKey, type Translator } from "../../common/i18n";
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
import type { CityServices } from "../cities/served";
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
 * - `GET /briefing/confirm?token=…`: the confirmation link (double opt-in): a page with a button
 *   (mail scanners follow links), and `POST` to the same URL confirms; 404 once unknown or
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
  const routes: BriefingRoutes = { api, clientOf, logger };
  return (exchange) => {
    const route = exchange.pathname.replace(/\/$/, "");
    if (route !== BRIEFING_PATH && route !== CONFIRM_PATH && route !== UNSUBSCRIBE_PATH)
      return false;
    let services;
    try {
      services = exchange.city();
    } catch (error) {
      sendRefusal(exchange.res, error as Refusal);
      return true;
    }
    const request = briefingRequest(exchange, route, services.site);
    answer(request, routes).catch((error: unknown) => answerFailure(request, logger, error));
    return true;
  };
}

/** What every briefing route is given (briefingRoutes' arguments). */
interface BriefingRoutes {
  api: BriefingApi;
  clientOf: (req: IncomingMessage) => { address: string; origin: string };
  logger: Logger;
}

/** One request of a briefing route, once its site is known: what its answer needs. */
interface BriefingRequest {
  exchange: CityExchange;
  /** BRIEFING_PATH, CONFIRM_PATH or UNSUBSCRIBE_PATH. */
  route: string;
  site: CityServices["site"];
  t: Translator<MessageKey>;
  edition: PageEdition;
  /** The link's token (`?token=`), "" when it has none. */
  token: string;
  /** Whether it only reads (GET or HEAD). */
  read: boolean;
  /** Answers with a page of the briefing's, in the site's language. */
  page(status: number, shown: BriefingPage, extra?: Record<string, string>): void;
  /** Answers 405, naming the methods the route takes. */
  methods(allow: string): void;
}

function briefingRequest(
  exchange: CityExchange,
  route: string,
  site: CityServices["site"],
): BriefingRequest {
  const { req, res } = exchange;
  const edition: PageEdition = { locale: site.locale, name: site.name, home: `${exchange.base}/` };
  const page = (status: number, shown: BriefingPage, extra?: Record<string, string>) =>
    send(res, status, briefingPage(edition, shown), extra);
  return {
    exchange,
    route,
    site,
    t: translatorFor(site.locale),
    edition,
    token: new URL(req.url ?? "/", "http://x").searchParams.get("token") ?? "",
    read: req.method === "GET" || req.method === "HEAD",
    page,
    methods: (allow) => {
      res.setHeader("Allow", allow);
      page(405, { title: "briefing.heading", lines: [] });
    },
  };
}

async function answer(request: BriefingRequest, routes: BriefingRoutes): Promise<void> {
  if (request.route === BRIEFING_PATH) {
    if (request.read) return showSignUp(request, routes.api);
    if (request.exchange.req.method !== "POST") return request.methods("GET, HEAD, POST");
    return signUp(request, routes);
  }
  if (request.route === CONFIRM_PATH) return confirm(request, routes.api);
  return unsubscribe(request, routes.api);
}

/** The sign-up form (or, while sign-ups are closed, the pitch alone). */
function showSignUp({ exchange, edition, page }: BriefingRequest, api: BriefingApi): void {
  const action = `${exchange.base}${BRIEFING_PATH}`;
  page(200, {
    title: "briefing.heading",
    lines: pitchLines(edition, api.hour, api.open),
    ...(api.open ? { form: { kind: "sign-up", action, email: "" } } : {}),
  });
}

/** A sign-up posted: the address kept and mailed a confirmation link, or why not. */
async function signUp(request: BriefingRequest, { api, clientOf, logger }: BriefingRoutes) {
  const { exchange, t, page } = request;
  const { req } = exchange;
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
        action: `${exchange.base}${BRIEFING_PATH}`,
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

/**
 * The confirmation link (double opt-in): a page with a button, for mail scanners follow links
 * (a GET or HEAD changes nothing), and its post, which confirms. The token is the authority, as
 * for the unsubscribe link: a post from any origin that carries it confirms.
 */
async function confirm(request: BriefingRequest, api: BriefingApi): Promise<void> {
  const { exchange, site, t, token, page } = request;
  // What both the page asking for the press and the page after it say of the briefing.
  const briefing = { site: site.name, time: briefingTime(api.hour, site.locale) };
  const confirmed = () =>
    page(200, { title: "briefing.confirmedTitle", lines: [t("briefing.confirmed", briefing)] });
  const expired = () =>
    page(404, { title: "briefing.expiredTitle", lines: [t("briefing.expired")] });
  if (request.read) {
    const status = token ? await api.confirmation(token) : undefined;
    if (status === undefined) return expired();
    if (status === "confirmed") return confirmed();
    const action = `${exchange.base}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
    return page(200, {
      title: "briefing.confirmTitle",
      lines: [t("briefing.confirmAsk", briefing)],
      form: { kind: "confirm", action },
    });
  }
  if (exchange.req.method !== "POST") return request.methods("GET, HEAD, POST");
  await readBody(exchange.req, BRIEFING_BODY_LIMIT);
  return (token ? await api.confirm(token) : undefined) ? confirmed() : expired();
}

/** The unsubscribe link: a page with a button, and its post (RFC 8058 one-click). */
async function unsubscribe(request: BriefingRequest, api: BriefingApi): Promise<void> {
  const { exchange, t, token, page } = request;
  if (request.read) {
    if (!(await api.subscribed(token)))
      return page(404, {
        title: "briefing.unsubscribeTitle",
        lines: [t("briefing.unknownLink")],
      });
    const action = `${exchange.base}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    return page(200, {
      title: "briefing.unsubscribeTitle",
      lines: [t("briefing.unsubscribeAsk")],
      form: { kind: "unsubscribe", action },
    });
  }
  if (exchange.req.method !== "POST") return request.methods("GET, HEAD, POST");
  // RFC 8058: the body says List-Unsubscribe=One-Click; whatever it says, the token decides.
  await readBody(exchange.req, BRIEFING_BODY_LIMIT);
  await api.unsubscribe(token);
  return page(200, {
    title: "briefing.unsubscribedTitle",
    lines: [t("briefing.unsubscribed")],
  });
}

/** A request that failed: 413 for a body too large, else 503 (logged unless the database is away). */
function answerFailure({ exchange, t, page }: BriefingRequest, logger: Logger, error: unknown) {
  const { res } = exchange;
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
}

const ADDRESS_PROBLEMS = {
  required: "forms.emailRequired",
  tooLong: "forms.emailTooLong",
  invalid: "forms.emailInvalid",
} as const;
