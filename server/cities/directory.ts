import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { CITY_ID, mergeOverDefaults, parseCity } from "../../sites/city-data";
import {
  EditionSchema,
  NotNewsRulesSchema,
  SlugsSchema,
  type City,
  type Edition,
} from "../../sites/schema";
import type { Slugs } from "../../common/slugs";
import { defaultEditionData, editionData, editionSiteId } from "../../sites/editions";
import { languageOf } from "../../common/i18n/catalogue";
import { FEED_KEYS, type FeedKey } from "../../sites/categories";
import type { CityFeeds, FeedListing } from "../news/subscriptions";

/** What the operator's settings replace in one city's data (FEEDS_FILE, EMBEDS_FILE, RADIO_*). */
export interface CityOverrides {
  feeds?: Partial<Record<FeedKey, readonly FeedListing[]>>;
  /** FEEDS_FILE's `editions`: each edition's feeds by language, over `feeds`. */
  editionFeeds?: Readonly<Record<string, Partial<Record<FeedKey, readonly FeedListing[]>>>>;
  embeds?: City["embeds"];
  radio?: Partial<City["radio"]>;
  /** SITE_URL: the canonical base, for a city served under another name (staging, tests). */
  baseUrl?: string;
}

export interface CityDirectoryOptions {
  /** CITIES_DIR: one `<id>.json` per city. */
  dir: string;
  /** NETWORK_FILE: the defaults every city is merged over. */
  networkFile: string;
  /** SITES: the cities this process serves (all when absent). */
  only?: readonly string[];
  /** Settings that replace parts of one city's data, by city id. */
  overrides?: Readonly<Record<string, CityOverrides>>;
  /** How many cities' data are kept loaded (the least recently asked for go first). */
  maxLoaded?: number;
  /**
   * The languages' layers (`<language>.json`, e.g. es.json): what an edition in that language
   * says over the network's defaults. Unless told, the folder `languages` beside NETWORK_FILE.
   */
  languagesDir?: string;
}

/** One of a city's other editions, as the index knows it (sites/editions.ts). */
export interface EditionEntry {
  /** Its site id: the city's id and its language ("<city>.es"). */
  site: string;
  /** The city's id. */
  city: string;
  locale: string;
  /** Its path prefix on the city's hosts (e.g. /es), or its own hosts. */
  path?: string;
  hosts?: string[];
  /** Its pages' paths in its language (common/slugs.ts), when it translates them. */
  slugs?: Slugs;
  /** Its place in the city file's `editions`. */
  index: number;
}

/** A city file that cannot be used: its path, and what is wrong. */
export interface CityProblem {
  id: string;
  file: string;
  message: string;
}

/** A host name as a request names it: lower-case, without its port or a trailing dot. */
export function hostKey(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith("[")) return name.slice(0, name.indexOf("]") + 1);
  const colon = name.lastIndexOf(":");
  if (colon !== -1) name = name.slice(0, colon);
  return name.endsWith(".") ? name.slice(0, -1) : name;
}

/** Host headers remembered as sent (CityDirectory.byHost); beyond, they are forgotten at once. */
const HOSTS_REMEMBERED = 1_024;
/** What hostsSeen keeps for a Host header that names no site (no site id is empty). */
const NO_CITY_HOST = "";

/** What the index reads of each city file at start: enough to route and to schedule feeds. */
const FeedListsSchema = z
  .partialRecord(
    z.enum(FEED_KEYS),
    z.array(
      z.union([
        z.string(),
        z.looseObject({
          url: z.string(),
          timeZone: z.string().optional(),
          // (the engine reads them at start: checked here, before any page asks for the city)
          notNews: NotNewsRulesSchema.optional(),
        }),
      ]),
    ),
  )
  .optional();

const IndexSchema = z.looseObject({
  hosts: z.array(z.string().min(1)).min(1),
  locale: z.string().optional(),
  editions: z
    .array(
      z.looseObject({
        locale: z.string().min(2),
        path: z.string().optional(),
        hosts: z.array(z.string().min(1)).optional(),
        data: z.looseObject({ feeds: FeedListsSchema }).optional(),
      }),
    )
    .optional(),
  timeZone: z.string().min(1),
  feeds: FeedListsSchema,
});

/** The network's own name and address (NETWORK_FILE's `network`), and its default photo. */
const NetworkInfoSchema = z.object({
  name: z.string().min(2),
  url: z.url({ protocol: /^https?$/ }),
  defaultImage: z.string().regex(/^\/[\w\-./]+$/, "must be a path under public/"),
  /** The network's rules of what is not news, for every feed (server/news/not-news.ts). */
  notNews: NotNewsRulesSchema.optional(),
});
export type NetworkInfo = z.infer<typeof NetworkInfoSchema>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface IndexEntry {
  id: string;
  file: string;
  hosts: string[];
  feeds: CityFeeds;
  /** Its pages' paths in its language (a Spanish-first city's, from its layer). */
  slugs?: Slugs;
}

