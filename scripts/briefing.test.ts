import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networkDatabaseFile, openDatabase } from "../server/db/open";
import { tokenHash } from "../server/briefing/store";
import { startSmtp, type TestSmtp } from "../tests/fixture-servers/smtp-server";
import { CITIES_DIR, NETWORK_FILE } from "../tests/support/cities";
import { whileRestoring } from "../tests/support/lock-holder";

// `npm run briefing -- --city ID --now` (scripts/briefing.ts): sends a city's briefing of today
// at once to its confirmed subscribers, through the SMTP server of SMTP_URL (loopback here), and
// a second run sends nothing again (the day's claims). Nothing leaves the machine: the weather
// service is not reachable (ALLOW_PUBLIC_HOSTS=false), so the mail says the weather is away.

const run = promisify(execFile);
let smtp: TestSmtp;
let dataDir: string;
beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "briefing-cli-"));
  const db = await openDatabase(networkDatabaseFile(dataDir));
  const now = Date.now();
  await db.db
    .insertInto("briefing_subscribers")
    .values(
      ["houston", "houston.es", "anchorage"].map((site, i) => ({
        id: `cli-${i}`,
        site,
        email: `${site}@example.org`,
        token_hash: tokenHash(`cli-token-${i}`),
        client: null,
        created_at: now - 86_400_000,
        confirmed_at: now - 86_000_000,
        mailed_at: null,
      })),
    )
    .execute();
  await db.close();
});
afterAll(async () => {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function briefing(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "scripts/briefing.ts", ...args], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      CITIES_DIR,
      NETWORK_FILE,
      SMTP_URL: smtp.url,
      CONTACT_KEY_SECRET: "cli-test-secret-cli-test-secret-cli-test",
      ALLOW_PUBLIC_HOSTS: "false",
      LOG_LEVEL: "silent",
    },
    timeout: 60_000,
  });
}

describe("npm run briefing", { timeout: 90_000 }, () => {
  it("sends a city's briefing at once, to its editions' subscribers only, once a day", async () => {
    const first = await briefing("--city", "houston", "--now");
    expect(first.stdout).toContain("houston: 2 sent, 0 sent already");
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      "houston.es@example.org",
      "houston@example.org",
    ]);
    const english = mails.find((m) => m.to[0] === "houston@example.org");
    expect(english?.parsed.subject).toMatch(/^Houston City Wire morning briefing: /);
    expect(english?.parsed.text).toContain("Live weather is unavailable right now.");
    expect(english?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const again = await briefing("--city", "houston", "--now");
    expect(again.stdout).toContain("houston: 0 sent, 2 sent already");
    expect(smtp.mails).toHaveLength(2);
  });

  it("refuses to run without --now or a city", async () => {
    await expect(briefing("--city", "houston")).rejects.toMatchObject({ code: 2 });
    await expect(briefing("--now")).rejects.toMatchObject({ code: 2 });
  });
  it("refuses at once while a restore holds DATA_DIR, saying so, and sends nothing", async () => {
    const sent = smtp.mails.length;
    await whileRestoring(dataDir, () =>
      expect(briefing("--city", "houston", "--now")).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          `A restore is under way on DATA_DIR (${dataDir}): run npm run briefing again once it is done`,
        ) as string,
      }),
    );
    expect(smtp.mails).toHaveLength(sent);
  });
});
