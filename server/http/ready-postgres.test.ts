import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { DatabaseHealth } from "../db/health";
import type { Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { pathOf } from "./exchange";
import { READY_PATH, Readiness, readinessProbe } from "./ready";

// /readyz over a real throwaway PostgreSQL that is stopped and started again under it, as the
// server wires it (server/index.ts): a SELECT 1 through the site's pool, the health tracker's
// view first.

let postgres: TestPostgres;
let store: Store;
let server: Server;
let url: string;

beforeAll(async () => {
  postgres = await startPostgres();
  const health = new DatabaseHealth({ log: { warn: () => undefined, error: () => undefined } });
  store = await openPostgres(postgres.createDatabase(), { health });
  const readiness = new Readiness({
    queryDatabase: () => sql`SELECT 1`.execute(store.db),
    databaseAvailable: () => health.available,
    cities: () => 1,
  });
  const probe = readinessProbe(readiness);
  server = createServer((req, res) => {
    if (!probe({ req, res, pathname: pathOf(req.url ?? "/") })) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${READY_PATH}`;
}, 60_000);

afterAll(async () => {
  server?.close();
  await store?.close();
  postgres?.stop();
});

/** Asks /readyz every 100 ms until it answers `status`; the milliseconds that took. */
async function untilStatus(status: number, deadlineMs: number): Promise<number> {
  const started = Date.now();
  let last = 0;
  while (Date.now() - started < deadlineMs) {
    last = (await fetch(url)).status;
    if (last === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/readyz still answered ${last} after ${deadlineMs} ms`);
}

describe("/readyz on PostgreSQL", { timeout: 60_000 }, () => {
  it("says 503 within seconds of PostgreSQL stopping, and 200 within seconds of its return", async () => {
    expect((await fetch(url)).status).toBe(200);
    postgres.halt();
    expect(await untilStatus(503, 5_000)).toBeLessThan(5_000);
    const body = (await (await fetch(url)).json()) as { reasons: string[] };
    expect(body.reasons).toEqual(["database unreachable"]);
    postgres.resume();
    // The health tracker probes again at most every 5 s while the database is away.
    expect(await untilStatus(200, 10_000)).toBeLessThan(10_000);
  });
});
