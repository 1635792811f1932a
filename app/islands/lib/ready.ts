import { ISLANDS_READY, type IslandName } from "../../../common/islands";

/**
 * Says that an island's module has started (its listeners are in place): its name joins
 * <html data-islands-ready>, which tests wait for instead of guessing.
 */
export function ready(name: IslandName): void {
  const root = document.documentElement;
  const names = new Set((root.getAttribute(ISLANDS_READY) ?? "").split(" ").filter(Boolean));
  names.add(name);
  root.setAttribute(ISLANDS_READY, [...names].join(" "));
}

/**
 * Loads the site's whole stylesheet, once: a page inlines only the rules of its own markup
 * (server/render/page-css.ts), so an island that shows markup the page did not have (a dialog, new
 * stories) first makes sure every rule is there. Resolves when it has loaded (or failed).
 */
let whole: Promise<void> | undefined;
export function wholeStylesheet(): Promise<void> {
  const href = document.documentElement.dataset.stylesheet;
  if (!href) return Promise.resolve();
  whole ??= new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return whole;
}

/** The JSON an island's server markup carries for it (`<IslandProps>`), or undefined. */
export function propsOf<T>(container: Element): T | undefined {
  const script = container.nextElementSibling;
  if (!(script instanceof HTMLScriptElement) || script.type !== "application/json")
    return undefined;
  try {
    return JSON.parse(script.textContent ?? "") as T;
  } catch {
    return undefined;
  }
}
