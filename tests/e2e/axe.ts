import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules of WCAG 2.2 levels A and AA that axe checks (issue 55). */
export const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The reader's system setting: every page has a light and a dark scheme (decision 013). */
export const COLOR_SCHEMES = ["light", "dark"] as const;

export interface Violation {
  scheme: (typeof COLOR_SCHEMES)[number];
  id: string;
  nodes: string[];
}

/** A violation as the page reports it, before its scheme is named. */
type Found = Omit<Violation, "scheme">;

/**
 * axe-core's script, the very one @axe-core/playwright injects (its own dependency, resolved
 * from it, so that both always run the same axe).
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
    source: string;
  }
).source;

/**
 * axe.run() in the page itself, axe injected once per document. AxeBuilder.analyze() evaluates
 * axe's script in the page and again in a blank page it opens to merge the frames' results, and
 * sends every passing node back to Node: on a page without frames that merge has nothing to add,
 * and it made each pass about five times slower (issue 56). The same rules, on the same document.
 */
async function violationsInPage(page: Page): Promise<Found[]> {
  const injected = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function",
  );
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    type Axe = {
      run(
        context: Document,
        options: object,
      ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return results.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.map((n) => n.target.join(" ")),
    }));
  }, WCAG_AA);
}

/** axe through AxeBuilder, whose frame-by-frame run also reaches frames of other origins. */
async function violationsInFrames(page: Page): Promise<Found[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => n.target.join(" ")),
  }));
}

/**
 * axe's WCAG 2.2 A and AA violations, of any impact, on the page as it stands, in each colour
 * scheme in turn (switched in place: the page is not loaded again); the page is left light.
 */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const scheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    const inScheme =
      page.frames().length > 1 ? await violationsInFrames(page) : await violationsInPage(page);
    for (const v of inScheme) found.push({ scheme, ...v });
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}
