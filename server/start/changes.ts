import type { Logger } from "pino";
import type { Env } from "../settings/env";
import { PostgresListener } from "../db/listen";
import type { createNewsService } from "../news/service";
import type { WeatherService } from "../weather/service";
import { WEATHER_CHANGES, parseWeatherChange } from "../weather/store";
import { FEED_CHANGES, parseFeedChange } from "../news/store";

/**
 * What other instances sharing PostgreSQL announce (LISTEN): the feeds they refreshed and the
 * weather answers they stored. Nothing on SQLite (one process).
 */

/**
 * With DATABASE_URL: hears what other instances wrote of the feeds (FEED_CHANGES), and reads the
 * whole state again after the connection was lost. Undefined on SQLite (one process).
 */
export async function listenForFeedChanges(
  env: Env,
  engine: Awaited<ReturnType<typeof createNewsService>>,
  logger: Logger,
): Promise<PostgresListener | undefined> {
  if (!env.DATABASE_URL) return undefined;
  const listener = new PostgresListener({
    url: env.DATABASE_URL,
    channel: FEED_CHANGES,
    onMessage: (payload) => {
      const change = parseFeedChange(payload);
      if (change) {
        engine.feedChanged(change.feedId, change.instance).catch((err: unknown) => {
          logger.error({ err, feed: change.feedId }, "reading a changed feed failed");
        });
      }
    },
    onReconnect: () => {
      // What was announced meanwhile is lost: every feed's newest is read again.
      engine.syncFromStore({ everyFeed: true }).catch((err: unknown) => {
        logger.error({ err }, "reading the feeds' state from the database failed");
      });
    },
    log: logger.child({ part: "database" }),
  });
  await listener.start();
  return listener;
}

/**
 * With DATABASE_URL: hears which weather answers other instances stored (WEATHER_CHANGES), so
 * that an alert one of them fetched reaches this one's open pages at once. Undefined on SQLite.
 */
export async function listenForWeatherChanges(
  env: Env,
  weather: WeatherService,
  logger: Logger,
): Promise<PostgresListener | undefined> {
  if (!env.DATABASE_URL) return undefined;
  const listener = new PostgresListener({
    url: env.DATABASE_URL,
    channel: WEATHER_CHANGES,
    onMessage: (payload) => {
      const change = parseWeatherChange(payload);
      if (!change) return;
      weather.stored(change.url, change.instance).catch((err: unknown) => {
        logger.warn(
          { err, url: change.url },
          "reading a weather answer another instance stored failed",
        );
      });
    },
    onReconnect: () => undefined,
    log: logger.child({ part: "database" }),
  });
  await listener.start();
  return listener;
}
