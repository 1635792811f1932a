import { routerContext } from "./city-context";
import type { LoadContext } from "../../server/context";
import { describe, expect, it } from "vitest";
import { meta as enMeta } from "../../common/i18n/en/meta";
import { meta as esMeta } from "../../common/i18n/es/meta";
import { fixtureCity } from "../../tests/support/fixture-city";
import { expectNoEnglishOf } from "../../tests/support/no-english";
import { loader as layoutLoader } from "../layouts/site";
import { buildMeta, pageTitle } from "./meta";
import { newsPageMeta, pageMeta } from "./page-meta.server";
import {
  FOOTER_COLUMNS,
  PAGES,
  SEARCH_PAGE,
  SITE_NAVIGATION,
  footerColumnsFor,
  pageInLocale,
  pagesFor,
  searchPageFor,
  siteNavigation,
  type PageId,
} from "./pages";
import { toPublicSite } from "./site";

// The meta area of issue 38 in a Spanish edition (es-US): the pages' headings, labels and
// descriptions, the header's and footer's links, the document titles and the tags and structured
// data built from them take their words from the site's locale; English stays the spec's text.

const city = fixtureCity({ locale: "es-US" });
const site = toPublicSite(city);
const siteUrl = "https://es.news.example.test";
const context = { site: city, siteUrl } as unknown as LoadContext;

/** The pages that are not a news category: their words are this area's. */
const OTHER_IDS = [
  "home",
  "books",
  "radio",
  "weather",
  "contact",
  "privacy-policy",
  "terms-of-service",
  "privacy",
  "terms",
  "careers",
  "partners",
  "faq",
] as const satisfies readonly PageId[];

/**
 * The English interface words of this area that Spanish does not share ("Radio", "Legal" and the
 * title's "{heading} | {name}" are the same in both), with the site's values put in.
 */
const ENGLISH_WORDS = (Object.keys(enMeta) as (keyof typeof enMeta)[])
  .filter((key) => enMeta[key] !== esMeta[key])
  .map((key) => enMeta[key].replace("{name}", site.name).replace("{city}", site.city))
  .map((text) => text.split("{")[0] ?? text)
  .filter((text) => text.trim() !== "");

/** `texts` hold none of ENGLISH_WORDS as words of their own ("Contact" is not in "Contacto"). */
const expectNoEnglish = expectNoEnglishOf(ENGLISH_WORDS, { match: "letters" });

const contentOf = (tags: readonly object[], key: string, value: string) =>
  (tags.find((m) => (m as Record<string, unknown>)[key] === value) as { content?: string })
    ?.content;

describe("the pages in a Spanish edition", () => {
  const pages = pagesFor("es-US");

  it("gives each page its heading, label and description in Spanish", () => {
    expect(pages.home.heading).toBe("Noticias principales");
    expect(pages.home.label).toBe("Inicio");
    expect(pages.weather.heading).toBe("Clima");
    expect(pages.contact.heading).toBe("Contáctenos");
    expect(pages.contact.label).toBe("Contacto");
    expect(pages.faq.heading).toBe("Preguntas frecuentes");
    expect(pages["privacy-policy"].heading).toBe("Política de privacidad");
    expect(pages["terms-of-service"].heading).toBe("Términos del servicio");
    expect(pages.radio.heading).toBe("Radio en vivo");
    expect(pages.radio.description(site)).toBe(
      `Escuche la radio en vivo de ${site.name}: una transmisión en directo las 24 horas, los 7 días de la semana, desde ${site.city}.`,
    );
    expect(pages.weather.description(site)).toMatch(new RegExp(`^El clima en ${site.city}:`));
    expect(pages.home.description(site)).toBe(site.tagline);
    expectNoEnglish(
      OTHER_IDS.flatMap((id) => [pages[id].heading, pages[id].label, pages[id].description(site)]),
    );
  });

  it("keeps every path, kind and place of the English table", () => {
    for (const id of Object.keys(PAGES) as PageId[]) {
      const { heading, label, description, ...rest } = pages[id];
      const { heading: h, label: l, description: d, ...english } = PAGES[id];
      expect(rest).toEqual(english);
      expect([heading, label, description, h, l, d].every(Boolean)).toBe(true);
    }
  });

  it("gives the search page in Spanish", () => {
    const search = searchPageFor("es-US");
    expect(search.heading).toBe("Buscar");
    expect(search.path).toBe(SEARCH_PAGE.path);
    expect(search.description(site)).toBe(`Busque entre las noticias de ${site.name}.`);
  });

  it("is the English table in English, and English for a language without a catalogue", () => {
    expect(pagesFor("en-US")).toBe(PAGES);
    expect(PAGES.faq.heading).toBe("Frequently Asked Questions");
    expect(pagesFor("fr-CA").contact.heading).toBe("Contact Us");
  });

  it("takes a page of the English tables in a locale, and any other page as given", () => {
    expect(pageInLocale(PAGES.careers, "es-US")).toBe(pages.careers);
    expect(pageInLocale(SEARCH_PAGE, "es-US").heading).toBe("Buscar");
    expect(pageInLocale(PAGES.careers, "en-US")).toBe(PAGES.careers);
    const own = { ...PAGES.faq, heading: "Page Not Found" };
    expect(pageInLocale(own, "es-US")).toBe(own);
  });
});

