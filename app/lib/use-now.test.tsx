// @vitest-environment happy-dom
import { act, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { withPageVisibility } from "../../tests/support/page-visibility";
import { CLOCK_TICK_MS, clockTimers, useNow } from "./use-now";

const { setHidden } = withPageVisibility();

function Time({ id }: { id: number }) {
  return <span data-testid={`t${id}`}>{useNow(0)}</span>;
}

describe("the shared clock", () => {
  it("runs one timer for any number of relative dates, and moves them all together", () => {
    const setInterval = vi.spyOn(window, "setInterval");
    const { getByTestId } = render(
      <>
        {Array.from({ length: 25 }, (_, i) => (
          <Time key={i} id={i} />
        ))}
      </>,
    );
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(clockTimers()).toBe(1);
    const before = Number(getByTestId("t0").textContent);
    act(() => {
      vi.advanceTimersByTime(CLOCK_TICK_MS);
    });
    const after = Number(getByTestId("t0").textContent);
    expect(after - before).toBe(CLOCK_TICK_MS);
    expect(getByTestId("t24").textContent).toBe(String(after));
  });

  it("stops while the page is hidden and reads the time at once when it is back", () => {
    const { getByTestId } = render(<Time id={1} />);
    setHidden(true);
    expect(clockTimers()).toBe(0);
    const shown = Number(getByTestId("t1").textContent);
    act(() => {
      vi.advanceTimersByTime(10 * CLOCK_TICK_MS);
    });
    expect(Number(getByTestId("t1").textContent)).toBe(shown);
    setHidden(false);
    expect(Number(getByTestId("t1").textContent)).toBe(shown + 10 * CLOCK_TICK_MS);
    expect(clockTimers()).toBe(1);
  });

  it("stops when no date is shown any more", () => {
    const { unmount } = render(<Time id={2} />);
    unmount();
    expect(clockTimers()).toBe(0);
  });
});
