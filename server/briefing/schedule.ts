import type { Logger } from "pino";
import { cityOfSite } from "../../sites/editions";
import type { CityServices } from "../cities/served";
import { cityDay } from "./content";
import type { BriefingDelivery, RunTally } from "./delivery";
import type { BriefingStore } from "./store";

/** The hours after BRIEFING_HOUR a briefing not sent yet (every instance down) is still sent in. */
export const WINDOW_HOURS = 6;

export interface ScheduleOptions {
  store: Pick<BriefingStore, "sites">;
  delivery: Pick<BriefingDelivery, "run">;
  /** A site's services, when it is served here. */
  served: (site: string) => CityServices | undefined;
  /** A city's sites (its own and its editions'). */
  sitesOf: (city: string) => string[];
  /** The local hour each city's briefing is sent at (BRIEFING_HOUR). */
  hour: number;
  /** How long a claim is this instance's (BRIEFING_LEASE_SECONDS, in ms). */
  leaseMs: number;
  logger: Logger;
  now: () => number;
}

/**
 * When each city's briefing is sent: at BRIEFING_HOUR in its own time zone, or within
 * WINDOW_HOURS after it while it is not sent yet; a day finished by this instance is not looked
 * at again, one whose claims another instance holds is, once their lease may have run out.
 */
export class BriefingSchedule {
  /** Each city's day whose briefing this instance finished. */
  private readonly finished = new Map<string, string>();
  /** When to look again at a city whose claims another instance held. */
  private readonly again = new Map<string, number>();

  constructor(private readonly options: ScheduleOptions) {}

  /** Sends a city's briefing of its day now (the scheduler's, and `npm run briefing -- --now`). */
  async sendCity(city: string, day?: string): Promise<RunTally> {
    const { served, delivery, sitesOf, logger, now } = this.options;
    const services = served(city);
    if (!services) throw new Error(`briefing: ${city} is not a city served here`);
    const today = day ?? cityDay(now(), services.site.timeZone).day;
    const tally = await delivery.run(sitesOf(city), today);
    logger.info({ city, day: today, ...tally }, "morning briefing sent");
    return tally;
  }

  /** One look at every city's clock (the scheduler's tick; tests call it with a fake clock). */
  async tick(): Promise<void> {
    const { store, served, hour: sendHour, leaseMs, now } = this.options;
    const cities = new Set((await store.sites()).map(cityOfSite));
    for (const city of cities) {
      const services = served(city);
      if (!services) continue;
      const at = now();
      const { day, hour } = cityDay(at, services.site.timeZone);
      if (hour < sendHour || hour >= sendHour + WINDOW_HOURS) continue;
      if (this.finished.get(city) === day || (this.again.get(city) ?? 0) > at) continue;
      const tally = await this.sendCity(city, day);
      // Claims another instance holds: looked at again once their lease may have run out.
      if (tally.held === 0) this.finished.set(city, day);
      else this.again.set(city, at + leaseMs);
    }
  }
}

/** Work run every so often, one run at a time (each failure logged), waited for when stopped. */
export class TimedRuns {
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Runs `work` every `ms`; returns how to run it now. */
  every(ms: number, work: () => Promise<unknown>, what: string): () => void {
    // One run at a time: a city's briefing may take longer than a tick.
    let busy = false;
    const run = () => {
      if (busy) return;
      busy = true;
      const done: Promise<void> = work()
        .then(() => undefined)
        .catch((err: unknown) => this.logger.error({ err }, what))
        .finally(() => {
          busy = false;
          this.running.delete(done);
        });
      this.running.add(done);
    };
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
    return run;
  }

  /** Stops the timers; resolves once the runs under way have ended. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.running);
  }
}
