import { setImmediate as nextTurn } from "node:timers/promises";
import type { Logger } from "pino";
import { isStormAlert } from "../../common/storm-mode";
import { keepLease } from "../lease-keeper";
import type { CityWeather } from "../weather/city-weather";
import { allClearMessage, warningMessage, type PushMessage, type PushSite } from "./message";
import type { PushSend, SendOutcome } from "./sender";
import type { PushStore, StoredSubscription } from "./store";

/** How long a claimed push is this instance's before another may take it over (it died). */
export const PUSH_LEASE_MS = 60_000;
/**
 * How often the cities with warnings are gone over again (a push whose instance died, once its
 * lease ran out): every half lease, at most every 30 s.
 */
export const SWEEP_MS = 30_000;
/** How long a push's record is kept (a warning is over within a day or two). */
export const SENDS_KEPT_MS = 3 * 86_400_000;

export interface PushDeliveryOptions {
  store: Pick<
    PushStore,
    "subscribers" | "sentTopic" | "claim" | "extend" | "sent" | "failed" | "unsubscribe"
  >;
  send: PushSend;
  /** A city's weather now (WeatherService.peek). */
  weatherOf: (city: string) => CityWeather | undefined;
  /** A city's sites: its own and its editions' (each subscription keeps its edition). */
  sitesOf: (city: string) => string[];
  /** A site's words and places for its pushes; undefined for a site not served (any more). */
  siteOf: (site: string) => PushSite | undefined;
  /** This instance's name among those sharing the database (its claims' owner). */
  owner: string;
  /** Pushes sent at once, at most (PUSH_CONCURRENCY). */
  concurrency: number;
  /** How long a claim is this instance's (PUSH_LEASE_SECONDS; PUSH_LEASE_MS unless told). */
  leaseMs?: number;
  logger: Logger;
  /** Told of each push's end (metrics). */
  onOutcome?: (outcome: "sent" | "failed" | "expired") => void;
  now?: () => number;
}

/**
 * Pushes warnings to the readers of their zones. When a city's weather changes, every warning it
 * shows in storm mode (common/storm-mode.ts isStormAlert: Extreme, Severe; the same rule as the
 * site's emergency block) goes to each subscription of its sites that wants one of the zones it
 * is in force in, once per change of what the reader sees (the claim's digest; a push that
 * failed, again with the service's next message), and a warning the service cancelled sends an
 * all-clear to those a push of it reached. Each push is claimed in
 * the database first, so among instances one sends it; a claim whose instance died runs out and
 * the sweep (every SWEEP_MS) sends it. Sending is bounded (`concurrency`), off the request path:
 * nothing here is awaited by a page.
 */
