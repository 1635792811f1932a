// @vitest-environment happy-dom
// happy-dom fetches no script: an injected one counts as loaded, without a console error.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThirdPartyScripts } from "./third-party-scripts";

afterEach(() => {
  cleanup();
  for (const s of [...document.querySelectorAll("script[src]")]) s.remove();
  vi.useRealTimers();
});

const srcs = () => [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));

describe("ThirdPartyScripts", () => {
  it("loads nothing when the site configures nothing", () => {
    render(<ThirdPartyScripts scripts={[]} />);
    window.dispatchEvent(new Event("load"));
    expect(srcs()).toEqual([]);
  });

  it("loads each configured script once the page is loaded and idle, not before", async () => {
    vi.useFakeTimers();
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    const scripts = ["https://forms.example.com/embed.js"];
    const { rerender } = render(<ThirdPartyScripts scripts={scripts} />);
    // The loading code is fetched only for a site with scripts: wait for it, then nothing yet.
    await vi.dynamicImportSettled();
    expect(srcs()).toEqual([]);
    window.dispatchEvent(new Event("load"));
    await vi.runAllTimersAsync();
    expect(srcs()).toEqual(["https://forms.example.com/embed.js"]);
    rerender(<ThirdPartyScripts scripts={[...scripts]} />);
    await vi.runAllTimersAsync();
    expect(srcs()).toHaveLength(1);
    const script = document.querySelector("script[src]") as HTMLScriptElement;
    expect(script.async).toBe(true);
    expect(script.textContent).toBe("");
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
  });
});
