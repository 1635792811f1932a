import { mkdtempSync } from "node:fs";
import {
  createServer,
  request,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "./app";
import type { CitiesByHost } from "./cities";
import { Readiness } from "./ready";
import { REQUEST_ID_HEADER, startRequestLog, traceIdOf } from "./request-log";
import { createHttpServer } from "./server";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT = "00f067aa0ba902b7";

describe("traceIdOf", () => {
  it.each([
    [`00-${TRACE}-${PARENT}-01`, TRACE],
    [`00-${TRACE}-${PARENT}-00`, TRACE],
  ])("takes the trace-id of %s", (header, expected) => {
    expect(traceIdOf(header)).toBe(expected);
  });

  it.each([
    ["an all-zero trace-id", `00-${"0".repeat(32)}-${PARENT}-01`],
    ["an all-zero parent-id", `00-${TRACE}-${"0".repeat(16)}-01`],
    ["another version", `01-${TRACE}-${PARENT}-01`],
    ["version ff", `ff-${TRACE}-${PARENT}-01`],
    ["uppercase hex", `00-${TRACE.toUpperCase()}-${PARENT}-01`],
    ["a short trace-id", `00-${TRACE.slice(1)}-${PARENT}-01`],
    ["a long parent-id", `00-${TRACE}-${PARENT}0-01`],
    ["one-digit flags", `00-${TRACE}-${PARENT}-1`],
    ["trailing fields", `00-${TRACE}-${PARENT}-01-extra`],
    ["two headers joined", `00-${TRACE}-${PARENT}-01, 00-${TRACE}-${PARENT}-01`],
    ["non-hex", `00-${"g".repeat(32)}-${PARENT}-01`],
    ["nothing", ""],
  ])("ignores %s", (_, header) => {
    expect(traceIdOf(header)).toBeUndefined();
  });

  it("ignores a missing or repeated header", () => {
    expect(traceIdOf(undefined)).toBeUndefined();
    expect(traceIdOf([`00-${TRACE}-${PARENT}-01`])).toBeUndefined();
  });
});

/** The site's own server (createHttpServer), or a bare Node one. */
type ServerKind = "site" | "node";

/** The app's network steps only (no page is asked for) on a `kind` server, its log lines kept. */
async function start(
  kind: ServerKind = "site",
): Promise<{ url: string; logs: Record<string, unknown>[] }> {
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "debug" },
    { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const cities: CitiesByHost = {
    idOf: (host) => (host === "testville.example" ? "testville" : undefined),
    editionAt: () => undefined,
    slugsOf: () => undefined,
    city: () => {
      throw new Error("no city in this test");
    },
  };
  const app: RequestListener = createApp({
    services: { isDev: false, embedPlaceholders: false },
    cities,
    version: () => 0,
    logger,
    readiness: new Readiness({ queryDatabase: () => Promise.resolve(), cities: () => 1 }),
    images: (_req, res) => res.writeHead(200, { "Content-Type": "image/webp" }).end("picture"),
    build: {
      server: () => Promise.reject(new Error("no page in this test")),
      clientDir: mkdtempSync(path.join(os.tmpdir(), "client-")),
    },
  });
  running = kind === "site" ? createHttpServer(app) : createServer(app);
  const server = running;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logs };
}

let running: Server | undefined;
afterEach(() => {
  running?.close();
  running = undefined;
});

