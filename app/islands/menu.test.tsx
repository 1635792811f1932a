// @vitest-environment happy-dom
// The page's island scripts are not fetched (the test imports the island itself).
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { SITE_NAVIGATION } from "~/lib/pages";
import { toPublicSite } from "~/lib/site";

vi.mock("~/lib/root-data", () => ({
  useSite: () => ({ islands: { menu: "/assets/island-menu.js" } }),
  // The page's locale, for the interface's words (useT).
  useRootData: () => ({ site: { locale: "en-US" } }),
}));
const { SiteHeader } = await import("~/components/site-header");

const $ = <T extends Element = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector) as T;
const toggle = () => $<HTMLButtonElement>("button[aria-controls='site-menu']");
const panel = () => $("#site-menu");
const more = () => $<HTMLDetailsElement>("details[data-nav-more]");
const key = (key: string) =>
  document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));

// The header as the server sends it (the phone's menu closed, More closed), then the island.
beforeAll(async () => {
  const Header = () => (
    <>
      <SiteHeader
        site={toPublicSite(fixtureCity())}
        now={Date.parse("2026-11-23T12:00:00Z")}
        links={SITE_NAVIGATION.header}
      />
      <main>
        <a href="#outside">Outside</a>
      </main>
    </>
  );
  const Page = createRoutesStub([{ path: "/weather", Component: Header }]);
  document.body.innerHTML = renderToStaticMarkup(<Page initialEntries={["/weather"]} />);
  // happy-dom lays nothing out: scrolling into view is only recorded.
  Element.prototype.scrollIntoView = vi.fn();
  await import("./menu");
});

beforeEach(() => {
  if (toggle().getAttribute("aria-expanded") === "true") toggle().click();
  more().open = false;
});

describe("the menu island: the phone's menu", () => {
  it("says it has started", () => {
    expect(document.documentElement.getAttribute("data-islands-ready")).toContain("menu");
  });

  it("opens and closes with its toggle: aria-expanded, the panel, the icon and the name follow", () => {
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(panel().classList.contains("hidden")).toBe(true);
    toggle().click();
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(panel().classList.contains("hidden")).toBe(false);
    expect(panel().classList.contains("block")).toBe(true);
    expect(toggle().querySelector("[data-icon=open]")?.classList.contains("hidden")).toBe(true);
    expect(toggle().querySelector("[data-icon=close]")?.classList.contains("hidden")).toBe(false);
    expect(toggle().querySelector(".sr-only")?.textContent).toBe("Close menu");
    toggle().click();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(panel().classList.contains("hidden")).toBe(true);
    expect(toggle().querySelector("[data-icon=open]")?.classList.contains("hidden")).toBe(false);
    expect(toggle().querySelector(".sr-only")?.textContent).toBe("Open menu");
  });

  it("closes when a link of it is chosen (the current page's too), and on Escape", () => {
    toggle().click();
    panel().querySelector<HTMLAnchorElement>("a[aria-current=page]")?.click();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    toggle().click();
    key("Escape");
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(panel().classList.contains("hidden")).toBe(true);
  });

  it("stays open on a click in its panel that is not a link, and on other keys", () => {
    toggle().click();
    panel().querySelector("input")?.click();
    key("Enter");
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
  });

  it("is shown closed when the page comes back from the back/forward cache", () => {
    toggle().click();
    window.dispatchEvent(new Event("pageshow"));
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
  });
});

describe("the menu island: More", () => {
  it("closes on Escape, the focus back on its summary", () => {
    more().open = true;
    more().querySelector("a")?.focus();
    key("Escape");
    expect(more().open).toBe(false);
    expect(document.activeElement).toBe(more().querySelector("summary"));
  });

  it("closes on a click outside it, not on one inside it that is not a link", () => {
    more().open = true;
    more()
      .querySelector("ul")
      ?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(more().open).toBe(true);
    $("main").click();
    expect(more().open).toBe(false);
  });

  it("closes when one of its links is chosen", () => {
    more().open = true;
    more().querySelector("a")?.click();
    expect(more().open).toBe(false);
  });

  it("closes when the keyboard's focus leaves it, not when the window loses the focus", () => {
    more().open = true;
    const link = more().querySelector("a") as HTMLAnchorElement;
    link.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: null }));
    expect(more().open).toBe(true);
    link.dispatchEvent(
      new FocusEvent("focusout", { bubbles: true, relatedTarget: $("a[href='#outside']") }),
    );
    expect(more().open).toBe(false);
  });
});