export class PushDelivery {
  private readonly now: () => number;
  /** Cities whose weather changed, to be gone over (one run at a time). */
  private readonly due = new Set<string>();
  /** Cities that had warnings or cancellations at their last run (the sweep's). */
  private readonly warned = new Set<string>();
  private running: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(private readonly options: PushDeliveryOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Starts the sweep. */
  start(): void {
    const every = Math.min(SWEEP_MS, Math.floor((this.options.leaseMs ?? PUSH_LEASE_MS) / 2));
    this.timer = setInterval(() => {
      for (const city of this.warned) this.cityChanged(city);
    }, every);
    this.timer.unref();
  }

  /** Stops the sweep and waits for the pushes under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await Promise.all(this.inFlight);
  }

  /** A city's weather changed (WeatherService.onChange): its pushes are worked out soon. */
  cityChanged(city: string): void {
    if (this.stopped) return;
    this.due.add(city);
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  /** Resolves once every city told so far has been gone over and its pushes sent. */
  async settled(): Promise<void> {
    while (this.running || this.inFlight.size > 0) {
      await this.running;
      await Promise.all(this.inFlight);
    }
  }

  private async drain(): Promise<void> {
    await nextTurn();
    while (this.due.size > 0 && !this.stopped) {
      const city = this.due.values().next().value;
      if (city === undefined) break;
      this.due.delete(city);
      await this.run(city).catch((err: unknown) =>
        this.options.logger.error({ err, city }, "push delivery failed"),
      );
    }
  }

  /** Works out and sends one city's pushes. */
  private async run(city: string): Promise<void> {
    const weather = this.options.weatherOf(city);
    const warnings = (weather?.alerts ?? []).filter(
      (alert) => isStormAlert(alert) && (alert.zones?.length ?? 0) > 0,
    );
    const cancelled = weather?.cancelled ?? [];
    if (warnings.length === 0 && cancelled.length === 0) {
      this.warned.delete(city);
      return;
    }
    this.warned.add(city);
    const zones = new Set([...warnings, ...cancelled].flatMap((w) => w.zones ?? []));
    const sentOf = new Map<string, Promise<Set<string>>>();
    const now = this.now();
    for await (const sub of this.options.store.subscribers(this.options.sitesOf(city), zones)) {
      const site = this.options.siteOf(sub.site);
      if (!site) continue;
      for (const alert of warnings) {
        const matched = sub.zones.filter((zone) => alert.zones?.includes(zone));
        if (matched.length > 0) await this.push(sub, warningMessage(alert, matched, site, now));
      }
      for (const cancel of cancelled) {
        const matched = sub.zones.filter((zone) => cancel.zones.includes(zone));
        if (matched.length === 0) continue;
        const message = allClearMessage(cancel.event, cancel.series, matched, site);
        // An all-clear only to whom the warning was pushed.
        let sent = sentOf.get(message.topic);
        if (!sent) sentOf.set(message.topic, (sent = this.options.store.sentTopic(message.topic)));
        if ((await sent).has(sub.endpoint)) await this.push(sub, message);
      }
    }
  }

  /** Claims and sends one push, waiting first for a place among `concurrency`. */
  private async push(sub: StoredSubscription, message: PushMessage): Promise<void> {
    const { store, owner } = this.options;
    // A place first, then the claim: a lease is not spent waiting.
    while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight);
    const claimedAt = this.now();
    const claimed = await store.claim(
      sub.endpoint,
      message.topic,
      message.digest,
      owner,
      this.options.leaseMs ?? PUSH_LEASE_MS,
      claimedAt,
      message.source,
    );
    if (!claimed) return;
    const sending = this.sendClaimed(sub, message, claimedAt).finally(() =>
      this.inFlight.delete(sending),
    );
    this.inFlight.add(sending);
  }

  private async sendClaimed(
    sub: StoredSubscription,
    message: PushMessage,
    claimedAt: number,
  ): Promise<void> {
    const { store, owner, logger } = this.options;
    // The claim held while it is worked on (an attempt the push service is slow to answer, a
    // wait between attempts): server/lease-keeper.ts.
    const lease = keepLease({
      leaseMs: this.options.leaseMs ?? PUSH_LEASE_MS,
      claimedAt,
      now: this.now,
      extend: (until) => store.extend(sub.endpoint, message.topic, owner, until),
      onError: (err) => logger.warn({ err }, "push lease not renewed"),
    });
    let outcome: SendOutcome;
    try {
      outcome = await this.options.send(sub, message, lease.ahead);
    } catch (err) {
      logger.warn({ err }, "push not sent");
      outcome = "failed";
    } finally {
      lease.stop();
    }
    if (outcome === "gone") {
      await store.unsubscribe(sub.endpoint);
      this.options.onOutcome?.("expired");
      return;
    }
    // Sent: not pushed again until what the reader sees changes. Failed: not delivered (no
    // all-clear follows it), tried again for a later message of the service.
    if (outcome === "sent") await store.sent(sub.endpoint, message.topic, owner, this.now());
    else {
      const { topic, digest, source } = message;
      await store.failed(sub.endpoint, topic, owner, digest, source, this.now());
      logger.warn({ topic }, "push failed");
    }
    this.options.onOutcome?.(outcome);
  }
}
