// bench:attacks, round 4 (issue 51): the run's "partly" failures that point 2 and point 7 close
// and the other parts do not replay, each one line with its figure. Light: the backup and
// restore parts run `npm run backup` / `npm run restore` (through tsx, as an operator would) on a
// DATA_DIR of their own; the dates part two child processes; the links part one site.
//  1. backupLeftovers: a backup of a database the site has open (WAL mode): the files left in
//     the backup's folder besides it;
//  2. backupFolder: a backup into a folder that does not exist: the exit code, the lines on
//     standard error, and whether they hold a stack trace;
//  3. restoreTrigger: a backup given a trigger that deletes each new message, restored on a
//     stopped site's DATA_DIR: the exit code, the first line, and whether DATA_DIR's database
//     then has the trigger;
//  4. fallBackHour: 2024-11-03T01:30:00 (no zone) read in America/Chicago, the hour it repeats,
//     by the feeds' date parser in a process under TZ=UTC and in one under TZ=Pacific/Honolulu:
//     the instants, and whether they are the same;
//  5. hostileLinks: a feed (the site's local news) whose items link javascript:, data:,
//     mailto:, ftp: and the like, and two with http(s) links: how many of its stories
//     /api/articles?category=local lists, and how many /local-news shows.
import { spawnSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { networkDatabaseFile, openDatabase } from "../server/db/open";
import { startSiteProcess } from "../tests/support/site-process";
import { line, runScript } from "./attacks-report";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Standard error's lines (none when empty), and whether they hold a stack trace's frames. */
function errorLines(stderr: string): { lines: string[]; stack: boolean } {
  const lines = stderr.trim() ? stderr.trim().split("\n") : [];
  return { lines, stack: lines.some((text) => /^\s+at /.test(text)) };
}

/**
 * A DATA_DIR with the site's database (migrated, as the server opens it: WAL mode) holding one
 * contact message; `work` is given it while the database is open, as a running site has it.
 */
async function withData(
  work: (dataDir: string, closeDatabase: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-partials-"));
  const store = await openDatabase(networkDatabaseFile(dataDir));
  let open = true;
  const closeDatabase = async () => {
    if (!open) return;
    open = false;
    await store.close();
  };
  try {
    store.sqlite
      ?.prepare(
        "INSERT INTO messages (site, name, email, subject, message, sender, created_at) VALUES ('houston', 'Ana', 'ana@example.com', 'Tip', 'Water over the bridge', 's', 1)",
      )
      .run();
    await work(dataDir, closeDatabase);
  } finally {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function backupLeftovers(): Promise<void> {
  await withData(async (dataDir) => {
    const folder = path.join(dataDir, "backups");
    mkdirSync(folder);
    const made = runScript("backup", dataDir, path.join(folder, "b.db"));
    if (made.status !== 0) throw new Error(`npm run backup failed: ${made.stderr}`);
    const left = readdirSync(folder).filter((name) => name !== "b.db");
    console.log("\nA backup's leftovers (issue 51, point 2)");
    line(
      "files left beside a backup (the database open)",
      `${left.length}${left.length ? ` (${left.join(", ")})` : ""}`,
    );
  });
}

export async function backupFolder(): Promise<void> {
  await withData(async (dataDir) => {
    const backup = runScript("backup", dataDir, path.join(dataDir, "no-such-folder", "b.db"));
    const { lines, stack } = errorLines(backup.stderr);
    console.log("\nA backup into a missing folder (issue 51, point 2)");
    line(
      "npm run backup -- missing/b.db",
      `exit ${backup.status}, ${lines.length} line${lines.length === 1 ? "" : "s"} on stderr, ${stack ? "a stack trace" : "no stack trace"}: ${JSON.stringify(lines[0] ?? "")}`,
    );
  });
}

export async function restoreTrigger(): Promise<void> {
  await withData(async (dataDir, closeDatabase) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "bench-trigger-"));
    try {
      const backup = path.join(folder, "b.db");
      const made = runScript("backup", dataDir, backup);
      if (made.status !== 0) throw new Error(`npm run backup failed: ${made.stderr}`);
      const db = new Database(backup);
      db.exec(
        "CREATE TRIGGER forget_messages AFTER INSERT ON messages BEGIN DELETE FROM messages WHERE id = new.id; END",
      );
      db.close();
      // The site stopped, as a restore needs.
      await closeDatabase();
      const restore = runScript("restore", dataDir, backup);
      const restored = new Database(networkDatabaseFile(dataDir), { readonly: true });
      const triggered = restored
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'forget_messages'")
        .get();
      restored.close();
      const first = (restore.stderr || restore.stdout).trim().split("\n")[0] ?? "";
      console.log("\nA backup with a trigger of its own, restored (issue 51, point 2)");
      line(
        "npm run restore of it",
        `exit ${restore.status}, the trigger in DATA_DIR's database: ${triggered ? "yes" : "no"}; ${JSON.stringify(first.replace(folder, "…"))}`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

/** The feeds' date parser in a process of its own under `tz`: the instant it reads. */
function parsedUnder(tz: string, raw: string, zone: string): string {
  const script = [
    'import { parseFeedDate } from "./server/news/dates.ts";',
    `const ms = parseFeedDate(${JSON.stringify(raw)}, ${JSON.stringify(zone)});`,
    'console.log(ms === null ? "unread" : new Date(ms).toISOString());',
  ].join("\n");
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { cwd: ROOT, env: { ...process.env, TZ: tz }, encoding: "utf8", timeout: 60_000 },
  );
  if (child.status !== 0) throw new Error(`parsing under TZ=${tz} failed: ${child.stderr}`);
  return child.stdout.trim();
}

export async function fallBackHour(): Promise<void> {
  const raw = "2024-11-03T01:30:00";
  const zone = "America/Chicago";
  // Chicago's offset at that instant: CDT is 5 hours behind UTC, CST 6.
  const named = (iso: string) =>
    iso === "2024-11-03T06:30:00.000Z" ? "CDT" : iso === "2024-11-03T07:30:00.000Z" ? "CST" : "?";
  const [utc, honolulu] = ["UTC", "Pacific/Honolulu"].map((tz) => parsedUnder(tz, raw, zone));
  console.log("\nA date with no zone in the fall-back hour (issue 51, point 7)");
  line(
    `${raw} Chicago, TZ=UTC / Pacific/Honolulu`,
    `${utc} (${named(utc ?? "")}), ${honolulu} (${named(honolulu ?? "")}): ${utc === honolulu ? "the same instant" : "two instants"}`,
  );
}

/** Link schemes a hostile feed gives its items, none http(s). */
const HOSTILE_LINKS = [
  "javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "mailto:tips@example.com",
  "ftp://127.0.0.1/story",
  "file:///etc/passwd",
  "vbscript:msgbox(1)",
  "about:blank",
  "tel:+15550100",
];

/** A publisher on loopback of one RSS feed: an item per hostile link, then two http(s) ones. */
async function startHostileFeed(tag: string) {
  const links = [...HOSTILE_LINKS, "https://publisher.example/a", "http://publisher.example/b"];
  const items = links
    .map(
      (link, i) =>
        `<item><title>${tag} story ${i + 1}</title><link>${link.replaceAll("&", "&amp;")}</link><guid isPermaLink="false">${tag}-${i + 1}</guid><description>What happened on the bayou, part ${i + 1}.</description><pubDate>${new Date(Date.now() - (i + 1) * 60_000).toUTCString()}</pubDate></item>`,
    )
    .join("");
  const body = `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title><link>https://publisher.example/</link><description>A feed</description>${items}</channel></rss>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`,
    stories: links.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function hostileLinks(): Promise<void> {
  const tag = `Hostile${Date.now().toString(36)}`;
  const feed = await startHostileFeed(tag);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-links-"));
  try {
    const feedsFile = path.join(dir, "feeds.json");
    writeFileSync(feedsFile, JSON.stringify({ local: [feed.url] }));
    const site = await startSiteProcess({
      env: { FEEDS_FILE: feedsFile, ALLOW_PRIVATE_HOSTS: "127.0.0.1", LOG_LEVEL: "error" },
      timeoutMs: 60_000,
    });
    try {
      const api = `${site.url}/api/articles?category=local`;
      type Listing = { state: string; articles: { title: string }[] };
      let listing: Listing | undefined;
      // The site reads the feed in the background once it answers: no event says when it is
      // stored, so the API is asked again until it says ready (at most 30 s).
      const deadline = Date.now() + 30_000;
      for (;;) {
        listing = (await (await fetch(api)).json()) as Listing;
        if (listing.state === "ready" || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const listed = listing.articles.filter((a) => a.title.startsWith(`${tag} story`)).length;
      const page = await (await fetch(`${site.url}/local-news`)).text();
      const shown = Array.from({ length: feed.stories }, (_, i) => `${tag} story ${i + 1}<`).filter(
        (title) => page.includes(title),
      ).length;
      console.log("\nA hostile feed's non-http(s) links: the API and the page (issue 51, point 7)");
      line(
        `${HOSTILE_LINKS.length} stories linking javascript:, data:… and 2 http(s) ones`,
        `/api/articles lists ${listed} of ${feed.stories}, /local-news shows ${shown} (state ${listing.state})`,
      );
    } finally {
      await site.stop();
    }
  } finally {
    await feed.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
