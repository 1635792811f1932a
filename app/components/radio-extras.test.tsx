// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countDateFormats } from "../../tests/support/date-formats";
import { RecentlyPlayed } from "./radio-extras";

const WORDS = {
  heading: "Recently played",
  empty: "Titles appear here as the station plays them.",
};
const AT = Date.UTC(2026, 11, 4, 18, 5);

afterEach(() => vi.restoreAllMocks());

describe("Recently played", () => {
  it("makes no date format while empty (the first paint), then one, kept across the polls", () => {
    const { made } = countDateFormats();
    const props = { locale: "en-US", timeZone: "America/Chicago", words: WORDS };
    const view = render(<RecentlyPlayed recent={[]} {...props} />);
    expect(view.container.textContent).toContain(WORDS.empty);
    // The first paint's list: the zone's data is not loaded for it.
    expect(made()).toBe(0);
    view.rerender(<RecentlyPlayed recent={[{ title: "Morning Drive", at: AT }]} {...props} />);
    expect(view.container.querySelector("time")?.textContent).toBe("12:05 PM");
    expect(made()).toBe(1);
    // The next poll's answer: the same format tells both times.
    view.rerender(
      <RecentlyPlayed
        recent={[
          { title: "Noon News", at: AT + 3_600_000 },
          { title: "Morning Drive", at: AT },
        ]}
        {...props}
      />,
    );
    expect([...view.container.querySelectorAll("time")].map((t) => t.textContent)).toEqual([
      "1:05 PM",
      "12:05 PM",
    ]);
    expect(made()).toBe(1);
  });
});
