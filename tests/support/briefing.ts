import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { CityDirectory } from "../../server/cities/directory";
import type { CityLookup, CityServices } from "../../server/cities/served";
import type { Store } from "../../server/db/open";
import { briefingRoutes } from "../../server/http/briefing";
import type { CityExchange } from "../../server/http/exchange";
import { readEnv } from "../../server/settings/env";
import type { CityWeather } from "../../server/weather/city-weather";
import type { WeatherAlert } from "../../server/weather/nws-alerts";
import { CITIES_DIR, NETWORK_FILE, cityServices } from "./cities";
import { fixedNews, storedStory } from "./news";
import { HOME_SECTIONS } from "../../sites/categories";
import { openBriefing, type BriefingParts } from "../../server/briefing/service";

// What the briefing's tests share (server/briefing/*.test.ts): the repository's Houston
// and its Spanish edition with fixed news and weather, the service over a given store, and its
// routes behind a loopback HTTP server. Not a test itself.

/** 2026-12-03 06:00 in Houston (America/Chicago, UTC−6): BRIEFING_HOUR's default. */
export const SIX_AM = Date.parse("2026-12-03T12:00:00Z");
export const ORIGIN = "https://houstoncitywire.com";
export const SECRET = "briefing-test-secret-briefing-test-secret";

const directory = new CityDirectory({ dir: CITIES_DIR, networkFile: NETWORK_FILE });

function loaded(id: string) {
  const city = directory.load(id);
  if ("problem" in city) throw new Error(city.problem.message);
  return city.city;
}

/** Three stories in each of home's sections, each from its own outlet, with its own link. */
export function newsOf(now: number) {
  return fixedNews({
    articles: (key) =>
      HOME_SECTIONS.some((s) => s.key === key)
        ? [1, 2, 3].map((n) =>
            storedStory(
              HOME_SECTIONS.findIndex((s) => s.key === key) * 10 + n,
              key,
              `${key} story number ${n} of the day`,
              now - n * 3600_000,
              {
                source: `${key} Outlet ${n}`,
                url: `https://outlet.example.org/${key}/${n}`,
                summary: `What happened in ${key}, part ${n}.`,
              },
            ),
          )
        : [],
  });
}

export const FLOOD: WeatherAlert = {
  id: "urn:oid:flood.1",
  event: "Flood Watch",
  headline: "Flood Watch issued for Harris County",
  description: "Heavy rain.",
  instruction: null,
  severity: "moderate",
  urgent: false,
  areaDesc: "Harris, TX",
  effective: "2026-12-03T10:00:00Z",
  ends: "2026-12-04T00:00:00Z",
  expires: "2026-12-03T20:00:00Z",
  response: "Prepare",
  zones: ["TXC201"],
};

export const WEATHER: CityWeather = {
  state: "ready",
  current: {
    observedAt: "2026-12-03T11:53:00Z",
    station: "Houston Hobby",
    temperature: 61,
    condition: "cloudy",
    description: "Mostly Cloudy",
    humidity: 80,
    windSpeed: 5,
    windDirection: "SE",
    pressure: 30.01,
    visibility: 10,
    feelsLike: null,
    units: "us",
  },
  forecast: {
    days: [{ day: "Today", condition: "rainy", summary: "Showers", high: 70, low: 55 }],
    fetchedAt: "2026-12-03T11:00:00Z",
  },
  alerts: [FLOOD],
  alertsFetchedAt: "2026-12-03T11:50:00Z",
  forecastPage: "https://forecast.weather.gov/",
  radar: null,
};

/** Houston and its Spanish edition (under /es), as the network serves them. */
export function houstonSites(now: () => number): Map<string, CityServices> {
  const weather = { get: async () => WEATHER, version: () => 1 };
  const en = loaded("houston");
  const es = loaded("houston.es");
  return new Map([
    ["houston", cityServices(en, { siteUrl: ORIGIN, news: newsOf(now()), weather })],
    [
      "houston.es",
      cityServices(es, {
        siteUrl: `${ORIGIN}/es`,
        news: newsOf(now()),
        weather,
        edition: { path: "/es", slugs: directory.slugsOf("houston.es"), alternates: [] },
      }),
    ],
  ]);
}

export const clock = { now: SIX_AM };

/** The service over `db`, its SMTP at `smtpUrl` (none: sign-ups closed). */
export function briefingOver(
  db: Store,
  smtpUrl: string | undefined,
  settings: Record<string, string> = {},
  extra: Partial<BriefingParts> = {},
) {
  const sites = houstonSites(() => clock.now);
  return openBriefing({
    env: readEnv({
      CONTACT_KEY_SECRET: SECRET,
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      MAIL_FROM: "Houston City Wire <briefing@houstoncitywire.com>",
      BRIEFING_MAX_PER_CLIENT: "3",
      ...settings,
    }),
    db,
    logger: pino({ level: "silent" }),
    city: (site): Exclude<CityLookup, { kind: "unknown" }> => {
      const city = sites.get(site);
      if (!city) throw new Error(`no site ${site}`);
      return { kind: "city", city };
    },
    sitesOf: (city) => [city, `${city}.es`],
    now: () => clock.now,
    retryBaseMs: 5,
    ...extra,
  });
}

/** The briefing's routes behind a loopback server: `/es/…` is the Spanish edition's. */
export async function serveRoutes(service: ReturnType<typeof openBriefing>) {
  const sites = houstonSites(() => clock.now);
  const handle = briefingRoutes(
    service.api,
    (req) => ({ address: String(req.headers["x-reader"] ?? "192.0.2.1"), origin: ORIGIN }),
    pino({ level: "silent" }),
  );
  const server = http.createServer((req, res) => {
    const full = (req.url ?? "/").split("?")[0] ?? "/";
    const spanish = full.startsWith("/es/");
    const site = spanish ? "houston.es" : "houston";
    const pathname = spanish ? full.slice(3) : full;
    const city = () => sites.get(site) as CityServices;
    const exchange: CityExchange = { req, res, pathname, site, base: spanish ? "/es" : "", city };
    if (!handle(exchange)) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Posts the sign-up form as a browser without JavaScript does. */
export async function signUp(
  url: string,
  email: string,
  options: { reader?: string; spanish?: boolean; honeypot?: string; origin?: string } = {},
) {
  const form = new URLSearchParams({ email, website: options.honeypot ?? "" });
  const res = await fetch(`${url}${options.spanish ? "/es" : ""}/briefing`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: options.origin ?? ORIGIN,
      "x-reader": options.reader ?? "192.0.2.1",
    },
    body: form,
  });
  return { status: res.status, html: await res.text() };
}

/** A link of a mail's text under the loopback server instead of the canonical base. */
export function local(link: string, url: string): string {
  return link.replace(ORIGIN, url);
}

/** The first link to `path` in a text. */
export function linkIn(text: string, path: string): string {
  const found = new RegExp(`https://\\S+${path}\\?token=[\\w.%-]+`).exec(text);
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return found[0];
}
