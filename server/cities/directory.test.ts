import { readFileSync, readdirSync, rmSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { feedUrl, type City } from "../../sites/schema";
import { CITIES_DIR, NETWORK_FILE } from "../../tests/support/cities";
import {
  FIXTURE_NETWORK,
  fixtureCity,
  fixtureCityFiles,
  fixtureCityNamed,
  hostOf,
  type FixtureCityFiles,
} from "../../tests/support/fixture-city";
import { CityDirectory, hostKey } from "./directory";

const dirs: string[] = [];
const written: FixtureCityFiles[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const files of written.splice(0)) files.remove();
});

/** Three cities of a network (tests/support/fixture-city.ts). */
const CITY = fixtureCity();
const SECOND = fixtureCityNamed("Stubport");
const THIRD = fixtureCityNamed("Mockhaven");

/** The cities' files (and a network file over `defaults`), removed after the test. */
function filesOf(cities: readonly City[], defaults?: Record<string, unknown>): FixtureCityFiles {
  const files = fixtureCityFiles(cities, defaults);
  written.push(files);
  return files;
}

/** A city's data as its file holds it (without its id), to change in a test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function fileOf(city: City): Record<string, any> {
  const data: Record<string, unknown> = structuredClone(city);
  delete data.id;
  return data;
}

/** A CITIES_DIR of these files (an object is written as JSON, a string as it is). */
function citiesDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cities-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(
      path.join(dir, name),
      typeof content === "string" ? content : JSON.stringify(content),
    );
  }
  return dir;
}

describe("hostKey", () => {
  it.each([
    ["News.Example.com", "news.example.com"],
    ["news.example.com:8080", "news.example.com"],
    ["news.example.com.", "news.example.com"],
    ["  news.example.com.:443 ", "news.example.com"],
    ["[::1]:3000", "[::1]"],
    ["127.0.0.1:3000", "127.0.0.1"],
  ])("reads %j as %j", (host, key) => {
    expect(hostKey(host)).toBe(key);
  });
});

// The repository's own files: every city of sites/cities indexes, and the network file names the
// network. What the directory does with cities is tested below, on fixture cities.
describe("CityDirectory over the repository's cities", () => {
  const directory = new CityDirectory({ dir: CITIES_DIR, networkFile: NETWORK_FILE });

  it("indexes every city file, with no problem", () => {
    const files = readdirSync(CITIES_DIR).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    expect(directory.ids()).toEqual(files.map((name) => name.slice(0, -".json".length)).sort());
    expect(directory.problems).toEqual([]);
  });

  it("names the network (for its fetches) apart from the defaults cities are merged over", () => {
    const file = JSON.parse(readFileSync(NETWORK_FILE, "utf8")) as {
      network: { name: string; url: string };
      defaultImage: string;
      socialImage: string;
    };
    expect(directory.network()).toEqual({ ...file.network, defaultImage: file.defaultImage });
    expect(directory.defaults()).not.toHaveProperty("network");
    expect(directory.defaults()).toHaveProperty("socialImage", file.socialImage);
  });
});

