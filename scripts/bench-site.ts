// Starts what a benchmark measures: the fixture feed server and the production build pointed at
// it, and waits until every news category of the measured pages is filled.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOME_KEYS, type FeedKey } from "../sites/categories";
import { demoFeedsFile } from "../tests/fixture-servers/demo-feeds";
import { startFeedServer } from "../tests/fixture-servers/feed-server";
import { startSiteProcess } from "../tests/support/site-process";
export interface BenchSite {
  url: string;
  /** The server's process id (the radio benchmark measures its CPU and memory). */
  pid: number;
  close(): Promise<void>;
}

/** The categories on the measured pages: home's six sections, and sports. */
const MEASURED_KEYS = [...HOME_KEYS, "sports"];

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

/**
 * Starts the fixture feeds and the site on free ports, and waits until the measured news is in;
 * `changingFeeds`: every refresh finds every feed changed (no 304s); `feeds`: another mix of the
 * fixture feeds than the demo's (SECOND_FEEDS).
 */
export async function startBenchSite(
  env: Record<string, string> = {},
  {
    changingFeeds = false,
    feeds: mix,
  }: { changingFeeds?: boolean; feeds?: Record<FeedKey, string[]> } = {},
): Promise<BenchSite> {
  const feeds = await startFeedServer(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const feedsFile = path.join(dir, "feeds.json");
  writeFileSync(
    feedsFile,
    JSON.stringify(
      demoFeedsFile(feeds.url, { pictures: true, changing: changingFeeds, feeds: mix }),
    ),
  );
  const stopFeeds = async () => {
    await feeds.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const site = await startSiteProcess({
    env: {
      FEEDS_FILE: feedsFile,
      // The fixture feeds are on loopback, which the feed fetcher refuses unless allowed.
      ALLOW_PRIVATE_HOSTS: new URL(feeds.url).hostname,
      LOG_LEVEL: "error",
      ...env,
    },
    timeoutMs: 60_000,
  }).catch(async (error: unknown) => {
    await stopFeeds();
    throw error;
  });
  const close = async () => {
    await site.stop();
    await stopFeeds();
  };
  try {
    for (const key of MEASURED_KEYS) await waitFor(() => ready(site.url, key), `${key} news`);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: site.url, pid: site.pid, close };
}
