// @vitest-environment happy-dom
// The page's island scripts are not fetched (the test imports the island itself).
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DONATION_DELAY_MS, SNOOZE_KEY } from "~/lib/donation-snooze";

// The dialog's code, at the address DonationPopup writes.
const show = vi.fn();
vi.mock("/assets/island-donation-dialog.js", () => ({ show }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  document.body.innerHTML =
    '<div data-donation="/assets/island-donation-dialog.js" data-props="/api/donation"></div>';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("the donation prompt's timer", () => {
  it("leaves the reader's storage alone as the page loads, and reads it when the prompt is due", async () => {
    const read = vi.spyOn(Storage.prototype, "getItem");
    const asked = vi.spyOn(window, "fetch").mockResolvedValue(new Response("{}", { status: 500 }));
    await import("./donation");
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DONATION_DELAY_MS);
    expect(read).toHaveBeenCalledWith(SNOOZE_KEY);
    expect(asked).toHaveBeenCalledWith("/api/donation", expect.anything());
    // What the dialog shows could not be had: no dialog.
    expect(show).not.toHaveBeenCalled();
  });

  it("stays away when the reader answered lately, by what the storage says when it is due", async () => {
    const asked = vi.spyOn(window, "fetch").mockResolvedValue(new Response("{}", { status: 500 }));
    await import("./donation");
    // Answered in another tab after this page loaded.
    localStorage.setItem(SNOOZE_KEY, String(Date.now() + 7 * 24 * 3600_000));
    await vi.advanceTimersByTimeAsync(DONATION_DELAY_MS);
    expect(asked).not.toHaveBeenCalled();
  });
});
