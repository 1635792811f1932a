import { randomBytes } from "node:crypto";
import { clientKey } from "../net/client-key";

/** What an open page is told (`event:` of Server-Sent Events). */
export type LiveEventType = "alert" | "news" | "nowplaying";

/** One event as it went out: its id, its type, its data (JSON text, one line). */
export interface LiveEvent {
  id: string;
  type: LiveEventType;
  data: string;
}

export interface LiveChannelOptions {
  /** The most live connections this process holds (LIVE_MAX_CONNECTIONS). */
  maxConnections: number;
  /** The most one reader may hold: an IPv4 address, or an IPv6 /64 (LIVE_MAX_PER_CLIENT). */
  maxPerClient: number;
  /** How often a comment line keeps idle connections (and proxies' timers) alive: 25 s. */
  heartbeatMs?: number;
  /** The reconnection delay a browser is told (`retry:`), in ms. */
  retryMs?: number;
  /** How many recent events of a city are held for a page that comes back (Last-Event-ID). */
  held?: number;
  /** Told of each page that opens, with its city (to start watching what the city's pages show). */
  onOpen?: (city: string) => void;
  /** The most bytes a page that comes back is sent of what it missed (LIVE_REPLAY_BYTES). */
  replayBytes?: number;
  /** The most bytes a page may leave unread before it is dropped (LIVE_MAX_UNSENT_BYTES). */
  maxUnsentBytes?: number;
}

/** The comment heartbeat's interval unless told: under the 30 s after which proxies give up. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** The reconnection delay pages are told, unless told. */
export const LIVE_RETRY_MS = 5_000;
/** Events of each city held for pages that come back, unless told. */
export const LIVE_HELD_EVENTS = 64;
/**
 * The most bytes of missed events a page that comes back is sent, unless told: past it, each
 * type's latest instead (what the page needs to be right again). Events are a few hundred bytes
 * (an alert event names ids and a count, never the alerts' texts), so this is dozens of events;
 * a request of 100 bytes can never make the process write megabytes.
 */
export const LIVE_REPLAY_BYTES = 16 * 1024;
/**
 * The most bytes a page may leave unsent (its connection not reading) before it is dropped,
 * unless told; as the radio relay does its listeners. A reading page has at most an event or
 * two in flight; one that does not read would otherwise hold every event since in memory.
 */
export const LIVE_MAX_UNSENT_BYTES = 64 * 1024;

/** Why a page was not let in: the process is full, or this client holds its share. */
export type LiveRefusal = "full" | "client";

/**
 * An open page's connection, as the channel uses it: its answer's headers are sent already, and
 * the channel writes the event stream's text to it. A Node HTTP response is one.
 */
export interface EventSink {
  write(chunk: string | Buffer): unknown;
  end(): unknown;
  destroy(): unknown;
  readonly destroyed: boolean;
  readonly writableLength: number;
  on(event: "close", listener: () => void): unknown;
}

interface Listener {
  res: EventSink;
  city: string;
  /** The reader it counts as (clientKey): its IPv4 address, or its IPv6 /64. */
  reader: string;
}

/**
 * The live channel of every city this process serves: Server-Sent Events to open pages. Each
 * event gets an id of this process (`<boot>.<n>`), and the last LIVE_HELD_EVENTS of each city are
 * held, so that a page that comes back with Last-Event-ID gets what it missed, in order, before
 * anything new. A page that comes back to another process, or after more than that was said,
 * gets `state` instead: each type's latest event, so that what it shows is right again.
 *
 * Bounded: at most `maxConnections` pages in all and `maxPerClient` from one reader (an IPv4
 * address, or an IPv6 /64: server/net/client-key.ts). Idle pages get a comment every
 * `heartbeatMs`, one timer for all of them.
 */
