import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { RouteClass } from "../metrics/observer";

/**
 * What kind of request a log line is about: a small fixed set (the handler that took it), never
 * the URL, so that lines group and count without a reader's text becoming a label (the metrics'
 * route label is the same).
 */
export type { RouteClass };

/** The response header that carries the request's id (also in its log line). */
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * A W3C Trace Context `traceparent` of version 00: version, 32-hex trace-id, 16-hex parent-id,
 * 2-hex flags, lowercase only. From: https://www.w3.org/TR/trace-context/#traceparent-header
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ZERO_TRACE = "0".repeat(32);
const ZERO_PARENT = "0".repeat(16);

/**
 * The trace-id of a valid `traceparent` header, undefined for anything else: another version, a
 * malformed or all-zero id (the spec says to ignore such a header), or several headers joined.
 */
export function traceIdOf(header: string | string[] | undefined): string | undefined {
  if (typeof header !== "string") return undefined;
  const match = TRACEPARENT.exec(header);
  if (!match) return undefined;
  const [, traceId = "", parentId = ""] = match;
  if (traceId === ZERO_TRACE || parentId === ZERO_PARENT) return undefined;
  return traceId;
}

/**
 * The id of a request: the trace-id of its `traceparent` when valid (the line then joins the
 * caller's trace), else 16 random bytes as 32 hex digits (the same shape as a trace-id). A
 * client's own X-Request-Id is not taken: it could be anything, of any length.
 */
export function requestIdOf(req: IncomingMessage): string {
  return traceIdOf(req.headers.traceparent) ?? randomBytes(16).toString("hex");
}

/** The id each request being logged was given (startRequestLog), for other lines about it. */
const ids = new WeakMap<IncomingMessage, string>();

/** The id of a request given by startRequestLog (undefined for one it never saw). */
export function loggedRequestId(req: IncomingMessage): string | undefined {
  return ids.get(req);
}

/** A request's log line in the making: the handler that takes it says what it was. */
export interface RequestLogEntry {
  readonly id: string;
  /** The kind of request (the handler that took it). */
  route(kind: RouteClass): void;
  /** The city the Host named. */
  city(id: string): void;
}

/**
 * Starts the log line of a request: sets X-Request-Id, and writes one line when the response is
 * done (sent, or its connection closed first: then `aborted`). Probes (/healthz, /readyz) log
 * at debug, so that a load balancer's checks every second do not bury the readers' lines.
 */
export function startRequestLog(
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
): RequestLogEntry {
  const started = performance.now();
  const id = requestIdOf(req);
  let kind: RouteClass = "other";
  let site: string | null = null;
  ids.set(req, id);
  res.setHeader(REQUEST_ID_HEADER, id);
  res.once("close", () => {
    const line = {
      reqId: id,
      method: req.method,
      route: kind,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      city: site,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (kind === "health") logger.debug(line, "request");
    else logger.info(line, "request");
  });
  return {
    id,
    route: (next) => {
      kind = next;
    },
    city: (next) => {
      site = next;
    },
  };
}
