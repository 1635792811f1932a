import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CITY_ID,
  TEMPLATE_VARS,
  expandTemplates,
  mergeOverDefaults,
  parseCity,
  templateVars,
} from "./city-data";
import { SiteConfigError, feedUrl, type City } from "./schema";

const SITES_DIR = import.meta.dirname;
const CITIES_DIR = path.join(SITES_DIR, "cities");
const NETWORK_FILE = path.join(SITES_DIR, "network.json");

/** A data file's value, to change freely in a test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8")) as unknown;
/**
 * The defaults every city is merged over: network.json without its `network` block (the
 * network's own name and address), as the server's CityDirectory reads it.
 */
const { network: _about, ...network } = readJson(NETWORK_FILE) as Data;
void _about;
const cityFiles = readdirSync(CITIES_DIR)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => {
    const file = path.join(CITIES_DIR, name);
    return { id: name.slice(0, -".json".length), file, text: readFileSync(file, "utf8") };
  });

/** A city's data file, parsed anew (each call its own copy, to change in a test). */
const fileOf = (id: string) => readJson(path.join(CITIES_DIR, `${id}.json`)) as Data;
const load = (id: string, file: unknown = fileOf(id)): City =>
  parseCity(id, network, file, `sites/cities/${id}.json`);

/** Freezes a value and everything in it, so that a change to an input throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** Every string of a value, with its path. */
function* strings(value: unknown, at = ""): Generator<[string, string]> {
  if (typeof value === "string") yield [at, value];
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value))
      yield* strings(item, at ? `${at}.${key}` : key);
  }
}

describe("mergeOverDefaults", () => {
  const defaults = deepFreeze({
    name: "Network",
    contact: { email: "a@example.com", hours: "9 to 5", office: { floor: 2, room: "B" } },
    list: [1, 2, 3],
    items: [{ a: 1 }, { b: 2 }],
    untouched: { deep: { value: true } },
  });

  it("merges plain objects key by key, at every depth", () => {
    const merged = mergeOverDefaults(defaults, {
      contact: { email: "b@example.com", office: { room: "C" } },
    });
    expect(merged).toEqual({
      ...defaults,
      contact: { email: "b@example.com", hours: "9 to 5", office: { floor: 2, room: "C" } },
    });
  });

  it("replaces arrays and scalars wholesale", () => {
    const merged = mergeOverDefaults(defaults, {
      name: "City",
      list: [9],
      items: [{ c: 3 }],
      contact: "none",
    }) as Record<string, unknown>;
    expect(merged.name).toBe("City");
    expect(merged.list).toEqual([9]);
    expect(merged.items).toEqual([{ c: 3 }]);
    expect(merged.contact).toBe("none");
    // An object where the default has a scalar (or nothing) is the city's.
    expect(mergeOverDefaults({ a: 1 }, { a: { b: 2 } })).toEqual({ a: { b: 2 } });
    expect(mergeOverDefaults(defaults, { extra: { x: 1 } })).toEqual({
      ...defaults,
      extra: { x: 1 },
    });
  });

  it("deletes a key the city sets to null, at any depth", () => {
    const merged = mergeOverDefaults(defaults, {
      list: null,
      contact: { hours: null, office: { floor: null } },
      absent: null,
    });
    expect(merged).toEqual({
      name: "Network",
      contact: { email: "a@example.com", office: { room: "B" } },
      items: [{ a: 1 }, { b: 2 }],
      untouched: { deep: { value: true } },
    });
    expect(merged).not.toHaveProperty("absent");
    // A null inside a sub-tree the default does not have is dropped too.
    expect(mergeOverDefaults({}, { a: { b: null, c: 1 } })).toEqual({ a: { c: 1 } });
  });

  it("shares what the city does not touch, by reference, and changes neither input", () => {
    const city = deepFreeze({ contact: { email: "b@example.com" }, own: { list: [1] } });
    const merged = mergeOverDefaults(defaults, city) as Data;
    expect(merged).not.toBe(defaults);
    expect(merged.untouched).toBe(defaults.untouched);
    expect(merged.list).toBe(defaults.list);
    expect(merged.items).toBe(defaults.items);
    expect(merged.contact).not.toBe(defaults.contact);
    expect(merged.contact.office).toBe(defaults.contact.office);
    // The city's own sub-trees are kept as they are, not copied.
    expect(merged.own).toBe(city.own);
    // A city that changes nothing gets the defaults themselves.
    expect(mergeOverDefaults(defaults, {})).toBe(defaults);
    expect(mergeOverDefaults(defaults, { name: "Network", contact: { hours: "9 to 5" } })).toBe(
      defaults,
    );
    expect(mergeOverDefaults(defaults, undefined)).toBe(defaults);
  });

  it("keeps a __proto__ key as data, without touching any prototype", () => {
    const city = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as unknown;
    const merged = mergeOverDefaults({ name: "y" }, city) as Record<string, unknown>;
    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(merged.polluted).toBeUndefined();
  });
});