export class LiveChannel {
  private readonly boot = randomBytes(4).toString("hex");
  private sequence = 0;
  /** Every open page, and each city's (an event goes to its city's pages only). */
  private readonly listeners = new Set<Listener>();
  private readonly byCity = new Map<string, Set<Listener>>();
  private readonly byClient = new Map<string, number>();
  private readonly recent = new Map<string, LiveEvent[]>();
  private readonly latest = new Map<string, Map<LiveEventType, LiveEvent>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: LiveChannelOptions) {
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** How many pages are open on the channel. */
  get size(): number {
    return this.listeners.size;
  }

  /** Whether a page of `address` would be let in now, or why not. */
  admits(address: string): LiveRefusal | undefined {
    if (this.listeners.size >= this.options.maxConnections) return "full";
    if ((this.byClient.get(clientKey(address)) ?? 0) >= this.options.maxPerClient) return "client";
    return undefined;
  }

  /**
   * Opens the event stream on `res` for a page of `city` (admits() said yes; its headers are
   * sent): the reconnection delay, and what the page missed since `lastEventId`, if anything.
   */
  open(res: EventSink, city: string, address: string, lastEventId?: string): void {
    res.write(`retry: ${this.options.retryMs ?? LIVE_RETRY_MS}\n\n`);
    if (lastEventId) for (const event of this.missed(city, lastEventId)) res.write(frame(event));
    const reader = clientKey(address);
    const listener = { res, city, reader };
    this.listeners.add(listener);
    const ofCity = this.byCity.get(city) ?? new Set<Listener>();
    ofCity.add(listener);
    this.byCity.set(city, ofCity);
    this.byClient.set(reader, (this.byClient.get(reader) ?? 0) + 1);
    res.on("close", () => this.leave(listener));
    this.options.onOpen?.(city);
  }

  /** Tells every open page of `city` of a change (and holds it for pages that come back). */
  publish(city: string, type: LiveEventType, data: unknown): LiveEvent {
    const event = { id: `${this.boot}.${++this.sequence}`, type, data: JSON.stringify(data) };
    const held = this.recent.get(city) ?? [];
    held.push(event);
    if (held.length > (this.options.held ?? LIVE_HELD_EVENTS)) held.shift();
    this.recent.set(city, held);
    const latest = this.latest.get(city) ?? new Map<LiveEventType, LiveEvent>();
    latest.set(type, event);
    this.latest.set(city, latest);
    // Made once, the same bytes for every page of the city.
    const bytes = Buffer.from(frame(event));
    for (const listener of this.byCity.get(city) ?? []) this.send(listener, bytes);
    return event;
  }

  /** Ends every open stream (the process is stopping) and the heartbeat. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const listener of this.listeners) listener.res.end();
    this.listeners.clear();
    this.byCity.clear();
    this.byClient.clear();
  }

  /**
   * What a page that last saw `lastEventId` missed: the events after it when this process still
   * holds it and they fit in `replayBytes`, else each type's latest (the page cannot know what it
   * missed, or would be sent too much: the latest make it right again).
   */
  private missed(city: string, lastEventId: string): LiveEvent[] {
    const held = this.recent.get(city) ?? [];
    const at = held.findIndex((event) => event.id === lastEventId);
    if (at !== -1) {
      const after = held.slice(at + 1);
      const bytes = after.reduce((sum, event) => sum + Buffer.byteLength(frame(event)), 0);
      if (bytes <= (this.options.replayBytes ?? LIVE_REPLAY_BYTES)) return after;
    } else {
      const [boot, n] = lastEventId.split(".");
      // A page that saw this process's newest (or an event of a city it has said nothing to) is
      // up to date.
      if (boot === this.boot && Number(n) >= this.sequence) return [];
    }
    return [...(this.latest.get(city)?.values() ?? [])].sort((a, b) => order(a) - order(b));
  }

  /**
   * Writes to a page, and drops it when it has left more than `maxUnsentBytes` unread (a
   * connection that does not read would hold every event since in this process's memory).
   */
  private send(listener: Listener, bytes: Buffer | string): void {
    const { res } = listener;
    if (res.destroyed) return;
    res.write(bytes);
    if (res.writableLength > (this.options.maxUnsentBytes ?? LIVE_MAX_UNSENT_BYTES)) {
      this.leave(listener);
      res.destroy();
    }
  }

  private leave(listener: Listener): void {
    if (!this.listeners.delete(listener)) return;
    const ofCity = this.byCity.get(listener.city);
    ofCity?.delete(listener);
    if (ofCity?.size === 0) this.byCity.delete(listener.city);
    const held = (this.byClient.get(listener.reader) ?? 1) - 1;
    if (held > 0) this.byClient.set(listener.reader, held);
    else this.byClient.delete(listener.reader);
  }

  private beat(): void {
    for (const listener of this.listeners) this.send(listener, HEARTBEAT);
  }
}

/** The heartbeat: a comment line, the same bytes for every page. */
const HEARTBEAT = Buffer.from(":\n\n");

/** An event's sequence number in its process. */
function order(event: LiveEvent): number {
  return Number(event.id.slice(event.id.indexOf(".") + 1));
}

/** An event as Server-Sent Events write it. Its data is one line of JSON (no newline in it). */
function frame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`;
}
