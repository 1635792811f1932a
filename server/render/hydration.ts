/** React Router's module preloads, and its bootstrap's static imports of the route modules. */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";\n/gm;

/**
 * A page is whole in its HTML (rendered on the server, its stylesheet inline); its scripts only
 * make it interactive. So they wait for the first paint: the module preloads are dropped and
 * React Router's bootstrap module imports the route modules (all at once, in parallel) only after
 * the first frame, then hydrates as before. On a slow connection the text and the lead picture
 * come first; the page is interactive a frame later. (The bootstrap is a module script, so it
 * may await; the CSP's hash is taken from the script as rewritten.)
 *
 * With `stylesheet` (where the whole stylesheet is served), the bootstrap also loads it beside
 * the modules and hydrates once it has come (or failed): the page inlines only its own rules
 * (trimPageCss), and whatever the reader does next (a menu opened, another page) may need any.
 */
export function deferHydration(html: string, stylesheet?: string): string {
  const start = html.indexOf('<script type="module"');
  if (start === -1) return html;
  const bodyStart = html.indexOf(">", start) + 1;
  const end = html.indexOf("</script>", bodyStart);
  const script = html.slice(bodyStart, end);
  const routes = [...script.matchAll(ROUTE_IMPORT)];
  if (routes.length === 0) return html;
  const names = routes.map((m) => m[1]).join(", ");
  const loads = routes.map((m) => `import(${JSON.stringify(m[2])})`);
  if (stylesheet) loads.push(loadStylesheet(stylesheet));
  const rewritten =
    "await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));\n" +
    `const [${names}] = await Promise.all([${loads.join(", ")}]);\n` +
    script.replace(ROUTE_IMPORT, "");
  return (html.slice(0, bodyStart) + rewritten + html.slice(end)).replace(MODULE_PRELOAD, "");
}

/** A promise, in the bootstrap, of the stylesheet at `href` appended to the head and loaded. */
function loadStylesheet(href: string): string {
  return (
    'new Promise((r) => { const l = document.createElement("link"); ' +
    `l.rel = "stylesheet"; l.href = ${JSON.stringify(href)}; l.onload = l.onerror = r; ` +
    "document.head.append(l); })"
  );
}
