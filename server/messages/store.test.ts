import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/open";
import { CONTACT_LIMITS, MessageStore, RATE_LIMIT, RATE_WINDOW_MS } from "./store";

const GOOD = {
  name: "Ana Ruiz",
  email: "ana@example.org",
  subject: "Pothole on Main",
  message: "There is a deep pothole at Main and Texas.",
};
let db: Db;
afterEach(() => db?.close());

function store(clock = { now: Date.parse("2026-11-22T12:00:00Z") }) {
  db = openDatabase(":memory:");
  return { messages: new MessageStore(db, () => clock.now), clock };
}

describe("MessageStore", () => {
  it("stores a valid message, trimmed, and lists messages newest first", () => {
    const { messages, clock } = store();
    expect(messages.submit({ ...GOOD, name: "  Ana Ruiz " }, "203.0.113.5")).toEqual({
      ok: true,
      id: 1,
    });
    clock.now += 1000;
    messages.submit({ ...GOOD, subject: "Second" }, "203.0.113.6");
    const list = messages.list();
    expect(list.map((m) => m.subject)).toEqual(["Second", "Pothole on Main"]);
    expect(list[1]).toMatchObject({ name: "Ana Ruiz", email: "ana@example.org" });
  });

  it("keeps only a hash of the sender's address", () => {
    const { messages } = store();
    messages.submit(GOOD, "203.0.113.5");
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
    expect(messages.submit({ ...GOOD, ...change }, "203.0.113.5")).toEqual({
      ok: false,
      reason: "invalid",
      errors: { [field]: text },
    });
    expect(messages.list()).toEqual([]);
  });

  it("names every bad field at once", () => {
    const { messages } = store();
    const result = messages.submit({ name: "", email: "", subject: "", message: "" }, "x");
    expect(
      result.ok === false && result.reason === "invalid" && Object.keys(result.errors).sort(),
    ).toEqual(["email", "message", "name", "subject"]);
  });

  it(`accepts ${RATE_LIMIT} messages per address in the window, then refuses until it passes`, () => {
    const { messages, clock } = store();
    for (let i = 0; i < RATE_LIMIT; i++)
      expect(messages.submit(GOOD, "198.51.100.7").ok).toBe(true);
    expect(messages.submit(GOOD, "198.51.100.7")).toEqual({
      ok: false,
      reason: "rate-limited",
      retryAfterMs: RATE_WINDOW_MS,
      message: "You have sent 3 messages in the last 10 minutes. Please try again in 10 minutes.",
    });
    expect(messages.submit(GOOD, "198.51.100.8").ok).toBe(true);
    clock.now += RATE_WINDOW_MS + 1;
    expect(messages.submit(GOOD, "198.51.100.7").ok).toBe(true);
    expect(messages.list()).toHaveLength(RATE_LIMIT + 2);
  });

  it("tells a limited sender when the oldest message of the window leaves it", () => {
    const { messages, clock } = store();
    messages.submit(GOOD, "198.51.100.9");
    clock.now += 4 * 60_000;
    messages.submit(GOOD, "198.51.100.9");
    messages.submit(GOOD, "198.51.100.9");
    clock.now += 5 * 60_000 + 30_000;
    const refused = messages.submit(GOOD, "198.51.100.9");
    expect(refused).toMatchObject({ ok: false, retryAfterMs: 30_000 });
    expect(refused.ok === false && refused.reason === "rate-limited" && refused.message).toBe(
      "You have sent 3 messages in the last 10 minutes. Please try again in a minute.",
    );
    clock.now += 30_000;
    expect(messages.submit(GOOD, "198.51.100.9").ok).toBe(true);
  });

  it("measures each field against CONTACT_LIMITS, the form's maxlength too", () => {
    const { messages } = store();
    expect(messages.limits).toBe(CONTACT_LIMITS);
    for (const field of ["name", "subject", "message"] as const) {
      const long = "x".repeat(CONTACT_LIMITS[field] + 1);
      const result = messages.submit({ ...GOOD, [field]: long }, `long-${field}`);
      expect(result.ok === false && result.reason === "invalid" && result.errors[field]).toMatch(
        /^Please keep/,
      );
      expect(messages.submit({ ...GOOD, [field]: long.slice(1) }, `ok-${field}`).ok).toBe(true);
    }
  });

  it("stores hostile text as text", () => {
    const { messages } = store();
    messages.submit(
      { ...GOOD, message: "<script>alert(1)</script>'; DROP TABLE messages; --" },
      "x",
    );
    expect(messages.list()[0]?.message).toBe("<script>alert(1)</script>'; DROP TABLE messages; --");
  });
});
