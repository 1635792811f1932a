import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { makeLegacySqlite } from "../../tests/support/databases";
import { openSqlite } from "../../tests/support/db";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { networkDatabaseFile, openDatabase, type Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { senderKey, senderSecretFile } from "./sender-key";
import {
  CONTACT_LIMITS,
  MessageStore,
  RATE_LIMIT,
  RATE_WINDOW_MS,
  openMessageStore,
} from "./store";

const GOOD = {
  name: "Ana Ruiz",
  email: "ana@example.org",
  subject: "Pothole on Main",
  message: "There is a deep pothole at Main and Texas.",
};
const SECRET = "test-secret-of-at-least-32-characters";
/** The city the messages are sent to, unless a test names another. */
const SITE = "houston";
/** The stored key of a sender: an HMAC of the city and the address (its bucket) under the secret. */
const hmacOf = (secret: string, site: string, address: string) =>
  createHmac("sha256", secret).update(`${site}\n${address}`).digest("hex");
// The same behaviour on both databases: SQLite (embedded) and PostgreSQL (a throwaway cluster).
let postgres: TestPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

let db: Store | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/** A fresh, empty database of `dialect`. */
async function fresh(dialect: Store["dialect"]): Promise<Store> {
  if (dialect === "postgres") return openPostgres((postgres as TestPostgres).createDatabase());
  return openDatabase(":memory:", { synchronous: "FULL" });
}

const storedSenders = async () =>
  (await (db as Store).db.selectFrom("messages").select("sender").orderBy("id").execute()).map(
    (row) => row.sender,
  );

describe.each(["sqlite", "postgres"] as const)("MessageStore on %s", (dialect) => {
  async function store(clock = { now: Date.parse("2026-11-22T12:00:00Z") }, secret = SECRET) {
    await db?.close();
    db = await fresh(dialect);
    return { messages: new MessageStore(db, { secret, now: () => clock.now }), clock };
  }

  it("stores a valid message, trimmed, and lists messages newest first", async () => {
    const { messages, clock } = await store();
    expect(await messages.submit(SITE, { ...GOOD, name: "  Ana Ruiz " }, "203.0.113.5")).toEqual({
      ok: true,
      id: 1,
    });
    clock.now += 1000;
    await messages.submit(SITE, { ...GOOD, subject: "Second" }, "203.0.113.6");
    const list = await messages.list();
    expect(list.map((m) => m.subject)).toEqual(["Second", "Pothole on Main"]);
    expect(list[1]).toMatchObject({ name: "Ana Ruiz", email: "ana@example.org" });
  });

  it("keeps only a hash of the sender's address", async () => {
    const { messages } = await store();
    await messages.submit(SITE, GOOD, "203.0.113.5");
    const [sender] = await storedSenders();
    expect(sender).toMatch(/^[0-9a-f]{64}$/);
    expect(sender).not.toContain("203.0.113.5");
  });

  it.each([
    ["name", { name: "" }, "required"],
    ["name", { name: "   " }, "required"],
    ["email", { email: "" }, "required"],
    ["email", { email: "not-an-email" }, "invalid"],
    ["email", { email: "a@b" }, "invalid"],
    ["email", { email: `${"x".repeat(250)}@b.example` }, "tooLong"],
    ["subject", { subject: "" }, "required"],
    ["subject", { subject: "x".repeat(151) }, "tooLong"],
    ["message", { message: "" }, "required"],
    ["message", { message: "x".repeat(5001) }, "tooLong"],
    ["name", { name: "x".repeat(101) }, "tooLong"],
  ])(
    "rejects a bad %s, naming why (%o: %s), and stores nothing",
    async (field, change, problem) => {
      const { messages } = await store();
      expect(await messages.submit(SITE, { ...GOOD, ...change }, "203.0.113.5")).toEqual({
        ok: false,
        reason: "invalid",
        errors: { [field]: problem },
      });
      expect(await messages.list()).toEqual([]);
    },
  );

  it("names every bad field at once", async () => {
    const { messages } = await store();
    const result = await messages.submit(
      SITE,
      { name: "", email: "", subject: "", message: "" },
      "x",
    );
    expect(
      result.ok === false && result.reason === "invalid" && Object.keys(result.errors).sort(),
    ).toEqual(["email", "message", "name", "subject"]);
  });

  it(`accepts ${RATE_LIMIT} messages per address in the window, then refuses until it passes`, async () => {
    const { messages, clock } = await store();
    for (let i = 0; i < RATE_LIMIT; i++)
      expect((await messages.submit(SITE, GOOD, "198.51.100.7")).ok).toBe(true);
    expect(await messages.submit(SITE, GOOD, "198.51.100.7")).toEqual({
      ok: false,
      reason: "rate-limited",
      retryAfterMs: RATE_WINDOW_MS,
      limit: { messages: RATE_LIMIT, windowMinutes: 10 },
    });
    expect((await messages.submit(SITE, GOOD, "198.51.100.8")).ok).toBe(true);
    clock.now += RATE_WINDOW_MS + 1;
    expect((await messages.submit(SITE, GOOD, "198.51.100.7")).ok).toBe(true);
    expect(await messages.list()).toHaveLength(RATE_LIMIT + 2);
  });

  it("tells a limited sender when the oldest message of the window leaves it", async () => {
    const { messages, clock } = await store();
    await messages.submit(SITE, GOOD, "198.51.100.9");
    clock.now += 4 * 60_000;
    await messages.submit(SITE, GOOD, "198.51.100.9");
    await messages.submit(SITE, GOOD, "198.51.100.9");
    clock.now += 5 * 60_000 + 30_000;
    const refused = await messages.submit(SITE, GOOD, "198.51.100.9");
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited", retryAfterMs: 30_000 });
    clock.now += 30_000;
    expect((await messages.submit(SITE, GOOD, "198.51.100.9")).ok).toBe(true);
  });

  it("measures each field against CONTACT_LIMITS, the form's maxlength too", async () => {
    const { messages } = await store();
    expect(messages.limits).toBe(CONTACT_LIMITS);
    for (const field of ["name", "subject", "message"] as const) {
      const long = "x".repeat(CONTACT_LIMITS[field] + 1);
      const result = await messages.submit(SITE, { ...GOOD, [field]: long }, `long-${field}`);
      expect(result.ok === false && result.reason === "invalid" && result.errors[field]).toBe(
        "tooLong",
      );
      expect(
        (await messages.submit(SITE, { ...GOOD, [field]: long.slice(1) }, `ok-${field}`)).ok,
      ).toBe(true);
    }
  });

  it("stores hostile text as text", async () => {
    const { messages } = await store();
    await messages.submit(
      SITE,
      { ...GOOD, message: "<script>alert(1)</script>'; DROP TABLE messages; --" },
      "x",
    );
    expect((await messages.list())[0]?.message).toBe(
      "<script>alert(1)</script>'; DROP TABLE messages; --",
    );
  });

  it("stores each message with its city and lists one city's, or every city's", async () => {
    const { messages, clock } = await store();
    await messages.submit("houston", { ...GOOD, subject: "To Houston" }, "203.0.113.5");
    clock.now += 1000;
    await messages.submit("anchorage", { ...GOOD, subject: "To Anchorage" }, "203.0.113.6");
    clock.now += 1000;
    await messages.submit("houston", { ...GOOD, subject: "Houston again" }, "203.0.113.7");
    expect((await messages.list(100, "houston")).map((m) => [m.site, m.subject])).toEqual([
      ["houston", "Houston again"],
      ["houston", "To Houston"],
    ]);
    expect((await messages.list(100, "anchorage")).map((m) => m.subject)).toEqual(["To Anchorage"]);
    expect(await messages.list(100, "honolulu")).toEqual([]);
    expect((await messages.list()).map((m) => m.site)).toEqual(["houston", "anchorage", "houston"]);
    expect((await messages.list(2)).map((m) => m.subject)).toEqual([
      "Houston again",
      "To Anchorage",
    ]);
    expect((await messages.list(1, "houston")).map((m) => m.subject)).toEqual(["Houston again"]);
  });

  it("limits a sender per city: a sender limited by one city may still write to another", async () => {
    const { messages } = await store();
    for (let i = 0; i < RATE_LIMIT; i++)
      expect((await messages.submit("houston", GOOD, "198.51.100.7")).ok).toBe(true);
    expect(await messages.submit("houston", GOOD, "198.51.100.7")).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    for (let i = 0; i < RATE_LIMIT; i++)
      expect((await messages.submit("anchorage", GOOD, "198.51.100.7")).ok).toBe(true);
    expect((await messages.submit("anchorage", GOOD, "198.51.100.7")).ok).toBe(false);
    expect(await messages.list(100, "houston")).toHaveLength(RATE_LIMIT);
    expect(await messages.list(100, "anchorage")).toHaveLength(RATE_LIMIT);
  });

  it("keys one address differently for each city, so one city's keys say nothing of another's", async () => {
    const { messages } = await store();
    await messages.submit("houston", GOOD, "203.0.113.5");
    await messages.submit("anchorage", GOOD, "203.0.113.5");
    const [houston, anchorage] = await storedSenders();
    expect(houston).toBe(hmacOf(SECRET, "houston", "203.0.113.5"));
    expect(anchorage).toBe(hmacOf(SECRET, "anchorage", "203.0.113.5"));
    expect(houston).not.toBe(anchorage);
  });

  it("gives a city's contact form its own submit and the limits (forSite)", async () => {
    const { messages } = await store();
    const anchorage = messages.forSite("anchorage");
    expect(anchorage.limits).toBe(CONTACT_LIMITS);
    expect(await anchorage.submit(GOOD, "203.0.113.5")).toEqual({ ok: true, id: 1 });
    expect(await anchorage.submit({ ...GOOD, name: "" }, "203.0.113.5")).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect((await messages.list()).map((m) => m.site)).toEqual(["anchorage"]);
    for (let i = 1; i < RATE_LIMIT; i++) await anchorage.submit(GOOD, "203.0.113.5");
    expect((await anchorage.submit(GOOD, "203.0.113.5")).ok).toBe(false);
    expect((await messages.forSite("honolulu").submit(GOOD, "203.0.113.5")).ok).toBe(true);
  });

  it("counts the addresses of one IPv6 /64 as one sender, and another /64 apart", async () => {
    const { messages } = await store();
    for (const address of ["2001:db8:aa:bb::1", "2001:db8:aa:bb::2", "2001:db8:aa:bb:1:2:3:4"])
      expect((await messages.submit(SITE, GOOD, address)).ok).toBe(true);
    expect(await messages.submit(SITE, GOOD, "2001:db8:aa:bb:ffff::9")).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    expect((await messages.submit(SITE, GOOD, "2001:db8:aa:bc::1")).ok).toBe(true);
  });

  it("counts an IPv4 address and its IPv4-mapped IPv6 form as one sender", async () => {
    const { messages } = await store();
    await messages.submit(SITE, GOOD, "198.51.100.20");
    await messages.submit(SITE, GOOD, "::ffff:198.51.100.20");
    await messages.submit(SITE, GOOD, "::ffff:c633:6414");
    expect((await messages.submit(SITE, GOOD, "198.51.100.20")).ok).toBe(false);
    expect((await messages.submit(SITE, GOOD, "::ffff:198.51.100.21")).ok).toBe(true);
    expect(new Set((await storedSenders()).slice(0, 3)).size).toBe(1);
  });

  it("stores an HMAC under the secret, not the plain SHA-256 of the address", async () => {
    const { messages } = await store();
    await messages.submit(SITE, GOOD, "203.0.113.5");
    const [sender] = await storedSenders();
    expect(sender).not.toBe(createHash("sha256").update("203.0.113.5").digest("hex"));
    expect(sender).toBe(hmacOf(SECRET, SITE, "203.0.113.5"));
    expect(sender).toBe(senderKey(SECRET, "203.0.113.5", SITE));
    const other = await store(undefined, "another-secret-of-at-least-32-characters");
    await other.messages.submit(SITE, GOOD, "203.0.113.5");
    expect((await storedSenders())[0]).toMatch(/^[0-9a-f]{64}$/);
    expect((await storedSenders())[0]).not.toBe(sender);
  });
});

describe("MessageStore on PostgreSQL, several instances", () => {
  it(`lets one sender through ${RATE_LIMIT} times in all, however many instances they reach at once`, async () => {
    const url = (postgres as TestPostgres).createDatabase();
    // Two instances, each with its own pool (as two processes behind a load balancer).
    const instances = [await openPostgres(url), await openPostgres(url)];
    try {
      const now = () => Date.parse("2026-11-22T12:00:00Z");
      const stores = instances.map((store) => new MessageStore(store, { secret: SECRET, now }));
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (stores[i % 2] as MessageStore).submit(SITE, GOOD, "198.51.100.77"),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(RATE_LIMIT);
      expect(results.filter((r) => !r.ok && r.reason === "rate-limited")).toHaveLength(
        12 - RATE_LIMIT,
      );
      expect(await (stores[0] as MessageStore).list()).toHaveLength(RATE_LIMIT);
    } finally {
      await Promise.all(instances.map((store) => store.close()));
    }
  });
});

describe("MessageStore on SQLite", () => {
  it("refuses a connection whose commits are not synchronous FULL", async () => {
    db = await openDatabase(":memory:");
    expect(() => new MessageStore(db as Store, { secret: SECRET })).toThrow(/synchronous = FULL/);
  });
});

describe("migration 5", () => {
  it("blanks the plain SHA-256 sender keys stored before keys were HMACs", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "messages-migration-"));
    try {
      const file = path.join(dir, "old.db");
      // A database as the previous release left it: four migrations, a message keyed by SHA-256.
      const old = new Database(file);
      makeLegacySqlite(old, 4);
      const reversible = createHash("sha256").update("203.0.113.7").digest("hex");
      old
        .prepare(
          "INSERT INTO messages (name, email, subject, message, sender, created_at) VALUES ('A', 'a@b.co', 'S', 'M', ?, 1)",
        )
        .run(reversible);
      old.close();
      const db = await openSqlite(file);
      expect(db.prepare("SELECT sender, message FROM messages").all()).toEqual([
        { sender: "", message: "M" },
      ]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("openMessageStore", () => {
  const withDir = (test: (dir: string) => Promise<void>) => async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "messages-store-"));
    try {
      await test(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it(
    "writes through its own synchronous FULL connection to the network's database, the news one staying NORMAL",
    withDir(async (dir) => {
      const news = await openSqlite(networkDatabaseFile(dir));
      const opened = await openMessageStore({ dataDir: dir, secret: SECRET });
      const connection = opened.db.sqlite as NonNullable<Store["sqlite"]>;
      try {
        expect(connection.pragma("synchronous", { simple: true })).toBe(2);
        expect(connection.pragma("journal_mode", { simple: true })).toBe("wal");
        expect(news.pragma("synchronous", { simple: true })).toBe(1);
        await opened.store.submit(SITE, GOOD, "203.0.113.5");
        expect(news.prepare("SELECT site, subject FROM messages").all()).toEqual([
          { site: SITE, subject: GOOD.subject },
        ]);
        expect(path.basename(networkDatabaseFile(dir))).toBe("network.db");
      } finally {
        await opened.db.close();
        news.close();
      }
    }),
  );

  it(
    "generates the secret file once, mode 0600, and keys senders alike after a restart",
    withDir(async (dir) => {
      const file = senderSecretFile(dir);
      expect(path.basename(file)).toBe("network.contact-key");
      const first = await openMessageStore({ dataDir: dir });
      for (let i = 0; i < RATE_LIMIT; i++) await first.store.submit(SITE, GOOD, "198.51.100.7");
      await first.db.close();
      const secret = readFileSync(file, "utf8");
      expect(secret).toMatch(/^[0-9a-f]{64}\n$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const second = await openMessageStore({ dataDir: dir });
      try {
        expect(await second.store.submit(SITE, GOOD, "198.51.100.7")).toMatchObject({ ok: false });
        expect(readFileSync(file, "utf8")).toBe(secret);
      } finally {
        await second.db.close();
      }
    }),
  );

  it(
    "uses the configured secret and writes no secret file",
    withDir(async (dir) => {
      const opened = await openMessageStore({ dataDir: dir, secret: SECRET });
      await opened.store.submit(SITE, GOOD, "203.0.113.5");
      const row = await opened.db.db
        .selectFrom("messages")
        .select("sender")
        .executeTakeFirstOrThrow();
      await opened.db.close();
      expect(row.sender).toBe(hmacOf(SECRET, SITE, "203.0.113.5"));
      expect(() => statSync(senderSecretFile(dir))).toThrow(/ENOENT/);
    }),
  );
});
