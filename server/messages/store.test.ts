import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { MIGRATIONS, networkDatabaseFile, openDatabase, type Db } from "../db/open";
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
let db: Db;
afterEach(() => db?.close());

function store(clock = { now: Date.parse("2026-11-22T12:00:00Z") }, secret = SECRET) {
  db = openDatabase(":memory:", { synchronous: "FULL" });
  return { messages: new MessageStore(db, { secret, now: () => clock.now }), clock };
}

const storedSenders = () =>
  (db.prepare("SELECT sender FROM messages ORDER BY id").all() as { sender: string }[]).map(
    (row) => row.sender,
  );

describe("MessageStore", () => {
  it("stores a valid message, trimmed, and lists messages newest first", () => {
    const { messages, clock } = store();
    expect(messages.submit(SITE, { ...GOOD, name: "  Ana Ruiz " }, "203.0.113.5")).toEqual({
      ok: true,
      id: 1,
    });
    clock.now += 1000;
    messages.submit(SITE, { ...GOOD, subject: "Second" }, "203.0.113.6");
    const list = messages.list();
    expect(list.map((m) => m.subject)).toEqual(["Second", "Pothole on Main"]);
    expect(list[1]).toMatchObject({ name: "Ana Ruiz", email: "ana@example.org" });
  });

  it("keeps only a hash of the sender's address", () => {
    const { messages } = store();
    messages.submit(SITE, GOOD, "203.0.113.5");
    const row = db.prepare("SELECT sender FROM messages").get() as { sender: string };
    expect(row.sender).toMatch(/^[0-9a-f]{64}$/);
    expect(row.sender).not.toContain("203.0.113.5");
  });

  it.each([
    ["name", { name: "" }, "Please enter your name."],
    ["name", { name: "   " }, "Please enter your name."],
    ["email", { email: "" }, "Please enter your e-mail address."],
    ["email", { email: "not-an-email" }, "Please enter a valid e-mail address."],
    ["email", { email: "a@b" }, "Please enter a valid e-mail address."],
    ["subject", { subject: "" }, "Please enter a subject."],
    ["subject", { subject: "x".repeat(151) }, "Please keep the subject under 150 characters."],
    ["message", { message: "" }, "Please enter your message."],
    ["message", { message: "x".repeat(5001) }, "Please keep your message under 5,000 characters."],
    ["name", { name: "x".repeat(101) }, "Please keep your name under 100 characters."],
  ])("rejects a bad %s with its message and stores nothing", (field, change, text) => {
    const { messages } = store();
    expect(messages.submit(SITE, { ...GOOD, ...change }, "203.0.113.5")).toEqual({
      ok: false,
      reason: "invalid",
      errors: { [field]: text },
    });
    expect(messages.list()).toEqual([]);
  });

  it("names every bad field at once", () => {
    const { messages } = store();
    const result = messages.submit(SITE, { name: "", email: "", subject: "", message: "" }, "x");
    expect(
      result.ok === false && result.reason === "invalid" && Object.keys(result.errors).sort(),
    ).toEqual(["email", "message", "name", "subject"]);
  });

  it(`accepts ${RATE_LIMIT} messages per address in the window, then refuses until it passes`, () => {
    const { messages, clock } = store();
    for (let i = 0; i < RATE_LIMIT; i++)
      expect(messages.submit(SITE, GOOD, "198.51.100.7").ok).toBe(true);
    expect(messages.submit(SITE, GOOD, "198.51.100.7")).toEqual({
      ok: false,
      reason: "rate-limited",
      retryAfterMs: RATE_WINDOW_MS,
      message: "You have sent 3 messages in the last 10 minutes. Please try again in 10 minutes.",
    });
    expect(messages.submit(SITE, GOOD, "198.51.100.8").ok).toBe(true);
    clock.now += RATE_WINDOW_MS + 1;
    expect(messages.submit(SITE, GOOD, "198.51.100.7").ok).toBe(true);
    expect(messages.list()).toHaveLength(RATE_LIMIT + 2);
  });

  it("tells a limited sender when the oldest message of the window leaves it", () => {
    const { messages, clock } = store();
    messages.submit(SITE, GOOD, "198.51.100.9");
    clock.now += 4 * 60_000;
    messages.submit(SITE, GOOD, "198.51.100.9");
    messages.submit(SITE, GOOD, "198.51.100.9");
    clock.now += 5 * 60_000 + 30_000;
    const refused = messages.submit(SITE, GOOD, "198.51.100.9");
    expect(refused).toMatchObject({ ok: false, retryAfterMs: 30_000 });
    expect(refused.ok === false && refused.reason === "rate-limited" && refused.message).toBe(
      "You have sent 3 messages in the last 10 minutes. Please try again in a minute.",
    );
    clock.now += 30_000;
    expect(messages.submit(SITE, GOOD, "198.51.100.9").ok).toBe(true);
  });

  it("measures each field against CONTACT_LIMITS, the form's maxlength too", () => {
    const { messages } = store();
    expect(messages.limits).toBe(CONTACT_LIMITS);
    for (const field of ["name", "subject", "message"] as const) {
      const long = "x".repeat(CONTACT_LIMITS[field] + 1);
      const result = messages.submit(SITE, { ...GOOD, [field]: long }, `long-${field}`);
      expect(result.ok === false && result.reason === "invalid" && result.errors[field]).toMatch(
        /^Please keep/,
      );
      expect(messages.submit(SITE, { ...GOOD, [field]: long.slice(1) }, `ok-${field}`).ok).toBe(
        true,
      );
    }
  });

  it("stores hostile text as text", () => {
    const { messages } = store();
    messages.submit(
      SITE,
      { ...GOOD, message: "<script>alert(1)</script>'; DROP TABLE messages; --" },
      "x",
    );
    expect(messages.list()[0]?.message).toBe("<script>alert(1)</script>'; DROP TABLE messages; --");
  });
});

