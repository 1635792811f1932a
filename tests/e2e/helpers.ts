import type { Page } from "@playwright/test";
import { startSiteProcess, type SiteProcess } from "../support/site-process";
/** Waits until React has hydrated the page (its DOM nodes carry React's fiber keys). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById("main-content");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Loads a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
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
