import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { type MessageKey, translatorFor } from "../../common/i18n";
import { Abandoned, Overloaded } from "../limiter";
import type { LogBudget } from "./log-budget";
import { textHeaders } from "./headers";
import { noteShed } from "./observe";

/** The largest request body the site reads (its one form is a few kilobytes). */
export const MAX_BODY_BYTES = 64 * 1024;

/** How long a reader turned away under load is asked to wait, in seconds. */
export const OVERLOAD_RETRY_AFTER_S = 2;

/**
 * The locale of answers given for no city (a request refused before its city is known, or for
 * a city whose data cannot be read): the network's, English.
 */
export const NETWORK_LOCALE = "en-US";

/** A text of the server's answers (the catalogue's `server` area). */
export type ServerKey = Extract<MessageKey, `server.${string}`>;

/** A server answer's text in a locale's language (the city's, or the network's). */
export function serverText(key: ServerKey, locale: string = NETWORK_LOCALE): string {
  return translatorFor(locale)(key);
}

/**
 * The locale a city's answers are written in: its own, or the network's when its data cannot be
 * read (then that is itself the refusal).
 */
export function cityLocale(cityOf: () => { site: { locale: string } }): string {
  try {
    return cityOf().site.locale;
  } catch {
    return NETWORK_LOCALE;
  }
}

/**
 * An answer the handler gives itself (a refused request): a status and a short text, its key in
 * the catalogue; its message (what logs and errors show) is the text in English.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly key: ServerKey,
    readonly headers: Record<string, string> = {},
  ) {
    super(serverText(key));
  }
}

/**
 * The refusal a request earns before anything of its body is read: a method the site has no use
 * for (405), a POST that is not a form (415), a declared body over MAX_BODY_BYTES (413). Also
 * what a client that sends `Expect: 100-continue` is told instead of "100 Continue"
 * (server/http/server.ts), so that it never sends a body that would be refused.
 */
export function refusalBeforeBody(req: IncomingMessage): Refusal | undefined {
  const method = req.method ?? "GET";
  if (!["GET", "HEAD", "POST"].includes(method)) {
    return new Refusal(405, "server.methodNotAllowed", { Allow: "GET, HEAD, POST" });
  }
  if (method === "POST") {
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") {
      return new Refusal(415, "server.formType", {
        Accept: "application/x-www-form-urlencoded",
      });
    }
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    return new Refusal(413, "server.bodyTooLarge");
  }
  return undefined;
}

/**
 * Answers a refusal: its status, its short text in the language of `locale` (the city's, where
 * it is known), never stored. A body too large to read is not read: the connection ends with
 * the answer (413).
 */
export function sendRefusal(
  res: ServerResponse,
  refusal: Refusal,
  locale: string = NETWORK_LOCALE,
): void {
  if (refusal.status === 503 && "Retry-After" in refusal.headers) noteShed(res);
  res.writeHead(refusal.status, {
    ...textHeaders(),
    ...refusal.headers,
    ...(refusal.status === 413 ? { Connection: "close" } : {}),
  });
  res.end(serverText(refusal.key, locale));
}

/**
 * A form post must come from this site's own pages: one whose Origin names another (or "null",
 * or no URL) is refused (400) before its body is read, as a reader's mistake rather than an
 * error. React Router checks the same (and would log it as an error with its stack); a post
 * without Origin (an old browser, a script) is left to it and to the form's own checks.
 */
export function refuseCrossOrigin(req: IncomingMessage, url: URL): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  let from: string | undefined;
  try {
    from = origin === "null" ? undefined : new URL(origin).origin;
  } catch {
    from = undefined;
  }
  if (from !== url.origin) {
    throw new Refusal(400, "server.crossOrigin");
  }
}

/** Reads a request body, refusing one larger than MAX_BODY_BYTES as soon as it is (413). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, "server.bodyTooLarge");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Whether an error only says that the reader went away (a closed connection, an abort). */
export function isClientGone(error: unknown): boolean {
  if (error instanceof Abandoned) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ECONNRESET" || code === "EPIPE" || code === "ERR_STREAM_PREMATURE_CLOSE")
    return true;
  return (error as Error | null)?.message === "aborted";
}

/**
 * The refusal an error earns: itself when it is one, 503 with Retry-After for a render shed
 * under load (Overloaded); undefined for a failure of the site's own.
 */
function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof Refusal) return error;
  if (error instanceof Overloaded) {
    return new Refusal(503, "server.busy", {
      "Retry-After": String(OVERLOAD_RETRY_AFTER_S),
    });
  }
  return undefined;
}

/**
 * Answers a request whose page failed: nothing when the reader went away or the answer had
 * begun (the connection ends), a refusal with a warning (a few a minute of each status, no
 * stack) for a reader's mistake or a shed request, and 500 with the error logged otherwise;
 * its text in the language of `locale` (the city's). A shed request that has an answer of its
 * own (`shed`: a contact post's form again, form-again.ts) is given it instead of the text.
 */
export function answerFailure(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  log: { logger: Logger; budget: LogBudget },
  locale: string = NETWORK_LOCALE,
  shed?: (res: ServerResponse) => void,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (!(error instanceof Refusal) && isClientGone(error)) {
    log.logger.debug({ url: req.url }, "reader went away");
    res.destroy();
    return;
  }
  const refusal = refusalOf(error);
  if (refusal) {
    const { status } = refusal;
    const suppressed = log.budget.take(`refused ${status}`);
    if (suppressed !== undefined) {
      log.logger.warn(
        { status, method: req.method, url: req.url, ...(suppressed ? { suppressed } : {}) },
        "request refused",
      );
    }
  } else {
    log.logger.error({ err: error, url: req.url }, "request failed");
  }
  if (shed && error instanceof Overloaded) shed(res);
  else sendRefusal(res, refusal ?? new Refusal(500, "server.internalError"), locale);
}
