import type { Page } from "@playwright/test";
import { startSiteProcess, type SiteProcess } from "../support/site-process";
/**
 * Waits until the page has loaded and every island it names (`<script data-island>`) has
 * started: each adds its name to <html data-islands-ready> once its listeners are in place
 * (app/islands/lib/ready.ts). A page without islands is ready when it has loaded.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.readyState !== "complete") return false;
    const started = new Set(
      (document.documentElement.getAttribute("data-islands-ready") ?? "").split(" "),
    );
    return [...document.querySelectorAll("script[data-island]")].every((script) =>
      started.has(script.getAttribute("data-island") ?? ""),
    );
  });
}

/** Loads a page and waits until its islands have started. */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

/**
 * Starts a production server of its own (a free port, a fresh DATA_DIR), for tests that need
 * settings the shared ones do not have; `env` (a function of its DATA_DIR) adds settings.
 */
export function startSiteServer(
  env: (dataDir: string) => Record<string, string>,
): Promise<SiteProcess> {
  return startSiteProcess({ env });
}

export type { SiteProcess as SiteServer };
