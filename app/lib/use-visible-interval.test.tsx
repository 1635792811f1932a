// @vitest-environment happy-dom
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { withPageVisibility } from "../../tests/support/page-visibility";
import { useVisibleInterval } from "./use-visible-interval";

const { setHidden } = withPageVisibility();

describe("useVisibleInterval", () => {
  it("calls every interval while the page is visible", () => {
    const callback = vi.fn();
    renderHook(() => useVisibleInterval(callback, 1000));
    vi.advanceTimersByTime(3500);
    expect(callback).toHaveBeenCalledTimes(3);
  });

  it("runs no timer with no interval (null), and starts when it gets one", () => {
    const callback = vi.fn();
    const { rerender } = renderHook(({ ms }) => useVisibleInterval(callback, ms), {
      initialProps: { ms: null as number | null },
    });
    vi.advanceTimersByTime(60_000);
    expect(callback).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    rerender({ ms: 1000 });
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
    rerender({ ms: null });
    vi.advanceTimersByTime(60_000);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("never calls while the page is hidden, and calls at once when it is back after its time", () => {
    const callback = vi.fn();
    renderHook(() => useVisibleInterval(callback, 1000));
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
    renderHook(() => useVisibleInterval(callback, 1000));
    vi.advanceTimersByTime(300);
    setHidden(true);
    vi.advanceTimersByTime(300);
    setHidden(false);
    vi.advanceTimersByTime(399);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("stops when unmounted", () => {
    const callback = vi.fn();
    const { unmount } = renderHook(() => useVisibleInterval(callback, 1000));
    unmount();
    vi.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
  });
});
