import { createHash } from "node:crypto";
import {
  alertProblems,
  readAlertsInForce,
  readForecast,
  readObservation,
  readPoint,
  readStations,
  unitsFor,
  type CurrentConditions,
  type ForecastDay,
  type NwsPoint,
  type NwsStation,
  type CancelledAlert,
  type WeatherAlert,
} from "./nws";
import { isDatabaseUnavailable } from "../db/health";
import type { OutboundGuard } from "../net/outbound";
import type { WeatherStore } from "./store";
import type { WeatherOutcome } from "../metrics/observer";

/** The public service's base URL (NWS_API_URL); tests and the demo point it at a fixture. */
export const NWS_API_URL = "https://api.weather.gov";
/** Where the service's radar pictures are (NWS_RADAR_URL). */
export const NWS_RADAR_URL = "https://radar.weather.gov";

/**
 * How often each answer is asked for again, at least and at most (an answer whose Cache-Control
 * or Expires asks for a longer wait gets it, up to the most): the latest observation every 10
 * minutes (stations report hourly, some every 20 minutes), the forecast hourly, the alerts every
 * 3 minutes (a warning must not wait), a point's grid and stations monthly.
 */
export const SCHEDULE = {
  observation: { minMs: 10 * 60_000, maxMs: 15 * 60_000 },
  forecast: { minMs: 60 * 60_000, maxMs: 2 * 3600_000 },
  alerts: { minMs: 3 * 60_000, maxMs: 5 * 60_000 },
  place: { minMs: 30 * 86_400_000, maxMs: 30 * 86_400_000 },
} as const;
type Kind = keyof typeof SCHEDULE;

/** The first retry of a failed answer; it doubles per failure, up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_MAX_MS = 3600_000;
/** How long the last good conditions and forecast are shown (with their age) when newer fail. */
export const STALE_AFTER_MS = 3 * 3600_000;
/** A city whose weather nobody asked for this long is no longer fetched. */
export const IDLE_AFTER_MS = 86_400_000;
/** How often due answers are looked for. */
export const TICK_MS = 30_000;
export const TIMEOUT_MS = 10_000;
/** The largest answer read (a state's alerts in a hurricane run to a few megabytes). */
const MAX_BYTES = 8 * 1024 * 1024;
/**
 * The most distinct problems of one alerts answer logged, one line each (alerts that cannot be
 * read are left out; the problems beyond these are counted in one more line): no log flood.
 */
export const MAX_ALERT_PROBLEMS_LOGGED = 5;

/** A city's place as the weather service needs it. */
export interface WeatherPlace {
  id: string;
  latitude: number;
  longitude: number;
  /** Its state's two-letter code: alerts are asked for per state, then kept for its zones. */
  stateCode: string;
  locale: string;
  /** The NEXRAD station of its radar picture ("KHGX"), when it has one configured. */
  radarStation?: string;
  /** The alert zones its data names (alertZones' codes), read beside its point's own. */
  zones?: readonly string[];
}

/** What the weather page, home's block and the alert banner show of a city. */
export interface CityWeather {
  /** "loading" until the service was first asked (nothing stored yet). */
  state: "loading" | "ready";
  /** The latest observation while it is recent (STALE_AFTER_MS), else null. */
  current: CurrentConditions | null;
  /** The forecast's days while the forecast is recent, else null. */
  forecast: { days: ForecastDay[]; fetchedAt: string } | null;
  /**
   * Alerts in force in the city's zones now (an expired one never): the most severe
   * MAX_ALERTS_PER_CITY (server/weather/nws.ts).
   */
  alerts: WeatherAlert[];
  /**
   * How many alerts are in force in all, and how many of them are Extreme or Severe (`alerts`
   * may hold fewer); absent, `alerts` holds them all.
   */
  alertsInForce?: { total: number; urgent: number };
  /** When the alerts were last fetched (ISO), or null. */
  alertsFetchedAt: string | null;
  /** Warnings the service cancelled that it still lists (push sends their all-clear). */
  cancelled?: CancelledAlert[];
  /** The service's own forecast page for the city (the outage message links to it). */
  forecastPage: string;
  /** The radar picture's source and the full radar's page, when the city has a radar station. */
  radar: { image: string; page: string } | null;
}

