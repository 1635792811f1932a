import { request, type IncomingMessage, type Server } from "node:http";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  fixtureCity,
  fixtureCityFiles,
  fixtureCityNamed,
  hostOf,
} from "../../tests/support/fixture-city";
import { servedCitiesOver } from "../../tests/support/fixture-network";
import { viteServerBuild } from "../../tests/support/vite-build";
import { getAs, postAs } from "../../tests/support/get-as";
import { serveOnLoopback } from "../../tests/support/serve";
import { fixedNews } from "../../tests/support/news";
import { createApp } from "./app";
import { Limiter } from "../limiter";
import { CONTACT_LIMITS } from "../messages/store";
import { WEATHER_DEP } from "./pages/cache-key";
import type { NewsReader } from "../news/engine";
import { LiveChannel } from "../live/events";

// A city with two other editions (issue 38): one in Spanish under a path prefix of its hosts
// (/es), with some of its pages' paths in Spanish (/es/clima), one in Vietnamese at a host of its
// own. One app serves the three by Host and path.

const BASE_CITY = fixtureCity();
const EDITION_DATA = {
  tagline: "Noticias locales, el clima y radio en vivo para {city}, una ciudad de prueba.",
  keywords: ["noticias de {city}"],
  content: BASE_CITY.content,
  cityLinks: [],
};
/** The Vietnamese edition has no FAQ of its own: it shows the network's, and says so. */
const { faq: _faq, ...PAGES_BUT_FAQ } = BASE_CITY.content.pages;
void _faq;
const CITY = fixtureCity({
  editions: [
    {
      locale: "es-US",
      path: "/es",
      // Where wanted: the FAQ keeps its route's path (/es/faq).
      slugs: {
        automotive: "autos-y-energia",
        weather: "clima",
        "local-news": "noticias-locales",
        contact: "contacto",
        search: "buscar",
      },
      data: EDITION_DATA,
    },
    {
      locale: "vi-VN",
      hosts: ["vi.fixtureville.test"],
      data: { ...EDITION_DATA, content: { news: BASE_CITY.content.news, pages: PAGES_BUT_FAQ } },
    },
  ],
});
/** A Spanish-first city: its paths are its language layer's (sites/languages/es.json's kind). */
const SPANISH_FIRST = fixtureCityNamed("Pruebaville", { locale: "es-US" });
/** The test network's Spanish layer: paths in Spanish for any Spanish site, under its own. */
const LAYER_SLUGS = { weather: "clima", "local-events": "eventos-locales" };
const HOST = hostOf(CITY);
const FILES = fixtureCityFiles([CITY, SPANISH_FIRST], { content: BASE_CITY.content });
const languages = path.join(path.dirname(FILES.networkFile), "languages");
mkdirSync(languages);
writeFileSync(path.join(languages, "es.json"), JSON.stringify({ slugs: LAYER_SLUGS }));

let vite: ViteDevServer;
/** The live channel, and the site of each page that opened it. */
const liveOpened: string[] = [];
const live = new LiveChannel({
  maxConnections: 10,
  maxPerClient: 10,
  onOpen: (site) => liveOpened.push(site),
});
let server: Server;
let origin: string;
/** The app's log lines, as written. */
const logs: Record<string, unknown>[] = [];
/** Form posts' allowance (no queue: a test that holds its places refuses the next at once). */
const writes = new Limiter({ concurrency: 2, queue: 0 });
/** How many contact messages were stored. */
let stored = 0;
/** The site ids whose news the pages read. */
const newsAskedFor = new Set<string>();

function newsOf(site: string): NewsReader {
  return fixedNews({
    updatedAt: Date.parse("2026-11-24T10:00:00Z"),
    articles: (key) => {
      newsAskedFor.add(site);
      return key === "local"
        ? [
            {
              id: site.length,
              uid: site,
              title: `A story for the readers of ${site}`,
              summary: "Una historia.",
              url: `https://news.example/${site}`,
              image: "/images/default-news.svg",
              imageIsDefault: true,
              publishedAt: Date.parse("2026-11-24T09:00:00Z"),
              claimedAt: null,
              category: "local",
              feedUrl: `https://news.example/${site}.xml`,
              source: "Example News",
              language: null,
            },
          ]
        : [];
    },
  });
}

