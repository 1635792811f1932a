import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FEED_KEYS, type FeedKey } from "../../sites/categories";
import { expandTemplates, mergeOverDefaults, templateVars } from "../../sites/city-data";
import { CitySchema, describeIssues, type City, type FeedEntry } from "../../sites/schema";

// A city made up for the unit tests, so that they test the code and not the network's data: a
// change to a real city's data (sites/cities) must never break a test of behaviour, and a test
// must say which value it relies on. The real cities keep their own data-file tests
// (sites/schema.test.ts, sites/city-data.test.ts, sites/assets.test.ts).
//
// Fixtureville is complete enough for every page and service: every feed key has a feed on a
// reserved .test host (nothing is ever fetched from it), one book has a cover and one a
// typographic cover, the radio has a week, and its point is one the fixture weather server
// answers for (tests/fixture-servers/weather-server.ts: a Texas point in the HGX grid, radar
// KHGX; its alerts are asked by state, area=TX). Its texts use the templates a city's data uses
// ({city}, {name}, {host}…), so a city made from it under another name and hosts names only
// itself.

/**
 * A change to the fixture's data, applied as a city's file is over the network's defaults
 * (mergeOverDefaults): an object merges key by key, an array or a value replaces the fixture's,
 * and null deletes an optional key.
 */
export type CityChanges = Changes<City>;
type Changes<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: Changes<T[K]> | (undefined extends T[K] ? null : never) }
    : T;

/** One feed of each key on the city's own .test host; local's names its publisher and zone. */
function feeds(): Partial<Record<FeedKey, FeedEntry[]>> {
  const all: Partial<Record<FeedKey, FeedEntry[]>> = {};
  for (const key of FEED_KEYS) all[key] = [`https://feeds.{host}/${key}.xml`];
  all.local = [
    {
      url: "https://feeds.{host}/local.xml",
      name: "{city} Public Radio",
      timeZone: "America/Chicago",
      language: "en-US",
    },
    "https://feeds.{host}/local-extra.xml",
  ];
  return all;
}

