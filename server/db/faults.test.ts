import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { oneStoryFeed } from "../../tests/support/news";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { startSeveringProxy, type SeveringProxy } from "../../tests/support/severing-proxy";
import { openMessageStore, type MessageStore } from "../messages/store";
import { NewsEngine } from "../news/engine";
import { Subscriptions } from "../news/subscriptions";
import { NewsStore } from "../news/store";
import {
  CONNECTIONS_LOST,
  DATABASE_REACHABLE,
  DATABASE_UNREACHABLE,
  DatabaseHealth,
  isDatabaseUnavailable,
} from "./health";
import { writeTransaction } from "./open";
import { APPLICATION_NAME, openPostgres } from "./postgres";

// PostgreSQL going away under the site, on a throwaway cluster: a restart, its sessions
// terminated, its idle sessions timed out. The pools live in this test's own process: an
// 'error' event left unhandled would end vitest's worker, and with it the test.

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

const SECRET = "test-secret-of-at-least-32-characters";
const MESSAGE = {
  name: "Ana Ruiz",
  email: "ana@example.org",
  message: "The levee path is flooded.",
};

interface Line {
  level: "warn" | "error";
  msg: string;
  [field: string]: unknown;
}

/** A log that keeps its lines and says when one with a given message comes. */
function capturedLog() {
  const lines: Line[] = [];
  const waiting: { msg: string; resolve: (line: Line) => void }[] = [];
  const add = (level: Line["level"]) => (obj: object, msg: string) => {
    const line = { ...obj, level, msg };
    lines.push(line);
    for (const wait of waiting.filter((w) => w.msg === msg)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(line);
    }
  };
  return {
    lines,
    log: { warn: add("warn"), error: add("error") },
    count: (msg: string) => lines.filter((line) => line.msg === msg).length,
    /** The next line with `msg` (one already logged does not count). */
    next: (msg: string) => new Promise<Line>((resolve) => waiting.push({ msg, resolve })),
  };
}

/** Resolves when `health.available` next becomes `available`. */
function becomes(health: DatabaseHealth, available: boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = health.onChange((now) => {
      if (now !== available) return;
      stop();
      resolve();
    });
  });
}

/**
 * One site's database side as server/index.ts opens it: the news's pool and the contact form's
 * own, both reporting to one health tracker, and its messages' senders' acknowledgements.
 */
async function site(url: string) {
  const logged = capturedLog();
  const health = new DatabaseHealth({ log: logged.log, retryMs: 50, maxRetryMs: 400 });
  const db = await openPostgres(url, { poolSize: 4, health });
  closing.push(() => db.close());
  const opened = await openMessageStore({
    dataDir: "/nonexistent",
    secret: SECRET,
    databaseUrl: url,
    health,
  });
  closing.push(() => opened.db.close());
  const news = new NewsStore(db);
  const messages: MessageStore = opened.store;
  /** The subjects of the messages whose senders were told they were received. */
  const acknowledged: string[] = [];
  let sent = 0;
  const send = async () => {
    const subject = `Message ${++sent}`;
    // Each its own sender: the rate limit stays out of the way.
    const result = await messages.submit("houston", { ...MESSAGE, subject }, `198.51.100.${sent}`);
    if (result.ok) acknowledged.push(subject);
    return result;
  };
  /** Several queries at once, so that the pool holds several connections, idle after. */
  const warm = () =>
    Promise.all(Array.from({ length: 4 }, () => news.feedsByIds([1, 2, 3]))).then(() => {});
  /**
   * Every acknowledged message is stored. Read again while the read itself meets a connection
   * ended under it (another of the pool's idle sessions, timed out a moment later): the rows
   * are what is checked, not that one read's connection.
   */
  const expectNoneLost = async () => {
    const listed = await eventually(() => messages.list(1000));
    const stored = new Set(listed.map((m) => m.subject));
    expect(acknowledged.filter((subject) => !stored.has(subject))).toEqual([]);
  };
  return { db, health, news, messages, send, warm, acknowledged, expectNoneLost, ...logged };
}

/** `work`, tried again every 50 ms until it succeeds (a deadline of 10 s). */
async function eventually<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A superuser's connection to the cluster, for what the tests do to the site's sessions. */
async function admin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: postgres.adminUrl });
  client.on("error", () => {});
  await client.connect();
  closing.push(() => client.end().catch(() => {}));
  return client;
}

