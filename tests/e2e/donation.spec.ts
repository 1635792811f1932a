import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DONATION_DELAY_MS } from "../../app/lib/donation-snooze";
import { gotoReady } from "./helpers";

const DONATION_URL = "https://www.houstonfoodbank.org/donate/";

type Marked = Window & {
  promptChecked?: boolean;
  promptScheduled?: boolean;
  promptAsked?: boolean;
};

/**
 * A fake clock that stands still (from `time`, or now) until the test moves it: the donation
 * island sets its 30 s timer as soon as the page's scripts run, and a page may take seconds to
 * finish loading on a busy machine; a clock that ran meanwhile would bring the prompt early.
 */
async function installPausedClock(page: Page, time = Date.now()) {
  await page.clock.install({ time });
  await page.clock.pauseAt(time + 10_000);
}

/**
 * Loads `path` with its islands started, then waits until the prompt's 30 s timer is set (marked
 * here: `promptScheduled`). When it fires, the island reads the quiet period from localStorage
 * (`promptChecked`; a page whose storage throws marks it itself) and, in the same step, asks for
 * what the dialog shows or not (`promptAsked`).
 */
async function gotoWithPromptTimer(page: Page, path: string) {
  await page.addInitScript((delay: number) => {
    const marked = window as Marked;
    const read = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (key === "donation-prompt:quiet-until") marked.promptChecked = true;
      return read.call(this, key);
    };
    // The prompt's own timer: the first of its delay.
    const schedule = window.setTimeout;
    window.setTimeout = function (handler: TimerHandler, timeout?: number, ...args: unknown[]) {
      if (timeout === delay) marked.promptScheduled = true;
      return schedule(handler, timeout, ...args);
    } as typeof window.setTimeout;
    const request = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes("/api/donation"))
        marked.promptAsked = true;
      return request.call(window, input, init);
    };
  }, DONATION_DELAY_MS);
  await gotoReady(page, path);
  await page.waitForFunction(() => (window as Marked).promptScheduled === true);
}

/**
 * Opens a page with a fake clock and lets exactly `ms` of it pass. Once the prompt is due (30 s),
 * the clock goes on at real speed: the dialog's code is fetched only then, and its own timers
 * (Radix moves focus in a timeout) must run whenever it arrives, however slowly, rather than wait
 * for a fake clock that nobody moves any more.
 */
async function openAndWait(page: Page, ms: number) {
  await installPausedClock(page);
  // The timer starts when the page's scripts run.
  await gotoWithPromptTimer(page, "/weather");
  await page.clock.runFor(ms);
  if (ms >= 30_000) await showsFocusedDialog(page);
}

/**
 * Lets the clock run at real speed, then waits until the dialog is up and holds focus. Its code is
 * fetched only now (a lazy chunk): on a machine busy with other tests that may take a while.
 */
async function showsFocusedDialog(page: Page) {
  await page.clock.resume();
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  await expect(dialog(page).locator(":focus")).toHaveCount(1);
}

function dialog(page: Page) {
  return page.getByRole("dialog", { name: "Support Your Community" });
}

