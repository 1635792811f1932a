import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** Loads a page and waits until React has hydrated it (its DOM nodes carry React's fiber keys). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.getElementById("main-content");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

export interface SiteServer {
  url: string;
  /** Its DATA_DIR, a fresh temporary folder (a test may write files for it there first). */
  dataDir: string;
  stop(): void;
}

/**
 * Starts a production server of its own, for tests that need settings the shared ones do not
 * have, and waits until it answers /healthz. `env` (a function of its DATA_DIR) adds settings.
 */
export async function startSiteServer(
  port: number,
  env: (dataDir: string) => Record<string, string>,
): Promise<SiteServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `site-${port}-`));
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["build/server-main/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env(dataDir),
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status, {
      timeout: 15_000,
    })
    .toBe(200);
  return {
    url,
    dataDir,
    stop: () => {
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
