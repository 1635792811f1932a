import { noWeather } from "../../server/weather/city-weather";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { City } from "../../sites/schema";
import { CityDirectory } from "../../server/cities/directory";
import type { AppOptions } from "../../server/http/app";
import type { CityServices } from "../../server/cities/served";
import { embedCspSources } from "../../server/settings/embeds";
import { CONTACT_LIMITS, type CityMessages } from "../../server/messages/store";
import type { NewsReader } from "../../server/news/engine";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The repository's cities (sites/cities over sites/network.json), as the server reads them. */
export const CITIES_DIR = path.join(root, "sites/cities");
export const NETWORK_FILE = path.join(root, "sites/network.json");

let directory: CityDirectory | undefined;

/** One of the repository's cities, merged and validated (throws when it is invalid). */
export function testCity(id: string): City {
  directory ??= new CityDirectory({ dir: CITIES_DIR, networkFile: NETWORK_FILE });
  const loaded = directory.load(id);
  if ("problem" in loaded) throw new Error(loaded.problem.message);
  return loaded.city;
}

/**
 * The contact form's limits (server/messages/limits.ts), for tests under app/, which import only
 * types from server/ (eslint.config.js).
 */
export { CONTACT_LIMITS };

/** A city's messages that take every message (as row 1), within the usual limits. */
export function acceptingMessages(): CityMessages {
  return { submit: async () => ({ ok: true, id: 1 }), limits: CONTACT_LIMITS };
}

/** A city's services for tests: its data, a canonical base, the news and messages given. */
export function cityServices(
  site: City,
  options: {
    siteUrl?: string;
    news: NewsReader;
    messages?: CityServices["messages"];
    weather?: CityServices["weather"];
    edition?: CityServices["edition"];
  },
): CityServices {
  const content = site.content;
  return {
    site,
    content,
    siteUrl: options.siteUrl ?? `https://${site.hosts[0]}`,
    news: options.news,
    messages: options.messages ?? acceptingMessages(),
    weather: options.weather ?? noWeather(site),
    csp: embedCspSources({ site, content }),
    edition: options.edition ?? { path: "", alternates: [] },
  };
}

/** A lookup that serves one city whatever the host (DEFAULT_SITE on a test's 127.0.0.1). */
export function oneCity(city: CityServices): AppOptions["cities"] {
  return {
    idOf: () => city.site.id,
    editionAt: () => undefined,
    slugsOf: () => undefined,
    city: () => ({ kind: "city", city }),
  };
}
