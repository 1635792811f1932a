// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BooksContentSchema } from "../../sites/content";
import { NETWORK_FILE } from "../../tests/support/cities";
import { COVER_PALETTES, TypographicCover, coverDesign } from "./typographic-cover";

afterEach(cleanup);

/**
 * The network's books (sites/network.json), as every city shows them: the series whose covers
 * must vary, read from the network's defaults rather than through one city.
 */
const { content } = JSON.parse(readFileSync(NETWORK_FILE, "utf8")) as {
  content: { pages: { books: unknown } };
};
const BOOKS = BooksContentSchema.parse(content.pages.books);

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

describe("typographic covers", () => {
  it("are the same for the same title, on every render", () => {
    const title = BOOKS.books[0]?.title ?? "";
    expect(coverDesign(title)).toEqual(coverDesign(title));
  });

  it("vary across the series: several palettes and patterns, no long run of one look", () => {
    const designs = BOOKS.books.map((b) => coverDesign(b.title));
    expect(new Set(designs.map((d) => d.palette.ground)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(designs.map((d) => d.pattern)).size).toBeGreaterThanOrEqual(5);
    const looks = designs.map((d) => `${d.palette.ground}/${d.pattern}`);
    const repeats = looks.filter((look, i) => i > 0 && look === looks[i - 1]).length;
    expect(repeats).toBeLessThanOrEqual(2);
  });

  it.each(COVER_PALETTES)("set their type at AA contrast on $ground", ({ ground, ink }) => {
    const [light, dark] = [luminance(ground), luminance(ink)].sort((a, b) => b - a);
    expect(((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it("set the title, its subtitle and the author, hidden from screen readers", () => {
    const { container } = render(
      <TypographicCover
        book={{
          title: "Billionaire Zen: Ancient Wisdom for Modern Wealth",
          author: "Billionaire Buddha",
        }}
      />,
    );
    const cover = container.firstElementChild;
    expect(cover?.getAttribute("aria-hidden")).toBe("true");
    expect(cover?.textContent).toBe(
      "Billionaire ZenAncient Wisdom for Modern WealthBillionaire Buddha",
    );
  });
});