describe("PostgreSQL going away", () => {
  it("a fast restart: the outage and its end logged once each, 503-class failures meanwhile, nothing acknowledged lost", async () => {
    const s = await site(postgres.createDatabase());
    await s.warm();
    for (let i = 0; i < 3; i++) expect((await s.send()).ok).toBe(true);

    const down = becomes(s.health, false);
    postgres.halt("fast");
    try {
      await down;
      expect(s.health.available).toBe(false);
      // What needs the database fails at once, saying why (a page answers 503 for it)...
      const failed = await s.news.feeds().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // ...and a sender is told their message was not received.
      expect(await s.send()).toEqual({ ok: false, reason: "unavailable" });
    } finally {
      const up = becomes(s.health, true);
      postgres.resume();
      // Back by itself: the tracker's probe finds it (no query needed).
      await up;
    }
    expect(s.health.available).toBe(true);
    expect(await s.news.feeds()).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await s.send()).ok).toBe(true);
    expect(s.acknowledged).toHaveLength(6);
    await s.expectNoneLost();
    expect(s.count(DATABASE_UNREACHABLE)).toBe(1);
    expect(s.count(DATABASE_REACHABLE)).toBe(1);
    expect(s.lines.find((line) => line.msg === DATABASE_UNREACHABLE)?.level).toBe("error");
  }, 30_000);

  it("pg_terminate_backend of the site's sessions: replaced on next use, logged once, no outage", async () => {
    const url = postgres.createDatabase();
    const s = await site(url);
    await s.warm();
    for (let i = 0; i < 3; i++) expect((await s.send()).ok).toBe(true);
    const database = new URL(url).pathname.slice(1);
    const lost = s.next(CONNECTIONS_LOST);
    const { rows } = await (
      await admin()
    ).query<{ pid: number }>(
      `WITH site AS MATERIALIZED (
         SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = $2)
       SELECT pid FROM site WHERE pg_terminate_backend(pid)`,
      [APPLICATION_NAME, database],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const line = await lost;
    expect(line).toMatchObject({ level: "warn", code: "57P01" });
    expect(s.health.available).toBe(true);
    // The pool opens new connections for what comes next.
    expect(await eventually(() => s.news.feeds())).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await eventually(() => s.send())).ok).toBe(true);
    await s.expectNoneLost();
    expect(s.acknowledged).toHaveLength(6);
    // Every session terminated is counted, in as few lines as bursts (here: one).
    const counted = s.lines
      .filter((l) => l.msg === CONNECTIONS_LOST)
      .reduce((n, l) => n + (l.failures as number), 0);
    expect(counted).toBe(rows.length);
    expect(s.count(CONNECTIONS_LOST)).toBe(1);
    expect(s.count(DATABASE_UNREACHABLE)).toBe(0);
    expect(s.count(DATABASE_REACHABLE)).toBe(0);
  }, 30_000);

  it("idle_session_timeout ending the site's idle sessions: replaced on next use, no outage", async () => {
    const url = postgres.createDatabase();
    const root = await admin();
    // Every new session of the site's role ends after one idle second (ALTER ROLE … SET).
    await root.query("ALTER ROLE site SET idle_session_timeout = '1s'");
    closing.push(async () => {
      await root.query("ALTER ROLE site RESET idle_session_timeout");
    });
    const s = await site(url);
    const lost = s.next(CONNECTIONS_LOST);
    await s.warm();
    for (let i = 0; i < 3; i++) expect((await s.send()).ok).toBe(true);
    const line = await lost;
    expect(line).toMatchObject({ level: "warn", code: "57P05" });
    expect(s.health.available).toBe(true);
    expect(await eventually(() => s.news.feeds())).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await eventually(() => s.send())).ok).toBe(true);
    // Idle again past the timeout: ended again, survived again.
    await s.next(CONNECTIONS_LOST);
    expect(await eventually(() => s.news.feeds())).toEqual([]);
    await s.expectNoneLost();
    expect(s.acknowledged).toHaveLength(6);
    expect(s.count(DATABASE_UNREACHABLE)).toBe(0);
  }, 30_000);
});