/** The fixture's data before its templates are filled in (fixtureCity does that). */
const FIXTUREVILLE: City = {
  id: "fixtureville",
  hosts: ["fixtureville.test", "www.fixtureville.test"],
  name: "{city} Ledger",
  tagline: "Local news, weather, events and live radio for {city}, a city made up for the tests.",
  city: "Fixtureville",
  state: "Texas",
  stateCode: "TX",
  geo: { latitude: 29.8123, longitude: -95.5321 },
  timeZone: "America/Chicago",
  locale: "en-US",
  socialImage: "/social.png",
  defaultImage: "/images/default-news.svg",
  keywords: ["{city} news", "{city} weather", "{city} events"],
  contact: {
    email: "newsroom@{host}",
    phone: "(555) 010-0100",
    address: "1 Test Square, {city}, {stateCode} 00001",
    officeHours: "Monday to Friday, 9 a.m. to 5 p.m.",
  },
  partners: [
    { label: "First Partner", url: "https://partner-one.test" },
    { label: "Second Partner", url: "https://partner-two.test" },
  ],
  social: [{ label: "Facebook", url: "https://social.test/{host}" }],
  donationUrl: "https://donate.{host}/",
  donationPrompt: { snoozeDays: 7, afterDonateDays: 30 },
  cityLinks: [
    { label: "City of {city}", url: "https://city.{host}/" },
    { label: "{city} Public Library", url: "https://library.{host}/" },
  ],
  emergency: [
    { label: "Ready {city}", url: "https://ready.{host}/" },
    { label: "{city} Power Outage Map", url: "https://outages.{host}/map" },
  ],
  embeds: {
    formScript: "",
    adClient: "",
    imageBoard: "",
    eventsFeed: "",
    leadForm: "",
    featuredVideo: "",
  },
  radio: {
    upstream: "",
    ports: [8000],
    maxListeners: 50,
    schedule: [
      { days: "Weekdays", start: "06:00", end: "09:00", show: "Morning Drive" },
      { days: "Weekdays", start: "12:00", end: "13:00", show: "The Noon Report" },
      { days: "Sunday", start: "08:00", end: "10:00", show: "Sunday Songbook" },
    ],
  },
  feeds: feeds(),
  content: {
    news: {
      featuredStory: {
        title: "{city} Opens Its New Riverside Library",
        summary: "The library on the river walk opens its doors with a reading room for every age.",
        image: "/images/default-news.svg",
        category: "Local",
        url: "https://{host}/local-news",
      },
      featuredVideo: { title: "Featured Video", poster: "/images/video-poster.svg" },
      resources: {
        local: {
          title: "Local Resources",
          links: [
            { title: "{city} City Hall", url: "https://city.{host}/" },
            { title: "{city} Public Library", url: "https://library.{host}/" },
          ],
        },
        national: {
          title: "National Resources",
          links: [{ title: "USA.gov", url: "https://www.usa.gov/" }],
        },
      },
      sports: {
        interview: {
          title: "A Season on the Home Field",
          name: "Coach Pat Example",
          role: "Head coach, {city} High School",
          quote: "Every game is a chance to learn something about the team.",
          body: "The coach talks about practice, the league and the town that turns out every Friday.",
        },
        highlights: [
          { title: "Weekend Highlights", description: "The best plays of the weekend." },
        ],
        upcomingGames: [
          {
            sport: "Baseball",
            home: "{city} Foxes",
            away: "Visiting Owls",
            startsAt: "2027-04-02T19:10:00-05:00",
            venue: "{city} Field",
          },
        ],
      },
      culturalCalendar: [
        {
          title: "River Walk Lantern Night",
          date: "2026-12-06",
          venue: "{city} River Walk",
          description: "Lanterns, music and food stalls along the river.",
        },
      ],
      opinion: {
        submitEmail: "opinion@{host}",
        standards: ["Opinion pieces are clearly labelled and kept apart from news reporting."],
      },
      events: {
        submitEmail: "events@{host}",
        kinds: [{ title: "Community Events", description: "Meetings, festivals and clean-ups." }],
      },
    },
    pages: {
      about: {
        updated: "2026-12-01",
        standfirst: "{name} lists the day's stories from other outlets for {city}.",
        sections: [
          {
            title: "Who owns us",
            paragraphs: ["{name} is owned by the Fixture Network, made up for the tests."],
          },
        ],
        masthead: [
          { role: "Publisher", name: "Fixture Network" },
          { role: "Editor", name: "The {name} newsroom", email: "{email}" },
        ],
      },
      corrections: {
        updated: "2026-12-01",
        policy: ["We correct our own summaries, labels, dates and weather texts."],
        corrections: [
          {
            date: "2026-11-30",
            subject: "River Walk Lantern Night",
            text: "The summary gave the wrong day; the lanterns are lit on Saturday.",
          },
        ],
      },
      faq: {
        updated: "2026-10-15",
        items: [
          {
            question: "What is {name}?",
            answer: "A free local news site for {city}, {state}, made up for the tests.",
          },
          {
            question: "Do I need an account to read the news?",
            answer: "No. Every page is free and open to everyone.",
          },
        ],
      },
      weather: {
        tips: ["Keep a go-bag with water, medicines and documents for three days."],
        hurricaneSeason: "Review your household's emergency plan before the storm season.",
        radarStation: "KHGX",
        history: [
          { month: "January", high: 62, low: 44, rainfall: 3.2 },
          { month: "July", high: 93, low: 75, rainfall: 3.9 },
        ],
        normals: { source: "Figures made up for the tests", period: "1991–2020" },
      },
      partners: {
        updated: "2026-09-30",
        documents: [
          { id: "", title: "Media Kit" },
          { id: "", title: "Partnership Overview" },
        ],
      },
      contact: { updated: "2026-11-01" },
      legal: {
        updated: "2026-11-01",
        privacyPolicy: [
          {
            title: "Who we are",
            paragraphs: ["{name} is a local news website for {city}, published at {address}."],
          },
        ],
        termsOfService: [
          {
            title: "Using the site",
            paragraphs: ["Read, share and link to {name}'s pages freely."],
          },
        ],
        privacy: ["{name} sets no tracking cookies of its own."],
        terms: ["Stories from other publishers belong to them."],
      },
      books: {
        updated: "2026-11-10",
        universityUrl: "https://university.fixture.test/",
        storeUrl: "https://books.fixture.test/store",
        books: [
          {
            title: "The River Town: A History",
            cover: "https://covers.fixture.test/river-town.jpg",
            url: "https://books.fixture.test/river-town",
            author: "Ada Example",
          },
          {
            title: "Lanterns on the Water: Stories",
            cover: "",
            url: "https://books.fixture.test/lanterns",
            author: "Ada Example",
          },
        ],
      },
      careers: {
        openings: [
          {
            title: "Metro Reporter",
            department: "Newsroom",
            type: "Full-time",
            description: "Cover city hall and the neighborhoods of {city}.",
            datePosted: "2026-10-20",
          },
          {
            title: "Web Developer",
            department: "Product",
            type: "Full-time",
            description: "Build a fast, accessible news site.",
            datePosted: "2026-11-12",
          },
        ],
        benefits: ["Medical, dental and vision insurance"],
        applyEmail: "careers@{host}",
        internship: "A paid summer internship in the newsroom, with a mentor and published work.",
      },
    },
  },
};

