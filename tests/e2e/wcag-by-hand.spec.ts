import { expect, test, type Page } from "@playwright/test";
import { COLOR_SCHEMES } from "./axe";
import { contrast } from "./contrast";
import { gotoReady } from "./helpers";

// WCAG 2.2 AA where axe cannot look (issue 55, point 3), in both colour schemes: focus rings
// (1.4.11, 2.4.7: 3:1 against what they sit on), target sizes (2.5.8: 24 × 24 px, or room around),
// text spacing (1.4.12) and 200 % zoom (1.4.4, 1.4.10) without loss. The sticky header never
// hiding what the keyboard focuses (2.4.11) is layout.spec.ts's.

const PAGES = ["/", "/local-news", "/weather", "/radio", "/books", "/contact", "/es/"];

/** Every control the keyboard can reach that is on the screen, in document order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** A control's ring as the page draws it, and the colour behind the control. */
interface Ring {
  element: string;
  ring: string;
  color: string;
  width: number;
  ground: string;
}

interface RingFailure {
  element: string;
  ring: string;
  ground: string;
  ratio: number;
}

/**
 * Focuses each control of the page in turn (after a Tab, so the focus is the keyboard's and
 * :focus-visible applies) and returns those whose ring is missing, thinner than 2 px or under
 * 3:1 against the colour it is drawn on (the nearest grounds behind the control, composed).
 */
async function weakRings(page: Page): Promise<RingFailure[]> {
  await page.keyboard.press("Tab");
  const rings = await page.evaluate((selector) => {
    const rgba = (css: string): [number, number, number, number] => {
      const probe = document.createElement("canvas").getContext("2d");
      if (!probe) return [0, 0, 0, 1];
      probe.fillStyle = "#000";
      probe.fillStyle = css;
      probe.clearRect(0, 0, 1, 1);
      probe.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 255] = probe.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    /** The colour behind an element: its ancestors' grounds composed over the canvas's. */
    const groundOf = (el: Element): number[] => {
      const layers: [number, number, number, number][] = [];
      for (let node: Element | null = el.parentElement; node; node = node.parentElement) {
        const bg = rgba(getComputedStyle(node).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let ground = rgba(getComputedStyle(document.documentElement).backgroundColor);
      if (ground[3] < 1) ground = rgba(getComputedStyle(document.body).backgroundColor);
      if (ground[3] < 1) ground = rgba("Canvas");
      for (const [r, g, b, a] of layers.reverse())
        ground = [
          r * a + ground[0] * (1 - a),
          g * a + ground[1] * (1 - a),
          b * a + ground[2] * (1 - a),
          1,
        ];
      return ground;
    };
    const asRgb = ([r = 0, g = 0, b = 0]: number[]) =>
      `rgb(${[r, g, b].map(Math.round).join(", ")})`;
    const rings: Ring[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden")
        continue;
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      const style = getComputedStyle(el);
      rings.push({
        element: `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 40)}"`,
        ring: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        color: asRgb(rgba(style.outlineColor)),
        width: style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth),
        ground: asRgb(groundOf(el)),
      });
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return rings;
  }, FOCUSABLE);
  return rings
    .map(({ element, ring, color, width, ground }) => ({
      element,
      ring,
      ground,
      ratio: width >= 2 ? Math.round(contrast(color, ground) * 100) / 100 : 0,
    }))
    .filter(({ ratio }) => ratio < 3);
}

/**
 * Controls smaller than 24 × 24 px whose 24 px circle (centred on them) meets another control or
 * its circle: WCAG 2.5.8's spacing exception, which leaves out links inside a line of text
 * (display inline: their size is the line's).
 */
async function crampedTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const targets = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && style.visibility !== "hidden";
      })
      .map((el) => ({ el, box: el.getBoundingClientRect() }));
    const inline = (el: HTMLElement) =>
      getComputedStyle(el).display === "inline" && el.tagName === "A";
    const small = targets.filter(
      ({ el, box }) => !inline(el) && (box.width < 23.5 || box.height < 23.5),
    );
    const centre = (box: DOMRect) => [box.x + box.width / 2, box.y + box.height / 2] as const;
    const circleMeetsBox = (c: readonly [number, number], box: DOMRect) => {
      const dx = Math.max(box.left - c[0], 0, c[0] - box.right);
      const dy = Math.max(box.top - c[1], 0, c[1] - box.bottom);
      return dx * dx + dy * dy < 12 * 12;
    };
    const cramped: string[] = [];
    for (const { el, box } of small) {
      const c = centre(box);
      const meets = targets.some((other) => {
        if (other.el === el || other.el.contains(el) || el.contains(other.el)) return false;
        if (circleMeetsBox(c, other.box)) return true;
        const isSmall = small.some((s) => s.el === other.el);
        if (!isSmall) return false;
        const o = centre(other.box);
        return Math.hypot(o[0] - c[0], o[1] - c[1]) < 24;
      });
      if (meets)
        cramped.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return cramped;
  }, FOCUSABLE);
}

