import { FEED_KEYS, type FeedKey } from "../../sites/categories";
import { NO_RULES, NotNews, type NotNewsRules } from "./not-news";

/** A feed as a city lists it: its URL, or its URL with what the city's data says about it. */
export type FeedListing =
  | string
  | {
      url: string;
      timeZone?: string;
      name?: string;
      language?: string;
      sponsored?: "keep";
      /** Rules of what is not news for this feed, over the network's (not-news.ts). */
      notNews?: NotNewsRules;
    };

/** What the network says of every feed: its rules of what is not news (network.notNews). */
export interface NetworkRules {
  notNews?: NotNewsRules;
}

/** What the news engine needs of a city: its id, its zone and the feeds it lists per category. */
export interface CityFeeds {
  id: string;
  timeZone: string;
  feeds: Partial<Record<FeedKey, readonly FeedListing[]>>;
}

/** The zone of a feed's dates that name none, when neither the feed nor a local listing says. */
export const SHARED_FEED_ZONE = "UTC";

const urlOf = (listing: FeedListing) => (typeof listing === "string" ? listing : listing.url);

/**
 * Which feeds the served cities list, per city and category: the network's subscriptions. A feed
 * is one URL whatever the number of cities listing it (the store keeps it once, the engine
 * fetches it once). Built from the cities' data at start; it does not change while the process
 * runs.
 */
export class Subscriptions {
  private readonly byCity = new Map<string, Map<FeedKey, string[]>>();
  private readonly zones = new Map<string, string>();
  private readonly names = new Map<string, string>();
  private readonly languages = new Map<string, string>();
  private readonly keepSponsored = new Set<string>();
  /** The listings' own rules of what is not news, by URL. */
  private readonly listingRules = new Map<string, NotNewsRules[]>();
  /** The rules each feed is read with (the network's and its listings'), made when first asked. */
  private readonly notNews = new Map<string, NotNews>();
  private readonly networkNotNews: NotNews;
  private readonly networkRules: NotNewsRules | undefined;
  private readonly everyUrl = new Set<string>();
  private readonly firstKey = new Map<string, FeedKey>();
  /** Each distinct list of URLs, shared by every city and category listing it. */
  private readonly lists = new Map<string, string[]>();

  constructor(cities: Iterable<CityFeeds>, network: NetworkRules = {}) {
    this.networkRules = network.notNews;
    this.networkNotNews = network.notNews ? new NotNews(network.notNews) : NO_RULES;
    const localZones = new Map<string, string>();
    for (const city of cities) {
      const keys = new Map<FeedKey, string[]>();
      for (const key of FEED_KEYS) {
        const listings = city.feeds[key] ?? [];
        if (listings.length === 0) continue;
        const unique = [...new Set(listings.map(urlOf))];
        const same = unique.join("\n");
        let urls = this.lists.get(same);
        if (!urls) this.lists.set(same, (urls = unique));
        keys.set(key, urls);
        for (const listing of listings) {
          const url = urlOf(listing);
          this.everyUrl.add(url);
          if (!this.firstKey.has(url)) this.firstKey.set(url, key);
          // A feed's own zone wins; else a city that lists it as its local news lends its zone.
          if (typeof listing !== "string") {
            if (listing.timeZone && !this.zones.has(url)) this.zones.set(url, listing.timeZone);
            // The first listing to name the publisher, or to say the language, is taken.
            if (listing.name && !this.names.has(url)) this.names.set(url, listing.name);
            if (listing.language && !this.languages.has(url))
              this.languages.set(url, listing.language);
            if (listing.sponsored === "keep") this.keepSponsored.add(url);
            if (listing.notNews) {
              this.listingRules.set(url, [...(this.listingRules.get(url) ?? []), listing.notNews]);
            }
          }
          if (key === "local" && !localZones.has(url)) localZones.set(url, city.timeZone);
        }
      }
      this.byCity.set(city.id, keys);
    }
    for (const [url, zone] of localZones) if (!this.zones.has(url)) this.zones.set(url, zone);
  }

  /** One city listing `feeds` (tests, tools). */
  static of(
    id: string,
    timeZone: string,
    feeds: CityFeeds["feeds"],
    network?: NetworkRules,
  ): Subscriptions {
    return new Subscriptions([{ id, timeZone, feeds }], network);
  }

  /** Every URL some served city lists: the feeds the engine fetches, each once. */
  urls(): ReadonlySet<string> {
    return this.everyUrl;
  }

  cities(): IterableIterator<string> {
    return this.byCity.keys();
  }

  /** The URLs a city lists for a category, in its order (none for a city it does not know). */
  feedsOf(city: string, key: FeedKey): readonly string[] {
    return this.byCity.get(city)?.get(key) ?? [];
  }

  /** The categories a city lists feeds for. */
  keysOf(city: string): FeedKey[] {
    return [...(this.byCity.get(city)?.keys() ?? [])];
  }

  /** The category a feed is read for when it is stored (the first that lists it). */
  keyOf(url: string): FeedKey {
    return this.firstKey.get(url) ?? "local";
  }

  /**
   * The zone in which a feed's dates that name none are read: the feed's own (its listing's
   * `timeZone`), else the zone of a city that lists it as local news, else UTC (a national feed
   * shared by cities an ocean apart has no one city's zone).
   */
  zoneOf(url: string): string {
    return this.zones.get(url) ?? SHARED_FEED_ZONE;
  }

  /**
   * The publisher's short name a listing gives the feed ("The Guardian"), which pages credit
   * instead of the feed's own title; the first listing that gives one.
   */
  nameOf(url: string): string | undefined {
    return this.names.get(url);
  }

  /** The language a listing says the feed's stories are in, over what the feed says. */
  languageOf(url: string): string | undefined {
    return this.languages.get(url);
  }

  /**
   * Whether a listing keeps the feed's paid posts (`sponsored: "keep"`), which pages then label
   * "Sponsored"; else they are left out (issue 37).
   */
  keepsSponsored(url: string): boolean {
    return this.keepSponsored.has(url);
  }

  /**
   * The rules of what is not news a feed's stories are read with: the network's, and those of
   * every listing of it (a job ad one city's listing names is no city's news).
   */
  notNewsOf(url: string): NotNews {
    const own = this.listingRules.get(url);
    if (!own) return this.networkNotNews;
    let rules = this.notNews.get(url);
    if (!rules) {
      rules = new NotNews(this.networkRules, ...own);
      this.notNews.set(url, rules);
    }
    return rules;
  }
}
