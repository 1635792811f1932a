import { routerContext } from "~/lib/city-context";
import type { LoadContext } from "../../server/context";
import { describe, expect, it } from "vitest";
import { cityServices } from "../../tests/support/cities";
import { fixtureCity } from "../../tests/support/fixture-city";
import { mainOf, renderPage } from "../../tests/support/home-page";
import { fixedNews } from "../../tests/support/news";
import Books, { loader as booksLoader } from "./books";
import Careers, { loader as careersLoader } from "./careers";
import Faq, { loader as faqLoader } from "./faq";
import Legal, { loader as legalLoader } from "./legal";
import Partners, { loader as partnersLoader } from "./partners";
import Radio, { loader as radioLoader } from "./radio";
import Weather, { loader as weatherLoader } from "./weather";

// The static pages of a Spanish edition (issue 38): the words written in code come from the
// catalogue in the edition's language (their long texts are the city's data, translated there).

const NOW = Date.parse("2026-11-25T18:00:00Z");
const SPANISH = { ...fixtureCity(), locale: "es-US" };
const ENGLISH = fixtureCity();

type Route = Parameters<typeof renderPage>[2];

async function page(path: string, route: Route, city = SPANISH): Promise<string> {
  const html = await renderPage(city, path, route, { news: fixedNews(), now: NOW });
  return mainOf(html);
}

/** An English interface text must not be left on the Spanish page. */
function expectAbsent(html: string, english: string[]) {
  for (const text of english) expect(html, text).not.toContain(text);
}

describe("the static pages in Spanish (es-US)", () => {
  it("FAQ", async () => {
    const html = await page("/faq", { id: "faq", path: "faq", loader: faqLoader, Component: Faq });
    expect(html).toContain("¿Todavía tiene alguna pregunta?");
    expect(html).toContain("Contáctenos");
    expect(html).toContain("Escriba a la redacción");
    expect(html).toContain("Respuestas a las preguntas que los lectores más le hacen a");
    expectAbsent(html, ["Still have a question?", "Contact Us", "Email Newsroom", "Answers to"]);
  });

  it("careers", async () => {
    const html = await page("/careers", {
      id: "careers",
      path: "careers",
      loader: careersLoader,
      Component: Careers,
    });
    expect(html).toContain("Puestos vacantes");
    expect(html).toContain("Beneficios");
    expect(html).toContain("Cómo postularse");
    expect(html).toContain("Envíe su currículum");
    expect(html).toContain("Programa de pasantías");
    expectAbsent(html, [
      "Open Positions",
      "Benefits",
      "How to Apply",
      "E-mail your résumé",
      "subject line",
      "Internship Program",
      "understand itself",
    ]);
  });

  it("legal, in full and short", async () => {
    const full = await page("/privacy-policy", {
      id: "privacy-policy",
      path: "privacy-policy",
      loader: legalLoader,
      Component: Legal,
    });
    expect(full).toContain("Última actualización: <time");
    expectAbsent(full, ["Last updated"]);
    const short = await page("/privacy", {
      id: "privacy",
      path: "privacy",
      loader: legalLoader,
      Component: Legal,
    });
    expect(short).toContain("Lea el texto completo: ");
    expectAbsent(short, ["Last updated", "Read the full"]);
  });

  it("partners", async () => {
    const html = await page("/partners", {
      id: "partners",
      path: "partners",
      loader: partnersLoader,
      Component: Partners,
    });
    expect(html).toContain("Nuestros socios");
    expect(html).toContain("lo que ofrecemos a socios y anunciantes");
    expectAbsent(html, ["Our Partners", "what we offer", "Ask us for it", "coming soon"]);
  });

  it("books", async () => {
    const html = await page("/books", {
      id: "books",
      path: "books",
      loader: booksLoader,
      Component: Books,
    });
    expect(html).toContain("Publicidad");
    expect(html).toContain("Transforme su vida con la sabiduría antigua");
    expect(html).toContain("Solicite su admisión");
    expect(html).toContain("Ver todos los libros");
    expect(html).toContain("se abre en una pestaña nueva");
    expectAbsent(html, [
      "Advertisement",
      "Transform Your Life",
      "Study the timeless",
      "Apply for Admission",
      "Learn More",
      "Accredited Programs",
      "View All Books",
      "opens in a new tab",
      "View on Amazon",
    ]);
  });

  it("books' JSON-LD list is named in Spanish", () => {
    const context = {
      ...cityServices(SPANISH, { news: fixedNews() }),
      now: NOW,
    } as unknown as LoadContext;
    const data = booksLoader({ context: routerContext(context) } as never);
    const lists = data.meta.flatMap((tag) =>
      "script:ld+json" in tag ? [JSON.stringify(tag["script:ld+json"])] : [],
    );
    expect(lists.join()).toContain('"@type":"ItemList","name":"Libros"');
  });

  it("weather", async () => {
    const html = await page("/weather", {
      id: "weather",
      path: "weather",
      loader: weatherLoader,
      Component: Weather,
    });
    expect(html).toContain("Condiciones, alertas y la semana que viene en");
    expect(html).toContain("Consejos de preparación");
    expectAbsent(html, [
      "Conditions, alerts and the week ahead",
      "Preparedness Tips",
      "Loading live weather",
      "Monthly Climate Normals",
      "from the National Weather Service",
      "opens in a new tab",
    ]);
  });

  it("radio", async () => {
    const html = await page("/radio", {
      id: "radio",
      path: "radio",
      loader: radioLoader,
      Component: Radio,
    });
    expect(html).toContain("Si el audio no comienza, haga clic en reproducir.");
    expect(html).toContain('aria-label="Reproducir"');
    expectAbsent(html, [
      "If audio doesn",
      'aria-label="Play"',
      "Now Playing",
      "Recently played",
      "24/7 live stream",
    ]);
  });

  it("English pages keep the specification's words", async () => {
    const books = await page(
      "/books",
      { id: "books", path: "books", loader: booksLoader, Component: Books },
      ENGLISH,
    );
    expect(books).toContain(
      'Apply for Admission<span class="sr-only"> (opens in a new tab)</span>',
    );
    expect(books).toContain("View on Amazon");
    const faq = await page(
      "/faq",
      { id: "faq", path: "faq", loader: faqLoader, Component: Faq },
      ENGLISH,
    );
    expect(faq).toContain("Still have a question?");
  });
});