/**
 * The network's cities, as data: `CITIES_DIR/<id>.json`, each merged over NETWORK_FILE. At start
 * the directory reads every served city's hosts, zone and feeds (to route requests and schedule
 * feeds) and nothing more; a city's whole data is read, merged and validated when a request
 * first needs it, and kept in a bounded cache. A bad file is reported with its path and field
 * and leaves the other cities alone: a file that cannot be indexed is left out (its hosts get the
 * network's not-found page), one that fails validation answers 503 on its own hosts.
 */
export class CityDirectory {
  private readonly entries = new Map<string, IndexEntry>();
  /** Each distinct feed list of the index, by its JSON: shared by every city listing it. */
  private readonly feedLists = new Map<string, readonly FeedListing[]>();
  private readonly hosts = new Map<string, string>();
  /** Host headers as sent, each with the site it names (bounded: a Host header is anyone's text). */
  private readonly hostsSeen = new Map<string, string>();
  private readonly loaded: LRUCache<string, { city: City } | { problem: CityProblem }>;
  /** The cities' other editions, by site id ("<city>.es"). */
  private readonly editions = new Map<string, EditionEntry & { feeds: CityFeeds }>();
  /** Each city's other editions, by city id: what a request's path is matched against. */
  private readonly editionsByCity = new Map<string, EditionEntry[]>();
  /** The languages' layers read so far (undefined: the language has none). */
  private readonly layers = new Map<string, unknown>();
  private readonly networkDefaults: unknown;
  /** Files that could not be indexed, and hosts that two cities claim. */
  readonly problems: CityProblem[] = [];

  private readonly about: NetworkInfo;

  constructor(private readonly options: CityDirectoryOptions) {
    const file = readJson(options.networkFile);
    const { network, ...defaults } = (isObject(file) ? file : {}) as {
      network?: unknown;
      defaultImage?: unknown;
    };
    const about = NetworkInfoSchema.safeParse({
      defaultImage: defaults.defaultImage,
      ...(isObject(network) ? network : {}),
    });
    if (!about.success) {
      const fields = about.error.issues.map((i) => `network.${i.path.join(".")}: ${i.message}`);
      throw new Error(`${options.networkFile}: ${fields.join("; ")}`);
    }
    this.about = about.data;
    this.networkDefaults = defaults;
    this.loaded = new LRUCache({ max: options.maxLoaded ?? 1_000 });
    const only = options.only ? new Set(options.only) : undefined;
    const files = readdirSync(options.dir)
      .filter((name) => name.endsWith(".json"))
      .sort();
    for (const name of files) {
      const id = name.slice(0, -".json".length);
      if (only && !only.has(id)) continue;
      const file = path.join(options.dir, name);
      if (!CITY_ID.test(id)) {
        this.problems.push({
          id,
          file,
          message: `${file}: the file name is not a city id (${CITY_ID})`,
        });
        continue;
      }
      try {
        this.index(id, file);
      } catch (error) {
        this.problems.push({ id, file, message: (error as Error).message });
      }
    }
    for (const id of only ?? []) {
      if (!this.entries.has(id) && !this.problems.some((p) => p.id === id)) {
        this.problems.push({
          id,
          file: path.join(options.dir, `${id}.json`),
          message: `SITES names "${id}", which has no file in ${options.dir}`,
        });
      }
    }
  }

