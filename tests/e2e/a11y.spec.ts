import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/pages";
import { gotoReady } from "./helpers";

// axe on every route at phone and desktop widths: no violation of impact serious or critical.

const BLOCKING = new Set(["serious", "critical"]);

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of [...PUBLIC_PAGES.map((p) => p.path), "/no-such-page"]) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await gotoReady(page, path);
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations
          .filter((v) => BLOCKING.has(v.impact ?? ""))
          .map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.map((n) => n.target.join(" ")),
          }));
        expect(blocking).toEqual([]);
      });
    }

    test("the open mobile menu and the donation dialog have no serious or critical violations", async ({
      page,
    }) => {
      // Two passes of axe over home and 30 s of fake time: 22 s alone on a 2-core machine.
      test.slow();
      await page.clock.install();
      await gotoReady(page, "/");
      if (width < 768) await page.getByRole("button", { name: "Open menu" }).click();
      let results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.filter((v) => BLOCKING.has(v.impact ?? "")).map((v) => v.id),
      ).toEqual([]);
      await page.clock.runFor(30_000);
      await expect(page.getByRole("dialog")).toBeVisible();
      // axe waits on timers of its own: time flows again once the prompt is due.
      await page.clock.resume();
      results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.filter((v) => BLOCKING.has(v.impact ?? "")).map((v) => v.id),
      ).toEqual([]);
    });
  });
}
