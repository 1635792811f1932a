import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pathOf, type Exchange } from "./exchange";
import {
  READY_HUNG_RETRY_MS,
  READY_PATH,
  Readiness,
  readinessProbe,
  type ReadinessOptions,
} from "./ready";

/** A server answering only the readiness probe (404 for the rest), and how to ask it. */
async function serve(readiness: Readiness): Promise<{ server: Server; url: string }> {
  const probe = readinessProbe(readiness);
  const server = createServer((req, res) => {
    const exchange: Exchange = { req, res, pathname: pathOf(req.url ?? "/") };
    if (!probe(exchange)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

/** A database whose `SELECT 1` answers, fails or hangs as the test says, counting the queries. */
function fakeDatabase() {
  const state = { mode: "up" as "up" | "down" | "hang", queries: 0 };
  const queryDatabase = () => {
    state.queries++;
    if (state.mode === "up") return Promise.resolve();
    if (state.mode === "down") return Promise.reject(new Error("connect ECONNREFUSED"));
    return new Promise<void>(() => undefined);
  };
  return { state, queryDatabase };
}

let running: Server | undefined;
afterEach(() => {
  running?.close();
  running = undefined;
});

function readiness(options: Partial<ReadinessOptions> & Pick<ReadinessOptions, "queryDatabase">) {
  return new Readiness({ cities: () => 1, cacheMs: 0, ...options });
}

describe("readinessProbe", () => {
  it("answers 200 ready, never stored, to GET and HEAD only", async () => {
    const { server, url } = await serve(readiness(fakeDatabase()));
    running = server;
    const res = await fetch(`${url}${READY_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual({ status: "ready" });
    const head = await fetch(`${url}${READY_PATH}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect((await fetch(`${url}${READY_PATH}`, { method: "POST" })).status).toBe(404);
  });

  it("answers 503 with its reasons when the database fails, and 200 again once it answers", async () => {
    const db = fakeDatabase();
    const { server, url } = await serve(readiness(db));
    running = server;
    db.state.mode = "down";
    const down = await fetch(`${url}${READY_PATH}`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "not ready", reasons: ["database unreachable"] });
    db.state.mode = "up";
    expect((await fetch(`${url}${READY_PATH}`)).status).toBe(200);
  });
});

describe("Readiness", () => {
  it("is not ready once draining, whatever the database", async () => {
    const ready = readiness(fakeDatabase());
    expect(await ready.check()).toEqual({ ready: true, reasons: [] });
    ready.drain();
    expect(await ready.check()).toEqual({ ready: false, reasons: ["shutting down"] });
  });

  it("is not ready without a city", async () => {
    const ready = readiness({ ...fakeDatabase(), cities: () => 0 });
    expect((await ready.check()).reasons).toEqual(["no city loaded"]);
  });

  it("gives up on a database that does not answer within its timeout, and sends no more while it hangs", async () => {
    const db = fakeDatabase();
    db.state.mode = "hang";
    let now = 0;
    const ready = readiness({ ...db, timeoutMs: 20, now: () => now });
    expect(await ready.check()).toEqual({ ready: false, reasons: ["database timed out"] });
    now = READY_HUNG_RETRY_MS - 1;
    expect(await ready.check()).toEqual({ ready: false, reasons: ["database timed out"] });
    expect(db.state.queries).toBe(1);
    db.state.mode = "up";
    now = READY_HUNG_RETRY_MS;
    expect(await ready.check()).toEqual({ ready: true, reasons: [] });
    expect(db.state.queries).toBe(2);
  });

  it("asks the database once per cache period, however many probes come", async () => {
    const db = fakeDatabase();
    let now = 0;
    const ready = readiness({ ...db, cacheMs: 1_000, now: () => now });
    await Promise.all(Array.from({ length: 20 }, () => ready.check()));
    expect(db.state.queries).toBe(1);
    now = 999;
    await ready.check();
    expect(db.state.queries).toBe(1);
    db.state.mode = "down";
    now = 1_000;
    expect((await ready.check()).ready).toBe(false);
    expect(db.state.queries).toBe(2);
  });

  it("sends no query while the health tracker knows the database is away", async () => {
    const db = fakeDatabase();
    let available = false;
    const ready = readiness({ ...db, databaseAvailable: () => available });
    expect(await ready.check()).toEqual({ ready: false, reasons: ["database unreachable"] });
    expect(db.state.queries).toBe(0);
    available = true;
    expect((await ready.check()).ready).toBe(true);
    expect(db.state.queries).toBe(1);
  });
});
