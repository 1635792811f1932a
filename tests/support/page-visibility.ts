import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * For tests of hooks that follow Page Visibility (happy-dom): a fake clock, `document.hidden`
 * under the test's control, and `setHidden` to hide or show the page (firing visibilitychange).
 * Call once at the top of a test file.
 */
export function withPageVisibility(): { setHidden(value: boolean): void } {
  let hidden = false;
  beforeEach(() => {
    vi.useFakeTimers();
    hidden = false;
    vi.spyOn(document, "hidden", "get").mockImplementation(() => hidden);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  return {
    setHidden(value: boolean) {
      hidden = value;
      act(() => {
        document.dispatchEvent(new Event("visibilitychange"));
      });
    },
  };
}
