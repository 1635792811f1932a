import { describe, expect, it } from "vitest";
import { deferHydration } from "./pages";

// React Router's bootstrap as the production build renders it (shortened).
const PAGE = `<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/framework-B.js"/></head><body><main>News</main><script type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/site-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"layouts/site":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

describe("deferHydration", () => {
  const out = deferHydration(PAGE);

  it("drops the module preloads, so no script is fetched before the first paint", () => {
    expect(out).not.toContain("modulepreload");
  });

  it("imports the route modules after the first frame, all at once, under their names", () => {
    const boot = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";
    expect(boot.startsWith("await new Promise((r) => requestAnimationFrame(")).toBe(true);
    expect(boot).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/site-D.js")]);',
    );
    expect(boot).not.toMatch(/^import \* as/m);
    // The rest of the bootstrap is as React Router wrote it.
    expect(boot).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"layouts/site":route1};',
    );
    expect(boot.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it("leaves a page without a bootstrap as it is", () => {
    expect(deferHydration("<html><body>Not found</body></html>")).toBe(
      "<html><body>Not found</body></html>",
    );
  });
});
