import type { MessagePort } from "node:worker_threads";
import type { Logger } from "pino";
import type { MessageDesk, NewsSource, WeatherSource } from "../context";
import type { CityMessages } from "../messages/store";
import type { NewsReader } from "../news/engine";
import type { RenderIo } from "./page";

/**
 * How a page made on a render worker reads what the request thread holds: its city's news (the
 * engine's in-memory snapshots, whose versions the page cache compares) and its contact messages
 * (one store, one writer). Each render gets a MessagePort of its own; the worker asks over it
 * and the request thread answers. Both sides are here so that they agree.
 */

/** The calls a render may make, with their arguments. */
export type RenderCall =
  | { op: "getCategory"; args: Parameters<NewsReader["getCategory"]> }
  | { op: "getCategories"; args: Parameters<NewsReader["getCategories"]> }
  | { op: "search"; args: Parameters<NewsReader["search"]> }
  | { op: "submit"; args: Parameters<CityMessages["submit"]> }
  | { op: "weather"; args: [] };

/** A log line of the render, written by the request thread's logger. */
interface LogLine {
  op: "log";
  level: "info" | "warn" | "error" | "debug";
  fields: Record<string, unknown>;
  msg?: string;
}

type Request = (RenderCall & { id: number }) | LogLine;
/**
 * A call's value, or its error's message and name (the name says what kind of failure it was,
 * e.g. DatabaseUnavailableError, which a loader answers with a 503).
 */
type Answer = { id: number; value: unknown } | { id: number; error: string; name?: string };

/** What the request thread lends a render: its city's news and messages, and a logger. */
export interface LentIo {
  news: NewsReader;
  messages: CityMessages;
  weather: WeatherSource;
  log: Pick<Logger, "info" | "warn" | "error" | "debug">;
}

/** Answers one render's calls on `port` from `io` (the request thread's side). */
export function lendIo(port: MessagePort, io: LentIo): void {
  port.on("message", (request: Request) => {
    if (request.op === "log") {
      io.log[request.level](request.fields, request.msg);
      return;
    }
    // Each call answered when its value is ready (the store may be PostgreSQL); a port closed
    // meanwhile (the render ended) takes no answer.
    void call(io, request)
      .then(
        (value): Answer => ({ id: request.id, value }),
        (error: unknown): Answer => ({
          id: request.id,
          error: error instanceof Error ? error.message : String(error),
          name: error instanceof Error ? error.name : undefined,
        }),
      )
      .then((answer) => port.postMessage(answer));
  });
}

async function call(io: LentIo, request: RenderCall): Promise<unknown> {
  switch (request.op) {
    case "getCategory":
      return io.news.getCategory(...request.args);
    case "getCategories":
      return io.news.getCategories(...request.args);
    case "search":
      return io.news.search(...request.args);
    case "submit":
      return io.messages.submit(...request.args);
    case "weather":
      return io.weather.get();
    default:
      throw new Error(`Unknown render call ${(request as { op: unknown }).op as string}`);
  }
}

/** The render's side: a RenderIo whose calls are answered over `port` (see lendIo). */
export function borrowIo(port: MessagePort, limits: CityMessages["limits"]): RenderIo {
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  port.on("message", (answer: Answer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if ("error" in answer) {
      const error = new Error(answer.error);
      if (answer.name) error.name = answer.name;
      pending.reject(error);
    } else pending.resolve(answer.value);
  });
  port.on("close", () => {
    for (const pending of waiting.values()) pending.reject(new Error("The render's port closed"));
    waiting.clear();
  });
  const ask = <T>(call: RenderCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      port.postMessage({ ...call, id } satisfies Request);
    });
  const news: NewsSource = {
    getCategory: (...args) => ask({ op: "getCategory", args }),
    getCategories: (...args) => ask({ op: "getCategories", args }),
    search: (...args) => ask({ op: "search", args }),
  };
  const messages: MessageDesk = {
    submit: (...args) => ask({ op: "submit", args }),
    limits,
  };
  const weather: WeatherSource = { get: () => ask({ op: "weather", args: [] }) };
  const line =
    (level: LogLine["level"]) =>
    (fields: unknown, msg?: string): void => {
      // Pino's two forms: (fields, message) and (message).
      const line: LogLine =
        typeof fields === "string"
          ? { op: "log", level, fields: {}, msg: fields }
          : { op: "log", level, fields: loggable(fields), msg };
      port.postMessage(line satisfies Request);
    };
  const log = {
    info: line("info"),
    warn: line("warn"),
    error: line("error"),
    debug: line("debug"),
  } as RenderIo["log"];
  return { news, messages, weather, log };
}

/**
 * A log line's fields as they can cross to the request thread: an error (which a structured
 * clone would strip of its stack) as its name, message and stack; anything else that cannot
 * be cloned, as text.
 */
function loggable(fields: unknown): Record<string, unknown> {
  if (typeof fields !== "object" || fields === null) return { value: String(fields) };
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Error) {
      out[name] = { type: value.name, message: value.message, stack: value.stack };
    } else {
      try {
        out[name] = structuredClone(value);
      } catch {
        out[name] = String(value);
      }
    }
  }
  return out;
}