describe("expandTemplates", () => {
  const vars = {
    name: "Anchorage City Wire",
    city: "Anchorage",
    state: "Alaska",
    stateCode: "AK",
    email: "newsroom@anchoragecitywire.com",
    phone: "(907) 555-0134",
    address: "420 L Street",
    host: "anchoragecitywire.com",
  };

  it("fills in every variable, each time it occurs", () => {
    expect(
      expandTemplates(
        "{name} of {city}, {state} ({stateCode}): {email}, {phone}, {address}, https://{host}/ — {city}",
        vars,
      ),
    ).toBe(
      "Anchorage City Wire of Anchorage, Alaska (AK): newsroom@anchoragecitywire.com, (907) 555-0134, 420 L Street, https://anchoragecitywire.com/ — Anchorage",
    );
    expect(TEMPLATE_VARS).toEqual(expect.arrayContaining(Object.keys(vars)));
  });

  it("leaves unknown or malformed placeholders as they are, and does not expand twice", () => {
    expect(expandTemplates("{x} {} { city } {CITY} {city", vars)).toBe(
      "{x} {} { city } {CITY} {city",
    );
    expect(expandTemplates("{name}", { name: "{city}", city: "Nope" })).toBe("{city}");
    expect(expandTemplates("{city}", {})).toBe("{city}");
    expect(expandTemplates("{toString} {constructor}", vars)).toBe("{toString} {constructor}");
  });

  it("copies only the objects and arrays in which a string changed", () => {
    const value = deepFreeze({
      plain: { text: "no template", list: ["a", "b"] },
      templated: { title: "About {name}", other: { n: 1 } },
      list: [{ a: "x" }, { b: "{city}" }],
      number: 3,
      flag: true,
    });
    const expanded = expandTemplates(value, vars);
    expect(expanded).toEqual({
      plain: { text: "no template", list: ["a", "b"] },
      templated: { title: "About Anchorage City Wire", other: { n: 1 } },
      list: [{ a: "x" }, { b: "Anchorage" }],
      number: 3,
      flag: true,
    });
    expect(expanded).not.toBe(value);
    expect(expanded.plain).toBe(value.plain);
    expect(expanded.templated).not.toBe(value.templated);
    expect(expanded.templated.other).toBe(value.templated.other);
    expect(expanded.list).not.toBe(value.list);
    expect(expanded.list[0]).toBe(value.list[0]);
    const untouched = { a: ["x"], b: { c: "y" } };
    expect(expandTemplates(untouched, vars)).toBe(untouched);
  });

  it("takes a city's values from its data, a value using another", () => {
    expect(
      templateVars({
        name: "N",
        city: "C",
        state: "S",
        stateCode: "SC",
        hosts: ["h.example", "www.h.example"],
        contact: { email: "desk@{host}", phone: "1", address: "A" },
      }),
    ).toEqual({
      name: "N",
      city: "C",
      state: "S",
      stateCode: "SC",
      host: "h.example",
      email: "desk@h.example",
      phone: "1",
      address: "A",
    });
    expect(templateVars({})).toEqual({});
  });
});

