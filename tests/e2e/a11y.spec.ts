import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/pages";
import { wcagViolations } from "./axe";
import { gotoReady } from "./helpers";

// axe on every route at phone and desktop widths, in the light scheme and the dark one (the
// reader's system setting, decision 013): no violation of WCAG 2.2 A and AA at all, of any impact.
// What axe cannot see (focus rings, target sizes, text spacing, zoom) is wcag-by-hand.spec.ts.

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of [...PUBLIC_PAGES.map((p) => p.path), "/no-such-page"]) {
      test(`${path} has no WCAG 2.2 AA violation in either colour scheme`, async ({ page }) => {
        await gotoReady(page, path);
        expect(await wcagViolations(page)).toEqual([]);
      });
    }

    test("the open mobile menu and the donation dialog have no WCAG 2.2 AA violation in either scheme", async ({
      page,
    }) => {
      // Two passes of axe over home and 30 s of fake time: 22 s alone on a 2-core machine.
      test.slow();
      await page.clock.install();
      await gotoReady(page, "/");
      if (width < 768) await page.getByRole("button", { name: "Open menu" }).click();
      expect(await wcagViolations(page)).toEqual([]);
      await page.clock.runFor(30_000);
      await expect(page.getByRole("dialog")).toBeVisible();
      // axe waits on timers of its own: time flows again once the prompt is due.
      await page.clock.resume();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}