describe("MessageStore across cities", () => {
  it("stores each message with its city and lists one city's, or every city's", () => {
    const { messages, clock } = store();
    messages.submit("houston", { ...GOOD, subject: "To Houston" }, "203.0.113.5");
    clock.now += 1000;
    messages.submit("anchorage", { ...GOOD, subject: "To Anchorage" }, "203.0.113.6");
    clock.now += 1000;
    messages.submit("houston", { ...GOOD, subject: "Houston again" }, "203.0.113.7");
    expect(messages.list(100, "houston").map((m) => [m.site, m.subject])).toEqual([
      ["houston", "Houston again"],
      ["houston", "To Houston"],
    ]);
    expect(messages.list(100, "anchorage").map((m) => m.subject)).toEqual(["To Anchorage"]);
    expect(messages.list(100, "honolulu")).toEqual([]);
    expect(messages.list().map((m) => m.site)).toEqual(["houston", "anchorage", "houston"]);
    expect(messages.list(2).map((m) => m.subject)).toEqual(["Houston again", "To Anchorage"]);
    expect(messages.list(1, "houston").map((m) => m.subject)).toEqual(["Houston again"]);
  });

  it("limits a sender per city: a sender limited by one city may still write to another", () => {
    const { messages } = store();
    for (let i = 0; i < RATE_LIMIT; i++)
      expect(messages.submit("houston", GOOD, "198.51.100.7").ok).toBe(true);
    expect(messages.submit("houston", GOOD, "198.51.100.7")).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    for (let i = 0; i < RATE_LIMIT; i++)
      expect(messages.submit("anchorage", GOOD, "198.51.100.7").ok).toBe(true);
    expect(messages.submit("anchorage", GOOD, "198.51.100.7").ok).toBe(false);
    expect(messages.list(100, "houston")).toHaveLength(RATE_LIMIT);
    expect(messages.list(100, "anchorage")).toHaveLength(RATE_LIMIT);
  });

  it("keys one address differently for each city, so one city's keys say nothing of another's", () => {
    const { messages } = store();
    messages.submit("houston", GOOD, "203.0.113.5");
    messages.submit("anchorage", GOOD, "203.0.113.5");
    const [houston, anchorage] = storedSenders();
    expect(houston).toBe(hmacOf(SECRET, "houston", "203.0.113.5"));
    expect(anchorage).toBe(hmacOf(SECRET, "anchorage", "203.0.113.5"));
    expect(houston).not.toBe(anchorage);
  });

  it("gives a city's contact form its own submit and the limits (forSite)", () => {
    const { messages } = store();
    const anchorage = messages.forSite("anchorage");
    expect(anchorage.limits).toBe(CONTACT_LIMITS);
    expect(anchorage.submit(GOOD, "203.0.113.5")).toEqual({ ok: true, id: 1 });
    expect(anchorage.submit({ ...GOOD, name: "" }, "203.0.113.5")).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(messages.list().map((m) => m.site)).toEqual(["anchorage"]);
    for (let i = 1; i < RATE_LIMIT; i++) anchorage.submit(GOOD, "203.0.113.5");
    expect(anchorage.submit(GOOD, "203.0.113.5").ok).toBe(false);
    expect(messages.forSite("honolulu").submit(GOOD, "203.0.113.5").ok).toBe(true);
  });
});

