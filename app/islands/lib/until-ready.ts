import { visibleInterval } from "./visible-interval";

/** How often a page whose news is still loading asks for itself again. */
export const LOADING_POLL_MS = 2_000;
/** How often a page showing a feed error looks again (the engine retries with backoff). */
export const ERROR_POLL_MS = 10_000;

/** A block of news in a state the page must leave: NewsState's loading and error texts. */
const STATE = "data-news-state";

/** What a page's blocks of news say while loading or failed, in order ("" when all are ready). */
export function newsStates(root: ParentNode): string {
  return [...root.querySelectorAll(`[${STATE}]`)]
    .map((block) => `${block.getAttribute(STATE)}: ${block.textContent}`)
    .join("\n");
}

/** How often a page asks again: quickly while news is loading, slowly after an error, or not. */
export function pollInterval(root: ParentNode): number | null {
  if (root.querySelector(`[${STATE}=loading]`)) return LOADING_POLL_MS;
  if (root.querySelector(`[${STATE}=error]`)) return ERROR_POLL_MS;
  return null;
}

/** The page at `url` as the server makes it now, or null when it could not be had. */
export async function fetchPage(url: string): Promise<Document | null> {
  try {
    const response = await fetch(url, { cache: "no-cache", headers: { accept: "text/html" } });
    if (!response.ok) return null;
    return new DOMParser().parseFromString(await response.text(), "text/html");
  } catch {
    return null;
  }
}

/** Sent on the document once the page's main content has been replaced by a newer one. */
export const CONTENT_REPLACED = "islands:content-replaced";

/**
 * Replaces the page's main content with a newer one's. Each island's marker (IslandScript) becomes
 * the module script it names, so that an island the page did not have yet starts
 * (a module the page has run runs no more: those with parts in the content hear CONTENT_REPLACED
 * and find them again). Focus inside the content goes to the same element in the new one (its
 * id, or a link to the same place), else to the content itself; the scroll position is kept.
 */
export function replaceContent(main: HTMLElement, next: HTMLElement): void {
  const focused = document.activeElement;
  const target =
    focused instanceof HTMLElement && focused !== main && main.contains(focused)
      ? focused.id
        ? `#${CSS.escape(focused.id)}`
        : focused instanceof HTMLAnchorElement
          ? `a[href="${CSS.escape(focused.getAttribute("href") ?? "")}"]`
          : ""
      : null;
  main.replaceChildren(...next.childNodes);
  for (const marker of main.querySelectorAll<HTMLScriptElement>("script[data-island]")) {
    const script = document.createElement("script");
    for (const { name, value } of marker.attributes) script.setAttribute(name, value);
    script.type = "module";
    script.src = marker.dataset.src ?? "";
    marker.replaceWith(script);
  }
  if (target !== null) {
    const again = target ? main.querySelector<HTMLElement>(target) : null;
    (again ?? main).focus({ preventScroll: true });
  }
  document.dispatchEvent(new Event(CONTENT_REPLACED));
}

/**
 * Asks for the page again while a block of its news is loading (every 2 s) or shows an error
 * (every 10 s), never while the page is hidden (Page Visibility), and never twice at once. When
 * the page it gets differs in those blocks (news arrived, or failed, or recovered), its main
 * content replaces this one's: no reload (the reader's place, and what the page's scripts hold,
 * stay). Stops once no block is loading or failed.
 */
export function untilReady(main: HTMLElement, askPage: () => Promise<Document | null>): void {
  let stop: (() => void) | undefined;
  let every: number | null = null;
  let asking = false;
  const ask = async () => {
    if (asking) return;
    asking = true;
    try {
      const next = (await askPage())?.getElementById(main.id);
      if (next && newsStates(next) !== newsStates(main)) {
        replaceContent(main, next);
        follow();
      }
    } finally {
      asking = false;
    }
  };
  const follow = () => {
    const next = pollInterval(main);
    if (next === every) return;
    stop?.();
    every = next;
    stop = next === null ? undefined : visibleInterval(() => void ask(), next);
  };
  follow();
}
