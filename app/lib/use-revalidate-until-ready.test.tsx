// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { withPageVisibility } from "../../tests/support/page-visibility";

const revalidate = vi.fn(() => Promise.resolve());
let revalidatorState = "idle";
vi.mock("react-router", () => ({
  useRevalidator: () => ({ state: revalidatorState, revalidate }),
}));
const { ERROR_POLL_MS, LOADING_POLL_MS, useRevalidateUntilReady } =
  await import("./use-revalidate-until-ready");

const { setHidden } = withPageVisibility();

beforeEach(() => {
  revalidate.mockClear();
  revalidatorState = "idle";
});

describe("useRevalidateUntilReady", () => {
  it("asks again while news is loading, more slowly while it failed, never once it is ready", () => {
    const { rerender } = renderHook(
      ({ loading, failed }) => useRevalidateUntilReady(loading, failed),
      { initialProps: { loading: true, failed: false } },
    );
    act(() => vi.advanceTimersByTime(LOADING_POLL_MS));
    expect(revalidate).toHaveBeenCalledTimes(1);
    rerender({ loading: false, failed: true });
    act(() => vi.advanceTimersByTime(ERROR_POLL_MS - 1));
    expect(revalidate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(revalidate).toHaveBeenCalledTimes(2);
    rerender({ loading: false, failed: false });
    act(() => vi.advanceTimersByTime(10 * ERROR_POLL_MS));
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it("asks nothing while the page is hidden; back in view, it asks at once, then on time", () => {
    renderHook(() => useRevalidateUntilReady(true));
    setHidden(true);
    act(() => vi.advanceTimersByTime(20 * LOADING_POLL_MS));
    expect(revalidate).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    setHidden(false);
    act(() => vi.advanceTimersByTime(0));
    expect(revalidate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(LOADING_POLL_MS - 1));
    expect(revalidate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it("asks nothing while the router is already revalidating", () => {
    revalidatorState = "loading";
    renderHook(() => useRevalidateUntilReady(true));
    act(() => vi.advanceTimersByTime(5 * LOADING_POLL_MS));
    expect(revalidate).not.toHaveBeenCalled();
  });
});