beforeAll(async () => {
  const served = await viteServerBuild();
  vite = served.vite;
  const cities = servedCitiesOver(FILES, {
    news: newsOf,
    messages: () => ({
      submit: async () => ({ ok: true, id: ++stored }),
      limits: CONTACT_LIMITS,
    }),
  });
  const app = createApp({
    services: { isDev: false },
    cities,
    live,
    version: (_city, key) => (key === WEATHER_DEP ? 0 : 1),
    logger: pino({ level: "info" }, { write: (line: string) => logs.push(JSON.parse(line)) }),
    build: { server: served.build, clientDir: mkdtempSync(path.join(os.tmpdir(), "client-")) },
    writes,
  });
  ({ server, url: origin } = await serveOnLoopback(app));
}, 60_000);

afterAll(async () => {
  live.close();
  await new Promise((r) => server.close(r));
  await vite.close();
  FILES.remove();
});

const get = (target: string, host = HOST) => getAs(origin, host, target);

/** The request log line of the answer `res` (its X-Request-Id). */
const logged = (res: { headers: Record<string, unknown> }) =>
  logs.find((l) => l.msg === "request" && l.reqId === res.headers["x-request-id"]);

/** The hreflang alternates a page's head names: hreflang → href. */
function alternatesOf(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)) {
    found[m[1] as string] = m[2] as string;
  }
  return found;
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("a city's editions", () => {
  it("serves the Spanish edition under /es in Spanish, with its own canonical URLs", async () => {
    const page = await get("/es/clima");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html lang="es-US"/);
    expect(canonicalOf(page.body)).toBe(`https://${HOST}/es/clima`);
    const home = await get("/es/");
    expect(home.body).toMatch(/<html lang="es-US"/);
    expect(canonicalOf(home.body)).toBe(`https://${HOST}/es/`);
    // Its links stay in the edition (React Router's basename), at its paths in Spanish.
    expect(home.body).toContain('href="/es/clima"');
    expect(home.body).toContain('href="/es/noticias-locales"');
    expect(home.body).toContain('href="/es/faq"');
    expect(home.body).not.toContain('href="/weather"');
    expect(home.body).not.toContain('href="/es/weather');
  });

  it("names every edition of a page both ways, with x-default the city's own", async () => {
    const expected = {
      "en-US": `https://${HOST}/local-news`,
      "es-US": `https://${HOST}/es/noticias-locales`,
      "vi-VN": "https://vi.fixtureville.test/local-news",
      "x-default": `https://${HOST}/local-news`,
    };
    for (const [target, host] of [
      ["/local-news", HOST],
      ["/es/noticias-locales", HOST],
      ["/local-news", "vi.fixtureville.test"],
    ] as const) {
      const page = await get(target, host);
      expect(page.status, target).toBe(200);
      expect(alternatesOf(page.body), `${host}${target}`).toEqual(expected);
    }
  });

  it("links each page to its counterparts in the other languages, named in their own", async () => {
    const english = await get("/weather");
    expect(english.body).toMatch(
      /<a href="\/es\/clima" hrefLang="es-US" lang="es-US"[^>]*>Español<\/a>/,
    );
    const spanish = await get("/es/clima");
    expect(spanish.body).toMatch(
      /<a href="\/weather" hrefLang="en-US" lang="en-US"[^>]*>English<\/a>/,
    );
    // From an edition at a host of its own, the others are at their full addresses.
    const vietnamese = await get("/weather", "vi.fixtureville.test");
    expect(vietnamese.body).toContain(`<a href="https://${HOST}/weather" hrefLang="en-US"`);
    expect(vietnamese.body).toContain(`<a href="https://${HOST}/es/clima" hrefLang="es-US"`);
    // And to it, from the city's hosts.
    expect(english.body).toContain(
      '<a href="https://vi.fixtureville.test/weather" hrefLang="vi-VN"',
    );
  });

  it("keeps each edition's pages apart in the page cache, and reads each edition's own news", async () => {
    for (let round = 0; round < 2; round++) {
      const en = await get("/local-news");
      const es = await get("/es/noticias-locales");
      expect(en.body).toMatch(/<html lang="en-US"/);
      expect(es.body).toMatch(/<html lang="es-US"/);
      expect(en.body).toContain(`readers of ${CITY.id}<`);
      expect(es.body).toContain(`readers of ${CITY.id}.es<`);
      if (round === 1) {
        expect([en.headers["x-cache"], es.headers["x-cache"]]).toEqual(["hit", "hit"]);
        // Hits, answered before a city's handlers, are logged as pages of their own site.
        await new Promise((r) => setImmediate(r));
        expect(logged(en)).toMatchObject({ route: "page", city: CITY.id, status: 200 });
        expect(logged(es)).toMatchObject({ route: "page", city: `${CITY.id}.es`, status: 200 });
      }
    }
    expect(newsAskedFor).toContain(`${CITY.id}.es`);
  });

  it("sends /es to /es/ (an edition's home has one spelling), and /es/Weather to /es/clima", async () => {
    const bare = await get("/es");
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe("/es/");
    const cased = await get("/es/Weather");
    expect(cased.status).toBe(301);
    expect(cased.headers.location).toBe("/es/clima");
    const faq = await get("/es/FAQ");
    expect(faq.status).toBe(301);
    expect(faq.headers.location).toBe("/es/faq");
    // A path that only starts like the prefix is the city's own (a 404 in its language).
    const other = await get("/espanol");
    expect(other.status).toBe(404);
    expect(other.body).toMatch(/<html lang="en-US"/);
  });

  it("answers an unknown path of an edition with its not-found page, in its language, naming no alternates", async () => {
    const missing = await get("/es/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatch(/<html lang="es-US"/);
    expect(alternatesOf(missing.body)).toEqual({});
  });

  it("shows a page it has no translation of as the network wrote it, marked so and said so", async () => {
    const faq = await get("/faq", "vi.fixtureville.test");
    expect(faq.status).toBe(200);
    expect(faq.body).toMatch(
      /<p [^>]*role="note"[^>]*>[^<]*not yet available in[^<]*<\/p><div lang="en-US">/,
    );
    // A page it has is its own, unmarked; and the Spanish edition, whole, says nothing.
    const contact = await get("/contact", "vi.fixtureville.test");
    expect(contact.body).not.toContain('role="note"');
    expect((await get("/es/faq")).body).not.toContain('role="note"');
  });

  it("lists every edition's pages in the sitemap, each with its alternates", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap.body).toContain(`<loc>https://${HOST}/es/clima</loc>`);
    expect(sitemap.body).toContain(`<loc>https://${HOST}/es/faq</loc>`);
    expect(sitemap.body).not.toContain(`${HOST}/es/weather`);
    expect(sitemap.body).toContain("<loc>https://vi.fixtureville.test/weather</loc>");
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="es-US" href="https://${HOST}/es/clima"/>`,
    );
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="https://${HOST}/weather"/>`,
    );
    expect((await get("/es/sitemap.xml")).body).toBe(sitemap.body);
  });

  it("sends a page's untranslated path in an edition that translates it to its one spelling there", async () => {
    for (const [target, location] of [
      ["/es/weather", "/es/clima"],
      ["/es/Clima/", "/es/clima"],
      ["/es/%63lima", "/es/clima"],
      ["/es/local-news", "/es/noticias-locales"],
      ["/es/search?q=lluvia", "/es/buscar?q=lluvia"],
    ] as const) {
      const moved = await get(target);
      expect(moved.status, target).toBe(301);
      expect(moved.headers.location, target).toBe(location);
    }
    // The spec's old path of a category goes to the category in one step, at its Spanish path.
    const old = await get("/es/automotive-energy");
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe("/es/autos-y-energia");
    // A translated path is the edition's alone: the city's own edition has no /clima.
    expect((await get("/clima")).status).toBe(404);
    expect((await get("/clima", "vi.fixtureville.test")).status).toBe(404);
  });

  it("marks the current page in the edition's navigation, and keeps its forms in the edition", async () => {
    const news = await get("/es/noticias-locales");
    expect(news.status).toBe(200);
    expect(news.body).toMatch(/<a aria-current="page"[^>]* href="\/es\/noticias-locales"/);
    expect(news.body).toMatch(/<form [^>]*action="\/es\/buscar"/);
    // The search page reads its query at its Spanish path, each query a page of its own.
    for (const q of ["historia", "lluvia"]) {
      const search = await get(`/es/buscar?q=${q}&utm_source=x`);
      expect(search.status).toBe(200);
      expect(canonicalOf(search.body)).toBe(`https://${HOST}/es/buscar`);
      expect(search.body).toContain(`value="${q}"`);
    }
    const moved = await get("/es/search?q=lluvia&page=2");
    expect(moved.headers.location).toBe("/es/buscar?page=2&q=lluvia");
    // Links in the pages' own text take the edition's paths too.
    expect((await get("/es/faq")).body).toContain('href="/es/contacto"');
    expect((await get("/es/privacy")).body).toContain('href="/es/privacy-policy"');
    const contact = await get("/es/contacto");
    expect(contact.body).toMatch(/<form [^>]*action="\/es\/contacto"/);
    const sent = await postAs(origin, HOST, "/es/contacto", {
      name: "Ana",
      email: "ana@example.com",
      subject: "Hola",
      message: "Un mensaje de prueba.",
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatch(/<html lang="es-US"/);
    expect(sent.body).toMatch(/role="status"/);
  });

  it("answers a contact post of the Spanish edition refused under load with its form again, in Spanish", async () => {
    const holds = [await writes.acquire(), await writes.acquire()];
    onTestFinished(() => holds.forEach((release) => release()));
    const before = stored;
    const sent = await postAs(origin, HOST, "/es/contacto", {
      name: "Ana",
      email: "ana@example.com",
      subject: "Inundación",
      message: "Agua en la calle <script>alert(1)</script>",
    });
    expect(sent.status).toBe(503);
    expect(sent.headers["retry-after"]).toBe("2");
    expect(sent.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(sent.body).toMatch(/<html lang="es-US"/);
    expect(sent.body).toContain("porque el sitio está muy ocupado");
    expect(sent.body).toContain(">Mensaje</label>");
    expect(sent.body).toMatch(/<form method="post" action="\/es\/contacto"/);
    expect(sent.body).toContain(
      ">Agua en la calle &lt;script&gt;alert(1)&lt;/script&gt;</textarea>",
    );
    expect(sent.body).toContain('value="Inundación"');
    expect(sent.body).not.toContain("<script");
    expect(stored).toBe(before);
  });

  it("gives an edition's pages its own live channel under its prefix: its news, not the city's", async () => {
    const { port } = new URL(origin);
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({
        host: "127.0.0.1",
        port,
        path: "/es/api/live",
        headers: { Host: HOST },
      });
      req.on("response", resolve).on("error", reject).end();
    });
    try {
      expect(res.statusCode).toBe(200);
      expect(liveOpened).toEqual([`${CITY.id}.es`]);
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      live.publish(CITY.id, "news", { category: "local", count: 9 });
      live.publish(`${CITY.id}.es`, "news", { category: "local", count: 2 });
      await expect.poll(() => text).toContain('"count":2');
      expect(text).not.toContain('"count":9');
    } finally {
      res.destroy();
    }
    // The edition's pages name its channel's prefix to the live island; the city's name none.
    expect((await get("/es/")).body).toContain('data-base="/es"');
    expect((await get("/")).body).not.toContain("data-base=");
  });

  it("draws each edition's social card in its language, at its own address", async () => {
    const home = await get("/es/");
    expect(home.body).toContain(`content="https://${HOST}/es/social.png"`);
    const [en, es] = await Promise.all([get("/social.png"), get("/es/social.png")]);
    expect([en.status, es.status]).toEqual([200, 200]);
    expect(es.headers["content-type"]).toBe("image/png");
    expect(es.headers.etag).not.toBe(en.headers.etag);
  });

  it("chooses the edition and the page from one path: a dot segment is refused before either, nothing rendered or printed", async () => {
    // Before, /es/../faq was the Spanish edition by its text and /faq by its URL: a render of no
    // page each time, and React Router's warning printed by console ("<Router basename="/es"> is
    // not able to match the URL"), a line no log reader could parse.
    const printed: unknown[][] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        printed.push(args);
      }),
    );
    try {
      const rendered = () => logs.filter((l) => l.msg === "page rendered").length;
      const before = rendered();
      const refused: string[] = [];
      for (const target of [
        "/es/../faq",
        "/es/%2e%2e/faq",
        "/es/%2E%2E/faq",
        "/es/.%2e/clima",
        "/es/./clima",
        "/es/x/../../faq",
        "/es\\..\\faq",
        "/es/..",
        "/es/../es/clima?x=1",
      ]) {
        const res = await get(target);
        expect(res.status, target).toBe(400);
        expect(res.headers["content-type"], target).toBe("text/plain; charset=utf-8");
        refused.push(String(res.headers["x-request-id"]));
      }
      // Each a single request line, JSON, and no render.
      await new Promise((r) => setImmediate(r));
      expect(rendered()).toBe(before);
      for (const id of refused) {
        expect(logs.filter((l) => l.reqId === id)).toEqual([
          expect.objectContaining({ msg: "request", status: 400, route: "other" }),
        ]);
      }
      // The paths the browser would have sent are pages, of the site their path names.
      expect((await get("/faq")).body).toMatch(/<html lang="en-US"/);
      expect((await get("/es/clima")).body).toMatch(/<html lang="es-US"/);
      // A path of the city's host that is none of the edition's is the city's not-found page:
      // the edition's basename is never given a path outside it.
      const outside = await get("/esx/clima");
      expect(outside.status).toBe(404);
      expect(outside.body).toMatch(/<html lang="en-US"/);
      expect(printed).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("refuses React Router's own URLs under an edition's prefix too: a plain 404, no render", async () => {
    const rendered = () => logs.filter((l) => l.msg === "page rendered").length;
    const before = rendered();
    for (const target of [
      "/es/clima.data",
      "/es/clima.data?x=1",
      "/es/_root.data",
      "/es/_.data",
      "/es/__manifest?paths=/",
      "/__manifest?paths=/",
      "/faq.data?x=1",
    ]) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.body, target).toBe("Not found");
      expect(res.headers["x-cache"], target).toBeUndefined();
    }
    expect(rendered()).toBe(before);
  });

  it("serves a Spanish-first city at its language's paths, and an edition at its own over them", async () => {
    const host = hostOf(SPANISH_FIRST);
    const weather = await get("/clima", host);
    expect(weather.status).toBe(200);
    expect(weather.body).toMatch(/<html lang="es-US"/);
    expect(canonicalOf(weather.body)).toBe(`https://${host}/clima`);
    const moved = await get("/weather", host);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/clima");
    expect((await get("/", host)).body).toContain('href="/eventos-locales"');
    const sitemap = (await get("/sitemap.xml", host)).body;
    expect(sitemap).toContain(`<loc>https://${host}/clima</loc>`);
    expect(sitemap).not.toContain(`https://${host}/weather`);
    // The edition's own slugs are over the layer's: its local events are in Spanish too.
    expect((await get("/es/")).body).toContain('href="/es/eventos-locales"');
    // A city in English (no layer of slugs) keeps the routes' paths.
    expect((await get("/local-events")).status).toBe(200);
  });
});
