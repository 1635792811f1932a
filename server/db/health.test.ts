import { describe, expect, it } from "vitest";
import {
  CONNECTIONS_LOST,
  DATABASE_REACHABLE,
  DATABASE_UNREACHABLE,
  DatabaseHealth,
  DatabaseUnavailableError,
  isConnectionError,
  isDatabaseUnavailable,
} from "./health";

/** An error as node-postgres or Node's sockets give it: a message and a code. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isConnectionError", () => {
  it("knows the server's shutdowns, refusals and timeouts, and node-postgres's lost connections", () => {
    for (const err of [
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("terminating connection due to crash of another server process", "57P02"),
      withCode("the database system is shutting down", "57P03"),
      withCode("terminating connection due to idle-session timeout", "57P05"),
      withCode("sorry, too many clients already", "53300"),
      withCode("connection failure", "08006"),
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""),
      new Error("wrapped", { cause: withCode("read ECONNRESET", "ECONNRESET") }),
    ]) {
      expect(isConnectionError(err), err.message).toBe(true);
      expect(isDatabaseUnavailable(new DatabaseUnavailableError(err))).toBe(true);
    }
  });

  it("leaves out the errors of a query itself", () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint "feeds_url_key"', "23505"),
      withCode("canceling statement due to statement timeout", "57014"),
      withCode('relation "nope" does not exist', "42P01"),
      new Error("Cannot use a pool after calling end on the pool"),
      "Connection terminated",
      undefined,
    ]) {
      expect(isConnectionError(err)).toBe(false);
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });

  it("is known by its name where only the name and the message travel (a render worker)", () => {
    const crossed = new Error("Database unavailable: connect ECONNREFUSED 127.0.0.1:5432");
    crossed.name = "DatabaseUnavailableError";
    expect(isDatabaseUnavailable(crossed)).toBe(true);
  });
});

/** A tracker whose lines are kept, and a probe whose answer the test sets. */
function tracker() {
  const lines: { level: string; msg: string; [field: string]: unknown }[] = [];
  const health = new DatabaseHealth({
    log: {
      warn: (obj, msg) => lines.push({ ...obj, level: "warn", msg }),
      error: (obj, msg) => lines.push({ ...obj, level: "error", msg }),
    },
    retryMs: 5,
    maxRetryMs: 20,
    burstMs: 10,
  });
  const database = { up: true, probes: 0 };
  health.attach(async () => {
    database.probes++;
    await new Promise((r) => setTimeout(r, 1));
    if (!database.up) throw withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
  });
  const count = (msg: string) => lines.filter((line) => line.msg === msg).length;
  const changed = (available: boolean) =>
    new Promise<void>((resolve) => {
      const stop = health.onChange((now) => {
        if (now === available) {
          stop();
          resolve();
        }
      });
    });
  return { health, lines, database, count, changed };
}

const LOST = withCode("terminating connection due to administrator command", "57P01");

describe("DatabaseHealth", () => {
  it("a burst of lost connections while the database answers: one line, still available", async () => {
    const { health, lines, database, count } = tracker();
    for (let i = 0; i < 5; i++) health.connectionLost(LOST);
    expect(health.failed(LOST)).toBe(true);
    await expect.poll(() => lines.length).toBeGreaterThan(0);
    expect(health.available).toBe(true);
    expect(database.probes).toBe(1);
    expect(count(CONNECTIONS_LOST)).toBe(1);
    expect(lines[0]).toMatchObject({ level: "warn", code: "57P01", failures: 6 });
    expect(count(DATABASE_UNREACHABLE)).toBe(0);
  });

  it("a connection lost just after the probe found the database: the same line", async () => {
    const { health, lines, database, count } = tracker();
    health.connectionLost(LOST);
    await expect.poll(() => database.probes).toBe(1);
    // The probe has answered (1 ms); the burst's last session ends a little later.
    await new Promise((r) => setTimeout(r, 3));
    health.connectionLost(LOST);
    await expect.poll(() => count(CONNECTIONS_LOST)).toBe(1);
    expect(lines[0]).toMatchObject({ level: "warn", failures: 2 });
    expect(database.probes).toBe(1);
  });

  it("an outage: logged once however many failures, probed until it ends, its end logged once", async () => {
    const { health, lines, database, count, changed } = tracker();
    database.up = false;
    const down = changed(false);
    health.connectionLost(LOST);
    await down;
    for (let i = 0; i < 10; i++) health.failed(LOST);
    await new Promise((r) => setTimeout(r, 30));
    expect(health.available).toBe(false);
    expect(database.probes).toBeGreaterThan(2);
    const up = changed(true);
    database.up = true;
    await up;
    expect(health.available).toBe(true);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ["error", DATABASE_UNREACHABLE],
      ["warn", DATABASE_REACHABLE],
    ]);
    expect(lines[0]).toMatchObject({ code: "ECONNREFUSED" });
    expect(lines[1]?.downForMs).toEqual(expect.any(Number));
    expect(count(CONNECTIONS_LOST)).toBe(0);
  });

  it("a query that succeeds ends an outage at once", async () => {
    const { health, database, count, changed } = tracker();
    database.up = false;
    const down = changed(false);
    health.failed(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"));
    await down;
    health.succeeded();
    health.succeeded();
    expect(health.available).toBe(true);
    expect(count(DATABASE_REACHABLE)).toBe(1);
  });

  it("ignores failures that are not of the connection class", () => {
    const { health, database } = tracker();
    expect(health.failed(withCode("duplicate key", "23505"))).toBe(false);
    expect(database.probes).toBe(0);
    expect(health.available).toBe(true);
  });

  it("without a probe, takes a connection failure for an outage", () => {
    const lines: string[] = [];
    const health = new DatabaseHealth({
      log: { warn: (_o, msg) => lines.push(msg), error: (_o, msg) => lines.push(msg) },
    });
    health.failed(LOST);
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        expect(health.available).toBe(false);
        expect(lines).toEqual([DATABASE_UNREACHABLE]);
        health.succeeded();
        expect(lines).toEqual([DATABASE_UNREACHABLE, DATABASE_REACHABLE]);
        resolve();
      }, 5);
    });
  });
});