describe("a pooled connection the server closed just as it was handed out", () => {
  /**
   * The site's database through a proxy that cuts the pool's idle connections (the migrations',
   * the warm reads'), by default unnoticed (`proxy.sever`).
   */
  async function throughProxy(cut = (proxy: SeveringProxy) => proxy.sever()) {
    const url = new URL(postgres.createDatabase());
    const proxy = await startSeveringProxy(Number(url.port));
    closing.push(() => proxy.close());
    url.port = String(proxy.port);
    const s = await site(url.href);
    await s.warm();
    expect(cut(proxy)).toBeGreaterThanOrEqual(2);
    return { ...s, proxy };
  }

  it("a message's transaction is begun again on another connection: received, stored once", async () => {
    const s = await throughProxy();
    expect(await s.send()).toEqual({ ok: true, id: expect.any(Number) });
    expect(s.health.available).toBe(true);
    expect(s.count(DATABASE_UNREACHABLE)).toBe(0);
    expect(await s.messages.list(10)).toHaveLength(1);
  }, 30_000);

  it("a connection whose BEGIN the server answered with its FATAL error is not handed out again", async () => {
    // The pool's idle connections all end as idle_session_timeout ends them, each as the
    // client's BEGIN crosses it: the error arrives before the socket's end. Such a connection
    // goes back to the pool still looking usable unless it is destroyed on release; handed out
    // again, it fails the next attempt as well, and the pool runs out of attempts.
    const s = await throughProxy((proxy) =>
      proxy.terminate("57P05", "terminating connection due to idle-session timeout"),
    );
    expect(await s.send()).toEqual({ ok: true, id: expect.any(Number) });
    expect(await s.send()).toEqual({ ok: true, id: expect.any(Number) });
    expect(s.health.available).toBe(true);
    expect(s.count(DATABASE_UNREACHABLE)).toBe(0);
    expect(await s.messages.list(10)).toHaveLength(2);
  }, 30_000);

  it("a transaction that fails after its BEGIN is not run again", async () => {
    const s = await throughProxy();
    let runs = 0;
    const failed = await writeTransaction(s.db, async (db) => {
      runs++;
      await sql`SELECT 1`.execute(db);
      s.proxy.sever();
      await sql`SELECT 2`.execute(db);
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(runs).toBe(1);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(failed).toMatchObject({ atBegin: false });
  }, 30_000);
});

describe("the news while PostgreSQL is away", () => {
  const T0 = Date.parse("2026-11-25T12:00:00Z");
  const FEED = "https://a.example/local.xml";
  const rss = (title: string) => oneStoryFeed(title, T0, FEED);

  it("serves what it holds, fails searches as unavailable, keeps refreshing without crashing, and recovers", async () => {
    const logged = capturedLog();
    const health = new DatabaseHealth({ log: logged.log, retryMs: 50, maxRetryMs: 400 });
    const db = await openPostgres(postgres.createDatabase(), { poolSize: 3, health });
    closing.push(() => db.close());
    const clock = { now: T0 };
    const engineLog = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
    const engine = await NewsEngine.open({
      store: new NewsStore(db),
      subscriptions: Subscriptions.of("houston", "America/Chicago", { local: [FEED] }),
      log: engineLog,
      userAgent: "test",
      defaultImage: "/d.svg",
      refreshMs: 60_000,
      now: () => clock.now,
      random: () => 0.5,
      fetch: async () => rss("Levee repairs begin"),
    });
    closing.push(() => engine.stop());
    const city = engine.city("houston");
    await engine.refreshDue();
    const titles = async () => (await city.getCategory("local")).articles.map((a) => a.title);
    expect(await titles()).toEqual(["Levee repairs begin"]);
    expect((await city.search("levee")).total).toBe(1);

    const down = becomes(health, false);
    postgres.halt("fast");
    try {
      await down;
      // The category is in memory: served as it was.
      expect(await titles()).toEqual(["Levee repairs begin"]);
      // A search needs the database: it fails as unavailable (a 503: app/lib/database.server.ts).
      const failed = await city.search("levee").then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // The refresh and the prune of start() (and of each tick) fail quietly: logged at debug,
      // no unhandled rejection, nothing at error level.
      clock.now += 2 * 86_400_000;
      await engine.start();
      await engine.stop();
      expect(engineLog.error).not.toHaveBeenCalled();
      expect(engineLog.debug).toHaveBeenCalledWith(expect.anything(), "refreshing feeds failed");
    } finally {
      const up = becomes(health, true);
      postgres.resume();
      await up;
    }
    expect((await city.search("levee")).total).toBe(1);
    await engine.refreshDue();
    expect(await titles()).toEqual(["Levee repairs begin"]);
    expect(logged.count(DATABASE_UNREACHABLE)).toBe(1);
    expect(logged.count(DATABASE_REACHABLE)).toBe(1);
  }, 30_000);
});
