import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { renderPage } from "../../tests/support/home-page";
import { fixedNews } from "../../tests/support/news";

// The shared layout of a Spanish edition (es-US) as the server makes it: the header's and
// footer's links to the pages that are not a category come from the meta catalogue, in Spanish.

const NOW = Date.parse("2026-11-25T18:00:00Z");

/** A page with nothing of its own, in the site layout: only the layout's words are on it. */
const EMPTY = { id: "empty", path: "empty", loader: () => null, Component: () => null };

function layoutHtml(locale: string): Promise<string> {
  return renderPage(fixtureCity({ locale }), "/empty", EMPTY, { news: fixedNews(), now: NOW });
}

/** What a link (or a heading) says, as the HTML writes it. */
const link = (path: string, text: string) => new RegExp(`href="${path}"[^>]*>${text}</a>`);

describe("the layout's links in a Spanish edition", () => {
  it("names the header's and footer's links and the footer's columns in Spanish", async () => {
    const html = await layoutHtml("es-US");
    expect(html).toMatch(link("/", "Inicio"));
    expect(html).toMatch(link("/weather", "Clima"));
    expect(html).toMatch(link("/contact", "Contacto"));
    expect(html).toMatch(link("/contact", "Contáctenos"));
    expect(html).toMatch(link("/faq", "Preguntas frecuentes"));
    expect(html).toMatch(link("/privacy-policy", "Política de privacidad"));
    expect(html).toMatch(link("/careers", "Empleos"));
    expect(html).toContain(">Secciones<");
    for (const english of [
      "Home",
      "Weather",
      "Contact",
      "Contact Us",
      "FAQ",
      "Frequently Asked Questions",
      "Live Radio",
      "Books",
      "Careers",
      "Partners",
      "Privacy Policy",
      "Terms of Service",
      "Privacy",
      "Terms",
      "Sections",
    ]) {
      expect(html).not.toContain(`>${english}<`);
    }
  });

  it("keeps the specification's English in an English edition", async () => {
    const html = await layoutHtml("en-US");
    expect(html).toMatch(link("/", "Home"));
    expect(html).toMatch(link("/weather", "Weather"));
    expect(html).toMatch(link("/faq", "Frequently Asked Questions"));
    expect(html).toContain(">Sections<");
  });
});
