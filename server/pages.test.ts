import { describe, expect, it } from "vitest";
import { cacheKey, deferHydration } from "./pages";

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

  it("with the whole stylesheet's address, loads it beside the modules before hydrating", () => {
    const boot =
      /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(
        deferHydration(PAGE, "/assets/app-E.css"),
      )?.[1] ?? "";
    const all = /const \[route0, route1\] = await Promise\.all\(\[(.*)\]\);/.exec(boot)?.[1] ?? "";
    expect(all).toContain('import("/assets/root-C.js"), import("/assets/site-D.js"), new Promise(');
    expect(all).toContain(
      'l.rel = "stylesheet"; l.href = "/assets/app-E.css"; l.onload = l.onerror = r;',
    );
    expect(all).toContain("document.head.append(l);");
    // React Router's entry, which hydrates, comes after all of them.
    expect(boot.indexOf("Promise.all")).toBeLessThan(
      boot.indexOf('import("/assets/entry.client-A.js")'),
    );
    expect(out).not.toContain("stylesheet");
  });

  it("leaves a page without a bootstrap as it is", () => {
    expect(deferHydration("<html><body>Not found</body></html>")).toBe(
      "<html><body>Not found</body></html>",
    );
  });
});

describe("cacheKey", () => {
  const key = (path: string) => cacheKey(new URL(path, "http://localhost"));

  it("keeps no query on a page that reads none", () => {
    expect(key("/")).toBe("/");
    expect(key("/?utm_source=mail&x=1")).toBe("/");
    expect(key("/local-news?page=2")).toBe("/local-news");
  });

  it("keeps the parameters a page reads, in order, and drops the rest", () => {
    expect(key("/search?x=1&q=bayou&page=2&utm_source=mail")).toBe("/search?page=2&q=bayou");
    expect(key("/api/articles?category=sports&x=1&category=local")).toBe(
      "/api/articles?category=sports&category=local",
    );
  });

  it("knows a page by any spelling React Router matches: case, a trailing slash, escapes", () => {
    expect(key("/Search/?q=bayou&x=1")).toBe("/Search/?q=bayou");
    expect(key("/%73earch?q=bayou")).toBe("/%73earch?q=bayou");
    expect(key("/api/articles/?category=local")).toBe("/api/articles/?category=local");
  });

  it("leaves React Router's own requests their whole query", () => {
    expect(key("/search.data?q=a&_routes=search")).toBe("/search.data?_routes=search&q=a");
    expect(key("/_.data?x=1")).toBe("/_.data?x=1");
    expect(key("/__manifest?p=%2Fsearch&version=abc")).toBe("/__manifest?p=%2Fsearch&version=abc");
  });
});
