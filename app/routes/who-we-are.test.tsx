import type { LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { renderPage, mainOf } from "../../tests/support/home-page";
import { fixedNews } from "../../tests/support/news";
import { keptQuery } from "~/components/edition-links";
import { outletsOf } from "../../sites/outlets";
import type { City } from "../../sites/schema";
import About, { loader as aboutLoader } from "./about";
import Corrections, { loader as correctionsLoader } from "./corrections";
import Faq, { loader as faqLoader } from "./faq";
import NotFound, { loader as notFoundLoader } from "./not-found";
import SearchPage, { loader as searchLoader } from "./search";

// Issue 53, who we are: the About page (its masthead), the corrections page, the FAQ's links to
// them, the footer's, and the not-found page's masthead and main links, for the fixture city.

const NOW = Date.parse("2026-12-03T18:00:00Z");
const CITY = fixtureCity();
const options = { news: fixedNews(), now: NOW };

const about = (city: City = CITY) =>
  renderPage(
    city,
    "/about",
    { id: "about", path: "about", loader: aboutLoader, Component: About },
    options,
  );
const corrections = (city: City = CITY) =>
  renderPage(
    city,
    "/corrections",
    { id: "corrections", path: "corrections", loader: correctionsLoader, Component: Corrections },
    options,
  );

describe("the About page", () => {
  it("says who we are from the city's data, and counts the outlets of its feeds", async () => {
    const html = await about();
    const main = mainOf(html);
    expect(main).toContain(">About Us</h1>");
    expect(main).toContain("lists the day&#x27;s stories from other outlets for Fixtureville.");
    expect(main).toContain(">Who owns us</h2>");
    const count = outletsOf(CITY.feeds, CITY.locale).length;
    expect(count).toBeGreaterThan(1);
    expect(main).toContain(
      `Our pages list stories from ${count} outlets, read from their public feeds:`,
    );
    expect(main).toContain('href="/corrections"');
  });

  it("holds the masthead, where /masthead leads: who runs the site, each with their mail", async () => {
    const main = mainOf(await about());
    expect(main).toMatch(/<section id="masthead"[^>]*>/);
    expect(main).toContain(">Masthead</h2>");
    expect(main).toContain('<dt class="font-semibold">Publisher</dt><dd>Fixture Network</dd>');
    expect(main).toContain(`href="mailto:${CITY.contact.email}"`);
  });

  it("is linked from the footer, with the corrections page", async () => {
    const html = await about();
    const footer = html.slice(html.indexOf("<footer"));
    expect(footer).toContain('href="/about"');
    expect(footer).toContain('href="/corrections"');
  });
});

describe("the corrections page", () => {
  it("says what we correct, how to ask (the contact page, a subject), and lists each, dated", async () => {
    const main = mainOf(await corrections());
    expect(main).toContain(">Corrections</h1>");
    expect(main).toContain("We correct our own summaries, labels, dates and weather texts.");
    expect(main).toMatch(
      /Write to us from our <a[^>]*href="\/contact"[^>]*>Contact page<\/a> with “Correction” as the subject/,
    );
    expect(main).toContain('<time dateTime="2026-11-30">Nov 30, 2026</time>');
    expect(main).toContain("The summary gave the wrong day");
    expect(main).not.toContain("None so far");
  });

  it("says there are none so far when the list is empty", async () => {
    const city = fixtureCity();
    city.content.pages.corrections = { ...city.content.pages.corrections, corrections: [] };
    const main = mainOf(await corrections(city));
    expect(main).toContain(
      "None so far: each correction we make will be listed here with its date.",
    );
  });
});

describe("the FAQ", () => {
  it("links an answer to the page it points to", async () => {
    const city = fixtureCity();
    const [first, ...rest] = city.content.pages.faq.items;
    if (!first) throw new Error("the fixture city has no FAQ");
    city.content.pages.faq.items = [{ ...first, page: "corrections" }, ...rest];
    const main = mainOf(
      await renderPage(
        city,
        "/faq",
        { id: "faq", path: "faq", loader: faqLoader, Component: Faq },
        options,
      ),
    );
    expect(main).toMatch(/<a[^>]*href="\/corrections"[^>]*>See: Corrections<\/a>/);
  });
});

describe("the not-found page", () => {
  const notFound = (city: City) => {
    const loader = (args: LoaderFunctionArgs) =>
      notFoundLoader(args as Parameters<typeof notFoundLoader>[0]);
    return renderPage(
      city,
      "/no-such-page",
      { id: "not-found", path: "*", loader, Component: NotFound },
      options,
    );
  };

  it("carries the masthead (the site's name, home) and the main links: home, sections, search, about", async () => {
    const html = await notFound(CITY);
    const own = html.slice(html.lastIndexOf("rule-double bg-paper-95"));
    expect(own).toMatch(new RegExp(`<a[^>]*href="/"[^>]*>${CITY.name}</a>`));
    const nav = own.slice(own.indexOf('aria-label="Main sections"'));
    for (const [href, text] of [
      ["/", "Home"],
      ["/local-news", "Local"],
      ["/search", "Search"],
      ["/about", "About"],
    ]) {
      expect(nav, text).toMatch(new RegExp(`href="${href}"[^>]*>${text}</a>`));
    }
  });

  it("does so in the edition's language", async () => {
    const html = await notFound(fixtureCity({ locale: "es-US" }));
    const own = html.slice(html.lastIndexOf("rule-double bg-paper-95"));
    expect(own).toContain(">Inicio</a>");
    expect(own).toContain(">Buscar</a>");
    expect(own).toContain(">Acerca de</a>");
  });
});

describe("the language switch on /search", () => {
  it("keeps the reader's words, and nothing else", () => {
    expect(keptQuery("/search", "?q=flood+levee&page=2")).toBe("?q=flood+levee");
    expect(keptQuery("/search/", "?q=agua")).toBe("?q=agua");
    expect(keptQuery("/search", "?q=")).toBe("");
    expect(keptQuery("/weather", "?q=flood")).toBe("");
  });

  it("links the other edition's search for the same words", async () => {
    const html = await renderPage(
      CITY,
      "/search?q=flood",
      { id: "search", path: "search", loader: searchLoader, Component: SearchPage },
      {
        ...options,
        edition: {
          path: "",
          alternates: [
            { locale: CITY.locale, base: `https://${CITY.hosts[0]}`, path: "" },
            {
              locale: "es-US",
              base: `https://${CITY.hosts[0]}/es`,
              path: "/es",
              slugs: { search: "buscar" },
            },
          ],
        },
      },
    );
    expect(html).toMatch(/<a href="\/es\/buscar\?q=flood" hrefLang="es-US" lang="es-US"/);
  });
});
