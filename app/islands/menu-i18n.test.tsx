// @vitest-environment happy-dom
// The page's island scripts are not fetched (the test imports the island itself).
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { SITE_NAVIGATION } from "~/lib/pages";
import { toPublicSite } from "~/lib/site";

// The header and its menu island on a page of a Spanish edition (issue 38): the island names its
// toggle in the words the server wrote, never in English.

vi.mock("~/lib/root-data", () => ({
  useSite: () => ({ islands: { menu: "/assets/island-menu.js" } }),
  useRootData: () => ({ site: { locale: "es-US" } }),
}));
const { SiteHeader } = await import("~/components/site-header");

const toggle = () =>
  document.querySelector("button[aria-controls='site-menu']") as HTMLButtonElement;

describe("the header and its menu on a Spanish page", () => {
  it("is in Spanish, and so is the toggle's name as the island changes it", async () => {
    const Header = () => (
      <SiteHeader
        site={toPublicSite(fixtureCity({ locale: "es-US" }))}
        now={Date.parse("2026-11-23T12:00:00Z")}
        links={SITE_NAVIGATION.header}
      />
    );
    // /books is one of More's links: its summary says the current page is in it.
    const Page = createRoutesStub([{ path: "/books", Component: Header }]);
    document.body.innerHTML = renderToStaticMarkup(<Page initialEntries={["/books"]} />);
    const html = document.body.innerHTML;
    for (const text of [
      'aria-label="Principal"',
      'aria-label="Secciones"',
      "Más</span>",
      "(aquí está la página actual)",
      "Patrocinado:",
      'placeholder="Buscar noticias"',
      "lunes, 23 de noviembre de 2026",
    ])
      expect(html).toContain(text);
    for (const text of ["Open menu", "Close menu", "More<", "current page", "Sponsored", "Search"])
      expect(html).not.toContain(text);
    await import("./menu");
    const name = () => toggle().querySelector(".sr-only")?.textContent;
    expect(name()).toBe("Abrir menú");
    toggle().click();
    expect(name()).toBe("Cerrar menú");
    toggle().click();
    expect(name()).toBe("Abrir menú");
  });
});