describe("parseCity", () => {
  /** The message parseCity throws for a changed Houston file. */
  function problemWith(change: (file: Data) => void): string {
    const file = fileOf("houston");
    change(file);
    try {
      load("houston", file);
    } catch (error) {
      expect(error).toBeInstanceOf(SiteConfigError);
      return (error as Error).message;
    }
    throw new Error("parseCity accepted the changed file");
  }

  it("sets the id from the file's name and leaves the canonical base to the loader", () => {
    const city = load("houston");
    expect(city.id).toBe("houston");
    expect(city.hosts).toEqual(fileOf("houston").hosts);
    expect(city.baseUrl).toBeUndefined();
  });

  it.each([
    ["contact.email", (f: Data) => void (f.contact.email = "not-an-email")],
    ["hosts", (f: Data) => void delete f.hosts],
    ["hosts.0", (f: Data) => void (f.hosts = ["HoustonCityWire.com:443"])],
    ["hosts", (f: Data) => void (f.hosts = [])],
    ["hosts", (f: Data) => void (f.hosts = ["a.example", "a.example"])],
    ["name", (f: Data) => void (f.name = null)],
    ["timeZone", (f: Data) => void (f.timeZone = "Mars/Olympus_Mons")],
    ["baseUrl", (f: Data) => void (f.baseUrl = "https://houstoncitywire.com/")],
    [
      "feeds.local.1.timeZone",
      (f: Data) => void (f.feeds.local[1] = { url: "https://a.example/rss", timeZone: "Nowhere" }),
    ],
    [
      "feeds.local.0.name",
      (f: Data) => void (f.feeds.local[0] = { url: "https://a.example/rss", name: "" }),
    ],
    ["feeds.local.0", (f: Data) => void (f.feeds.local[0] = "file:///etc/passwd")],
    ["feeds.local.0", (f: Data) => void (f.feeds.local[0] = 42)],
    [
      "content.news.culturalCalendar.0.date",
      (f: Data) => void (f.content.news.culturalCalendar[0].date = "2026-02-30"),
    ],
    [
      "content.news.sports.upcomingGames.0.startsAt",
      (f: Data) => void (f.content.news.sports.upcomingGames[0].startsAt = "2027-04-02 19:10"),
    ],
    [
      "content.news.featuredStory.image",
      (f: Data) => void (f.content.news.featuredStory.image = "//evil.example/x.png"),
    ],
    [
      "content.news.resources.local.links.0.url",
      (f: Data) => void (f.content.news.resources.local.links[0].url = "javascript:alert(1)"),
    ],
    [
      "content.pages.weather.radarStation",
      (f: Data) => void (f.content.pages.weather.radarStation = "radar.example"),
    ],
    [
      "content.pages.weather.current",
      (f: Data) => void (f.content.pages.weather.current = { temperature: 78 }),
    ],
    [
      "content.news.opinion.submitEmail",
      (f: Data) => void (f.content.news.opinion = { submitEmail: "opinion@{nope}" }),
    ],
  ])("rejects a bad %s, naming the file and the field", (field, change) => {
    const message = problemWith(change);
    expect(message.startsWith("sites/cities/houston.json:")).toBe(true);
    expect(message).toMatch(new RegExp(`^  - ${field.replaceAll(".", "\\.")}: `, "m"));
  });

  it("names an unknown key by its path, at any depth", () => {
    const message = problemWith((f) => {
      f.colour = "red";
      f.contact.fax = "(713) 555-0100";
      f.content.pages.faq.items[0].answr = "typo";
    });
    expect(message).toMatch(/^ {2}- colour: unknown key$/m);
    expect(message).toMatch(/^ {2}- contact\.fax: unknown key$/m);
    expect(message).toMatch(/^ {2}- content\.pages\.faq\.items\.0\.answr: unknown key$/m);
    expect(problemWith((f) => ((f.feeds as Record<string, unknown>).weather = []))).toMatch(
      /^ {2}- feeds\.weather: unknown key$/m,
    );
  });

  it("refuses an id written in the file, and a file that is not an object", () => {
    expect(problemWith((f) => (f.id = "austin"))).toMatch(/^ {2}- id: unknown key/m);
    expect(() => load("houston", [])).toThrow(/^sites\/cities\/houston\.json: /);
    expect(() => load("Houston", fileOf("houston"))).toThrow(/^ {2}- id: /m);
  });

  it("needs of a new city its settings only: without weather figures it shows none", () => {
    const { content: _content, ...settings } = fileOf("anchorage");
    void _content;
    // Without its settings a city is refused, each missing one named.
    let message = "";
    try {
      load("anchorage", {});
    } catch (error) {
      message = (error as Error).message;
    }
    const fields = [...message.matchAll(/^ {2}- ([\w.]+):/gm)].map((m) => m[1]);
    expect(fields).toEqual(expect.arrayContaining(["hosts", "name", "city", "timeZone"]));
    expect(fields.filter((f) => f?.startsWith("content.pages.weather"))).toEqual([]);
    // With them and no content of its own, it takes the network's and invents no figures.
    const bare = load("anchorage", settings);
    const defaults = (network as Data).content.pages.weather as Data;
    expect(bare.content.pages.weather).toEqual(defaults);
    for (const figure of ["history", "normals", "radarStation"] as const) {
      expect(bare.content.pages.weather[figure], figure).toBeUndefined();
    }
    // Its own normals and radar, when it has them, are its own.
    const weather = fileOf("anchorage").content.pages.weather as Data;
    const withWeather = load("anchorage", { ...settings, content: { pages: { weather } } });
    expect(withWeather.content.pages.weather.history).toEqual(weather.history);
    expect(withWeather.content.pages.weather.radarStation).toBe("PAHG");
  });
});

