// npm run bench:briefing: the time to build and send one city's morning briefing to
// BENCH_SUBSCRIBERS (10,000) confirmed subscribers against an SMTP server on loopback, beside a
// baseline measured in the same run: nodemailer sending one fixed message as many times to the
// same server, over as many connections (BRIEFING_CONCURRENCY's default). The briefing's run
// includes what the baseline does not: reading the subscribers in pages, a claim and its record
// per subscriber in the database (SQLite in a file, as in production), and each subscriber's
// own mail (its unsubscribe link and headers). Nothing leaves the machine.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import pLimit from "p-limit";
import { openDatabase } from "../server/db/open";
import { tokenHash } from "../server/briefing/store";
import { startSmtp } from "../tests/fixture-servers/smtp-server";
import { SIX_AM, briefingOver, clock } from "../tests/support/briefing";
import { recordFigures } from "./bench-report";

const COUNT = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const CONNECTIONS = 8;

const smtp = await startSmtp({ parse: false });
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-briefing-"));
const db = await openDatabase(path.join(dir, "network.db"));

/** The baseline: one fixed message, COUNT times, CONNECTIONS at once over a pool. */
async function baseline(): Promise<number> {
  const transport = nodemailer.createTransport({
    url: smtp.url,
    pool: true,
    maxConnections: CONNECTIONS,
  });
  const message = {
    from: "Houston City Wire <briefing@houstoncitywire.com>",
    to: "reader@example.org",
    subject: "A fixed message",
    text: "The same words each time.\n".repeat(40),
    html: `<p>${"The same words each time. ".repeat(40)}</p>`,
  };
  const limit = pLimit(CONNECTIONS);
  const start = performance.now();
  await Promise.all(Array.from({ length: COUNT }, () => limit(() => transport.sendMail(message))));
  const ms = performance.now() - start;
  transport.close();
  return ms;
}

/** The briefing: COUNT confirmed subscribers of Houston (a tenth on its Spanish edition). */
async function briefing(): Promise<{ ms: number; sent: number }> {
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    id: `bench-${String(i).padStart(6, "0")}`,
    site: i % 10 === 0 ? "houston.es" : "houston",
    email: `reader${i}@example.org`,
    token_hash: tokenHash(`bench-token-${i}`),
    client: null,
    created_at: SIX_AM - 86_400_000,
    confirmed_at: SIX_AM - 86_000_000,
    mailed_at: null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db.db
      .insertInto("briefing_subscribers")
      .values(rows.slice(i, i + 500))
      .execute();
  clock.now = SIX_AM;
  const service = briefingOver(db, smtp.url, { BRIEFING_CONCURRENCY: String(CONNECTIONS) });
  const start = performance.now();
  const tally = await service.sendCity("houston");
  const ms = performance.now() - start;
  await service.stop();
  return { ms, sent: tally.sent };
}

// The figures, also written to docs/benchmarks.md.
await recordFigures("briefing", async () => {
  try {
    const base = await baseline();
    const run = await briefing();
    if (run.sent !== COUNT) throw new Error(`only ${run.sent} of ${COUNT} sent`);
    const rate = (ms: number) => Math.round(COUNT / (ms / 1000)).toLocaleString("en-US");
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `bench:briefing: ${COUNT.toLocaleString("en-US")} mails, ${CONNECTIONS} SMTP connections, loopback`,
    );
    console.log(`  baseline (nodemailer, one fixed message): ${s(base)} (${rate(base)} mails/s)`);
    console.log(
      `  one city's briefing, built and sent:      ${s(run.ms)} (${rate(run.ms)} mails/s)`,
    );
    console.log(`  ratio: ${(run.ms / base).toFixed(2)}× the baseline`);
  } finally {
    await db.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
