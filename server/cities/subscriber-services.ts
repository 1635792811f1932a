import type { Logger } from "pino";
import type { Store } from "../db/open";
import type { Env } from "../settings/env";
import type { CityLookup } from "./served";

/**
 * What a service that writes to the subscribers of the served sites (push warnings, the morning
 * briefing) is opened with: the process's settings, store and log, and the served sites, each
 * by id and each city's all together. Each service's own parts extend it.
 */
export interface SubscriberServiceParts {
  env: Env;
  db: Store;
  logger: Logger;
  /** A site's services (ServedCities.city). */
  city: (site: string) => Exclude<CityLookup, { kind: "unknown" }>;
  /** A city's sites (its own and its editions'). */
  sitesOf: (city: string) => string[];
}
