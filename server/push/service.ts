import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Logger } from "pino";
import { publicPath } from "../../common/slugs";
import type { CityLookup } from "../cities/network";
import type { Store } from "../db/open";
import type { PushApi } from "../http/push";
import { loadSenderSecret, senderKey, senderSecretFile } from "../messages/sender-key";
import type { Metrics } from "../metrics/metrics";
import type { OutboundGuard } from "../net/outbound";
import type { Env } from "../settings/env";
import type { CityWeather } from "../weather/service";
import { PushDelivery, SENDS_KEPT_MS } from "./delivery";
import { testMessage, type PushSite } from "./message";
import { createPushSender } from "./sender";
import { PushStore, type VapidKeys } from "./store";
import { PushInputError, readSubscription, type PushTarget } from "./subscription";

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

export interface PushParts {
  env: Env;
  db: Store;
  guard: OutboundGuard;
  logger: Logger;
  metrics?: Metrics;
  /** A site's services (cityNetwork's `city`). */
  city: (site: string) => Exclude<CityLookup, { kind: "unknown" }>;
  /** A city's sites (its own and its editions'). */
  sitesOf: (city: string) => string[];
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

/** The operator's own subscription (PUSH_MONITOR_SUBSCRIPTION), read and checked at start. */
function monitorTarget(text: string, allowsHttp: (host: string) => boolean): PushTarget {
  try {
    const { endpoint, p256dh, auth } = readSubscription(
      { subscription: JSON.parse(text) as unknown, zones: ["MONITOR"] },
      new Set(["MONITOR"]),
      allowsHttp,
    );
    return { endpoint, p256dh, auth };
  } catch (error) {
    const why = error instanceof PushInputError ? error.message : "it is not JSON";
    throw new Error(`PUSH_MONITOR_SUBSCRIPTION is not a push subscription: ${why}`);
  }
}

/**
 * Web Push warnings for a process: the store, the sender through the outbound guard, the
 * delivery told of each city's weather change, the API the HTTP app serves, and the daily test
 * push to the operator's subscription.
 */
export function openPush(parts: PushParts) {
  const { env, db, guard, logger, metrics } = parts;
  const store = new PushStore(db);
  const given: VapidKeys | undefined =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : undefined;
  let keys: Promise<VapidKeys> | undefined;
  const keysNow = () => {
    keys ??= given ? Promise.resolve(given) : store.keys();
    // A failed read (the database away) is asked again next time.
    keys.catch(() => (keys = undefined));
    return keys;
  };
  const siteOf = (site: string) => pushSiteOf(parts.city(site));
  const contact = parts.defaultSite ? parts.city(parts.defaultSite) : undefined;
  const subject =
    env.VAPID_SUBJECT ??
    `mailto:${contact?.kind === "city" ? contact.city.site.contact.email : "webmaster@localhost"}`;
  const send = createPushSender({ guard, keys: keysNow, subject });
  /** Keeps the weather of the subscriptions' cities tracked (each site's weather asked for). */
  const track = async () => {
    for (const site of await store.sites()) {
      const lookup = parts.city(site);
      if (lookup.kind === "city") await lookup.city.weather.get().catch(() => undefined);
    }
  };
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
  const secret = env.CONTACT_KEY_SECRET ?? loadSenderSecret(senderSecretFile(env.DATA_DIR));
  const allowsHttp = (host: string) => guard.allowsPrivate(host);
  const api: PushApi = {
    keys: keysNow,
    subscribe: (site, sub, address) =>
      store.subscribe(site, sub, senderKey(secret, address, "push"), {
        perClient: env.PUSH_MAX_PER_CLIENT,
        total: env.PUSH_MAX_SUBSCRIPTIONS,
      }),
    unsubscribe: (endpoint) => store.unsubscribe(endpoint),
    vet: (url) => guard.vet(url),
    allowsHttp,
  };
  // The subscriptions' count for the metrics, read at most once a minute.
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
  const monitor = env.PUSH_MONITOR_SUBSCRIPTION
    ? monitorTarget(env.PUSH_MONITOR_SUBSCRIPTION, allowsHttp)
    : undefined;
  const monitorSite = env.PUSH_MONITOR_SITE ?? parts.defaultSite;
  /** The day's test push, sent by the one instance that claims it. */
  const testPush = async () => {
    const site = monitor && monitorSite ? siteOf(monitorSite) : undefined;
    if (!monitor || !site) return;
    const message = testMessage(site, new Date().toISOString().slice(0, 10));
    const lease = env.PUSH_LEASE_SECONDS * 1000;
    const { topic, digest, source } = message;
    if (!(await store.claim(monitor.endpoint, topic, digest, owner, lease, Date.now(), source)))
      return;
    const outcome = await send(monitor, message);
    if (outcome === "sent") await store.sent(monitor.endpoint, topic, owner);
    else await store.failed(monitor.endpoint, topic, owner, digest, source);
    metrics?.pushed(outcome === "gone" ? "expired" : outcome);
    const log = outcome === "sent" ? logger.info.bind(logger) : logger.error.bind(logger);
    log({ outcome }, "daily test push");
  };
  const timers: ReturnType<typeof setInterval>[] = [];
  /** The timed work under way (stop waits for it). */
  const running = new Set<Promise<void>>();
  const every = (ms: number, work: () => Promise<void>, what: string) => {
    const run = () => {
      const done = work()
        .catch((err: unknown) => logger.error({ err }, what))
        .finally(() => running.delete(done));
      running.add(done);
    };
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };
  return {
    api,
    delivery,
    store,
    start() {
      delivery.start();
      every(TRACK_MS, track, "push: tracking the subscriptions' weather failed");
      every(SENDS_PRUNE_MS, () => store.prune(Date.now() - SENDS_KEPT_MS), "push: pruning failed");
      if (monitor) every(MONITOR_CHECK_MS, testPush, "daily test push failed");
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
      await delivery.stop();
    },
  };
}