describe("MessageStore sender keys", () => {
  it("counts the addresses of one IPv6 /64 as one sender, and another /64 apart", () => {
    const { messages } = store();
    for (const address of ["2001:db8:aa:bb::1", "2001:db8:aa:bb::2", "2001:db8:aa:bb:1:2:3:4"])
      expect(messages.submit(SITE, GOOD, address).ok).toBe(true);
    expect(messages.submit(SITE, GOOD, "2001:db8:aa:bb:ffff::9")).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    expect(messages.submit(SITE, GOOD, "2001:db8:aa:bc::1").ok).toBe(true);
  });

  it("counts an IPv4 address and its IPv4-mapped IPv6 form as one sender", () => {
    const { messages } = store();
    messages.submit(SITE, GOOD, "198.51.100.20");
    messages.submit(SITE, GOOD, "::ffff:198.51.100.20");
    messages.submit(SITE, GOOD, "::ffff:c633:6414");
    expect(messages.submit(SITE, GOOD, "198.51.100.20").ok).toBe(false);
    expect(messages.submit(SITE, GOOD, "::ffff:198.51.100.21").ok).toBe(true);
    expect(new Set(storedSenders().slice(0, 3)).size).toBe(1);
  });

  it("stores an HMAC under the secret, not the plain SHA-256 of the address", () => {
    const { messages } = store();
    messages.submit(SITE, GOOD, "203.0.113.5");
    const [sender] = storedSenders();
    expect(sender).not.toBe(createHash("sha256").update("203.0.113.5").digest("hex"));
    expect(sender).toBe(hmacOf(SECRET, SITE, "203.0.113.5"));
    expect(sender).toBe(senderKey(SECRET, "203.0.113.5", SITE));
    db.close();
    const other = store(undefined, "another-secret-of-at-least-32-characters");
    other.messages.submit(SITE, GOOD, "203.0.113.5");
    expect(storedSenders()[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(storedSenders()[0]).not.toBe(sender);
  });

  it("refuses a connection whose commits are not synchronous FULL", () => {
    db = openDatabase(":memory:");
    expect(() => new MessageStore(db, { secret: SECRET })).toThrow(/synchronous = FULL/);
  });
});

describe("migration 5", () => {
  it("blanks the plain SHA-256 sender keys stored before keys were HMACs", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "messages-migration-"));
    try {
      const file = path.join(dir, "old.db");
      // A database as the previous release left it: four migrations, a message keyed by SHA-256.
      const old = new Database(file);
      old.exec(MIGRATIONS.slice(0, 4).join(";\n"));
      old.pragma("user_version = 4");
      const reversible = createHash("sha256").update("203.0.113.7").digest("hex");
      old
        .prepare(
          "INSERT INTO messages (name, email, subject, message, sender, created_at) VALUES ('A', 'a@b.co', 'S', 'M', ?, 1)",
        )
        .run(reversible);
      old.close();
      const db = openDatabase(file);
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
  const withDir = (test: (dir: string) => void) => () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "messages-store-"));
    try {
      test(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it(
    "writes through its own synchronous FULL connection to the network's database, the news one staying NORMAL",
    withDir((dir) => {
      const news = openDatabase(networkDatabaseFile(dir));
      const opened = openMessageStore({ dataDir: dir, secret: SECRET });
      try {
        expect(opened.db.pragma("synchronous", { simple: true })).toBe(2);
        expect(opened.db.pragma("journal_mode", { simple: true })).toBe("wal");
        expect(news.pragma("synchronous", { simple: true })).toBe(1);
        opened.store.submit(SITE, GOOD, "203.0.113.5");
        expect(news.prepare("SELECT site, subject FROM messages").all()).toEqual([
          { site: SITE, subject: GOOD.subject },
        ]);
        expect(path.basename(networkDatabaseFile(dir))).toBe("network.db");
      } finally {
        opened.db.close();
        news.close();
      }
    }),
  );

  it(
    "generates the secret file once, mode 0600, and keys senders alike after a restart",
    withDir((dir) => {
      const file = senderSecretFile(dir);
      expect(path.basename(file)).toBe("network.contact-key");
      const first = openMessageStore({ dataDir: dir });
      for (let i = 0; i < RATE_LIMIT; i++) first.store.submit(SITE, GOOD, "198.51.100.7");
      first.db.close();
      const secret = readFileSync(file, "utf8");
      expect(secret).toMatch(/^[0-9a-f]{64}\n$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const second = openMessageStore({ dataDir: dir });
      try {
        expect(second.store.submit(SITE, GOOD, "198.51.100.7")).toMatchObject({ ok: false });
        expect(readFileSync(file, "utf8")).toBe(secret);
      } finally {
        second.db.close();
      }
    }),
  );

  it(
    "uses the configured secret and writes no secret file",
    withDir((dir) => {
      const opened = openMessageStore({ dataDir: dir, secret: SECRET });
      opened.store.submit(SITE, GOOD, "203.0.113.5");
      const row = opened.db.prepare("SELECT sender FROM messages").get() as { sender: string };
      opened.db.close();
      expect(row.sender).toBe(hmacOf(SECRET, SITE, "203.0.113.5"));
      expect(() => statSync(senderSecretFile(dir))).toThrow(/ENOENT/);
    }),
  );
});
