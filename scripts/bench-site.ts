// Starts what a benchmark measures: the fixture feed server and the production build pointed at
// it, and waits until every news category of the measured pages is filled.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOME_SECTIONS } from "../app/lib/categories";
import { demoFeedsFile } from "../tests/fixture-servers/demo-feeds";
import { startFeedServer } from "../tests/fixture-servers/feed-server";

export interface BenchSite {
  url: string;
  /** The server's process id (the radio benchmark measures its CPU and memory). */
  pid: number;
  close(): Promise<void>;
}

/** The categories on the measured pages: home's six sections, and sports. */
const MEASURED_KEYS = [...HOME_SECTIONS.map((s) => s.key), "sports"];

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

async function ready(url: string, key: string): Promise<boolean> {
  const res = await fetch(`${url}/api/articles?category=${key}`, {
    signal: AbortSignal.timeout(5000),
  });
  return ((await res.json()) as { state: string }).state === "ready";
}

export async function startBenchSite(
  port: number,
  env: Record<string, string> = {},
): Promise<BenchSite> {
  const feeds = await startFeedServer(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const feedsFile = path.join(dir, "feeds.json");
  writeFileSync(feedsFile, JSON.stringify(demoFeedsFile(feeds.url)));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server-main/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      FEEDS_FILE: feedsFile,
      DATA_DIR: dir,
      LOG_LEVEL: "error",
      SITE_URL: url,
      ...env,
    },
    // Not stdout: a benchmark's output may be piped, and the server must not hold the pipe.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const close = async () => {
    child.kill();
    await feeds.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const healthz = async () =>
      (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
    await waitFor(healthz, `the site on ${url}`);
    for (const key of MEASURED_KEYS) await waitFor(() => ready(url, key), `${key} news`);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, pid: child.pid ?? 0, close };
}
