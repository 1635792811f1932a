// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The root data an ad block reads: a reader's page with no ad client, by default. */
const root = {
  embedPlaceholders: false,
  adClient: null as string | null,
  site: {
    partners: [
      { label: "Buddha TV", url: "https://buddhatv.org" },
      { label: "Dunamis Charge", url: "https://dunamischarge.com" },
    ],
  },
  islands: { embeds: "/assets/island-embeds.js" },
};
vi.mock("~/lib/root-data", () => ({ useRootData: () => root, useSite: () => root }));
const { AdPlaceholder } = await import("./ad-placeholder");

afterEach(() => {
  cleanup();
  root.embedPlaceholders = false;
  root.adClient = null;
});

describe("AdPlaceholder", () => {
  it.each(["horizontal", "square", "vertical"] as const)(
    "leaves a %s ad slot out without an ad client",
    (variant) => {
      const { container } = render(<AdPlaceholder type="google" variant={variant} />);
      expect(container.innerHTML).toBe("");
    },
  );

  it.each([
    ["horizontal", /min-h-\[100px\] md:min-h-\[120px\]/],
    ["square", /min-h-\[250px\]/],
    ["vertical", /min-h-\[250px\] lg:min-h-\[600px\]/],
  ] as const)(
    "reserves the %s slot's height (docs/product.md §9) with an ad client",
    (variant, height) => {
      root.adClient = "ca-pub-123";
      render(<AdPlaceholder type="google" variant={variant} />);
      const slot = screen.getByRole("complementary", { name: "Advertisement" });
      expect(slot.className).toMatch(height);
    },
  );

  it("holds the ad script's slot, for the embeds island to queue, and no placeholder, with an ad client", () => {
    root.adClient = "ca-pub-123";
    render(<AdPlaceholder type="google" variant="vertical" />);
    const slot = screen.getByRole("complementary", { name: "Advertisement" });
    expect(slot?.getAttribute("aria-label")).toBe("Advertisement");
    expect(slot?.className).not.toContain("border-dashed");
    expect(slot?.querySelector("ins.adsbygoogle")?.getAttribute("data-ad-client")).toBe(
      "ca-pub-123",
    );
    expect(slot?.textContent).not.toContain("Your ad could be here");
    // Queued by the island (third-party-scripts.test.tsx), not by the markup.
    expect(slot.querySelector("script[data-island=embeds]")?.getAttribute("data-src")).toBe(
      "/assets/island-embeds.js",
    );
  });

  it("shows where an ad would go while designing (embedPlaceholders)", () => {
    root.embedPlaceholders = true;
    const { container } = render(<AdPlaceholder type="google" variant="square" />);
    expect(screen.getByText("Your ad could be here")).toBeTruthy();
    expect(container.querySelector("ins, script")).toBeNull();
  });

  it.each([
    ["buddhatv", "Buddha TV", "https://buddhatv.org"],
    ["dunamischarge", "Dunamis Charge", "https://dunamischarge.com"],
  ] as const)(
    "makes the %s sponsor block a labelled link to the partner's site",
    (type, label, url) => {
      const { container } = render(<AdPlaceholder type={type} variant="square" />);
      const block = screen.getByRole("complementary", { name: `Sponsored by ${label}` });
      const link = screen.getByRole("link", { name: `${label} (opens in a new tab)` });
      expect(block.contains(link)).toBe(true);
      expect(link.getAttribute("href")).toBe(url);
      expect(link.getAttribute("rel")).toContain("sponsored");
      // A house promotion, not an AdSense slot: no reserved box, nothing for the ad script.
      expect(container.querySelector("[data-ad-type], ins")).toBeNull();
      expect(block.className).not.toMatch(/min-h-\[250px\]|border-dashed/);
    },
  );

  it("shows the sponsor blocks whether or not an ad client or the placeholders are on", () => {
    root.adClient = "ca-pub-123";
    root.embedPlaceholders = true;
    render(<AdPlaceholder type="buddhatv" variant="square" />);
    expect(screen.getByRole("link", { name: /Buddha TV/ })).toBeTruthy();
    expect(screen.queryByText("Your ad could be here")).toBeNull();
  });
});