describe("CityDirectory over a network's cities", () => {
  const directory = () => new CityDirectory(filesOf([CITY, SECOND, THIRD]));

  it("indexes every city file, with no problem", () => {
    const cities = directory();
    expect(cities.ids()).toEqual([CITY.id, SECOND.id, THIRD.id].sort());
    expect(cities.problems).toEqual([]);
    expect(cities.has(CITY.id)).toBe(true);
    expect(cities.has("gotham")).toBe(false);
  });

  it("names the network of its network file", () => {
    expect(directory().network()).toEqual({
      ...FIXTURE_NETWORK,
      defaultImage: CITY.defaultImage,
    });
  });

  it("routes each host of a city to it, whatever its case, port or trailing dot", () => {
    const cities = directory();
    expect(cities.byHost(hostOf(CITY))).toBe(CITY.id);
    expect(cities.byHost(`WWW.${hostOf(SECOND).toUpperCase()}.:443`)).toBe(SECOND.id);
    expect(cities.byHost(`www.${hostOf(THIRD)}`)).toBe(THIRD.id);
    expect(cities.byHost("example.org")).toBeUndefined();
    // Neither the domain a city's host is in, nor a name under it.
    expect(cities.byHost(hostOf(CITY).slice(hostOf(CITY).indexOf(".") + 1))).toBeUndefined();
    expect(cities.byHost(`news.${hostOf(CITY)}`)).toBeUndefined();
  });

  it("answers the same for a Host header asked again, also after thousands of others", () => {
    const cities = directory();
    const upper = `${hostOf(SECOND).toUpperCase()}:8080`;
    for (let round = 0; round < 2; round++) {
      expect(cities.byHost(upper)).toBe(SECOND.id);
      expect(cities.byHost("example.org")).toBeUndefined();
      // Anyone's Host headers, each new: what is remembered of them is forgotten, not wrong.
      for (let i = 0; i < 3_000; i++) expect(cities.byHost(`h${i}.example.org`)).toBeUndefined();
      expect(cities.byHost(hostOf(CITY))).toBe(CITY.id);
    }
  });

  it("gives each city's feeds and zone to the engine's subscriptions, as the city lists them", () => {
    // The network lists the world's feeds for every city that lists none of its own.
    const world = ["https://feeds.example.test/world.xml"];
    const cities = new CityDirectory(
      filesOf(
        [
          fixtureCityNamed("Stubport", { timeZone: "America/Denver", feeds: { world: null } }),
          fixtureCityNamed("Mockhaven", { feeds: { world: null } }),
        ],
        { feeds: { world } },
      ),
    );
    const stubport = cities.feeds().find((f) => f.id === "stubport");
    expect(stubport?.timeZone).toBe("America/Denver");
    expect(stubport?.feeds.local?.map(feedUrl)).toEqual(SECOND.feeds.local?.map(feedUrl));
    // The network's feeds, which the city does not list itself, are its too.
    expect(stubport?.feeds.world).toEqual(world);
    // ... and one list for every city that lists them (memory at 3,000 cities).
    const mockhaven = cities.feeds().find((f) => f.id === "mockhaven");
    expect(mockhaven?.feeds.world).toBe(stubport?.feeds.world);
    expect(mockhaven?.feeds.local).not.toBe(stubport?.feeds.local);
  });

  it("loads a city's whole data once, then keeps it", () => {
    const cities = directory();
    const first = cities.load(THIRD.id);
    expect(first).toEqual({ city: THIRD });
    expect(cities.load(THIRD.id)).toBe(first);
    expect(() => cities.load("gotham")).toThrow(/No city "gotham"/);
  });

  it("reads again, equal, a city that left its bounded cache", () => {
    const small = new CityDirectory({ ...filesOf([CITY, SECOND]), maxLoaded: 1 });
    const first = small.load(CITY.id);
    small.load(SECOND.id);
    const again = small.load(CITY.id);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe("CityDirectory's settings", () => {
  it("serves only the cities SITES names, and names one without a file", () => {
    const directory = new CityDirectory({
      ...filesOf([CITY, SECOND]),
      only: [CITY.id, "gotham"],
    });
    expect(directory.ids()).toEqual([CITY.id]);
    expect(directory.byHost(hostOf(SECOND))).toBeUndefined();
    expect(directory.feeds().map((f) => f.id)).toEqual([CITY.id]);
    expect(directory.problems).toEqual([
      expect.objectContaining({
        id: "gotham",
        message: expect.stringContaining('SITES names "gotham"') as string,
      }),
    ]);
  });

  it("lets the operator's settings replace the default city's feeds, embeds, base and radio", () => {
    const feeds = { local: ["https://feeds.example.test/local.xml"] };
    const directory = new CityDirectory({
      ...filesOf([CITY, SECOND]),
      overrides: {
        [CITY.id]: {
          feeds,
          embeds: {
            formScript: "",
            adClient: "ca-pub-1",
            imageBoard: "",
            eventsFeed: "",
            leadForm: "",
            featuredVideo: "",
          },
          baseUrl: "http://127.0.0.1:3000",
          radio: { upstream: "http://127.0.0.1:8000" },
        },
      },
    });
    expect(directory.feeds().find((f) => f.id === CITY.id)?.feeds).toEqual(feeds);
    const loaded = directory.load(CITY.id);
    if (!("city" in loaded)) throw new Error(loaded.problem.message);
    expect(loaded.city.feeds).toEqual(feeds);
    expect(loaded.city.embeds.adClient).toBe("ca-pub-1");
    expect(loaded.city.baseUrl).toBe("http://127.0.0.1:3000");
    expect(loaded.city.radio.upstream).toBe("http://127.0.0.1:8000");
    // The rest of the radio settings stay the city's.
    expect(CITY.radio.schedule.length).toBeGreaterThan(0);
    expect(loaded.city.radio.schedule).toEqual(CITY.radio.schedule);
    expect(loaded.city.radio.ports).toEqual(CITY.radio.ports);
    // Another city keeps its own.
    const other = directory.load(SECOND.id);
    if (!("city" in other)) throw new Error(other.problem.message);
    expect(other.city.feeds.local?.map(feedUrl)).toEqual(SECOND.feeds.local?.map(feedUrl));
    expect(other.city.feeds.local?.map(feedUrl)).not.toEqual(feeds.local);
  });
});

describe("CityDirectory with bad city files", () => {
  /** A network file naming the network, with no defaults. */
  const networkFile = () => filesOf([]).networkFile;

  it("leaves out a file it cannot index, naming it, and serves the others", () => {
    const dir = citiesDir({
      [`${SECOND.id}.json`]: fileOf(SECOND),
      "broken.json": "{ not json",
      "nohosts.json": { ...fileOf(THIRD), hosts: undefined },
      "Bad_Name.json": fileOf(CITY),
      "notes.txt": "not a city",
    });
    const directory = new CityDirectory({ dir, networkFile: networkFile() });
    expect(directory.ids()).toEqual([SECOND.id]);
    const problems = directory.problems.map((p) => [p.id, p.message]);
    expect(problems).toEqual([
      ["Bad_Name", expect.stringContaining("the file name is not a city id")],
      ["broken", expect.stringMatching(/broken\.json: not valid JSON/)],
      ["nohosts", expect.stringMatching(/nohosts\.json: hosts: /)],
    ]);
  });

  it("gives a host two cities claim to the first, and names the second", () => {
    // Files are indexed in the order of their names: the pretender's comes after the city's.
    const dir = citiesDir({
      [`${CITY.id}.json`]: fileOf(CITY),
      "pretender.json": { ...fileOf(SECOND), hosts: ["pretender.example", hostOf(CITY)] },
    });
    const directory = new CityDirectory({ dir, networkFile: networkFile() });
    expect(directory.byHost(hostOf(CITY))).toBe(CITY.id);
    expect(directory.byHost("pretender.example")).toBe("pretender");
    expect(directory.problems).toEqual([
      expect.objectContaining({
        id: "pretender",
        message: expect.stringContaining(`host ${hostOf(CITY)} is already ${CITY.id}'s`) as string,
      }),
    ]);
  });

  it("routes a city whose data is invalid, and reports its problem (file and field) when loaded", () => {
    const bad = fileOf(THIRD);
    bad.contact.email = "not-an-email";
    const dir = citiesDir({ [`${SECOND.id}.json`]: fileOf(SECOND), [`${THIRD.id}.json`]: bad });
    const directory = new CityDirectory({ dir, networkFile: networkFile() });
    expect(directory.ids()).toEqual([SECOND.id, THIRD.id].sort());
    expect(directory.byHost(hostOf(THIRD))).toBe(THIRD.id);
    const loaded = directory.load(THIRD.id);
    expect(loaded).toEqual({
      problem: {
        id: THIRD.id,
        file: path.join(dir, `${THIRD.id}.json`),
        message: expect.stringMatching(
          new RegExp(`${THIRD.id}\\.json: invalid city data:\n {2}- contact\\.email: `),
        ),
      },
    });
    expect(directory.load(THIRD.id)).toBe(loaded);
    expect("city" in directory.load(SECOND.id)).toBe(true);
  });

  it("refuses a network file that does not name the network", () => {
    const { dir: cities } = filesOf([CITY]);
    const dir = citiesDir({
      "network.json": { network: { name: "N", url: "ftp://x" }, defaultImage: CITY.defaultImage },
    });
    expect(
      () => new CityDirectory({ dir: cities, networkFile: path.join(dir, "network.json") }),
    ).toThrow(/network\.json: .*network\.name: .*network\.url: /);
  });

  it("checks the network's rules of what is not news, and a listing's, before serving (issue 53)", () => {
    const { dir: cities } = filesOf([CITY]);
    const network = (notNews: unknown) =>
      path.join(
        citiesDir({
          "network.json": {
            network: { ...FIXTURE_NETWORK, notNews },
            defaultImage: CITY.defaultImage,
          },
        }),
        "network.json",
      );
    const rules = { titles: ["We're hiring"], categories: ["Jobs"] };
    const ok = new CityDirectory({ dir: cities, networkFile: network(rules) });
    expect(ok.network().notNews).toEqual(rules);
    expect(
      () => new CityDirectory({ dir: cities, networkFile: network({ titles: "Jobs" }) }),
    ).toThrow(/network\.notNews\.titles: /);
    const listing = (notNews: unknown) => ({
      ...fileOf(SECOND),
      feeds: { local: [{ url: "https://jobs.example/feed", notNews }] },
    });
    const dir = citiesDir({
      [`${SECOND.id}.json`]: listing({ categories: ["Classifieds"] }),
      "badrules.json": { ...listing({ titles: ["!"] }), hosts: ["badrules.example"] },
    });
    const directory = new CityDirectory({ dir, networkFile: networkFile() });
    expect(directory.ids()).toEqual([SECOND.id]);
    expect(directory.problems.map((p) => [p.id, p.message])).toEqual([
      ["badrules", expect.stringMatching(/feeds\.local\.0(\.notNews\.titles\.0)?: /)],
    ]);
  });
});

describe("CityDirectory and a city's editions", () => {
  const SPANISH_FEED = {
    url: "https://noticias.example/local.xml",
    name: "Noticias",
    language: "es",
  };
  const withEdition = fixtureCity({
    editions: [
      {
        locale: "es-US",
        path: "/es",
        data: {
          tagline: "Noticias locales y el clima de {city}, una ciudad de prueba.",
          keywords: ["noticias de {city}"],
          content: CITY.content,
          cityLinks: [],
          feeds: { local: [SPANISH_FEED] },
        },
      },
    ],
  });

  it("makes each edition a site of its own: its locale, its texts over the city's, its feeds over the city's", () => {
    const directory = new CityDirectory(filesOf([withEdition]));
    const site = `${withEdition.id}.es`;
    expect(directory.editionsOf(withEdition.id)).toEqual([
      { site, city: withEdition.id, locale: "es-US", path: "/es", index: 0 },
    ]);
    expect(directory.editionAt(withEdition.id, "/es/weather")).toEqual({ site, path: "/es" });
    expect(directory.editionAt(withEdition.id, "/ES")).toEqual({ site, path: "/es" });
    expect(directory.editionAt(withEdition.id, "/espanol")).toBeUndefined();
    expect(directory.editionAt(withEdition.id, "/es")).toEqual({ site, path: "/es" });
    expect(directory.editionAt(withEdition.id, "/Es/Clima")).toEqual({ site, path: "/es" });
    for (const pathname of ["/", "/e", "/weather", "/es-mx", "/de/es"]) {
      expect(directory.editionAt(withEdition.id, pathname)).toBeUndefined();
    }
    const loaded = directory.load(site);
    if (!("city" in loaded)) throw new Error(loaded.problem.message);
    expect(loaded.city).toMatchObject({ id: site, locale: "es-US", city: withEdition.city });
    expect(loaded.city.tagline).toBe(
      "Noticias locales y el clima de Fixtureville, una ciudad de prueba.",
    );
    expect(loaded.city.feeds.local).toEqual([SPANISH_FEED]);
    // Its other categories are the city's.
    expect(loaded.city.feeds.world).toEqual(directory.feeds()[0]?.feeds.world);
    const feeds = directory.feeds().find((f) => f.id === site);
    expect(feeds?.feeds.local).toEqual([SPANISH_FEED]);
  });

  it("gives an edition the operator's feeds (FEEDS_FILE), with those it names for its language", () => {
    const operators = ["https://operator.example/local.xml"];
    const spanish = ["https://operator.example/es-local.xml"];
    const directory = new CityDirectory({
      ...filesOf([withEdition]),
      overrides: {
        [withEdition.id]: {
          feeds: { local: operators, world: operators },
          editionFeeds: { es: { local: spanish } },
        },
      },
    });
    const loaded = directory.load(`${withEdition.id}.es`);
    if (!("city" in loaded)) throw new Error(loaded.problem.message);
    expect(loaded.city.feeds).toEqual({ local: spanish, world: operators });
    expect(directory.feeds().find((f) => f.id === `${withEdition.id}.es`)?.feeds).toEqual({
      local: spanish,
      world: operators,
    });
  });

  it("names an edition that claims a host another city answers to", () => {
    const other = fixtureCityNamed("Stubport");
    const thief = fixtureCity({
      editions: [{ locale: "es-US", hosts: [hostOf(other)], data: {} }],
    });
    const directory = new CityDirectory(filesOf([thief, other]));
    expect(directory.problems.map((p) => p.message).join("\n")).toMatch(/is already/);
  });

  it("knows each edition's translated paths, and names an invalid one as the city's problem", () => {
    const slugs = { weather: "clima", faq: "preguntas-frecuentes" };
    const edition = { locale: "es-US", path: "/es", data: withEdition.editions?.[0]?.data };
    const translated = fixtureCity({ editions: [{ ...edition, slugs }] });
    const directory = new CityDirectory(filesOf([translated]));
    const site = `${translated.id}.es`;
    expect(directory.slugsOf(site)).toEqual(slugs);
    expect(directory.slugsOf(translated.id)).toBeUndefined();
    // A slug that would shadow another page: the city's data is invalid, named by its field
    // (city:check says so before it is served), and no path is translated meanwhile.
    const shadowing = {
      ...withEdition,
      editions: [{ ...edition, slugs: { weather: "faq" } }],
    } as typeof withEdition;
    const broken = new CityDirectory(filesOf([shadowing]));
    expect(broken.slugsOf(site)).toBeUndefined();
    const loaded = broken.load(shadowing.id);
    expect("problem" in loaded && loaded.problem.message).toMatch(
      /editions\.0\.slugs\.weather: "faq" is taken/,
    );
  });

  it("gives a Spanish site its language layer's paths, its own over them, and none when it says null", () => {
    const languagesDir = mkdtempSync(path.join(os.tmpdir(), "languages-"));
    writeFileSync(
      path.join(languagesDir, "es.json"),
      JSON.stringify({ slugs: { weather: "clima", faq: "preguntas-frecuentes" } }),
    );
    const edition = { locale: "es-US", path: "/es", data: withEdition.editions?.[0]?.data };
    const own = fixtureCityNamed("Ownville", {
      editions: [{ ...edition, slugs: { faq: "ayuda" } }],
    });
    const none = fixtureCityNamed("Noneville", { editions: [{ ...edition, slugs: null }] });
    const spanishFirst = fixtureCityNamed("Pruebaville", { locale: "es-US" });
    const routesOnly = { ...fixtureCityNamed("Rutaville", { locale: "es-US" }), slugs: null };
    const directory = new CityDirectory({
      ...filesOf([own, none, spanishFirst, routesOnly as unknown as City]),
      languagesDir,
    });
    expect(directory.slugsOf("rutaville")).toBeUndefined();
    expect("city" in directory.load("rutaville")).toBe(true);
    expect(directory.slugsOf("ownville.es")).toEqual({ weather: "clima", faq: "ayuda" });
    expect(directory.slugsOf("ownville")).toBeUndefined();
    expect(directory.slugsOf("noneville.es")).toBeUndefined();
    expect(directory.slugsOf("pruebaville")).toEqual({
      weather: "clima",
      faq: "preguntas-frecuentes",
    });
    // The parsed data says the same.
    const loaded = directory.load("ownville.es");
    expect("city" in loaded && loaded.city.slugs).toEqual({ weather: "clima", faq: "ayuda" });
    const bare = directory.load("noneville.es");
    expect("city" in bare && bare.city.slugs).toBeUndefined();
    rmSync(languagesDir, { recursive: true, force: true });
  });
});
