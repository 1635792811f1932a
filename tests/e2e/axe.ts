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

/**
 * axe's WCAG 2.2 A and AA violations, of any impact, on the page as it stands, in each colour
 * scheme in turn (switched in place: the page is not loaded again); the page is left light.
 */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const scheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
    for (const v of results.violations)
      found.push({ scheme, id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}
