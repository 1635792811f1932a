import { createHash } from "node:crypto";
import {
  changesByTimeAt,
  composeCityWeather,
  samePlace,
  type CityWeather,
  type WeatherPlace,
} from "./city-weather";
import { NwsAnswers, SCHEDULE, type AnswerOptions, type AnswerSchedule } from "./nws-answers";
import { PlaceUrls } from "./place-urls";

/** The public service's base URL (NWS_API_URL); tests and the demo point it at a fixture. */
export const NWS_API_URL = "https://api.weather.gov";
/** Where the service's radar pictures are (NWS_RADAR_URL). */
export const NWS_RADAR_URL = "https://radar.weather.gov";

/** A city whose weather nobody asked for this long is no longer fetched. */
export const IDLE_AFTER_MS = 86_400_000;
/** How often due answers are looked for. */
export const TICK_MS = 30_000;

export interface WeatherServiceOptions extends AnswerOptions {
  apiUrl?: string;
  radarUrl?: string;
  /**
   * How often a state's alerts are asked for again, at least (NWS_ALERTS_SECONDS; SCHEDULE's 3
   * minutes unless told): at most 5/3 of it, as SCHEDULE's 5 minutes are of 3.
   */
  alertsMs?: number;
}

/** A tracked city and what was last composed for it. */
interface Tracked {
  place: WeatherPlace;
  askedAt: number;
  /** Bumped whenever what its pages show changes (the page cache compares it). */
  version: number;
  signature: string;
  /** When what it shows changes by time alone (an alert expires, data grows stale). */
  changesAt: number;
  /** What it shows, as last composed (current()). */
  composed?: CityWeather;
  /** The answers' generation it was composed at. */
  generation: number;
}

/**
 * Live weather from the National Weather Service for the cities asked about: each city's point
 * resolved once (its forecast grid, nearest station and alert zones, stored), then its latest
 * observation, forecast and its state's alerts fetched on their schedules, each URL once for
 * every city sharing it, through the outbound guard, honouring Cache-Control and Expires and
 * backing off on errors. The last good answers are stored: after a restart or an outage pages
 * show them with their age while they are recent, then say that live weather is unavailable.
 * Reads never wait on a fetch. This class tracks the cities and their versions; the answers are
 * fetched and kept by nws-answers.ts, found by place-urls.ts and composed by city-weather.ts.
 */
export class WeatherService {
  private readonly answers: NwsAnswers;
  private readonly urls: PlaceUrls;
  private readonly working = new Set<Promise<unknown>>();
  private readonly cities = new Map<string, Tracked>();
  private readonly radarUrl: string;
  private readonly now: () => number;
  /**
   * Moves of versions that no new answer makes (changes()): a city tracked, dropped or given
   * another place, or changing by time alone.
   */
  private moves = 0;
  /** The soonest a tracked city's weather changes by time alone (compose()); Infinity: never. */
  private nextChangeAt = Infinity;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly schedule: AnswerSchedule;
  private readonly listeners = new Set<(id: string) => void>();
  /** The version of each city its listeners were last told of. */
  private readonly told = new Map<string, number>();

  constructor(private readonly options: WeatherServiceOptions) {
    this.radarUrl = (options.radarUrl ?? NWS_RADAR_URL).replace(/\/+$/, "");
    this.now = options.now ?? Date.now;
    const alertsMs = options.alertsMs ?? SCHEDULE.alerts.minMs;
    this.schedule = { ...SCHEDULE, alerts: { minMs: alertsMs, maxMs: (alertsMs * 5) / 3 } };
    this.answers = new NwsAnswers(options, this.schedule);
    const apiUrl = (options.apiUrl ?? NWS_API_URL).replace(/\/+$/, "");
    this.urls = new PlaceUrls(apiUrl, this.answers);
  }

  /**
   * Refreshes what is due for the cities asked about, every TICK_MS, or three times an alerts
   * interval when that is shorter (a warning fetched is never left waiting for a tick).
   */
  start(): void {
    const tick = Math.min(TICK_MS, Math.max(1_000, Math.floor(this.schedule.alerts.minMs / 3)));
    this.timer = setInterval(() => void this.refreshDue(), tick);
    this.timer.unref?.();
  }

