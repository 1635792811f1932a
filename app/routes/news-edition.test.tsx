import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { mainOf, renderHome, renderPage } from "../../tests/support/home-page";
import { fixedNews, storedStory } from "../../tests/support/news";
import { expectNoEnglishOf } from "../../tests/support/no-english";
import { HOME_KEYS, type FeedKey } from "../../sites/categories";
import type { StoredArticle } from "../../server/news/store";
import type { SearchResults } from "../../server/news/search";
import SearchPage, { loader as searchLoader } from "./search";
import CategoryPage, { loader as categoryLoader } from "./category";
import Archives, { loader as archivesLoader } from "./archives";
import Opinion, { loader as opinionLoader } from "./opinion";
import Sports, { loader as sportsLoader } from "./sports";
import ArtsCulture, { loader as artsLoader } from "./arts-culture";
import LocalEvents, { loader as eventsLoader } from "./local-events";

// Issue 38: the news pages of a Spanish edition (es-US) speak Spanish: home's sections, its
// lead, its News Feed and its states, a list page, the archives and search; none of the English
// interface words of these pages is left.

type PageLoader = Parameters<typeof renderPage>[2]["loader"];

const NOW = Date.parse("2026-11-25T18:00:00Z");
const HOUR = 3_600_000;
const CITY = fixtureCity({ locale: "es-US" });

/** Two stories of `key`, the second in German from a sponsored listing. */
function twoStories(key: FeedKey): StoredArticle[] {
  const base = 100 * ((HOME_KEYS as readonly FeedKey[]).indexOf(key) + 1);
  return [
    storedStory(base + 1, key, `La nota ${key} número uno`, NOW - HOUR, { category: "local" }),
    storedStory(base + 2, key, `Die Geschichte ${key}`, NOW - 2 * HOUR, {
      category: "realestate",
      language: "de",
      sponsored: true,
    }),
  ];
}

/**
 * The English interface words of the news pages (none may be on a Spanish page's main). Others'
 * parts of these pages (the story link's accessible name, the ads, the weather) are their tests'.
 */
const ENGLISH = [
  "See All",
  "Featured story",
  'aria-label="Related"',
  ">News Feed<",
  "Local News Feed",
  "Learn More About",
  "Stories from",
  "newsroom",
  "Updated",
  "Loading",
  "Error loading",
  "No stories yet",
  ">Sponsored<",
  ">in German<",
  ">, in ",
  "Also at",
  "News is not available",
  "REAL ESTATE",
  ">Real Estate<",
];

const expectNoEnglish = expectNoEnglishOf(ENGLISH);

describe("home in a Spanish edition", () => {
  it("names its sections, lead, News Feed and byline in Spanish", async () => {
    const main = mainOf(
      await renderHome(CITY, { news: fixedNews({ articles: twoStories }), now: NOW }),
    );
    for (const title of ["Noticias locales", "Nacional", "Mundo", "Política y gobierno"]) {
      expect(main).toContain(`>${title}</h2>`);
    }
    expect(main).toContain("Ver todo");
    expect(main).not.toContain(">Top Stories</h1>");
    expect(main).toContain('aria-label="Noticia destacada"');
    expect(main).toContain('aria-label="Relacionado"');
    expect(main).toContain(">Últimas noticias</h2>");
    expect(main).toContain("Conozca más sobre Fixtureville");
    expect(main).toMatch(/Notas seleccionadas de \d+ medios?/);
    expect(main).toContain("Patrocinado");
    expect(main).toContain("en alemán");
    expect(main).toContain("Bienes raíces");
    // The News Feed's island has its words by the page's locale: its props do not carry them.
    expect(main).not.toContain('"empty":');
    expect(main).not.toContain('"newTab":');
    expectNoEnglish(main);
  });

  it("says in Spanish that news is loading, or not available", async () => {
    const loading = mainOf(
      await renderHome(CITY, {
        news: fixedNews({ articles: () => [], state: () => ({ state: "loading", error: null }) }),
        now: NOW,
      }),
    );
    expect(loading).toContain("Cargando las últimas noticias...");
    expectNoEnglish(loading);
    const failed = mainOf(
      await renderHome(CITY, {
        news: fixedNews({ articles: () => [], state: () => ({ state: "error", error: "x" }) }),
        now: NOW,
      }),
    );
    expect(failed).toContain("Las noticias no están disponibles en este momento.");
    expectNoEnglish(failed);
  });
});

