// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { withPageVisibility } from "../../../tests/support/page-visibility";
import { visibleInterval } from "./visible-interval";

const { setHidden } = withPageVisibility();

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe("visibleInterval", () => {
  it("calls every interval while the page is visible", () => {
    const callback = vi.fn();
    stop = visibleInterval(callback, 1000);
    vi.advanceTimersByTime(3500);
    expect(callback).toHaveBeenCalledTimes(3);
  });

  it("never calls while the page is hidden, and calls at once when it is back after its time", () => {
    const callback = vi.fn();
    stop = visibleInterval(callback, 1000);
    vi.advanceTimersByTime(500);
    setHidden(true);
    vi.advanceTimersByTime(60_000);
    expect(callback).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    setHidden(false);
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(2);
  });

  it("waits out the rest of the interval when back before its time", () => {
    const callback = vi.fn();
    stop = visibleInterval(callback, 1000);
    vi.advanceTimersByTime(300);
    setHidden(true);
    vi.advanceTimersByTime(300);
    setHidden(false);
    vi.advanceTimersByTime(399);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("stops when told, and no longer follows the page's visibility", () => {
    const callback = vi.fn();
    visibleInterval(callback, 1000)();
    expect(vi.getTimerCount()).toBe(0);
    setHidden(true);
    setHidden(false);
    vi.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