test.describe("donation popup", () => {
  test("is hidden at first and appears 30 s after the page loads", async ({ page }) => {
    await openAndWait(page, 29_000);
    await expect(dialog(page)).toHaveCount(0);
    await page.clock.runFor(1_000);
    // Focus moves into the dialog.
    await showsFocusedDialog(page);
    await expect(dialog(page)).toHaveAttribute("aria-modal", "true");
  });

  test("fades in over 100 ms", async ({ page }) => {
    await openAndWait(page, 30_000);
    const animation = await dialog(page).evaluate((el) => getComputedStyle(el).animation);
    expect(animation).toContain("0.1s");
    expect(animation).toContain("fade-in");
  });

  test("does not animate under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openAndWait(page, 30_000);
    const name = await dialog(page).evaluate((el) => getComputedStyle(el).animationName);
    expect(name).toBe("none");
  });

  test("the X button closes it and focus returns", async ({ page }) => {
    await installPausedClock(page);
    await gotoWithPromptTimer(page, "/weather");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await page.clock.runFor(30_000);
    await showsFocusedDialog(page);
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(skip).toBeFocused();
  });

  test("Maybe Later closes it", async ({ page }) => {
    await openAndWait(page, 30_000);
    await dialog(page).getByRole("button", { name: "Maybe Later" }).click();
    await expect(dialog(page)).toHaveCount(0);
  });

  test("Escape closes it, and focus is trapped while open", async ({ page }) => {
    await openAndWait(page, 30_000);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      await expect(dialog(page).locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
  });

  test("Donate Now opens the charity in a new tab and closes it", async ({ page, context }) => {
    await context.route(`${DONATION_URL}**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Donate</title>" }),
    );
    await openAndWait(page, 30_000);
    const link = dialog(page).getByRole("link", { name: /Donate Now/ });
    await expect(link).toHaveAttribute("target", "_blank");
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(DONATION_URL);
    await expect(dialog(page)).toHaveCount(0);
  });

  test("focus returns to where it was when it closes", async ({ page }) => {
    await installPausedClock(page);
    await gotoWithPromptTimer(page, "/weather");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await page.clock.runFor(30_000);
    await showsFocusedDialog(page);
    await page.keyboard.press("Escape");
    await expect(skip).toBeFocused();
  });
});

test.describe("donation popup, across visits", () => {
  const DAY = 86_400_000;
  const T0 = Date.parse("2026-11-23T15:00:00Z");

  /** A new visit in the same browser (same localStorage) at `time`, 31 s after its scripts ran. */
  async function visit(context: BrowserContext, time: number): Promise<Page> {
    const page = await context.newPage();
    await installPausedClock(page, time);
    await gotoWithPromptTimer(page, "/weather");
    await page.clock.runFor(31_000);
    return page;
  }

  /**
   * Whether the prompt came up. A visit decides it when its 30 s timer fires (visit ran the clock
   * past it): the prompt asks for what it shows unless the reader answered it lately. Asked, its
   * dialog must then show (its code is fetched at real speed once due); not asked, no dialog is
   * there, and none comes however long the clock runs. Nothing waits out a prompt that must not
   * come (that took 10 s of real time per visit, and once timed a test out on a busy machine).
   */
  async function prompted(page: Page): Promise<boolean> {
    const decided = await page.evaluate(() => (window as Marked).promptChecked === true);
    expect(decided, "the prompt read the quiet period when its timer fired").toBe(true);
    const asked = await page.evaluate(() => (window as Marked).promptAsked === true);
    if (asked) {
      await showsFocusedDialog(page);
      return true;
    }
    await page.clock.runFor(DAY);
    await page.clock.resume();
    // React renders in tasks of its own (not the fake clock's): two round trips let any render
    // that a timer asked for happen before the dialog is looked for.
    for (let i = 0; i < 2; i++) {
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
      );
    }
    await expect(dialog(page)).toHaveCount(0);
    return false;
  }

  test("after Maybe Later it stays away for 7 days, then comes back", async ({ context }) => {
    const first = await visit(context, T0);
    await showsFocusedDialog(first);
    await dialog(first).getByRole("button", { name: "Maybe Later" }).click();
    await first.close();
    expect(await prompted(await visit(context, T0 + 6 * DAY))).toBe(false);
    expect(await prompted(await visit(context, T0 + 7 * DAY + 60_000))).toBe(true);
  });

  test("after the X button or Escape it stays away too", async ({ context }) => {
    const first = await visit(context, T0);
    await showsFocusedDialog(first);
    await first.keyboard.press("Escape");
    expect(await prompted(await visit(context, T0 + DAY))).toBe(false);
  });

  test("after Donate Now it stays away for 30 days", async ({ context }) => {
    await context.route(`${DONATION_URL}**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Donate</title>" }),
    );
    const first = await visit(context, T0);
    await showsFocusedDialog(first);
    await Promise.all([
      context.waitForEvent("page"),
      dialog(first)
        .getByRole("link", { name: /Donate Now/ })
        .click(),
    ]);
    expect(await prompted(await visit(context, T0 + 8 * DAY))).toBe(false);
    expect(await prompted(await visit(context, T0 + 29 * DAY))).toBe(false);
    expect(await prompted(await visit(context, T0 + 30 * DAY + 60_000))).toBe(true);
  });

  test("where storage cannot be used it appears on every visit, as the spec says", async ({
    context,
  }) => {
    await context.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          (window as Marked).promptChecked = true;
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    const first = await visit(context, T0);
    await showsFocusedDialog(first);
    await dialog(first).getByRole("button", { name: "Maybe Later" }).click();
    expect(await prompted(await visit(context, T0 + 60_000))).toBe(true);
  });
});