describe("news pages in a Spanish edition", () => {
  it("a list page: its heading, its loading text and its News Feed", async () => {
    const route = { id: "local-news", path: "local-news", loader: categoryLoader };
    const html = mainOf(
      await renderPage(
        CITY,
        "/local-news",
        { ...route, Component: CategoryPage },
        {
          news: fixedNews({ articles: () => [], state: () => ({ state: "loading", error: null }) }),
          now: NOW,
        },
      ),
    );
    expect(html).toContain(">Noticias locales</h1>");
    expect(html).toContain("Cargando noticias locales...");
    expect(html).toContain("Últimas noticias locales");
    expectNoEnglish(html);
  });

  it("the archives: heading, standfirst, error and card label", async () => {
    const route = { id: "archives", path: "archives", loader: archivesLoader };
    const failed = mainOf(
      await renderPage(
        CITY,
        "/archives",
        { ...route, Component: Archives },
        {
          news: fixedNews({ articles: () => [], state: () => ({ state: "error", error: "x" }) }),
          now: NOW,
        },
      ),
    );
    expect(failed).toContain(">Del archivo</h1>");
    expect(failed).toContain("Historias que vale la pena volver a leer");
    expect(failed).toContain("Error al cargar el archivo: x");
    expectNoEnglish(failed);
    const ready = mainOf(
      await renderPage(
        CITY,
        "/archives",
        { ...route, Component: Archives },
        { news: fixedNews({ articles: twoStories }), now: NOW },
      ),
    );
    expect(ready).toContain(">Archivo</span>");
    expectNoEnglish(ready);
  });

  it("search: its prompt, its count of results and its pager", async () => {
    const route = { id: "search", path: "search", loader: searchLoader, Component: SearchPage };
    const empty = await renderPage(CITY, "/search?q=", route, { news: fixedNews(), now: NOW });
    expect(mainOf(empty)).toContain("Escriba una o más palabras en el buscador");
    const results: SearchResults = {
      query: "bayou",
      page: 1,
      pageCount: 2,
      total: 21,
      more: false,
      hits: [
        {
          article: storedStory(1, "local", "Bayou story", NOW - HOUR),
          title: ["Bayou story"],
          summary: [""],
        },
      ],
    };
    const found = mainOf(
      await renderPage(CITY, "/search?q=bayou", route, {
        news: { ...fixedNews(), search: () => Promise.resolve(results) },
        now: NOW,
      }),
    );
    expect(found).toContain("21 resultados para “bayou”");
    expect(found).not.toContain(">Search</h1>");
    expect(found).toContain("Página 1 de 2");
    expect(found).toContain("Siguiente →");
    expect(found).toContain('aria-label="Páginas de resultados"');
    for (const words of ["results for", "Page 1 of", "Next →", "Search result pages"]) {
      expect(found).not.toContain(words);
    }
  });

  it("opinion, sports, arts and events: their headings, boxes and states", async () => {
    const page = (path: string, loader: PageLoader, Component: () => React.JSX.Element) =>
      renderPage(
        CITY,
        `/${path}`,
        { id: path, path, loader, Component },
        {
          news: fixedNews({ articles: () => [], state: () => ({ state: "loading", error: null }) }),
          now: NOW,
        },
      ).then(mainOf);
    const opinion = await page("opinion", opinionLoader, Opinion);
    expect(opinion).toContain(">Opinión y editoriales</h1>");
    expect(opinion).toContain("Envíe su opinión");
    expect(opinion).toContain("Normas editoriales");
    expect(opinion).toContain("Cargando artículos de opinión...");
    const sports = await page("sports", sportsLoader, Sports);
    expect(sports).toContain("Próximos partidos");
    expect(sports).toContain("Últimas noticias de deportes");
    expect(sports).toMatch(/ en [^<]+<\/p>/);
    const arts = await page("arts-culture", artsLoader, ArtsCulture);
    expect(arts).toContain(">Arte y cultura</h1>");
    expect(arts).toContain("Agenda cultural");
    const events = await page("local-events", eventsLoader, LocalEvents);
    expect(events).toContain(">Eventos locales</h1>");
    expect(events).toContain("Envíe su evento");
    for (const html of [opinion, sports, arts, events]) {
      expectNoEnglish(html);
      for (const words of [
        "Submit Your",
        "Editorial Standards",
        "Upcoming Games",
        ">Highlights<",
        "Latest Sports News",
        "Cultural Calendar",
        "Send the details",
        "happening around",
      ]) {
        expect(html, words).not.toContain(words);
      }
    }
  });
});