  private index(id: string, file: string): void {
    const raw = readJson(file);
    const merged = mergeOverDefaults(this.networkDefaults, raw);
    const parsed = IndexSchema.safeParse(merged);
    if (!parsed.success) {
      const fields = parsed.error.issues.map(
        (i) => `${i.path.join(".") || "(root)"}: ${i.message}`,
      );
      throw new Error(`${file}: ${fields.join("; ")}`);
    }
    const override = this.options.overrides?.[id];
    const listed = (override?.feeds ?? parsed.data.feeds ?? {}) as CityFeeds["feeds"];
    // Most cities list the network's own feeds for most categories: one list for all of them.
    const feeds = this.shareLists(listed);
    const hosts = parsed.data.hosts.map(hostKey);
    for (const host of hosts) this.claimHost(host, id, id, file);
    // The file's own, as written: a null (none) is gone once merged over the defaults.
    const ownSlugs = this.slugsFor(parsed.data.locale, (raw as { slugs?: unknown }).slugs);
    this.entries.set(id, {
      id,
      file,
      hosts,
      feeds: { id, timeZone: parsed.data.timeZone, feeds },
      ...(ownSlugs ? { slugs: ownSlugs } : {}),
    });
    parsed.data.editions?.forEach((edition, index) => {
      const site = editionSiteId(id, edition.locale);
      const own = (edition.data?.feeds ?? {}) as CityFeeds["feeds"];
      const entry: EditionEntry = { site, city: id, locale: edition.locale, index };
      if (edition.path) entry.path = edition.path;
      if (edition.hosts) entry.hosts = edition.hosts.map(hostKey);
      const slugs = this.slugsFor(edition.locale, (edition as { slugs?: unknown }).slugs);
      if (slugs) entry.slugs = slugs;
      for (const host of entry.hosts ?? []) this.claimHost(host, site, id, file);
      // The operator's feeds (FEEDS_FILE) are every edition's, with those it names for the
      // edition's language: they say what the site fetches.
      const operators = override?.editionFeeds?.[languageOf(edition.locale)] ?? {};
      const editionFeeds = this.shareLists(
        override?.feeds ? { ...feeds, ...operators } : { ...feeds, ...own },
      );
      this.editions.set(site, {
        ...entry,
        feeds: { id: site, timeZone: parsed.data.timeZone, feeds: editionFeeds },
      });
      const ofCity = this.editionsByCity.get(id) ?? [];
      this.editionsByCity.set(id, [...ofCity, entry]);
    });
  }

  /** A host for a site (a city or an edition), unless another city's site holds it. */
  private claimHost(host: string, site: string, id: string, file: string): void {
    const owner = this.hosts.get(host);
    if (owner && owner !== site) {
      this.problems.push({ id, file, message: `${file}: host ${host} is already ${owner}'s` });
      return;
    }
    this.hosts.set(host, site);
  }

  /** Feed lists, each the one list of the index with the same listings. */
  private shareLists(listed: CityFeeds["feeds"]): CityFeeds["feeds"] {
    const feeds: CityFeeds["feeds"] = {};
    for (const [key, listings] of Object.entries(listed) as [FeedKey, readonly FeedListing[]][]) {
      const same = JSON.stringify(listings);
      let shared = this.feedLists.get(same);
      if (!shared) this.feedLists.set(same, (shared = listings));
      feeds[key] = shared;
    }
    return feeds;
  }

  /** The network's defaults every city is merged over (NETWORK_FILE without `network`). */
  defaults(): unknown {
    return this.networkDefaults;
  }

  /** Who the network is (its name and address, in the User-Agent of its fetches). */
  network(): NetworkInfo {
    return this.about;
  }

  /** The ids of the cities served (those indexed). */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** The city a Host header names (port and case ignored), if any. */
  byHost(host: string): string | undefined {
    // Most requests repeat a few Host headers: each is normalised once (hostsSeen).
    const seen = this.hostsSeen.get(host);
    if (seen !== undefined) return seen === NO_CITY_HOST ? undefined : seen;
    const id = this.hosts.get(hostKey(host));
    if (this.hostsSeen.size >= HOSTS_REMEMBERED) this.hostsSeen.clear();
    this.hostsSeen.set(host, id ?? NO_CITY_HOST);
    return id;
  }

  /** Every served city's feeds, and its other editions', for the news engine's subscriptions. */
  feeds(): CityFeeds[] {
    return [...this.entries.values(), ...this.editions.values()].map((e) => e.feeds);
  }

  /** A city's other editions (none for an id that is not a served city's). */
  editionsOf(id: string): readonly EditionEntry[] {
    return this.editionsByCity.get(id) ?? [];
  }

  /** A site's translated paths (a city's or an edition's), if it has any. */
  slugsOf(site: string): Slugs | undefined {
    return (this.editions.get(site) ?? this.entries.get(site))?.slugs;
  }

  /**
   * The translated paths of a site in `locale`: its language layer's (`slugs` in
   * languages/<lang>.json), then its own over them as the data merges them (`null` takes one or
   * all away). Invalid ones translate no path: the site's own parse names them (a 503).
   */
  private slugsFor(locale: string | undefined, own: unknown): Slugs | undefined {
    const layer = (this.layerOf(locale) as { slugs?: unknown } | undefined)?.slugs;
    const merged = own === undefined ? layer : mergeOverDefaults(layer, own);
    const parsed = SlugsSchema.safeParse(merged ?? undefined);
    if (!parsed.success || !parsed.data || Object.keys(parsed.data).length === 0) return undefined;
    return parsed.data as Slugs;
  }

