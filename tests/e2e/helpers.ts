import type { Page } from "@playwright/test";

/** Loads a page and waits until React has hydrated it (its DOM nodes carry React's fiber keys). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.getElementById("main-content");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}
