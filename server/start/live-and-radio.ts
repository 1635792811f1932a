import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { Env } from "../settings/env";
import { LiveChannel } from "../live/events";
import { NewsWatch } from "../live/news";
import { cityOfSite } from "../../sites/editions";
import type { CityServices } from "../cities/served";
import { RadioHub } from "../radio/hub";
import type { createNewsService } from "../news/service";
import type { CityWeather } from "../weather/city-weather";
import type { WeatherService } from "../weather/service";

/**
 * What open pages are told as it happens (the live channel: new stories, urgent alerts, the
 * radio's titles), and each city's radio relay.
 */

/**
 * Open pages' live channel (LIVE_MAX_CONNECTIONS, LIVE_MAX_PER_CLIENT), and what it tells them
 * of: a city's new stories, once it has an open page (news changes, local or announced by
 * another instance, reach the engine first), and, from radioOf, its radio's titles.
 */
export function openLive(
  env: Env,
  {
    engine,
    weather,
    sitesOf,
  }: {
    engine: Awaited<ReturnType<typeof createNewsService>>;
    weather: WeatherService;
    /** A city's site and its editions' (which share its weather). */
    sitesOf: (city: string) => string[];
  },
  logger: Logger,
): LiveChannel {
  const watch = new NewsWatch(
    (city) => engine.city(city),
    (city, change) => live.publish(city, "news", change),
  );
  const failed = (err: unknown) =>
    logger.error({ err }, "reading news for the live channel failed");
  const live = new LiveChannel({
    maxConnections: env.LIVE_MAX_CONNECTIONS,
    maxPerClient: env.LIVE_MAX_PER_CLIENT,
    onOpen: (city) => void watch.watch(city).catch(failed),
  });
  engine.onChange(() => void watch.changed().catch(failed));
  // The banner's alerts: told when the list of urgent alerts in force changes, not the weather.
  const alerts = new Map<string, string>();
  weather.onChange((city) => {
    const { digest, event } = urgentAlerts(weather.peek(city));
    if (alerts.get(city) === digest) return;
    const first = !alerts.has(city);
    alerts.set(city, digest);
    if (!first || digest) for (const site of sitesOf(city)) live.publish(site, "alert", event);
  });
  return live;
}

/**
 * What an `alert` event says of a city's urgent alerts: the first ids the banner names and how
 * many there are. A page told of it fetches its banner anew (app/islands/lib/live.ts), so the
 * event carries no text of the alerts: it stays a few hundred bytes whatever the service says.
 */
function urgentAlerts(weather: CityWeather | undefined) {
  const urgent = (weather?.alerts ?? []).filter((alert) => alert.urgent);
  // A digest of them all says whether they changed; the ids of the first few, which ones.
  const digest = createHash("sha256")
    .update(urgent.map((alert) => alert.id).join("\n"))
    .digest("base64url");
  return {
    digest: urgent.length > 0 ? digest : "",
    event: { ids: urgent.slice(0, ALERT_EVENT_IDS).map((alert) => alert.id), count: urgent.length },
  };
}

/** The alert ids an `alert` event names: as many as the banner names (BANNER_ALERTS). */
const ALERT_EVENT_IDS = 3;

/**
 * Each city's radio relay, made when its radio is first asked for, kept in `hubs`; `onTitle` is
 * told when the title its first port (the one the radio page plays) names changes.
 */
export function radioOf(
  hubs: Map<string, RadioHub>,
  logger: Logger,
  onTitle: (city: string, title: string | null) => void,
) {
  return (city: CityServices): RadioHub => {
    // One relay of the station per city, whichever edition's page plays it.
    const id = cityOfSite(city.site.id);
    let hub = hubs.get(id);
    if (!hub) {
      hub = new RadioHub({
        upstream: city.site.radio.upstream,
        ports: city.site.radio.ports,
        maxListeners: city.site.radio.maxListeners,
        log: logger.child({ part: "radio", site: id }),
        userAgent: `${city.site.name} radio relay (+${city.siteUrl})`,
        onTitle: (port, title) => {
          if (port === city.site.radio.ports[0]) onTitle(id, title);
        },
      });
      hubs.set(id, hub);
    }
    return hub;
  };
}