  /**
   * The edition a path of a city's host is in: one served under a prefix of the path (/es,
   * /es/weather), with the prefix; none for the city's default edition.
   */
  editionAt(id: string, pathname: string): { site: string; path: string } | undefined {
    // Every request asks: only the city's own editions are looked at (a few), never the network's.
    for (const edition of this.editionsOf(id)) {
      const { path: prefix } = edition;
      // The prefix whole, then its end or a slash (/es, /es/…, never /espanol), in any case.
      if (prefix === undefined || pathname.length < prefix.length) continue;
      if (pathname.length > prefix.length && pathname[prefix.length] !== "/") continue;
      if (pathname.slice(0, prefix.length).toLowerCase() === prefix) {
        return { site: edition.site, path: prefix };
      }
    }
    return undefined;
  }

  /** A city's file as written (not merged), for tools. */
  raw(id: string): unknown {
    const entry = this.entries.get(id);
    return entry ? readJson(entry.file) : undefined;
  }

  /** The file of a city. */
  fileOf(id: string): string | undefined {
    return this.entries.get(id)?.file;
  }

  /**
   * A city's whole data, merged over the network's and validated (read on first use, then kept
   * while it is among the most recently used); a SiteConfigError-like problem when it is invalid.
   */
  load(id: string): { city: City } | { problem: CityProblem } {
    const cached = this.loaded.get(id);
    if (cached) return cached;
    const edition = this.editions.get(id);
    const entry = this.entries.get(edition?.city ?? id);
    if (!entry) throw new Error(`No city "${id}" is served`);
    let result: { city: City } | { problem: CityProblem };
    try {
      const file = readJson(entry.file);
      result = {
        city: edition ? this.editionCity(edition, file, entry.file) : this.city(id, file),
      };
    } catch (error) {
      result = { problem: { id, file: entry.file, message: (error as Error).message } };
    }
    this.loaded.set(id, result);
    return result;
  }

  /** A city's data as load() would make it, for a file not yet written (city:new); throws. */
  validate(id: string, file: unknown): City {
    return this.city(id, file);
  }

  /** A city's default edition: over the layer of its language, when there is one. */
  private city(id: string, file: unknown): City {
    const locale = (file as { locale?: unknown }).locale;
    const defaults = defaultEditionData(
      this.networkDefaults,
      this.layerOf(typeof locale === "string" ? locale : undefined),
      {},
    );
    return this.withOverrides(parseCity(id, defaults, file, this.fileOf(id) ?? id));
  }

  /**
   * One of a city's other editions (sites/editions.ts editionData): the city's data without its
   * words, the layer of its language, its own data; validated like a city's.
   */
  private editionCity(edition: EditionEntry, file: unknown, source: string): City {
    const declared = EditionSchema.safeParse(
      (file as { editions?: unknown[] }).editions?.[edition.index],
    );
    if (!declared.success) {
      throw new Error(`${source}: editions.${edition.index}: ${declared.error.issues[0]?.message}`);
    }
    const data = editionData(
      this.networkDefaults,
      this.layerOf(edition.locale),
      file,
      declared.data as Edition,
    );
    const city = this.withOverrides(
      parseCity(edition.city, {}, data, `${source} (${edition.site})`),
    );
    const operators = this.options.overrides?.[edition.city]?.editionFeeds;
    const own = operators?.[languageOf(edition.locale)];
    const feeds = own ? { feeds: { ...city.feeds, ...own } as City["feeds"] } : {};
    return { ...city, id: edition.site, ...feeds };
  }

  /** The layer of a locale's language (languages/<lang>.json), if it has one. */
  private layerOf(locale: string | undefined): unknown {
    if (locale === undefined) return undefined;
    const language = languageOf(locale);
    if (!this.layers.has(language)) {
      const dir =
        this.options.languagesDir ?? path.join(path.dirname(this.options.networkFile), "languages");
      const file = path.join(dir, `${language}.json`);
      this.layers.set(
        language,
        /^[a-z]{2,3}$/.test(language) && existsSync(file) ? readJson(file) : undefined,
      );
    }
    return this.layers.get(language);
  }

  private withOverrides(city: City): City {
    const override = this.options.overrides?.[city.id];
    if (!override) return city;
    return {
      ...city,
      ...(override.feeds ? { feeds: override.feeds as City["feeds"] } : {}),
      ...(override.embeds ? { embeds: override.embeds } : {}),
      ...(override.baseUrl ? { baseUrl: override.baseUrl } : {}),
      radio: { ...city.radio, ...override.radio },
    };
  }
}

/** A JSON file's value; the error names the file. */
export function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
  }
}
