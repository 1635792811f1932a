import { ready } from "./lib/ready";

/**
 * The header's menus (SiteHeader, MainNav), made on the server; this island makes them behave:
 * - the phone's menu toggle opens and closes its panel (aria-expanded, its icon and its name
 *   follow); Escape or a chosen link closes it;
 * - "More" (a `<details>` that opens without JavaScript) closes on Escape (focus back on its
 *   summary), on a click outside it, and when the keyboard's focus leaves it;
 * - a link of the scrolling row that gets the keyboard's focus is brought wholly into view,
 *   clear of the row's fade (not on a click, which must not move the link under the pointer).
 */
const button = document.querySelector<HTMLButtonElement>("button[aria-controls='site-menu']");
const panel = document.getElementById("site-menu");
if (button && panel) {
  const name = button.querySelector(".sr-only");
  // Its names in the page's language: "open" as rendered, "close" from the server (data-close-label).
  const openLabel = name?.textContent ?? "";
  const closeLabel = button.dataset.closeLabel ?? openLabel;
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    panel.classList.toggle("hidden", !open);
    panel.classList.toggle("block", open);
    button.querySelector("[data-icon=open]")?.classList.toggle("hidden", open);
    button.querySelector("[data-icon=close]")?.classList.toggle("hidden", !open);
    if (name) name.textContent = open ? closeLabel : openLabel;
  };
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  button.addEventListener("click", () => setOpen(!isOpen()));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) setOpen(false);
  });
  panel.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a") && isOpen()) setOpen(false);
  });
  // A page shown again from the back/forward cache shows its menu closed.
  window.addEventListener("pageshow", () => setOpen(false));
}

const more = document.querySelector<HTMLDetailsElement>("details[data-nav-more]");
if (more) {
  const close = () => (more.open = false);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !more.open) return;
    close();
    more.querySelector("summary")?.focus();
  });
  document.addEventListener("click", (event) => {
    if (more.open && !more.contains(event.target as Node)) close();
  });
  more.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) close();
  });
  // Tabbing out of it (not focus leaving the window: relatedTarget null) closes it, so that its
  // panel never hides the link that has the focus.
  more.addEventListener("focusout", (event) => {
    if (event.relatedTarget instanceof Node && !more.contains(event.relatedTarget)) close();
  });
}

document.querySelector("[data-nav-row]")?.addEventListener("focusin", (event) => {
  const target = event.target as HTMLElement;
  if (target.matches(":focus-visible")) {
    target.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
});

ready("menu");
