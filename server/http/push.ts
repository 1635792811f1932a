import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import { json } from "./answers";
import type { CityExchange, Handler } from "./exchange";
import type { Refusal } from "./refusals";
import { sendRefusal } from "./refusals";
import {
  PUSH_BODY_LIMIT,
  PushInputError,
  endpointUrl,
  parseJson,
  readEndpoint,
  readSubscription,
} from "../push/subscription";
import type { PushApi } from "../push/service";
import { BodyTooLarge, readBody, sameOrigin } from "./request-body";

export const PUSH_KEY_PATH = "/api/push/key";
export const PUSH_SUBSCRIPTIONS_PATH = "/api/push/subscriptions";

/** A push request's body, refused with the API's 413 past PUSH_BODY_LIMIT. */
async function pushBody(req: IncomingMessage): Promise<string> {
  try {
    return await readBody(req, PUSH_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new PushInputError("too-large", "The request body is too large.", 413);
    }
    throw error;
  }
}

function refuse(res: CityExchange["res"], error: PushInputError): void {
  if (error.status === 413) res.setHeader("Connection", "close");
  json(res, error.status, { error: error.code, message: error.message });
}

/**
 * Web Push's API, per site (an edition's under its prefix): the network's public VAPID key
 * (`GET /api/push/key`), and a reader's subscription to warnings for some of the site's alert
 * zones (`POST /api/push/subscriptions`: 201 made, 200 its zones replaced) or its end (`DELETE`:
 * 204). Writes come from the site's own pages (the contact form's Origin rule) as JSON of at most
 * PUSH_BODY_LIMIT bytes; a bad one is a 4xx naming what is wrong, and nothing is kept.
 */
export function pushRoutes(
  api: PushApi,
  clientOf: (req: IncomingMessage) => { address: string; origin: string },
  logger: Logger,
): Handler<CityExchange> {
  return (exchange) => {
    const { res, pathname } = exchange;
    if (pathname !== PUSH_KEY_PATH && pathname !== PUSH_SUBSCRIPTIONS_PATH) return false;
    let services;
    try {
      services = exchange.city();
    } catch (error) {
      sendRefusal(res, error as Refusal);
      return true;
    }
    const zones = services.site.content.pages.weather.alertZones ?? [];
    answer(exchange, zones, api, clientOf).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof PushInputError) return refuse(res, error);
      logger.error({ err: error }, "push subscription failed");
      json(res, 503, { error: "unavailable", message: "Warnings are unavailable right now." });
    });
    return true;
  };
}

/** The alert zones a site offers warnings for (its weather page's alertZones). */
type OfferedZones = readonly { code: string }[];

async function answer(
  exchange: CityExchange,
  zones: OfferedZones,
  api: PushApi,
  clientOf: (req: IncomingMessage) => { address: string; origin: string },
): Promise<void> {
  const { req, res, pathname } = exchange;
  if (zones.length === 0)
    return json(res, 404, { error: "no-zones", message: "This site offers no warnings." });
  if (pathname === PUSH_KEY_PATH) {
    if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(res, "GET, HEAD");
    const { publicKey } = await api.keys();
    res.setHeader("Cache-Control", "no-store");
    return json(res, 200, { publicKey });
  }
  if (req.method !== "POST" && req.method !== "DELETE")
    return methodNotAllowed(res, "POST, DELETE");
  const client = clientOf(req);
  const body = await jsonBody(req, client.origin);
  if (req.method === "DELETE") {
    await api.unsubscribe(readEndpoint(body));
    res.writeHead(204, { "Cache-Control": "no-store" });
    res.end();
    return;
  }
  return subscribe(exchange, body, { zones, api, address: client.address });
}

function methodNotAllowed(res: CityExchange["res"], allow: string): void {
  res.setHeader("Allow", allow);
  json(res, 405, { error: "method", message: `Use ${allow}.` });
}

/** A write's JSON body, from the site's own pages (the contact form's Origin rule) only. */
async function jsonBody(req: IncomingMessage, origin: string): Promise<unknown> {
  if (!sameOrigin(req, origin))
    throw new PushInputError("cross-origin", "Subscribe from this site's own pages.", 403);
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (type !== "application/json")
    throw new PushInputError("unsupported-type", "Send application/json.", 415);
  return parseJson(await pushBody(req));
}

/** A reader's subscription kept (201) or its zones replaced (200), once its endpoint is vetted. */
async function subscribe(
  exchange: CityExchange,
  body: unknown,
  { zones, api, address }: { zones: OfferedZones; api: PushApi; address: string },
): Promise<void> {
  const offered = new Set(zones.map((zone) => zone.code));
  const sub = readSubscription(body, offered, (host) => api.allowsHttp(host));
  try {
    await api.vet(endpointUrl(sub.endpoint, (host) => api.allowsHttp(host)));
  } catch {
    throw new PushInputError(
      "bad-endpoint",
      "The subscription's endpoint is not a push service this site can reach.",
    );
  }
  const result = await api.subscribe(exchange.site, sub, address);
  if (result === "reader-cap" || result === "total-cap")
    throw new PushInputError(
      "too-many",
      result === "reader-cap"
        ? "Too many subscriptions from this network: turn one off first."
        : "Warnings are not taking new subscriptions right now.",
      429,
    );
  json(exchange.res, result === "created" ? 201 : 200, { zones: sub.zones });
}
