import type { Env } from "../settings/env";
import { readEmbedsFile } from "../settings/embeds";
import { readFeedsFile } from "../news/sources";
import type { CityOverrides } from "./directory";

/** The settings that replace parts of the default city's data (staging, tests, the demo). */
export function defaultCityOverrides(env: Env): Record<string, CityOverrides> {
  const radio = Object.fromEntries(
    Object.entries({
      upstream: env.RADIO_UPSTREAM,
      ports: env.RADIO_PORTS,
      maxListeners: env.RADIO_MAX_LISTENERS,
    }).filter(([, value]) => value !== undefined),
  );
  const { editions, ...feeds } = env.FEEDS_FILE ? readFeedsFile(env.FEEDS_FILE) : {};
  const override: CityOverrides = {
    ...(env.FEEDS_FILE ? { feeds } : {}),
    ...(editions ? { editionFeeds: editions } : {}),
    ...(env.EMBEDS_FILE ? { embeds: readEmbedsFile(env.EMBEDS_FILE) } : {}),
    ...(env.SITE_URL ? { baseUrl: env.SITE_URL } : {}),
    ...(Object.keys(radio).length ? { radio } : {}),
  };
  if (Object.keys(override).length === 0) return {};
  if (!env.DEFAULT_SITE) {
    throw new Error(
      "FEEDS_FILE, EMBEDS_FILE, SITE_URL and RADIO_* apply to the default city: set DEFAULT_SITE too",
    );
  }
  return { [env.DEFAULT_SITE]: override };
}
