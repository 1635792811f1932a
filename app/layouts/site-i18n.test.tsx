import type { LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { renderPage } from "../../tests/support/home-page";
import { fixedNews } from "../../tests/support/news";
import { loader as donationLoader } from "~/routes/api.donation";
import NotFound, { loader as notFoundLoader } from "~/routes/not-found";
import { routerContext } from "~/lib/city-context";
import type { LoadContext } from "../../server/context";

// The site's chrome (issue 38) in the edition's language: the layout, header, navigation,
// search, footer and the 404 page, as the server makes them, and the donation prompt's words
// (/api/donation: no page carries them).

const NOW = Date.parse("2026-11-25T18:00:00Z");

/** The 404 page in the site's layout for a city whose edition writes in `locale`. */
function notFoundPage(locale: string): Promise<string> {
  // The route's own loader (its arguments typed for its "*" path, which the router gives it).
  const loader = (args: LoaderFunctionArgs) =>
    notFoundLoader(args as Parameters<typeof notFoundLoader>[0]);
  const route = { id: "not-found", path: "*", loader, Component: NotFound };
  return renderPage(fixtureCity({ locale }), "/no-such-page", route, {
    news: fixedNews(),
    now: NOW,
  });
}

/** The English chrome: none of it may be left on a Spanish page. */
const ENGLISH = [
  "Skip to content",
  "Open menu",
  "Close menu",
  "Sponsored:",
  'aria-label="Main"',
  'aria-label="Sections"',
  "<span>More</span>",
  "Search news",
  ">Search<",
  ">Connect<",
  "is one of a network of",
  "All rights reserved",
  "(opens in a new tab)",
  "Page Not Found",
  "We couldn&#x27;t find",
  "Search the news",
  "Main sections",
  "Return to Homepage",
  "Support Your Community",
  "Donate Now",
  "Maybe Later",
  "new stories",
  "Weather alert:",
];

describe("the site's chrome in the edition's language", () => {
  it("is the specification's English on an English page", async () => {
    const html = await notFoundPage("en-US");
    for (const text of [
      "Skip to content",
      "Open menu",
      'data-close-label="Close menu"',
      "Sponsored:",
      'aria-label="Main"',
      "Search news",
      ">Connect<",
      "is one of a network of 3,000 local publications serving communities across the United States.",
      "All rights reserved.",
      "(opens in a new tab)",
      "Page Not Found | Fixtureville Ledger",
      "We couldn&#x27;t find the page you&#x27;re looking for.",
      'aria-label="Main sections"',
      "Return to Homepage",
    ])
      expect(html).toContain(text);
  });

  it("is Spanish on a page of a Spanish edition, with no English word of it left", async () => {
    const html = await notFoundPage("es-US");
    for (const text of [
      "Saltar al contenido",
      "Abrir menú",
      'data-close-label="Cerrar menú"',
      "Patrocinado:",
      'aria-label="Principal"',
      'aria-label="Secciones"',
      "<span>Más</span>",
      'placeholder="Buscar noticias"',
      ">Buscar<",
      'id="footer-connect"',
      ">Contacto<",
      "forma parte de una red de",
      "Todos los derechos reservados.",
      "(se abre en una pestaña nueva)",
      "Página no encontrada | Fixtureville Ledger",
      "No pudimos encontrar la página que busca.",
      'aria-label="Buscar en las noticias"',
      'aria-label="Secciones principales"',
      "Volver a la portada",
    ])
      expect(html).toContain(text);
    for (const text of ENGLISH) expect(html, text).not.toContain(text);
  });

  it("gives the donation prompt its words in the edition's language (/api/donation)", async () => {
    const answer = async (locale: string) => {
      const args = { context: routerContext({ site: fixtureCity({ locale }) } as LoadContext) };
      const result = await donationLoader(args as unknown as Parameters<typeof donationLoader>[0]);
      return JSON.stringify(result.data);
    };
    expect(await answer("en-US")).toContain('"title":"Support Your Community"');
    const spanish = await answer("es-US");
    for (const text of ["Apoye a su comunidad", "Donar ahora", "Quizás más tarde"])
      expect(spanish).toContain(text);
    for (const text of ENGLISH) expect(spanish, text).not.toContain(text);
  });
});