export interface WeatherServiceOptions {
  store: WeatherStore;
  /** The outbound guard's fetch: public addresses only, unless allowed. */
  fetch: OutboundGuard["fetch"];
  /** Names the publication and its contact address, as the service asks of its users. */
  userAgent: string;
  apiUrl?: string;
  radarUrl?: string;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now?: () => number;
  /** How long an answer may take (TIMEOUT_MS unless told). */
  timeoutMs?: number;
  /**
   * How often a state's alerts are asked for again, at least (NWS_ALERTS_SECONDS; SCHEDULE's 3
   * minutes unless told): at most 5/3 of it, as SCHEDULE's 5 minutes are of 3.
   */
  alertsMs?: number;
  /** Told how each answer asked for ended, by its kind (the metrics: server/metrics/). */
  onAnswer?: (kind: Kind, outcome: WeatherOutcome) => void;
}

/** One answer of the service, the last good one and when to ask again. */
interface Answer {
  body: unknown;
  fetchedAt: number;
  /** When to ask again (next fetch, or retry after a failure). */
  nextAttempt: number;
  failures: number;
  /** True once read from the store or fetched (or tried): a failed first try counts. */
  tried: boolean;
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
 * Reads never wait on a fetch.
 */
export class WeatherService {
  private readonly answers = new Map<string, Answer>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly working = new Set<Promise<unknown>>();
  private readonly cities = new Map<string, Tracked>();
  private readonly apiUrl: string;
  private readonly radarUrl: string;
  private readonly now: () => number;
  private generation = 0;
  /**
   * Moves of versions that no new answer makes (changes()): a city tracked, dropped or given
   * another place, or changing by time alone.
   */
  private moves = 0;
  /** The soonest a tracked city's weather changes by time alone (remember()); Infinity: never. */
  private nextChangeAt = Infinity;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly schedule: Record<Kind, { minMs: number; maxMs: number }>;
  private readonly listeners = new Set<(id: string) => void>();
  /** The version of each city its listeners were last told of. */
  private readonly told = new Map<string, number>();