describe("the layout's links in a Spanish edition", () => {
  const nav = siteNavigation("es-US");
  const pages = pagesFor("es-US");

  it("names the header's links by their Spanish labels, in the English order and places", () => {
    expect(nav.header.map((l) => l.path)).toEqual(SITE_NAVIGATION.header.map((l) => l.path));
    expect(nav.header.map((l) => l.more)).toEqual(SITE_NAVIGATION.header.map((l) => l.more));
    expect(nav.header[0]).toEqual({ path: "/", text: "Inicio", more: false });
    expect(nav.header.find((l) => l.path === "/weather")?.text).toBe("Clima");
    expect(nav.header.find((l) => l.path === "/contact")?.text).toBe("Contacto");
  });

  it("titles the footer's columns in Spanish and names its links by their Spanish headings", () => {
    expect(nav.footer.map((c) => c.title)).toEqual(["Secciones", "Más", "Legal"]);
    expect(footerColumnsFor("es-US").map((c) => c.pages)).toEqual(
      FOOTER_COLUMNS.map((c) => c.pages),
    );
    const more = nav.footer[1]?.links ?? [];
    expect(more.find((l) => l.path === "/faq")?.text).toBe("Preguntas frecuentes");
    expect(more.find((l) => l.path === "/careers")?.text).toBe("Empleos");
    expect(nav.contact).toEqual({ path: "/contact", text: "Contáctenos" });
  });

  it("leaves no English word of the pages that are not a category", () => {
    const ours = new Set<string>(OTHER_IDS.map((id) => pages[id].path));
    const texts = [
      ...nav.header.filter((l) => ours.has(l.path)).map((l) => l.text),
      ...nav.footer.flatMap((c) => [
        c.title,
        ...c.links.filter((l) => ours.has(l.path)).map((l) => l.text),
      ]),
      nav.contact.text,
    ];
    expectNoEnglish(texts);
  });

  it("is what the layout's loader gives a Spanish edition's page", () => {
    const args = {
      context: routerContext(context),
      request: new Request(`${siteUrl}/`),
      url: new URL(`${siteUrl}/`),
      pattern: "/",
      params: {},
    };
    expect(layoutLoader(args as Parameters<typeof layoutLoader>[0])).toEqual({ nav });
    expect(JSON.parse(JSON.stringify(nav))).toEqual(nav);
  });
});

describe("the tags and structured data of a Spanish edition's page", () => {
  it("titles home and the other pages in Spanish", () => {
    expect(pageTitle(site, pagesFor("es-US").home)).toBe(
      `${site.name}: noticias, clima, deportes y eventos de ${site.city}`,
    );
    expect(pageTitle(site, pagesFor("es-US").weather)).toBe(`Clima | ${site.name}`);
    expect(pageTitle({ ...site, locale: "en-US" }, PAGES.home)).toBe(
      `${site.name}: ${site.city} News, Weather, Sports & Events`,
    );
  });

  it("builds a page of the English table in the site's language (pageMeta)", () => {
    const tags = pageMeta(context, PAGES.weather);
    expect(tags).toContainEqual({ title: `Clima | ${site.name}` });
    expect(contentOf(tags, "property", "og:title")).toBe(`Clima | ${site.name}`);
    expect(contentOf(tags, "name", "twitter:title")).toBe(`Clima | ${site.name}`);
    expect(contentOf(tags, "name", "description")).toMatch(/^El clima en /);
    expect(contentOf(tags, "property", "og:description")).toMatch(/^El clima en /);
    expect(contentOf(tags, "property", "og:locale")).toBe("es_US");
    const ld = tags.find((m) => "script:ld+json" in m) as { "script:ld+json": object };
    const json = JSON.stringify(ld["script:ld+json"]);
    expect(json).toContain('"inLanguage":"es-US"');
    expect(json).toContain(`"name":"Clima | ${site.name}"`);
    expectNoEnglish([JSON.stringify(tags)]);
  });

  it("builds home's graph in Spanish", () => {
    const tags = pageMeta(context, PAGES.home);
    const title = `${site.name}: noticias, clima, deportes y eventos de ${site.city}`;
    expect(tags).toContainEqual({ title });
    const ld = tags.find((m) => "script:ld+json" in m) as { "script:ld+json": object };
    const graph = (ld["script:ld+json"] as { "@graph": Record<string, unknown>[] })["@graph"];
    expect(graph.find((n) => n["@type"] === "WebSite")?.inLanguage).toBe("es-US");
    expect(graph.find((n) => n["@type"] === "CollectionPage")?.name).toBe(title);
    expectNoEnglish([JSON.stringify(tags)]);
  });

  it("builds the search page and a static page in Spanish, and a news page's section", () => {
    expect(pageMeta(context, SEARCH_PAGE)).toContainEqual({ title: `Buscar | ${site.name}` });
    for (const id of OTHER_IDS.filter((i) => i !== "home")) {
      const tags = pageMeta(context, PAGES[id]);
      expect(tags).toContainEqual({ title: `${pagesFor("es-US")[id].heading} | ${site.name}` });
      expectNoEnglish([JSON.stringify(tags)]);
    }
    const books = newsPageMeta(context, PAGES.books, [
      { title: "Un libro", url: "/books#one", publishedAt: "2026-11-20T10:00:00-06:00" },
    ]);
    expect(contentOf(books, "property", "article:section")).toBe("Libros");
  });

  it("stays the specification's English for an English site", () => {
    const english = toPublicSite(fixtureCity());
    const tags = buildMeta({ site: english, siteUrl, page: PAGES.weather });
    expect(tags).toContainEqual({ title: `Weather | ${english.name}` });
    const englishContext = { site: fixtureCity(), siteUrl } as unknown as LoadContext;
    expect(pageMeta(englishContext, PAGES.weather)).toEqual(tags);
  });
});
