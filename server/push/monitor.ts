import type { Logger } from "pino";
import type { Metrics } from "../metrics/metrics";
import type { Env } from "../settings/env";
import { testMessage, type PushSite } from "./message";
import type { PushSend } from "./sender";
import type { PushStore } from "./store";
import { PushInputError, readSubscription, type PushTarget } from "./subscription";

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

/** What the daily test push is sent with (openPush's parts and what it made of them). */
export interface TestPushParts {
  env: Env;
  logger: Logger;
  metrics?: Metrics;
  store: PushStore;
  send: PushSend;
  /** This instance, as its claims name it. */
  owner: string;
  /** The site whose words the test push is in unless PUSH_MONITOR_SITE says. */
  defaultSite: string | undefined;
  siteOf: (site: string) => PushSite | undefined;
  allowsHttp: (host: string) => boolean;
}

/**
 * The day's test push to the operator's subscription (PUSH_MONITOR_SUBSCRIPTION, checked now:
 * a bad one stops the start), sent by the one instance that claims it; undefined without one.
 */
export function dailyTestPush(parts: TestPushParts): (() => Promise<void>) | undefined {
  const { env, logger, metrics, store, send, owner } = parts;
  if (!env.PUSH_MONITOR_SUBSCRIPTION) return undefined;
  const monitor = monitorTarget(env.PUSH_MONITOR_SUBSCRIPTION, parts.allowsHttp);
  const monitorSite = env.PUSH_MONITOR_SITE ?? parts.defaultSite;
  return async () => {
    const site = monitorSite ? parts.siteOf(monitorSite) : undefined;
    if (!site) return;
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
}
