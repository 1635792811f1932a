// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MarkedText } from "./marked-text";

afterEach(cleanup);

describe("MarkedText", () => {
  it("puts the matched parts in <mark> and keeps feed text as text", () => {
    const { container } = render(
      <p>
        <MarkedText parts={["<b>Bold</b> ", "café", " on the ", "bayou", ""]} />
      </p>,
    );
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual([
      "café",
      "bayou",
    ]);
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("<b>Bold</b> café on the bayou");
  });
});
