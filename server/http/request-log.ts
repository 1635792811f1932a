import { randomUUID } from "node:crypto";
import {
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from "node:http";
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
 * caller's trace), else a random UUID's 32 hex digits (the same shape as a trace-id; Node draws
 * them from a cache of random bytes, where a randomBytes call per request cost a system call).
 * A client's own X-Request-Id is not taken: it could be anything, of any length.
 */
export function requestIdOf(req: IncomingMessage): string {
  return traceIdOf(req.headers.traceparent) ?? randomUUID().replaceAll("-", "");
}

/**
 * The server's responses (createHttpServer), which carry their request's id (startRequestLog)
 * among the headers they are written with. Node sends the headers given to writeHead as they
 * are, but once one was set before (setHeader) it merges each of them into its header map
 * first: that cost more than the rest of a cached page's answer. The id is added to the
 * headers given instead; a response written any other way gets it set as before.
 * From: https://nodejs.org/docs/latest-v20.x/api/http.html#httpcreateserveroptions-requestlistener
 */
export class IdentifiedResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  /** The id to send as X-Request-Id (startRequestLog), until the headers are written. */
  requestId: string | undefined;

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const id = this.requestId;
    this.requestId = undefined;
    if (typeof reasonOrHeaders === "string") {
      return super.writeHead(statusCode, reasonOrHeaders, this.withId(id, headers));
    }
    return super.writeHead(statusCode, this.withId(id, reasonOrHeaders));
  }

  private withId(
    id: string | undefined,
    headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined,
  ): OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined {
    if (id === undefined) return headers;
    if (headers === undefined || (Array.isArray(headers) && Array.isArray(headers[0]))) {
      this.setHeader(REQUEST_ID_HEADER, id);
      return headers;
    }
    // A flat list of names and values (what the hot paths keep: copied faster than an object).
    if (Array.isArray(headers)) return [...headers, REQUEST_ID_HEADER, id];
    return { ...headers, [REQUEST_ID_HEADER]: id };
  }
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
 * Starts the log line of a request: gives it X-Request-Id, and writes one line when the response is
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
  if (res instanceof IdentifiedResponse) res.requestId = id;
  else res.setHeader(REQUEST_ID_HEADER, id);
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
