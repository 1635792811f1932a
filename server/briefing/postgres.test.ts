import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { startSmtp, type TestSmtp } from "../../tests/fixture-servers/smtp-server";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { SIX_AM, briefingOver, clock } from "../../tests/support/briefing";
import { tokenHash } from "./store";

// Instances sharing one PostgreSQL database send each subscriber's briefing of a day once: two
// instances at once, and an instance that died holding its claims (taken over once the lease
// runs out). A real PostgreSQL cluster and a real SMTP server, both on loopback.

let postgres: TestPostgres;
let smtp: TestSmtp;
beforeAll(async () => {
  [postgres, smtp] = await Promise.all([startPostgres(), startSmtp()]);
}, 60_000);
afterAll(async () => {
  postgres?.stop();
  await smtp?.close();
});

const stores: Store[] = [];
const services: ReturnType<typeof briefingOver>[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.stop()));
  await Promise.all(stores.splice(0).map((s) => s.close()));
  smtp.mails.length = 0;
});

/** Two instances over one fresh database: each its own pool, its own service. */
async function twoInstances() {
  const url = postgres.createDatabase();
  const [a, b] = await Promise.all([
    openPostgres(url, { poolSize: 4 }),
    openPostgres(url, { poolSize: 4 }),
  ]);
  stores.push(a, b);
  const instances = [briefingOver(a, smtp.url), briefingOver(b, smtp.url)] as const;
  services.push(...instances);
  return { db: a, instances };
}

/** `count` confirmed subscribers, half of them on the Spanish edition. */
async function subscribers(db: Store, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `sub-${String(i).padStart(3, "0")}`,
    site: i % 2 === 0 ? "houston" : "houston.es",
    email: `reader${i}@example.org`,
    token_hash: tokenHash(`token-${i}`),
    client: null,
    created_at: SIX_AM - 86_400_000,
    confirmed_at: SIX_AM - 86_000_000,
    mailed_at: SIX_AM - 86_400_000,
  }));
  await db.db.insertInto("briefing_subscribers").values(rows).execute();
  return rows.map((r) => r.email);
}

function perAddress(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.mails)
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

// Forty mails through a parsing SMTP server and two pools on a busy machine take seconds.
describe("the morning briefing on PostgreSQL", { timeout: 30_000 }, () => {
  it("two instances sending the same morning at once: each subscriber gets one mail", async () => {
    const { db, instances } = await twoInstances();
    const emails = await subscribers(db, 40);
    clock.now = SIX_AM;
    const tallies = await Promise.all(instances.map((s) => s.sendCity("houston")));
    // Both went over every subscriber; the claims gave each to one of them.
    expect(tallies.reduce((sum, t) => sum + t.sent, 0)).toBe(40);
    for (const t of tallies) expect(t.sent + t.done + t.held).toBe(40);
    const counts = perAddress();
    expect([...counts.keys()].sort()).toEqual([...emails].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const sends = await db.db.selectFrom("briefing_sends").selectAll().execute();
    expect(sends).toHaveLength(40);
    expect(sends.every((s) => s.sent_at !== null && s.day === "2026-12-03")).toBe(true);
    expect(new Set(sends.map((s) => s.lease_owner))).toEqual(new Set([null]));
    // Another tick that morning, on either, sends nothing more.
    await Promise.all(instances.map((s) => s.tick()));
    await Promise.all(instances.map((s) => s.sendCity("houston")));
    expect(smtp.mails).toHaveLength(40);
  });

  it("an instance that died mid-send: its claims are taken over once their lease runs out", async () => {
    const { db, instances } = await twoInstances();
    const [, survivor] = instances;
    const emails = await subscribers(db, 6);
    clock.now = SIX_AM;
    // The dead instance claimed three of them and never sent (nor marked) them.
    const dead = instances[0].store;
    for (const id of ["sub-000", "sub-001", "sub-002"])
      expect(await dead.claim(id, "2026-12-03", "dead-instance", 120_000, SIX_AM)).toBe("claimed");
    await survivor.tick();
    await smtp.waitFor(3);
    expect([...perAddress().keys()].sort()).toEqual(emails.slice(3).sort());
    // Within the lease: still the dead one's.
    clock.now = SIX_AM + 60_000;
    await survivor.tick();
    expect(smtp.mails).toHaveLength(3);
    clock.now = SIX_AM + 120_001;
    await survivor.tick();
    await smtp.waitFor(6);
    const counts = perAddress();
    expect([...counts.keys()].sort()).toEqual([...emails].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Done for the day: later ticks send nothing.
    clock.now = SIX_AM + 600_000;
    await survivor.tick();
    expect(smtp.mails).toHaveLength(6);
  });

  it("sign-ups on two instances at once: one subscriber and one mail an address, the reader's cap shared", async () => {
    const { db, instances } = await twoInstances();
    const [a, b] = instances;
    const same = await Promise.all(
      [a, b, a, b].map((s) => s.api.signUp("houston", "both@example.org", "192.0.2.10")),
    );
    expect(same.every((r) => r.kind === "accepted")).toBe(true);
    // Three more from the same reader (BRIEFING_MAX_PER_CLIENT is 3 in the tests), split.
    const more = await Promise.all(
      ["x1", "x2", "x3"].map((n, i) =>
        (i % 2 ? a : b).api.signUp("houston", `${n}@example.org`, "192.0.2.10"),
      ),
    );
    expect(more.filter((r) => r.kind === "too-many")).toHaveLength(1);
    await Promise.all([a.idle(), b.idle()]);
    const rows = await db.db.selectFrom("briefing_subscribers").select("email").execute();
    expect(rows.filter((r) => r.email === "both@example.org")).toHaveLength(1);
    expect(rows).toHaveLength(3);
    expect(perAddress().get("both@example.org")).toBe(1);
    expect(smtp.mails).toHaveLength(3);
  });
});
