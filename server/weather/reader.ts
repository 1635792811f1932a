import type { City } from "../../sites/schema";
import type { WeatherReader } from "../context";
import type { ImageService } from "../images/service";
import type { CityWeather, WeatherPlace } from "./city-weather";
import type { WeatherService } from "./service";

/** How long one radar picture is shown: a new one is fetched at most this often. */
export const RADAR_PERIOD_MS = 5 * 60_000;
/** What the image route shows when the radar picture cannot be had. */
export const RADAR_FALLBACK = "/images/radar-unavailable.svg";

/** A city's place as the weather service needs it, from its data. */
export function weatherPlace(city: City): WeatherPlace {
  return {
    id: city.id,
    latitude: city.geo.latitude,
    longitude: city.geo.longitude,
    stateCode: city.stateCode,
    locale: city.locale,
    radarStation: city.content.pages.weather.radarStation,
    ...(city.content.pages.weather.alertZones
      ? { zones: city.content.pages.weather.alertZones.map((zone) => zone.code) }
      : {}),
  };
}

/**
 * Radar pictures through the site's own image route (server/images/): each station's picture of
 * the current five minutes is a configured picture of its own (its URL names the period), so the
 * route fetches it once, through the outbound guard, and serves its sizes from its cache; the
 * period before the last is forgotten. While a station's picture of the period before is known
 * to have failed, pages name the fallback for the current one too: a radar that cannot be had
 * is tried again every other period (ten minutes), by the readers of its first page then, rather
 * than by the first readers of every period, each through a redirect to the fallback.
 */
export class RadarPictures {
  private readonly current = new Map<string, string[]>();

  constructor(
    private readonly images: Pick<
      ImageService,
      "configure" | "unconfigure" | "configuredPath" | "configuredFailed"
    >,
    private readonly now: () => number = Date.now,
  ) {}

  /** The route path of a radar picture's current period (its fallback: see the class). */
  path(image: string): string {
    const period = Math.floor(this.now() / RADAR_PERIOD_MS);
    const url = `${image}${image.includes("?") ? "&" : "?"}period=${period}`;
    const known = this.current.get(image) ?? [];
    if (!known.includes(url)) {
      this.images.configure([{ url, fallback: RADAR_FALLBACK }]);
      known.push(url);
      // The previous period stays (a page made a moment ago still names it); older ones go.
      while (known.length > 2) this.images.unconfigure(known.shift() as string);
      this.current.set(image, known);
    }
    const before = known.length > 1 ? known[known.length - 2] : undefined;
    if (before !== undefined && this.images.configuredFailed(before)) return RADAR_FALLBACK;
    return this.images.configuredPath(url);
  }

  /** `weather` with its radar picture as a route path. */
  link(weather: CityWeather): CityWeather {
    return weather.radar
      ? { ...weather, radar: { ...weather.radar, image: this.path(weather.radar.image) } }
      : weather;
  }
}

/** A city's weather as its pages read it: the service's, its radar picture through the route. */
export function weatherReader(
  service: WeatherService,
  city: City,
  radar: RadarPictures,
): WeatherReader {
  const place = weatherPlace(city);
  return {
    get: async () => radar.link(await service.get(place)),
    version: () => service.version(city.id),
  };
}
