import { mkdtempSync } from "node:fs";
import { createServer, request, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "./app";
import type { CityDirectory } from "./cities";
import { Readiness } from "./ready";
import { REQUEST_ID_HEADER, traceIdOf } from "./request-log";

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

/** The app's network steps only (no page is asked for), its log lines kept. */
async function start(): Promise<{ url: string; logs: Record<string, unknown>[] }> {
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "debug" },
    { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const cities: CityDirectory = {
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
  running = createServer(app);
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

describe("the request log", () => {
  it("writes one line per request, with its id sent back as X-Request-Id", async () => {
    const { url, logs } = await start();
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
    const { url } = await start();
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await fetch(`${url}/healthz`)).headers.get(REQUEST_ID_HEADER)),
    );
    expect(new Set(ids).size).toBe(3);
  });

  it("takes the id from a valid traceparent, and not from an all-zero one", async () => {
    const { url } = await start();
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
    const { url, logs } = await start();
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
    const { url, logs } = await start();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const lines = await requestLines(logs, 2);
    expect(lines.map((l) => [l.route, l.status, l.level])).toEqual([
      ["health", 200, 20],
      ["health", 200, 20],
    ]);
  });
});
