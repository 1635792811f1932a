import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FeedKey } from "../../sites/categories";
import { demoFeedsFile } from "../fixture-servers/demo-feeds";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** States with a zone of theirs, cycled through: Alaska and Hawaii among them. */
const PLACES: readonly [state: string, code: string, zone: string][] = [
  ["Alaska", "AK", "America/Anchorage"],
  ["Hawaii", "HI", "Pacific/Honolulu"],
  ["Texas", "TX", "America/Chicago"],
  ["New York", "NY", "America/New_York"],
  ["California", "CA", "America/Los_Angeles"],
  ["Arizona", "AZ", "America/Phoenix"],
  ["Colorado", "CO", "America/Denver"],
  ["Florida", "FL", "America/New_York"],
  ["Illinois", "IL", "America/Chicago"],
  ["Oregon", "OR", "America/Los_Angeles"],
  ["Puerto Rico", "PR", "America/Puerto_Rico"],
  ["Indiana", "IN", "America/Indiana/Indianapolis"],
];

/** One generated city: what a test checks of it. */
export interface GeneratedCity {
  id: string;
  name: string;
  host: string;
  timeZone: string;
  locale: string;
  localFeed: string;
}

/**
 * Writes `count` cities into `dir` (CITIES_DIR) and a network file beside them (NETWORK_FILE):
 * the repository's network defaults with the shared feeds on the fixture feed server at
 * `feedsUrl`, and each city with one local feed of its own there (/city/<id>/local.xml). Cities
 * cycle through PLACES' states and zones; every seventh is in Spanish-language formatting
 * (es-US). Returns the cities and the two paths.
 */
export function generateCities(
  dir: string,
  count: number,
  feedsUrl: string,
): { cities: GeneratedCity[]; citiesDir: string; networkFile: string } {
  const citiesDir = path.join(dir, "cities");
  mkdirSync(citiesDir, { recursive: true });
  const network = JSON.parse(readFileSync(path.join(root, "sites/network.json"), "utf8")) as {
    feeds: Partial<Record<FeedKey, unknown>>;
  };
  // Every category but local (each city's own) on the fixture server.
  // (The Spanish edition's feeds are a FEEDS_FILE's, not a city's.)
  const { editions: _editions, ...categories } = demoFeedsFile(feedsUrl);
  void _editions;
  network.feeds = Object.fromEntries(Object.entries(categories).filter(([key]) => key !== "local"));
  const networkFile = path.join(dir, "network.json");
  writeFileSync(networkFile, JSON.stringify(network));
  const cities: GeneratedCity[] = [];
  for (let i = 0; i < count; i++) {
    const [state, stateCode, timeZone] = PLACES[i % PLACES.length] as (typeof PLACES)[number];
    const id = `town-${i}`;
    const name = `Town ${i} Courier`;
    const host = `town${i}.example`;
    const locale = i % 7 === 3 ? "es-US" : "en-US";
    const localFeed = `${feedsUrl}/city/${id}/local.xml`;
    writeFileSync(
      path.join(citiesDir, `${id}.json`),
      JSON.stringify({
        name,
        tagline: `Local news, weather and events for Town ${i}, ${state}.`,
        city: `Town ${i}`,
        state,
        stateCode,
        geo: { latitude: 40 + (i % 20) / 10, longitude: -100 - (i % 30) / 10 },
        timeZone,
        locale,
        hosts: [host, `www.${host}`],
        keywords: [`Town ${i} news`],
        contact: { email: `newsroom@${host}` },
        cityLinks: [{ label: `Town ${i} city hall`, url: `https://${host}/city-hall` }],
        feeds: { local: [localFeed] },
      }),
    );
    cities.push({ id, name, host, timeZone, locale, localFeed });
  }
  return { cities, citiesDir, networkFile };
}
