import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { feedUrl } from "../../sites/schema";
import { CITIES_DIR, NETWORK_FILE } from "../../tests/support/cities";
import { CityDirectory, hostKey } from "./directory";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A repository city's data file, parsed anew (to change in a test). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fileOf = (id: string): Record<string, any> =>
  JSON.parse(readFileSync(path.join(CITIES_DIR, `${id}.json`), "utf8")) as Record<string, unknown>;

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
    ["HoustonCityWire.com", "houstoncitywire.com"],
    ["houstoncitywire.com:8080", "houstoncitywire.com"],
    ["houstoncitywire.com.", "houstoncitywire.com"],
    ["  houstoncitywire.com.:443 ", "houstoncitywire.com"],
    ["[::1]:3000", "[::1]"],
    ["127.0.0.1:3000", "127.0.0.1"],
  ])("reads %j as %j", (host, key) => {
    expect(hostKey(host)).toBe(key);
  });
});

describe("CityDirectory over the repository's cities", () => {
  const directory = new CityDirectory({ dir: CITIES_DIR, networkFile: NETWORK_FILE });

  it("indexes every city file, with no problem", () => {
    expect(directory.ids()).toEqual(["anchorage", "honolulu", "houston"]);
    expect(directory.problems).toEqual([]);
    expect(directory.has("houston")).toBe(true);
    expect(directory.has("austin")).toBe(false);
  });

  it("routes each host of a city to it, whatever its case, port or trailing dot", () => {
    expect(directory.byHost("houstoncitywire.com")).toBe("houston");
    expect(directory.byHost("WWW.AnchorageCityWire.com.:443")).toBe("anchorage");
    expect(directory.byHost("www.honolulucitywire.com")).toBe("honolulu");
    expect(directory.byHost("example.org")).toBeUndefined();
    expect(directory.byHost("citywire.com")).toBeUndefined();
  });

  it("names the network (for its fetches) apart from the defaults cities are merged over", () => {
    expect(directory.network()).toEqual({
      name: "City Wire Network",
      url: "https://citywirenetwork.com",
      defaultImage: "/images/default-news.svg",
    });
    expect(directory.defaults()).not.toHaveProperty("network");
    expect(directory.defaults()).toHaveProperty("socialImage", "/social.png");
  });

  it("gives each city's feeds and zone to the engine's subscriptions, as the city lists them", () => {
    const anchorage = directory.feeds().find((f) => f.id === "anchorage");
    expect(anchorage?.timeZone).toBe("America/Anchorage");
    expect(anchorage?.feeds.local?.map(feedUrl)).toEqual([
      "https://www.adn.com/arc/outboundfeeds/rss/",
      "https://alaskapublic.org/feed/",
    ]);
    // The network's feeds, which the city does not list itself, are its too.
    expect(anchorage?.feeds.world?.length).toBeGreaterThan(0);
    // ... and one list for every city that lists them (memory at 3,000 cities).
    const honolulu = directory.feeds().find((f) => f.id === "honolulu");
    expect(honolulu?.feeds.world).toBe(anchorage?.feeds.world);
    expect(honolulu?.feeds.local).not.toBe(anchorage?.feeds.local);
  });

  it("loads a city's whole data once, then keeps it", () => {
    const first = directory.load("honolulu");
    if (!("city" in first)) throw new Error(first.problem.message);
    expect(first.city).toMatchObject({ id: "honolulu", name: "Honolulu City Wire" });
    expect(directory.load("honolulu")).toBe(first);
    expect(() => directory.load("austin")).toThrow(/No city "austin"/);
  });

  it("reads again, equal, a city that left its bounded cache", () => {
    const small = new CityDirectory({ dir: CITIES_DIR, networkFile: NETWORK_FILE, maxLoaded: 1 });
    const first = small.load("houston");
    small.load("anchorage");
    const again = small.load("houston");
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe("CityDirectory's settings", () => {
  it("serves only the cities SITES names, and names one without a file", () => {
    const directory = new CityDirectory({
      dir: CITIES_DIR,
      networkFile: NETWORK_FILE,
      only: ["houston", "gotham"],
    });
    expect(directory.ids()).toEqual(["houston"]);
    expect(directory.byHost("anchoragecitywire.com")).toBeUndefined();
    expect(directory.feeds().map((f) => f.id)).toEqual(["houston"]);
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
      dir: CITIES_DIR,
      networkFile: NETWORK_FILE,
      overrides: {
        houston: {
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
    expect(directory.feeds().find((f) => f.id === "houston")?.feeds).toEqual(feeds);
    const loaded = directory.load("houston");
    if (!("city" in loaded)) throw new Error(loaded.problem.message);
    expect(loaded.city.feeds).toEqual(feeds);
    expect(loaded.city.embeds.adClient).toBe("ca-pub-1");
    expect(loaded.city.baseUrl).toBe("http://127.0.0.1:3000");
    expect(loaded.city.radio.upstream).toBe("http://127.0.0.1:8000");
    // The rest of the radio settings stay the city's.
    expect(loaded.city.radio.schedule.length).toBeGreaterThan(0);
    // Another city keeps its own.
    const other = directory.load("anchorage");
    if (!("city" in other)) throw new Error(other.problem.message);
    expect(other.city.feeds.local?.map(feedUrl)).not.toEqual(feeds.local);
  });
});

describe("CityDirectory with bad city files", () => {
  it("leaves out a file it cannot index, naming it, and serves the others", () => {
    const dir = citiesDir({
      "anchorage.json": fileOf("anchorage"),
      "broken.json": "{ not json",
      "nohosts.json": { ...fileOf("honolulu"), hosts: undefined },
      "Bad_Name.json": fileOf("houston"),
      "notes.txt": "not a city",
    });
    const directory = new CityDirectory({ dir, networkFile: NETWORK_FILE });
    expect(directory.ids()).toEqual(["anchorage"]);
    const problems = directory.problems.map((p) => [p.id, p.message]);
    expect(problems).toEqual([
      ["Bad_Name", expect.stringContaining("the file name is not a city id")],
      ["broken", expect.stringMatching(/broken\.json: not valid JSON/)],
      ["nohosts", expect.stringMatching(/nohosts\.json: hosts: /)],
    ]);
  });

  it("gives a host two cities claim to the first, and names the second", () => {
    const dir = citiesDir({
      "anchorage.json": fileOf("anchorage"),
      "copycat.json": {
        ...fileOf("honolulu"),
        hosts: ["copycat.example", "anchoragecitywire.com"],
      },
    });
    const directory = new CityDirectory({ dir, networkFile: NETWORK_FILE });
    expect(directory.byHost("anchoragecitywire.com")).toBe("anchorage");
    expect(directory.byHost("copycat.example")).toBe("copycat");
    expect(directory.problems).toEqual([
      expect.objectContaining({
        id: "copycat",
        message: expect.stringContaining(
          "host anchoragecitywire.com is already anchorage's",
        ) as string,
      }),
    ]);
  });

  it("routes a city whose data is invalid, and reports its problem (file and field) when loaded", () => {
    const bad = fileOf("honolulu");
    bad.contact.email = "not-an-email";
    const dir = citiesDir({ "anchorage.json": fileOf("anchorage"), "honolulu.json": bad });
    const directory = new CityDirectory({ dir, networkFile: NETWORK_FILE });
    expect(directory.ids()).toEqual(["anchorage", "honolulu"]);
    expect(directory.byHost("honolulucitywire.com")).toBe("honolulu");
    const loaded = directory.load("honolulu");
    expect(loaded).toEqual({
      problem: {
        id: "honolulu",
        file: path.join(dir, "honolulu.json"),
        message: expect.stringMatching(
          /honolulu\.json: invalid city data:\n {2}- contact\.email: /,
        ),
      },
    });
    expect(directory.load("honolulu")).toBe(loaded);
    expect("city" in directory.load("anchorage")).toBe(true);
  });

  it("refuses a network file that does not name the network", () => {
    const network = JSON.parse(readFileSync(NETWORK_FILE, "utf8")) as Record<string, unknown>;
    const dir = citiesDir({
      "network.json": { ...network, network: { name: "N", url: "ftp://x" } },
    });
    expect(
      () => new CityDirectory({ dir: CITIES_DIR, networkFile: path.join(dir, "network.json") }),
    ).toThrow(/network\.json: .*network\.name: .*network\.url: /);
  });
});