/**
 * What the reader cannot see or reach: the page wider than the window (a sideways scroll of the
 * whole page), and text cut off by a box that hides its overflow (not a box that scrolls, not a
 * summary clamped to its lines on purpose, not text only for screen readers).
 */
async function lostContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lost: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) {
      // Named by the innermost elements that reach past the window's edge.
      const past = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
        (el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && !el.children.length,
      );
      lost.push(
        `the page is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window: ${past
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`)
          .join(", ")}`,
      );
    }
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(el);
      const hides = [style.overflowX, style.overflowY].some((o) => o === "hidden" || o === "clip");
      if (!hides || !el.textContent?.trim()) continue;
      if (style.webkitLineClamp !== "none" && style.webkitLineClamp !== "") continue;
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue; // sr-only
      if (el.querySelector("img, svg, picture, video, iframe")) continue; // a picture's frame
      if (el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2)
        lost.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
        );
    }
    return lost;
  });
}

/** WCAG 1.4.12's spacing, the least a reader's own stylesheet may ask for. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

for (const colorScheme of COLOR_SCHEMES) {
  for (const width of [375, 1280]) {
    test.describe(`by hand, ${colorScheme} scheme, ${width} px`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme });

      test("every focus ring stands 3:1 from its ground, and every target is 24 px or has room", async ({
        page,
      }) => {
        test.slow();
        for (const path of PAGES) {
          await gotoReady(page, path);
          expect(await weakRings(page), path).toEqual([]);
          expect(await crampedTargets(page), path).toEqual([]);
        }
      });
    });
  }
}

for (const colorScheme of COLOR_SCHEMES) {
  test.describe(`without loss, ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test("text spaced as WCAG 1.4.12 asks loses nothing at 375 and 1280 px", async ({ page }) => {
      test.slow();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of PAGES) {
          await gotoReady(page, path);
          await page.addStyleTag({ content: TEXT_SPACING });
          expect(await lostContent(page), `${path} at ${width} px`).toEqual([]);
        }
      }
    });
  });
}

for (const colorScheme of COLOR_SCHEMES) {
  test.describe(`at 200 % zoom, ${colorScheme} scheme`, () => {
    // A 1280 × 900 window at 200 %: a layout 640 CSS px wide, each drawn with two device pixels.
    test.use({ viewport: { width: 640, height: 450 }, deviceScaleFactor: 2, colorScheme });

    test("nothing is lost and the navigation stays reachable", async ({ page }) => {
      test.slow();
      for (const path of PAGES) {
        await gotoReady(page, path);
        expect(await lostContent(page), path).toEqual([]);
        const way = page
          .getByRole("button", { name: /menu|menú/i })
          .or(page.getByRole("link", { name: /home|inicio/i }));
        await expect(way.first(), path).toBeVisible();
      }
    });
  });
}
