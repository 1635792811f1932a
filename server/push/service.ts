import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Logger } from "pino";
import { publicPath } from "../../common/slugs";
import type { CityLookup } from "../cities/served";
import type { SubscriberServiceParts } from "../cities/subscriber-services";
import { loadSenderSecret, senderKey, senderSecretFile } from "../messages/sender-key";
import type { Metrics } from "../metrics/metrics";
import type { OutboundGuard } from "../net/outbound";
import type { Env } from "../settings/env";
import type { CityWeather } from "../weather/city-weather";
import { PushDelivery, SENDS_KEPT_MS } from "./delivery";
import type { PushSite } from "./message";
import { dailyTestPush } from "./monitor";
import { createPushSender } from "./sender";
import { PushStore, type SubscribeResult, type VapidKeys } from "./store";
import type { NewSubscription } from "./subscription";

/** How often the daily test push is looked at (sent once per UTC day across instances). */
const MONITOR_CHECK_MS = 3600_000;
/**
 * How often the cities of subscriptions are asked for their weather: the weather service tracks
 * a city while its pages are asked for (a day: IDLE_AFTER_MS), and a subscriber's warnings must
 * come though nobody opened a page since the process started. Every instance does it, so a city
 * subscribed on one is tracked by the others within minutes and any of them can take a push over.
 */
const TRACK_MS = 5 * 60_000;
/** How often sends older than SENDS_KEPT_MS are forgotten. */
const SENDS_PRUNE_MS = 6 * 3600_000;

/** What the push routes need of the push service (server/http/push.ts). */
export interface PushApi {
  keys(): Promise<VapidKeys>;
  subscribe(site: string, sub: NewSubscription, address: string): Promise<SubscribeResult>;
  unsubscribe(endpoint: string): Promise<boolean>;
  /** Resolves an endpoint's host and vets its addresses (the outbound guard's). */
  vet(url: URL): Promise<void>;
  /** Whether an endpoint's host may be pushed to over http (ALLOW_PRIVATE_HOSTS names it). */
  allowsHttp(host: string): boolean;
}

export interface PushParts extends SubscriberServiceParts {
  guard: OutboundGuard;
  metrics?: Metrics;
  weatherOf: (city: string) => CityWeather | undefined;
  /** The site whose newsroom is the VAPID subject unless VAPID_SUBJECT says, and the test's. */
  defaultSite: string | undefined;
}

/** A site's words and places for its pushes, from its data (undefined: not served). */
export function pushSiteOf(lookup: Exclude<CityLookup, { kind: "unknown" }>): PushSite | undefined {
  if (lookup.kind !== "city") return undefined;
  const { site, edition } = lookup.city;
  return {
    locale: site.locale,
    timeZone: site.timeZone,
    zoneNames: new Map(
      (site.content.pages.weather.alertZones ?? []).map((zone) => [zone.code, zone.name]),
    ),
    weatherPath: `${edition.path}${publicPath("/weather", edition.slugs)}`,
    name: site.name,
  };
}

/** The VAPID keys, as configured or else the network's stored pair, read when first needed. */
function vapidKeys(env: Env, store: PushStore): () => Promise<VapidKeys> {
  const given: VapidKeys | undefined =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : undefined;
  let keys: Promise<VapidKeys> | undefined;
  return () => {
    keys ??= given ? Promise.resolve(given) : store.keys();
    // A failed read (the database away) is asked again next time.
    keys.catch(() => (keys = undefined));
    return keys;
  };
}

/** Who the push services may write to (VAPID_SUBJECT, else the default site's newsroom). */
function vapidSubject({ env, city, defaultSite }: PushParts): string {
  const contact = defaultSite ? city(defaultSite) : undefined;
  return (
    env.VAPID_SUBJECT ??
    `mailto:${contact?.kind === "city" ? contact.city.site.contact.email : "webmaster@localhost"}`
  );
}