describe("the network's cities", () => {
  it("has valid ids for file names", () => {
    expect(cityFiles.length).toBeGreaterThanOrEqual(3);
    for (const { id } of cityFiles) expect(id).toMatch(CITY_ID);
  });

  it.each(cityFiles.map((c) => [c.id, c.file]))("%s parses over network.json", (id, file) => {
    const city = parseCity(id, network, readJson(file), file);
    expect(city.id).toBe(id);
    // Every template is filled in.
    const pattern = new RegExp(`\\{(${TEMPLATE_VARS.join("|")})\\}`);
    for (const [at, text] of strings(city)) expect(text, at).not.toMatch(pattern);
  });

  it("shares the network's sub-trees between cities", () => {
    const [anchorage, honolulu] = [load("anchorage"), load("honolulu")];
    const defaults = network as {
      content: { pages: { books: unknown } };
      feeds: { world: unknown };
    };
    expect(anchorage.content.pages.books).toBe(defaults.content.pages.books);
    expect(honolulu.content.pages.books).toBe(defaults.content.pages.books);
    expect(anchorage.feeds.world).toBe(defaults.feeds.world);
    // The legal texts are the city's own where they name it, shared where they do not.
    expect(anchorage.content.pages.legal.privacyPolicy[0]).not.toBe(
      honolulu.content.pages.legal.privacyPolicy[0],
    );
    expect(anchorage.content.pages.legal.privacyPolicy[1]).toBe(
      honolulu.content.pages.legal.privacyPolicy[1],
    );
  });

  it("merges nested settings: a city's contact keeps the network's office hours unless it has its own", () => {
    expect(load("anchorage").contact.officeHours).toBe("Monday to Friday, 9 a.m. to 5 p.m.");
    expect(load("honolulu").contact.officeHours).toBe("Monday to Friday, 8 a.m. to 4:30 p.m.");
  });

  it("lets a feed carry its zone and publisher", () => {
    const local = load("anchorage").feeds.local ?? [];
    expect(local.map(feedUrl)).toEqual([
      "https://www.adn.com/arc/outboundfeeds/rss/",
      "https://alaskapublic.org/feed/",
    ]);
    expect(local[1]).toMatchObject({ timeZone: "America/Anchorage", name: "Alaska Public Media" });
  });

  it("keeps each city file to its own city", () => {
    const places = cityFiles.map(({ id }) => {
      const data = fileOf(id) as { city: string; state: string };
      return { id, names: [data.city, data.state] };
    });
    for (const { id, text } of cityFiles) {
      for (const other of places) {
        if (other.id === id) continue;
        // Two cities of one state may both name it; a city's own name is its alone.
        const names = other.names.filter(
          (n) => !places.find((p) => p.id === id)?.names.includes(n),
        );
        for (const name of names) expect(text, `${id}.json names ${name}`).not.toContain(name);
      }
    }
  });

  it("names no city or state in network.json", () => {
    const text = readFileSync(NETWORK_FILE, "utf8");
    const names = cityFiles.flatMap(({ id }) => {
      const data = fileOf(id) as { city: string; state: string; hosts: string[] };
      return [data.city, data.state, ...data.hosts];
    });
    for (const name of [...names, "Texas", "Harris", "Austin"]) {
      expect(text, `network.json names ${name}`).not.toContain(name);
    }
    expect(network).not.toHaveProperty("id");
    expect(network).not.toHaveProperty("hosts");
  });
});
