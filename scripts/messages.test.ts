import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openMessageStore, type StoredMessage } from "../server/messages/store";
import { whileRestoring } from "../tests/support/lock-holder";
import { startPostgres, type TestPostgres } from "../tests/support/postgres";

const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "messages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/messages.ts", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dir },
    encoding: "utf8",
    timeout: 30_000,
  });

/**
 * Stores messages to a city (Houston unless one names another) as the server does (its
 * connection, its generated secret), a minute apart.
 */
let now = Date.parse("2026-11-20T10:00:00Z");
async function store(
  ...messages: { name: string; subject: string; message: string; site?: string }[]
): Promise<void> {
  const opened = await openMessageStore({ dataDir: dir, now: () => now });
  for (const [i, { site = "houston", ...m }] of messages.entries()) {
    const result = await opened.store.submit(
      site,
      { email: "tip@example.org", ...m },
      `192.0.2.${i}`,
    );
    expect(result.ok).toBe(true);
    now += 60_000;
  }
  await opened.db.close();
}

// What a sender can put in a field to attack the newsroom's terminal: a screen clear, an OSC 52
// clipboard write, an OSC 8 link, a CR overwrite, a forged entry after newlines, C1 CSI, bidi.
const FORGED = "\n\n#999  2026-11-20T09:00:00.000Z  Editor <editor@example.org>\nSubject: Forged";
const HOSTILE = {
  name: "Eve\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07",
  subject: `Hi\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\\rOverwritten${FORGED}`,
  message: `Body\rOverwritten\x9b31m\u202etxt.exe\u2066${FORGED}\nlast line`,
};

/** The characters of `text` a terminal would act on (ESC, BEL, CR, C1, bidi...), but newlines. */
const rawControls = (text: string) =>
  [...text].filter((c) => c !== "\n" && /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(c));

// Each test starts a process through tsx (about a second, several on a busy 2-core machine).
describe("npm run messages", { timeout: 30_000 }, () => {
  it("says so when there is no message", async () => {
    expect(run().stdout).toContain("No messages.");
    expect(run("--json").stdout).toBe("[]\n");
  });

  it("prints the stored messages, newest first", async () => {
    await store(
      { name: "Ana", subject: "Older tip", message: "First" },
      { name: "Bo", subject: "Newer tip", message: "Second\nline" },
    );
    const out = run().stdout;
    expect(out.indexOf("Newer tip")).toBeLessThan(out.indexOf("Older tip"));
    expect(out).toContain("Bo <tip@example.org>");
    expect(out).toContain("  Second\n  line");
  });

  it("escapes terminal controls and keeps hostile text from forging an entry", async () => {
    await store(HOSTILE);
    const { stdout, status } = run();
    expect(status).toBe(0);
    expect(rawControls(stdout)).toEqual([]);
    const headers = stdout.split("\n").filter((line) => /^(#\d|Subject:)/.test(line));
    expect(headers.filter((line) => line.startsWith("#"))).toHaveLength(3);
    expect(headers.filter((line) => line.startsWith("Subject:"))).toHaveLength(3);
    expect(stdout).toContain("Eve\\x1b[2J\\x1b]52;c;cm0gLXJmIH4=\\x07 <tip@example.org>");
    expect(stdout).toContain("  Body\\rOverwritten\\x9b31m\\u202etxt.exe\\u2066\n  \n  #999");
  });

  it("prints the exact stored text as one JSON array with --json, and honours --limit", async () => {
    const out = run("--json", "--limit", "1");
    expect(rawControls(out.stdout)).toEqual([]);
    const messages = JSON.parse(out.stdout) as StoredMessage[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({
      id: expect.any(Number) as number,
      site: "houston",
      createdAt: expect.any(Number) as number,
      email: "tip@example.org",
      ...HOSTILE,
    });
  });

  it("prints one city's messages with --site, every city's without", async () => {
    await store({ name: "Cy", subject: "Ferry tip", message: "Late again", site: "anchorage" });
    const anchorage = JSON.parse(run("--json", "--site", "anchorage").stdout) as StoredMessage[];
    expect(anchorage.map((m) => [m.site, m.subject])).toEqual([["anchorage", "Ferry tip"]]);
    const houston = JSON.parse(run("--json", "--site", "houston").stdout) as StoredMessage[];
    expect(houston.length).toBeGreaterThan(0);
    expect(houston.every((m) => m.site === "houston")).toBe(true);
    const all = JSON.parse(run("--json").stdout) as StoredMessage[];
    expect(all[0]).toMatchObject({ site: "anchorage", subject: "Ferry tip" });
    expect(all).toHaveLength(houston.length + 1);
    expect(run("--site", "honolulu").stdout).toContain("No messages.");
  });

  it("refuses a bad --limit with the usage", async () => {
    const out = run("--limit", "none");
    expect(out.status).toBe(2);
    expect(out.stderr).toContain("Usage: npm run messages");
  });

  it("refuses a --site that is not a city id, with the usage", async () => {
    const out = run("--site", "../houston");
    expect(out.status).toBe(2);
    expect(out.stderr).toContain("--site must be a city id");
    expect(out.stderr).toContain("Usage: npm run messages [-- --site ID]");
  });
  it("refuses at once while a restore holds DATA_DIR, saying so", async () => {
    const out = await whileRestoring(dir, () => run("--json"));
    expect(out.status).toBe(1);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain(
      `A restore is under way on DATA_DIR (${dir}): run npm run messages again once it is done`,
    );
    expect(run("--json").status).toBe(0);
  });
});

describe("npm run messages with DATABASE_URL", { timeout: 60_000 }, () => {
  let postgres: TestPostgres | undefined;
  afterAll(() => postgres?.stop());

  it("reads the messages every instance stores in PostgreSQL", async () => {
    postgres = await startPostgres();
    const url = postgres.createDatabase();
    const keys = { IMAGE_KEY_SECRET: "i".repeat(40), CONTACT_KEY_SECRET: "c".repeat(40) };
    const opened = await openMessageStore({
      dataDir: dir,
      databaseUrl: url,
      secret: keys.CONTACT_KEY_SECRET,
    });
    const sent = { name: "Di", email: "di@example.org", subject: "Shared desk", message: "Hi" };
    expect((await opened.store.submit("houston", sent, "192.0.2.50")).ok).toBe(true);
    await opened.db.close();
    const out = spawnSync(process.execPath, ["--import", "tsx", "scripts/messages.ts", "--json"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dir, DATABASE_URL: url, ...keys },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(out.status, out.stderr).toBe(0);
    expect((JSON.parse(out.stdout) as StoredMessage[]).map((m) => m.subject)).toEqual([
      "Shared desk",
    ]);
  });
});