/**
 * The fixture city with `changes` applied, its templates filled in with its own values, and
 * validated by CitySchema (an invalid result throws, naming each bad field): each call returns a
 * fresh copy, to change freely. A test that relies on a value sets it here, or reads it from
 * the city it gets, rather than repeating a literal.
 */
export function fixtureCity(changes: CityChanges = {}): City {
  return built([changes]);
}

/**
 * Another city of the same network: the fixture under another name (`city`), its id the name in
 * lower case and its hosts `<id>.test` and `www.<id>.test`, with `changes` applied.
 */
export function fixtureCityNamed(city: string, changes: CityChanges = {}): City {
  const id = city.toLowerCase();
  return built([{ id, city, hosts: [`${id}.test`, `www.${id}.test`] }, changes]);
}

/** The fixture with each change applied in turn (a null in a later one deletes a key). */
function built(changes: readonly CityChanges[]): City {
  const merged = changes.reduce<unknown>(
    (data, change) => mergeOverDefaults(data, change),
    FIXTUREVILLE,
  );
  const data = expandTemplates(merged, templateVars(merged));
  const result = CitySchema.safeParse(data);
  if (!result.success) {
    throw new Error(`Invalid fixture city:\n${describeIssues(result.error.issues)}`);
  }
  return result.data;
}

/** A city's first host, its canonical one (the schema requires at least one). */
export function hostOf(city: Pick<City, "hosts">): string {
  const [host] = city.hosts;
  if (host === undefined) throw new Error("A city has at least one host");
  return host;
}

// Checked when the module loads: a fixture that no longer fits the schema fails every test that
// uses it at once, with the fields named, instead of as a puzzling page.
fixtureCity();

/** The network's own name and address in the fixture's NETWORK_FILE. */
export const FIXTURE_NETWORK = { name: "Fixture Network", url: "https://network.fixture.test" };

/** Where a CityDirectory reads the fixture cities' files (fixtureCityFiles). */
export interface FixtureCityFiles {
  /** CITIES_DIR: one `<id>.json` per city. */
  dir: string;
  /** NETWORK_FILE: the network's name and address, and the defaults given. */
  networkFile: string;
  /** Deletes the files. */
  remove(): void;
}

/**
 * The cities written as the server reads them, in a new folder: each city's data without its id
 * (a city's id is its file's name) in `cities/<id>.json`, and a network file beside the folder
 * naming FIXTURE_NETWORK. Its defaults are the one NETWORK_FILE must have (the default image) and
 * `defaults`, which fill in only what a city's data leaves out: without them each city loads as
 * it was given.
 */
export function fixtureCityFiles(
  cities: readonly City[],
  defaults: Record<string, unknown> = {},
): FixtureCityFiles {
  const root = mkdtempSync(path.join(os.tmpdir(), "fixture-cities-"));
  const dir = path.join(root, "cities");
  mkdirSync(dir);
  for (const { id, ...data } of cities) {
    writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(data, null, 2));
  }
  const networkFile = path.join(root, "network.json");
  const network = {
    network: FIXTURE_NETWORK,
    defaultImage: FIXTUREVILLE.defaultImage,
    ...defaults,
  };
  writeFileSync(networkFile, JSON.stringify(network, null, 2));
  return { dir, networkFile, remove: () => rmSync(root, { recursive: true, force: true }) };
}