/** The request lines logged so far, once the response's 'close' has run. */
async function requestLines(logs: Record<string, unknown>[], count: number) {
  for (let i = 0; i < 100 && logs.filter((l) => l.msg === "request").length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return logs.filter((l) => l.msg === "request");
}

describe.each(["site", "node"] as const)("the request log, on a %s server", (kind) => {
  it("writes one line per request, with its id sent back as X-Request-Id", async () => {
    const { url, logs } = await start(kind);
    const res = await fetch(`${url}/anything?q=1`);
    expect(res.status).toBe(404);
    const id = res.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const [line, ...more] = await requestLines(logs, 1);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, reqId: id, method: "GET", route: "other" });
    expect(line).toMatchObject({ status: 404, city: null });
    expect(typeof line?.ms).toBe("number");
    expect(JSON.stringify(line)).not.toContain("anything");
  });

  it("gives each request its own id", async () => {
    const { url } = await start(kind);
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await fetch(`${url}/healthz`)).headers.get(REQUEST_ID_HEADER)),
    );
    expect(new Set(ids).size).toBe(3);
  });

  it("takes the id from a valid traceparent, and not from an all-zero one", async () => {
    const { url } = await start(kind);
    const traced = await fetch(`${url}/healthz`, {
      headers: { traceparent: `00-${TRACE}-${PARENT}-01` },
    });
    expect(traced.headers.get(REQUEST_ID_HEADER)).toBe(TRACE);
    const zero = await fetch(`${url}/healthz`, {
      headers: { traceparent: `00-${"0".repeat(32)}-${PARENT}-01` },
    });
    expect(zero.headers.get(REQUEST_ID_HEADER)).not.toBe("0".repeat(32));
    expect(zero.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("names the route class of the handler that answered and the city the Host named", async () => {
    const { url, logs } = await start(kind);
    // fetch() sends the URL's own Host whatever it is told: node:http sends the one given.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${url}/img/320/some-picture-id`, {
        headers: { Host: "testville.example" },
      });
      req.on("response", (res) => resolve(res.resume().statusCode)).on("error", reject);
      req.end();
    });
    expect(status).toBe(200);
    const [line] = await requestLines(logs, 1);
    expect(line).toMatchObject({ route: "image", city: "testville", status: 200, level: 30 });
    expect(JSON.stringify(line)).not.toContain("some-picture-id");
  });

  it("logs the probes at debug, as route class health (answered for a host naming no city)", async () => {
    const { url, logs } = await start(kind);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const lines = await requestLines(logs, 2);
    expect(lines.map((l) => [l.route, l.status, l.level])).toEqual([
      ["health", 200, 20],
      ["health", 200, 20],
    ]);
  });
});

describe("X-Request-Id on the site's server, however a response writes its headers", () => {
  const logger = pino({ level: "silent" });
  /** Each way a handler may write its head, and a header of its own besides. */
  const writers: Record<string, (res: ServerResponse) => void> = {
    "an object to writeHead": (res) => res.writeHead(200, { "X-Own": "1" }).end("ok"),
    "a reason and an object": (res) => res.writeHead(200, "Fine", { "X-Own": "1" }).end("ok"),
    "a flat list": (res) => res.writeHead(200, ["X-Own", "1"]).end("ok"),
    "setHeader, then end": (res) => {
      res.setHeader("X-Own", "1");
      res.end("ok");
    },
    "setHeader, then an object to writeHead": (res) => {
      res.setHeader("X-Own", "1");
      res.writeHead(201, { "X-Other": "2" }).end("ok");
    },
    "a 304 with no body": (res) => res.writeHead(304, { "X-Own": "1" }).end(),
  };

  it("leaves the response's header map empty until its head is written (Node's fast path)", async () => {
    let before: string[] | undefined;
    const server = createHttpServer((req, res) => {
      startRequestLog(req, res, logger);
      before = res.getHeaderNames();
      res.writeHead(200, { "X-Own": "1" }).end("ok");
    });
    running = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f]{32}$/);
    expect(before).toEqual([]);
  });

  it.each(Object.keys(writers))("%s: sent once, with the response's own headers", async (way) => {
    const server = createHttpServer((req, res) => {
      startRequestLog(req, res, logger);
      writers[way]?.(res);
    });
    running = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const head = await new Promise<{ raw: string[]; status: number }>((resolve, reject) => {
      request(`http://127.0.0.1:${port}/`, (res) => {
        res.resume();
        resolve({ raw: res.rawHeaders, status: res.statusCode ?? 0 });
      })
        .on("error", reject)
        .end();
    });
    const names = head.raw.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(names.filter((n) => n === "x-request-id")).toHaveLength(1);
    const id = head.raw[head.raw.findIndex((n) => n.toLowerCase() === "x-request-id") + 1];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(names).toContain("x-own");
    if (way === "setHeader, then an object to writeHead") {
      expect(head.status).toBe(201);
      expect(names).toContain("x-other");
    }
  });
});