  constructor(private readonly options: WeatherServiceOptions) {
    this.apiUrl = (options.apiUrl ?? NWS_API_URL).replace(/\/+$/, "");
    this.radarUrl = (options.radarUrl ?? NWS_RADAR_URL).replace(/\/+$/, "");
    this.now = options.now ?? Date.now;
    const alertsMs = options.alertsMs ?? SCHEDULE.alerts.minMs;
    this.schedule = { ...SCHEDULE, alerts: { minMs: alertsMs, maxMs: (alertsMs * 5) / 3 } };
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
    if (!held && ![...this.cities.values()].some((t) => this.urlsOf(t.place).includes(url))) return;
    const stored = await this.options.store.get(url);
    if (!stored || (held && held.fetchedAt >= stored.fetchedAt)) return;
    const alerts = url.includes("/alerts/");
    this.answers.set(url, {
      body: stored.body,
      fetchedAt: stored.fetchedAt,
      nextAttempt: alerts ? this.now() + this.schedule.alerts.minMs : (held?.nextAttempt ?? 0),
      failures: 0,
      tried: true,
    });
    this.generation++;
    this.tell();
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
    return this.generation + this.moves;
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
      tracked.composed && tracked.generation === this.generation && this.now() < tracked.changesAt;
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

  /** The URLs of a place: its point, then (once resolved) its stations, observation, forecast. */
  private pointUrl(place: WeatherPlace): string {
    // The service takes at most four decimals (more is answered with a redirect).
    const coordinate = (n: number) => String(Number(n.toFixed(4)));
    return `${this.apiUrl}/points/${coordinate(place.latitude)},${coordinate(place.longitude)}`;
  }

  private alertsUrl(place: WeatherPlace): string {
    return `${this.apiUrl}/alerts/active?area=${encodeURIComponent(place.stateCode.toUpperCase())}`;
  }

  /** A link the service's answer gives, when it stays on the service (else none is followed). */
  private onService(href: string | undefined): string | null {
    if (!href) return null;
    try {
      const url = new URL(href, `${this.apiUrl}/`);
      const base = new URL(`${this.apiUrl}/`);
      return url.origin === base.origin && url.pathname.startsWith(base.pathname) ? url.href : null;
    } catch {
      return null;
    }
  }

  private point(place: WeatherPlace): NwsPoint | null {
    return this.read(this.pointUrl(place), readPoint);
  }

  private stationsUrl(point: NwsPoint): string {
    return (
      this.onService(point.stations) ??
      `${this.apiUrl}/gridpoints/${encodeURIComponent(point.office)}/${point.gridX},${point.gridY}/stations`
    );
  }

  private station(point: NwsPoint): NwsStation | null {
    return this.read(this.stationsUrl(point), readStations);
  }

  private observationUrl(station: NwsStation): string {
    return `${this.apiUrl}/stations/${encodeURIComponent(station.id)}/observations/latest`;
  }

  private forecastUrl(point: NwsPoint): string {
    return (
      this.onService(point.forecast) ??
      `${this.apiUrl}/gridpoints/${encodeURIComponent(point.office)}/${point.gridX},${point.gridY}/forecast`
    );
  }

  /** An answer read by `reader`, or null when there is none or it cannot be read. */
  private read<T>(url: string, reader: (body: unknown) => T): T | null {
    const answer = this.answers.get(url);
    if (!answer || answer.body === undefined) return null;
    try {
      return reader(answer.body);
    } catch {
      return null;
    }
  }

  /** The URLs of a place known so far: its point and alerts, then what its point names. */
  private urlsOf(place: WeatherPlace): string[] {
    const urls = [this.pointUrl(place), this.alertsUrl(place)];
    const point = this.point(place);
    if (point) {
      urls.push(this.forecastUrl(point), this.stationsUrl(point));
      const station = this.station(point);
      if (station) urls.push(this.observationUrl(station));
    }
    return urls;
  }

  /**
   * Reads a place's stored answers into memory (each URL once): its point first, then what the
   * point names, then its station's observation (three rounds at most).
   */
  private async loadStored(place: WeatherPlace): Promise<void> {
    for (let round = 0; round < 3; round++) {
      const missing = this.urlsOf(place).filter((url) => !this.answers.has(url));
      if (missing.length === 0) return;
      for (const url of missing) {
        // The database away (db/health.ts logs it): what is held serves, the rest is read later.
        const stored = await this.options.store.get(url).catch((err: unknown) => {
          if (isDatabaseUnavailable(err)) return undefined;
          throw err;
        });
        if (stored === undefined) return;
        if (stored && !this.answers.has(url)) {
          this.answers.set(url, {
            body: stored.body,
            fetchedAt: stored.fetchedAt,
            nextAttempt: 0,
            failures: 0,
            tried: true,
          });
          this.generation++;
        }
      }
    }
  }

  /** Fetches what is due of a place, in order: its point, its station, then the rest. */
  private async refreshPlace(place: WeatherPlace): Promise<void> {
    await this.loadStored(place);
    const alerts = this.refresh(this.alertsUrl(place), "alerts");
    await this.refresh(this.pointUrl(place), "place");
    const point = this.point(place);
    if (!point) {
      await alerts;
      return;
    }
    const forecast = this.refresh(this.forecastUrl(point), "forecast");
    await this.refresh(this.stationsUrl(point), "place");
    const station = this.station(point);
    await Promise.all([
      alerts,
      forecast,
      station ? this.refresh(this.observationUrl(station), "observation") : undefined,
    ]);
  }

  /** Fetches `url` when it is due (once at a time, whoever asks); failures are logged and kept. */
  private refresh(url: string, kind: Kind): Promise<void> {
    const running = this.running.get(url);
    if (running) return running;
    const answer = this.answers.get(url);
    if (answer && answer.nextAttempt > this.now()) return Promise.resolve();
    const task = this.fetchAnswer(url, kind).finally(() => this.running.delete(url));
    this.running.set(url, task);
    return task;
  }

  private async fetchAnswer(url: string, kind: Kind): Promise<void> {
    const { minMs, maxMs } = this.schedule[kind];
    const previous = this.answers.get(url);
    try {
      const response = await this.options.fetch(url, {
        headers: { accept: "application/geo+json", "user-agent": this.options.userAgent },
        redirect: "error",
        signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`HTTP ${response.status}`);
      }
      const text = await readLimited(response, MAX_BYTES);
      const body = JSON.parse(text) as unknown;
      const now = this.now();
      const freshFor = Math.min(maxMs, Math.max(minMs, freshness(response.headers, now) ?? 0));
      this.answers.set(url, {
        body,
        fetchedAt: now,
        nextAttempt: now + freshFor,
        failures: 0,
        tried: true,
      });
      this.generation++;
      this.options.onAnswer?.(kind, "ok");
      if (kind === "alerts") this.reportAlertProblems(url, body);
      // The answer stands even when it cannot be kept (the database away: db/health.ts logs it).
      await this.options.store.put(url, text, now).catch((err: unknown) => {
        if (!isDatabaseUnavailable(err))
          this.options.log.warn({ url, err }, "weather answer not stored");
      });
    } catch (error) {
      const now = this.now();
      const failures = (previous?.failures ?? 0) + 1;
      const delay = Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_MAX_MS);
      this.answers.set(url, {
        body: previous?.body,
        fetchedAt: previous?.fetchedAt ?? 0,
        nextAttempt: now + delay,
        failures,
        tried: true,
      });
      this.generation++;
      this.options.onAnswer?.(kind, "error");
      this.options.log.warn(
        {
          url,
          error: error instanceof Error ? error.message : String(error),
          failures,
          retryInMs: delay,
        },
        "weather answer failed",
      );
    }
  }

