import type { City } from "../../sites/schema";
import type { SiteContent } from "../../sites/content";
import type { CityMessages } from "../messages/store";
import type { NewsReader } from "../news/engine";
import type { WeatherReader } from "../context";
import { noWeather } from "../weather/city-weather";
import { embedCspSources, type CspSources } from "../settings/embeds";
import type { CityDirectory, CityProblem } from "./directory";
import { cityOfSite, type Alternate, type EditionInfo } from "../../sites/editions";
import type { Slugs } from "../../common/slugs";

/** Everything a request of one city reads: its data, its canonical base, its news and messages. */
export interface CityServices {
  site: City;
  content: SiteContent;
  /** Canonical base URL (its data's baseUrl, else https:// and its first host), no trailing slash. */
  siteUrl: string;
  news: NewsReader;
  messages: CityMessages;
  weather: WeatherReader;
  /** The origins of the city's configured embeds, for its pages' CSP (server/settings/embeds.ts). */
  csp: CspSources;
  /** The edition its pages are in (sites/editions.ts). */
  edition: EditionInfo;
}

/** How a request's host was resolved. */
export type CityLookup =
  | { kind: "city"; city: CityServices }
  | { kind: "unavailable"; problem: CityProblem }
  | { kind: "unknown" };

export interface ServedCitiesOptions {
  directory: CityDirectory;
  /** DEFAULT_SITE: the city of hosts that name none (development, the demo, tests). */
  defaultSite?: string;
  /** A city's news, by id (the engine's reader, with pictures linked). */
  news: (id: string) => NewsReader;
  /** A city's messages, by id. */
  messages: (id: string) => CityMessages;
  /** A city's live weather (unset: none, as in tests of other things). */
  weather?: (city: City) => WeatherReader;
  /** A city's content as pages read it (covers linked through the image route). */
  content?: (content: SiteContent) => SiteContent;
  /** Called once when a city is loaded, or found invalid. */
  onLoad?: (id: string, outcome: { city: City } | { problem: CityProblem }) => void;
}

/** A city's canonical base: its data's baseUrl, else https:// and its first host. */
export function canonicalBase(city: Pick<City, "baseUrl" | "hosts">): string {
  return (city.baseUrl ?? `https://${city.hosts[0]}`).replace(/\/+$/, "");
}

/**
 * The cities one process serves, by Host: a request's host names its city (port and case
 * ignored), else DEFAULT_SITE's when set, else none (the network's not-found page). A city's
 * services are made when a request first needs them and kept as long as the directory keeps its
 * data (one bounded cache: the directory's); nothing of a city lives in a module-level variable.
 */
export class ServedCities {
  /** Each loaded city's services, for as long as its data is loaded. */
  private readonly services = new WeakMap<City, CityServices>();
  /** The loads (a city's data, or its problem) onLoad was told of. */
  private readonly told = new WeakSet<object>();

  constructor(private readonly options: ServedCitiesOptions) {
    if (options.defaultSite !== undefined && !options.directory.has(options.defaultSite)) {
      throw new Error(
        `DEFAULT_SITE names "${options.defaultSite}", which this process does not serve`,
      );
    }
  }

  /** The id of the city a host names (or the default city's), if any. */
  idOf(host: string | undefined): string | undefined {
    return (host ? this.options.directory.byHost(host) : undefined) ?? this.options.defaultSite;
  }

  /** The edition a path of a city's host is in, when under a prefix (CityDirectory.editionAt). */
  editionAt(id: string, pathname: string): { site: string; path: string } | undefined {
    return this.options.directory.editionAt(id, pathname);
  }

  /** A site's translated paths (CityDirectory.slugsOf). */
  slugsOf(site: string): Slugs | undefined {
    return this.options.directory.slugsOf(site);
  }

  /** The city a host names, with its services. */
  lookup(host: string | undefined): CityLookup {
    const id = this.idOf(host);
    if (id === undefined) return { kind: "unknown" };
    return this.city(id);
  }

  /** A served city by id, with its services. */
  city(id: string): Exclude<CityLookup, { kind: "unknown" }> {
    const loaded = this.options.directory.load(id);
    if (!this.told.has(loaded)) {
      this.told.add(loaded);
      this.options.onLoad?.(id, loaded);
    }
    if ("problem" in loaded) return { kind: "unavailable", problem: loaded.problem };
    const { city } = loaded;
    const cached = this.services.get(city);
    if (cached) return { kind: "city", city: cached };
    const parentId = cityOfSite(id);
    // An edition shares its city's weather and messages, and its canonical base (plus its path).
    const parent = parentId === id ? undefined : this.city(parentId);
    if (parent?.kind === "unavailable") return parent;
    const base = canonicalBase(city);
    const edition = this.editionOf(id, city, parent?.city);
    const content = { news: city.content.news, pages: city.content.pages };
    const services: CityServices = {
      site: city,
      content: this.options.content ? this.options.content(content) : content,
      siteUrl: parent && edition.path ? `${parent.city.siteUrl}${edition.path}` : base,
      news: this.options.news(id),
      messages: this.options.messages(parentId),
      weather: parent?.city.weather ?? this.options.weather?.(city) ?? noWeather(city),
      csp: embedCspSources({ site: city, content }),
      edition,
    };
    this.services.set(city, services);
    return { kind: "city", city: services };
  }

  /** Which edition a site is, and its city's editions (the default's from `parent`, or itself). */
  private editionOf(id: string, city: City, parent: CityServices | undefined): EditionInfo {
    const { directory } = this.options;
    const home = parent ?? { site: city, siteUrl: canonicalBase(city) };
    const editions = directory.editionsOf(cityOfSite(id));
    const others = editions.map((e): Alternate => ({
      locale: e.locale,
      base: e.path ? `${home.siteUrl}${e.path}` : `https://${e.hosts?.[0] ?? ""}`,
      ...(e.path ? { path: e.path } : {}),
      ...(e.slugs ? { slugs: e.slugs } : {}),
    }));
    const citySlugs = directory.slugsOf(cityOfSite(id));
    const alternates = [
      {
        locale: home.site.locale,
        base: home.siteUrl,
        path: "",
        ...(citySlugs ? { slugs: citySlugs } : {}),
      },
      ...others,
    ];
    const own = editions.find((e) => e.site === id);
    // This page's paths: its edition's, or (the city's own edition) the city's.
    const slugs = own ? own.slugs : citySlugs;
    return {
      path: own?.path ?? "",
      ...(slugs ? { slugs } : {}),
      alternates: others.length ? alternates : [],
    };
  }
}
