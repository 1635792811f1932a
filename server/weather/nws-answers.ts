import { alertProblems } from "./nws-alerts";
import { isDatabaseUnavailable } from "../db/health";
import type { OutboundGuard } from "../net/outbound";
import type { WeatherStore } from "./store";
import type { WeatherOutcome } from "../metrics/observer";

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
/** What an answer is, which sets how often it is asked for again (SCHEDULE). */
export type AnswerKind = keyof typeof SCHEDULE;
/** How often each kind of answer is asked for again, at least and at most. */
export type AnswerSchedule = Record<AnswerKind, { minMs: number; maxMs: number }>;

/** The first retry of a failed answer; it doubles per failure, up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_MAX_MS = 3600_000;
export const TIMEOUT_MS = 10_000;
/** The largest answer read (a state's alerts in a hurricane run to a few megabytes). */
const MAX_BYTES = 8 * 1024 * 1024;
/**
 * The most distinct problems of one alerts answer logged, one line each (alerts that cannot be
 * read are left out; the problems beyond these are counted in one more line): no log flood.
 */
export const MAX_ALERT_PROBLEMS_LOGGED = 5;

/** What fetching and keeping the service's answers needs (of the weather service's options). */
export interface AnswerOptions {
  store: WeatherStore;
  /** The outbound guard's fetch: public addresses only, unless allowed. */
  fetch: OutboundGuard["fetch"];
  /** Names the publication and its contact address, as the service asks of its users. */
  userAgent: string;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now?: () => number;
  /** How long an answer may take (TIMEOUT_MS unless told). */
  timeoutMs?: number;
  /** Told how each answer asked for ended, by its kind (the metrics: server/metrics/). */
  onAnswer?: (kind: AnswerKind, outcome: WeatherOutcome) => void;
}

/** One answer of the service, the last good one and when to ask again. */
export interface Answer {
  body: unknown;
  fetchedAt: number;
  /** When to ask again (next fetch, or retry after a failure). */
  nextAttempt: number;
  failures: number;
  /** True once read from the store or fetched (or tried): a failed first try counts. */
  tried: boolean;
}

/**
 * The service's answers by URL: each fetched when due (once at a time, whoever asks), through
 * the outbound guard, honouring Cache-Control and Expires and backing off on errors; the last
 * good one kept in memory and in the store, read back from it after a restart.
 */
export class NwsAnswers {
  private readonly held = new Map<string, Answer>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly now: () => number;
  private moves = 0;

  constructor(
    private readonly options: AnswerOptions,
    private readonly schedule: AnswerSchedule,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** A count that moves whenever an answer is set (fetched, failed, read from the store). */
  get generation(): number {
    return this.moves;
  }

  get(url: string): Answer | undefined {
    return this.held.get(url);
  }

  /** An answer read by `reader`, or null when there is none or it cannot be read. */
  read<T>(url: string, reader: (body: unknown) => T): T | null {
    const answer = this.held.get(url);
    if (!answer || answer.body === undefined) return null;
    try {
      return reader(answer.body);
    } catch {
      return null;
    }
  }

  private set(url: string, answer: Answer): void {
    this.held.set(url, answer);
    this.moves++;
  }

  /**
   * Reads the stored answers of `urls` not held yet into memory. False when the database is
   * away (db/health.ts logs it): what is held serves, the rest is read later.
   */
  async loadStored(urls: string[]): Promise<boolean> {
    for (const url of urls.filter((u) => !this.held.has(u))) {
      const stored = await this.options.store.get(url).catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) return undefined;
        throw err;
      });
      if (stored === undefined) return false;
      if (stored && !this.held.has(url)) {
        const { body, fetchedAt } = stored;
        this.set(url, { body, fetchedAt, nextAttempt: 0, failures: 0, tried: true });
      }
    }
    return true;
  }

  /**
   * Reads an answer another instance stored when it is newer than the one held (true then): the
   * next fetch of alerts waits its full interval, as if this instance had fetched them.
   */
  async adoptStored(url: string): Promise<boolean> {
    const held = this.held.get(url);
    const stored = await this.options.store.get(url);
    if (!stored || (held && held.fetchedAt >= stored.fetchedAt)) return false;
    const alerts = url.includes("/alerts/");
    this.set(url, {
      body: stored.body,
      fetchedAt: stored.fetchedAt,
      nextAttempt: alerts ? this.now() + this.schedule.alerts.minMs : (held?.nextAttempt ?? 0),
      failures: 0,
      tried: true,
    });
    return true;
  }

  /** Fetches `url` when it is due (once at a time, whoever asks); failures are logged and kept. */
  refresh(url: string, kind: AnswerKind): Promise<void> {
    const running = this.running.get(url);
    if (running) return running;
    const answer = this.held.get(url);
    if (answer && answer.nextAttempt > this.now()) return Promise.resolve();
    const task = this.fetchAnswer(url, kind).finally(() => this.running.delete(url));
    this.running.set(url, task);
    return task;
  }

  private async fetchAnswer(url: string, kind: AnswerKind): Promise<void> {
    const previous = this.held.get(url);
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
      await this.keep(url, kind, response);
    } catch (error) {
      this.backOff(url, kind, previous, error);
    }
  }

  /** Keeps a good answer until its freshness (within the schedule) ends, and stores it. */
  private async keep(
    url: string,
    kind: AnswerKind,
    response: Awaited<ReturnType<OutboundGuard["fetch"]>>,
  ): Promise<void> {
    const { minMs, maxMs } = this.schedule[kind];
    const text = await readLimited(response, MAX_BYTES);
    const body = JSON.parse(text) as unknown;
    const now = this.now();
    const freshFor = Math.min(maxMs, Math.max(minMs, freshness(response.headers, now) ?? 0));
    this.set(url, { body, fetchedAt: now, nextAttempt: now + freshFor, failures: 0, tried: true });
    this.options.onAnswer?.(kind, "ok");
    if (kind === "alerts") this.reportAlertProblems(url, body);
    // The answer stands even when it cannot be kept (the database away: db/health.ts logs it).
    await this.options.store.put(url, text, now).catch((err: unknown) => {
      if (!isDatabaseUnavailable(err))
        this.options.log.warn({ url, err }, "weather answer not stored");
    });
  }

  /** Keeps the last good answer of a failed one, and asks again after a doubling delay. */
  private backOff(
    url: string,
    kind: AnswerKind,
    previous: Answer | undefined,
    error: unknown,
  ): void {
    const failures = (previous?.failures ?? 0) + 1;
    const delay = Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_MAX_MS);
    this.set(url, {
      body: previous?.body,
      fetchedAt: previous?.fetchedAt ?? 0,
      nextAttempt: this.now() + delay,
      failures,
      tried: true,
    });
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