  /**
   * Logs what cannot be read of a fetched alerts answer: each distinct problem once (with the
   * first such alert's id and how many have it), MAX_ALERT_PROBLEMS_LOGGED at most, the rest
   * counted; or that the answer is no list of alerts at all.
   */
  private reportAlertProblems(url: string, body: unknown): void {
    let problems;
    try {
      problems = alertProblems(body);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log.warn(
        { url, error: message.slice(0, 300) },
        "weather alerts answer unreadable",
      );
      return;
    }
    for (const problem of problems.slice(0, MAX_ALERT_PROBLEMS_LOGGED)) {
      this.options.log.warn(
        { url, alertId: problem.id, reason: problem.reason, count: problem.count },
        "weather alert skipped",
      );
    }
    const more = problems.slice(MAX_ALERT_PROBLEMS_LOGGED);
    if (more.length > 0) {
      this.options.log.warn(
        { url, problems: more.length, count: more.reduce((n, p) => n + p.count, 0) },
        "weather alerts skipped for other problems",
      );
    }
  }

  /** A tracked city's weather now, and its version bumped when what pages show changed. */
  private compose(tracked: Tracked): CityWeather {
    const { place } = tracked;
    const now = this.now();
    const point = this.point(place);
    const { current, forecast } = this.conditions(place, point, now);
    const alertsAnswer = this.answers.get(this.alertsUrl(place));
    const inForce = point
      ? this.read(this.alertsUrl(place), (b) =>
          readAlertsInForce(b, [...point.zones, ...(place.zones ?? [])], now),
        )
      : null;
    const alerts = inForce?.alerts ?? [];
    const loading = !this.answers.get(this.pointUrl(place))?.tried;
    const weather: CityWeather = {
      state: loading ? "loading" : "ready",
      current,
      forecast,
      alerts,
      ...(inForce && inForce.total > alerts.length
        ? { alertsInForce: { total: inForce.total, urgent: inForce.urgent } }
        : {}),
      ...(inForce?.cancelled.length ? { cancelled: inForce.cancelled } : {}),
      alertsFetchedAt:
        alertsAnswer && alertsAnswer.fetchedAt > 0
          ? new Date(alertsAnswer.fetchedAt).toISOString()
          : null,
      forecastPage: forecastPage(place),
      radar: place.radarStation
        ? {
            image: `${this.radarUrl}/ridge/standard/${place.radarStation.toUpperCase()}_0.gif`,
            page: `${this.radarUrl}/station/${place.radarStation.toLowerCase()}/standard`,
          }
        : null,
    };
    this.remember(tracked, weather, inForce?.nextEnd ?? null);
    return weather;
  }