  /**
   * Calls `listener` with a city's id whenever what its pages show of its weather changed, once
   * the answers due have been fetched (at each tick); returns how to stop.
   */
  onChange(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners of each tracked city whose weather changed since they were last told. */
  private tell(): void {
    if (this.listeners.size === 0) return;
    for (const [id, tracked] of this.cities) {
      this.current(tracked);
      // A city is tracked from its first page on, at version 1: what changed since is news.
      const told = this.told.get(id) ?? 1;
      this.told.set(id, tracked.version);
      if (told === tracked.version) continue;
      for (const listener of this.listeners) listener(id);
    }
  }

  /** Stops refreshing; resolves once the work under way (fetches, store reads) has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.working]);
  }

  /** Work that runs on its own (a first ask's fetches, a tick's), awaited by stop(). */
  private async background<T>(work: Promise<T>): Promise<T | undefined> {
    const settled = work.catch((error: unknown) => {
      this.options.log.warn({ err: error }, "weather refresh failed");
      return undefined;
    });
    this.working.add(settled);
    try {
      return await settled;
    } finally {
      this.working.delete(settled);
    }
  }

  /**
   * A city's weather as its pages show it, from what is held (never waiting on the service).
   * Asking starts the city's tracking: its answers are fetched from then on.
   */
  async get(place: WeatherPlace): Promise<CityWeather> {
    const tracked = this.track(place);
    await this.loadStored(place);
    return this.current(tracked);
  }

  /** A tracked city's weather as its pages show it now, from what is held; undefined if untracked. */
  peek(id: string): CityWeather | undefined {
    const tracked = this.cities.get(id);
    return tracked && this.current(tracked);
  }

  /**
   * Reads an answer another instance stored (its notification, WEATHER_CHANGES, names the
   * instance: this one's own are passed over) when it is newer than the one held, and tells the listeners what changed: the next fetch of it waits its full
   * interval, as if this instance had fetched it.
   */
  async stored(url: string, instance: string): Promise<void> {
    if (instance === this.options.store.instance) return;
    const held = this.answers.get(url);
    if (!held && ![...this.cities.values()].some((t) => this.urls.known(t.place).includes(url)))
      return;
    if (await this.answers.adoptStored(url)) this.tell();
  }

  /**
   * A count that moves whenever any city's version() may have moved: with each answer, when a
   * city is tracked, dropped or given another place, and when one changes by time alone (an
   * alert's end, data going stale). While it stays, every version() answer stays too: the page
   * cache then need not ask for it on every hit (as the news engine's changes()). `now`: the
   * time now, when the caller has read the clock already.
   */
  changes(now = this.now()): number {
    if (now >= this.nextChangeAt) {
      this.moves++;
      // The cities still to change by time; those whose time came set theirs when composed again.
      let next = Infinity;
      for (const tracked of this.cities.values()) {
        if (tracked.changesAt > now) next = Math.min(next, tracked.changesAt);
      }
      this.nextChangeAt = next;
    }
    return this.answers.generation + this.moves;
  }

  /**
   * How many times what a city's pages show of its weather changed (the page cache compares it
   * when changes() moved). 0 for a city not asked about.
   */
  version(id: string): number {
    const tracked = this.cities.get(id);
    if (!tracked) return 0;
    this.current(tracked);
    return tracked.version;
  }

  /**
   * A tracked city's weather as last composed, composed again only when an answer changed since
   * (a new generation) or time alone changes it: a page reads it twice a render (its root and
   * its own loader), and the page cache asks for its version whenever changes() moved.
   */
  private current(tracked: Tracked): CityWeather {
    const fresh =
      tracked.composed &&
      tracked.generation === this.answers.generation &&
      this.now() < tracked.changesAt;
    return fresh ? (tracked.composed as CityWeather) : this.compose(tracked);
  }

  /** Fetches every due answer of the cities asked about lately; resolves when done. */
  async refreshDue(): Promise<void> {
    const now = this.now();
    const work: Promise<void>[] = [];
    for (const [id, tracked] of this.cities) {
      if (now - tracked.askedAt > IDLE_AFTER_MS) {
        this.cities.delete(id);
        this.told.delete(id);
        this.moves++;
        continue;
      }
      work.push(this.refreshPlace(tracked.place));
    }
    await this.background(Promise.allSettled(work));
    this.tell();
  }

  private track(place: WeatherPlace): Tracked {
    let tracked = this.cities.get(place.id);
    const now = this.now();
    if (!tracked) {
      tracked = {
        place,
        askedAt: now,
        version: 1,
        signature: "",
        changesAt: 0,
        generation: -1,
      };
      this.cities.set(place.id, tracked);
      this.moves++;
      // The first ask starts its fetches (not awaited: a page never waits on the service).
      void this.background(this.refreshPlace(place));
    }
    tracked.askedAt = now;
    // (Another object for the same city, its data read again: composed anew if it differs.)
    if (tracked.place !== place && !samePlace(tracked.place, place)) {
      tracked.composed = undefined;
      this.moves++;
    }
    tracked.place = place;
    return tracked;
  }

  /**
   * Reads a place's stored answers into memory (each URL once): its point first, then what the
   * point names, then its station's observation (three rounds at most).
   */
  private async loadStored(place: WeatherPlace): Promise<void> {
    for (let round = 0; round < 3; round++) {
      const missing = this.urls.known(place).filter((url) => !this.answers.get(url));
      if (missing.length === 0) return;
      if (!(await this.answers.loadStored(missing))) return;
    }
  }

  /** Fetches what is due of a place, in order: its point, its station, then the rest. */
  private async refreshPlace(place: WeatherPlace): Promise<void> {
    const { answers, urls } = this;
    await this.loadStored(place);
    const alerts = answers.refresh(urls.alerts(place), "alerts");
    await answers.refresh(urls.point(place), "place");
    const point = urls.pointOf(place);
    if (!point) {
      await alerts;
      return;
    }
    const forecast = answers.refresh(urls.forecast(point), "forecast");
    await answers.refresh(urls.stations(point), "place");
    const station = urls.stationOf(point);
    await Promise.all([
      alerts,
      forecast,
      station ? answers.refresh(urls.observation(station), "observation") : undefined,
    ]);
  }

  /**
   * A tracked city's weather now, kept as composed: when it changes by time alone, and its
   * version bumped when it differs from what was composed before.
   */
  private compose(tracked: Tracked): CityWeather {
    const { answers, urls, radarUrl } = this;
    const { weather, alertsEnd } = composeCityWeather(
      tracked.place,
      { answers, urls, radarUrl },
      this.now(),
    );
    tracked.changesAt = changesByTimeAt(weather, alertsEnd);
    this.nextChangeAt = Math.min(this.nextChangeAt, tracked.changesAt);
    tracked.generation = answers.generation;
    const signature = createHash("sha1").update(JSON.stringify(weather)).digest("base64");
    if (signature !== tracked.signature) {
      if (tracked.signature !== "") tracked.version++;
      tracked.signature = signature;
    }
    tracked.composed = weather;
    return weather;
  }
}