/** The push API the HTTP app serves (http/push.ts): the key, subscribing and unsubscribing. */
function pushApi(
  { env, guard }: PushParts,
  store: PushStore,
  keys: () => Promise<VapidKeys>,
): PushApi {
  const secret = env.CONTACT_KEY_SECRET ?? loadSenderSecret(senderSecretFile(env.DATA_DIR));
  return {
    keys,
    subscribe: (site, sub, address) =>
      store.subscribe(site, sub, senderKey(secret, address, "push"), {
        perClient: env.PUSH_MAX_PER_CLIENT,
        total: env.PUSH_MAX_SUBSCRIPTIONS,
      }),
    unsubscribe: (endpoint) => store.unsubscribe(endpoint),
    vet: (url) => guard.vet(url),
    allowsHttp: (host) => guard.allowsPrivate(host),
  };
}

/** The subscriptions' count for the metrics, read at most once a minute. */
function watchSubscriptions(metrics: Metrics | undefined, store: PushStore): void {
  let counted = { at: 0, n: undefined as number | undefined };
  metrics?.watch({
    pushSubscriptions: () => {
      if (Date.now() - counted.at > 60_000) {
        counted = { ...counted, at: Date.now() };
        void store.count().then(
          (n) => (counted = { at: Date.now(), n }),
          () => undefined,
        );
      }
      return counted.n;
    },
  });
}

/** Keeps the weather of the subscriptions' cities tracked (each site's weather asked for). */
async function trackWeather(parts: PushParts, store: PushStore): Promise<void> {
  for (const site of await store.sites()) {
    const lookup = parts.city(site);
    if (lookup.kind === "city") await lookup.city.weather.get().catch(() => undefined);
  }
}

/** Work run now and then every so often (each failure logged), and waited for when stopped. */
class TimedWork {
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  /** The timed work under way (stop waits for it). */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  every(ms: number, work: () => Promise<void>, what: string): void {
    const run = () => {
      const done = work()
        .catch((err: unknown) => this.logger.error({ err }, what))
        .finally(() => this.running.delete(done));
      this.running.add(done);
    };
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.running);
  }
}

/**
 * Web Push warnings for a process: the store, the sender through the outbound guard, the
 * delivery told of each city's weather change, the API the HTTP app serves, and the daily test
 * push to the operator's subscription.
 */
export function openPush(parts: PushParts) {
  const { env, guard, logger, metrics } = parts;
  const store = new PushStore(parts.db);
  const keys = vapidKeys(env, store);
  const send = createPushSender({ guard, keys, subject: vapidSubject(parts) });
  const siteOf = (site: string) => pushSiteOf(parts.city(site));
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const delivery = new PushDelivery({
    store,
    send,
    weatherOf: parts.weatherOf,
    sitesOf: parts.sitesOf,
    siteOf,
    owner,
    concurrency: env.PUSH_CONCURRENCY,
    leaseMs: env.PUSH_LEASE_SECONDS * 1000,
    logger,
    onOutcome: metrics?.pushed,
  });
  const api = pushApi(parts, store, keys);
  watchSubscriptions(metrics, store);
  const testPush = dailyTestPush({
    ...parts,
    store,
    send,
    owner,
    siteOf,
    allowsHttp: api.allowsHttp,
  });
  const work = new TimedWork(logger);
  return {
    api,
    delivery,
    store,
    start() {
      delivery.start();
      work.every(
        TRACK_MS,
        () => trackWeather(parts, store),
        "push: tracking the subscriptions' weather failed",
      );
      work.every(
        SENDS_PRUNE_MS,
        () => store.prune(Date.now() - SENDS_KEPT_MS),
        "push: pruning failed",
      );
      if (testPush) work.every(MONITOR_CHECK_MS, testPush, "daily test push failed");
    },
    async stop() {
      await work.stop();
      await delivery.stop();
    },
  };
}