  /** A place's conditions and forecast now, each while it is recent (STALE_AFTER_MS). */
  private conditions(
    place: WeatherPlace,
    point: NwsPoint | null,
    now: number,
  ): Pick<CityWeather, "current" | "forecast"> {
    const units = unitsFor(place.locale);
    const station = point ? this.station(point) : null;
    const observation = station ? this.answers.get(this.observationUrl(station)) : undefined;
    const forecastAnswer = point ? this.answers.get(this.forecastUrl(point)) : undefined;
    let current =
      station && observation
        ? this.read(this.observationUrl(station), (b) => readObservation(b, station, units))
        : null;
    // Conditions are shown while the station's observation is recent, never older.
    if (current && now - Date.parse(current.observedAt) > STALE_AFTER_MS) current = null;
    const days =
      point && forecastAnswer
        ? this.read(this.forecastUrl(point), (b) => readForecast(b, units))
        : null;
    const forecast =
      days && forecastAnswer && now - forecastAnswer.fetchedAt <= STALE_AFTER_MS
        ? { days, fetchedAt: new Date(forecastAnswer.fetchedAt).toISOString() }
        : null;
    return { current, forecast };
  }

  /**
   * Keeps a tracked city's weather as composed: when it changes by time alone, and its version
   * bumped when it differs from what was composed before. `alertsEnd`: the soonest end of the
   * alerts in force, those beyond the shown ones too (their count is shown), null for none.
   */
  private remember(tracked: Tracked, weather: CityWeather, alertsEnd: number | null): void {
    const { current, forecast } = weather;
    // What changes it by time alone: an alert's end, the conditions' or forecast's going stale.
    const ends = [
      alertsEnd ?? Infinity,
      current ? Date.parse(current.observedAt) + STALE_AFTER_MS + 1 : Infinity,
      forecast ? Date.parse(forecast.fetchedAt) + STALE_AFTER_MS + 1 : Infinity,
    ];
    tracked.changesAt = Math.min(...ends);
    this.nextChangeAt = Math.min(this.nextChangeAt, tracked.changesAt);
    tracked.generation = this.generation;
    const signature = createHash("sha1").update(JSON.stringify(weather)).digest("base64");
    if (signature !== tracked.signature) {
      if (tracked.signature !== "") tracked.version++;
      tracked.signature = signature;
    }
    tracked.composed = weather;
  }
}

/**
 * Whether two objects name the same place as the service reads it: a city's data read again (its
 * directory's cache let it go) gives another object, most often of the same place.
 */
function samePlace(a: WeatherPlace, b: WeatherPlace): boolean {
  const fields = Object.keys(a) as (keyof WeatherPlace)[];
  const same = (x: unknown, y: unknown) =>
    Array.isArray(x) && Array.isArray(y) ? x.join() === y.join() : x === y;
  return fields.length === Object.keys(b).length && fields.every((f) => same(a[f], b[f]));
}

/** The forecast page of the service for a place (the outage message links to it). */
export function forecastPage(place: { latitude: number; longitude: number }): string {
  return `https://forecast.weather.gov/MapClick.php?lat=${place.latitude}&lon=${place.longitude}`;
}

/**
 * A city's weather where no weather service runs (tests of other parts, tools): nothing live,
 * so pages say live weather is unavailable, never showing invented figures.
 */
export function noWeather(city: { geo: { latitude: number; longitude: number } }): {
  get(): Promise<CityWeather>;
  version(): number;
} {
  const none: CityWeather = {
    state: "ready",
    current: null,
    forecast: null,
    alerts: [],
    alertsFetchedAt: null,
    forecastPage: forecastPage(city.geo),
    radar: null,
  };
  return { get: () => Promise.resolve(none), version: () => 0 };
}

/** How long an answer may be kept, from its Cache-Control max-age, else its Expires (ms). */
export function freshness(
  headers: { get(name: string): string | null },
  now: number,
): number | null {
  const cacheControl = headers.get("cache-control") ?? "";
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  if (maxAge) return Number(maxAge[1]) * 1000;
  const expires = headers.get("expires");
  if (expires) {
    const at = Date.parse(expires);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return null;
}

/** A response's body as text, refusing one longer than `max` bytes. */
async function readLimited(
  response: Awaited<ReturnType<OutboundGuard["fetch"]>>,
  max: number,
): Promise<string> {
  const length = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length > max) {
    await response.body?.cancel();
    throw new Error(`answer larger than ${max} bytes`);
  }
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new Error(`answer larger than ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
