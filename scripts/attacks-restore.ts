// bench:attacks, round 4 (issue 51, point 2): `npm run restore` while a site runs on DATA_DIR,
// its database open but idle. The restore's exit code and first line, then 20 contact posts to
// the running site: how many it acknowledged, and how many of them DATA_DIR's network.db holds
// (read by another connection, as the next start would). On ffaf472 the restore went through, the
// site went on writing to the file it had replaced, and none of the 20 acknowledged was kept.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { startSiteProcess } from "../tests/support/site-process";
import { line, runScript } from "./attacks-report";

const POSTS = 20;

export async function restoreUnderSite(): Promise<void> {
  const site = await startSiteProcess({ env: { LOG_LEVEL: "error" }, timeoutMs: 60_000 });
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-restore-"));
  try {
    const backup = path.join(folder, "before.db");
    const made = runScript("backup", site.dataDir, backup);
    if (made.status !== 0) throw new Error(`npm run backup failed: ${made.stderr}`);
    // The site idle, its database open: the restore the README says is refused.
    const restore = runScript("restore", site.dataDir, backup);
    const tag = `restore-bench-${Date.now()}`;
    let acknowledged = 0;
    for (let i = 0; i < POSTS; i++) {
      const res = await fetch(`${site.url}/contact?index`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: site.url,
          // Twenty readers (the contact form's limit is per reader), behind the loopback proxy.
          "X-Forwarded-For": `198.51.100.${i + 1}`,
        },
        body: new URLSearchParams({
          name: "Ana",
          email: "ana@example.com",
          subject: "Tip",
          message: `Water over the Elm Street bridge, ${tag} ${i}`,
        }).toString(),
      });
      await res.arrayBuffer();
      if (res.status < 400) acknowledged++;
    }
    const db = new Database(path.join(site.dataDir, "network.db"), { readonly: true });
    const kept = (
      db.prepare("SELECT count(*) AS n FROM messages WHERE message LIKE ?").get(`%${tag}%`) as {
        n: number;
      }
    ).n;
    db.close();
    console.log("\nnpm run restore under a running site (issue 51, point 2)");
    line(
      "the restore, the site idle on DATA_DIR",
      `exit ${restore.status}: ${(restore.stderr || restore.stdout).trim().split("\n")[0] ?? ""}`,
    );
    line(`contact posts after it, acknowledged`, `${acknowledged} of ${POSTS}`);
    line("of those, in DATA_DIR's network.db", `${kept} of ${acknowledged}`);
  } finally {
    await site.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
