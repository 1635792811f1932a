import http from "node:http";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import { audioType } from "./audio-types";
import { IcyDemuxer, parseMetaint } from "./icy";
import { frameStart } from "./sync";

export interface RadioHubOptions {
  /** The station's base URL; the requested port replaces its port. */
  upstream: string;
  /** Ports a listener may ask for (the only upstreams this relay will ever open). */
  ports: readonly number[];
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  userAgent: string;
  maxListeners?: number;
  /** Bytes of recent audio a new listener gets at once, so playback starts without waiting. */
  burstBytes?: number;
  /** A listener whose unsent audio exceeds this is dropped (it cannot keep up). */
  maxBacklogBytes?: number;
  /** How long the upstream stays open after the last listener leaves. */
  idleCloseMs?: number;
  /** How long to wait for the upstream's answer before a 502. */
  connectTimeoutMs?: number;
  /** First reconnect delay after the upstream drops; it doubles, up to 30 s. */
  reconnectBaseMs?: number;
  /**
   * A connected upstream that sends no byte for this long is dropped and reconnected: a station
   * that hangs without closing would otherwise leave every listener on silence for good.
   */
  stallTimeoutMs?: number;
  /** The time of day a title was heard ("Recently played"); tests pass their own. */
  clock?: () => number;
  /**
   * Audio is sent to listeners in blocks of at least this many bytes, or after `flushMs`: one
   * write per listener per block rather than one per upstream packet (an MP3 frame is ~400 bytes).
   */
  flushBytes?: number;
  flushMs?: number;
  /** Told when the title a port's station names changes (the live channel's `nowplaying`). */
  onTitle?: (port: number, title: string | null) => void;
}

/**
 * One listener's connection, as the relay uses it: its audio is written straight to its socket
 * once its answer's headers are sent (no framing around each block, so the backlog the relay
 * watches is the socket's), and it is destroyed when it falls behind. A Node HTTP response is one.
 */
export interface RadioListener {
  readonly socket: { write(chunk: Buffer): boolean; readonly writableLength: number } | null;
  destroy(): void;
  on(event: "close", listener: () => void): unknown;
  once(event: "close", listener: () => void): unknown;
  off(event: "close", listener: () => void): unknown;
}

/**
 * How a listener's joining ended: it listens; it left while the upstream connected; or the
 * upstream could not be opened (logged) while it waited.
 */
export type Joined = "listening" | "left" | "unavailable";

export type UpstreamState = "idle" | "connecting" | "connected" | "reconnecting";

export interface NowPlaying {
  title: string | null;
  /** The last titles the station named, newest first (RECENT_TITLES at most), with when. */
  recent: PlayedTitle[];
  listeners: number;
  upstream: UpstreamState;
}

export interface PlayedTitle {
  title: string;
  /** When the relay first heard it (epoch ms). */
  at: number;
}

/** How many titles the relay remembers for the radio page's "Recently played". */
export const RECENT_TITLES = 5;

type Settings = Required<Omit<RadioHubOptions, "upstream" | "ports">>;

const MAX_RECONNECT_MS = 30_000;
/** After a reconnect, how long the first audio is held to find where listeners left off. */
const RESUME_HOLD_MS = 500;
/** How much of the last audio sent identifies where listeners left off. */
const RESUME_TAIL_BYTES = 1024;

/** An upstream answer the relay can pass on: its audio type and ICY metadata interval (0: none). */
interface Stream {
  type: string;
  metaint: number;
}

/**
 * Reads the upstream's answer. Only a 200 with an audio type is a stream (Icecast and Shoutcast
 * answer 200; a 204 has no body, a 206 is part of a file). A redirect is not followed: the
 * operator configures the upstream, and where it points is not the upstream's to change. The body
 * of anything else (an HTML error page, say) must never reach a listener, who would get it from
 * the site's own origin. An `icy-metaint` the relay cannot read fails the
 * upstream rather than be ignored: the station said it puts metadata in the stream, and relayed as
 * audio, its blocks (up to 4 KB of the station's text each) would reach listeners as noise.
 */
function readAnswer(res: IncomingMessage): Stream | { refused: string } {
  if (res.statusCode !== 200) return { refused: `upstream answered HTTP ${res.statusCode}` };
  const contentType = res.headers["content-type"];
  const type = audioType(contentType);
  if (type === null) {
    return { refused: `upstream sent ${JSON.stringify(contentType ?? "no type")}, not audio` };
  }
  const raw = res.headers["icy-metaint"];
  const header = Array.isArray(raw) ? raw.join(", ") : raw;
  const metaint = parseMetaint(header);
  if (metaint === null) return { refused: `upstream sent icy-metaint ${JSON.stringify(header)}` };
  return { type, metaint };
}

/** One upstream connection and everyone listening to it. */
class Channel {
  listeners = new Set<RadioListener>();
  /** Listeners whose place is taken but whose upstream is still connecting. */
  waiting = 0;
  state: UpstreamState = "idle";
  title: string | null = null;
  /** Titles heard, newest first: kept across reconnects (they were played). */
  recent: PlayedTitle[] = [];
  contentType = "audio/mpeg";
  private burst: Buffer[] = [];
  private burstSize = 0;
  /** Audio received but not yet sent: it goes out as one block. */
  private pending: Buffer[] = [];
  private pendingSize = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  /** False until the first block from a new upstream connection has been cut to a whole frame. */
  private synced = false;
  /** Where the first whole frame of the burst starts, found for the burst's first chunk. */
  private burstHead: Buffer | undefined;
  private burstFrame = 0;
  /**
   * After a reconnect, the end of the audio listeners already have: the station's new burst
   * repeats seconds of it, so the relay resumes after it rather than play them again.
   */
  private resumeAfter: Buffer | null = null;
  /**
   * The current upstream request. Events of any other (one closed for idleness, dropped, timed
   * out) are stale and must not touch the channel: each handler checks that its own is current.
   */
  private request: http.ClientRequest | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly url: URL,
    private readonly o: Settings,
  ) {}

  /** Listeners and listeners-to-be: what the listener limit counts. */
  get occupancy(): number {
    return this.listeners.size + this.waiting;
  }

  /**
   * Takes a listener's place before anything is awaited, so that listeners arriving together
   * while the upstream connects are all counted. The returned function gives the place back; it
   * may be called any number of times (on failure, on leaving, on admission), it acts once.
   */
  reserve(): () => void {
    this.waiting++;
    this.stopIdleTimer();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.waiting--;
      this.idleIfEmpty();
    };
  }

  /** Connects (if not connected) and resolves when audio can flow, or rejects. */
  open(): Promise<void> {
    if (this.state === "connected" || this.state === "reconnecting") return Promise.resolve();
    // Listeners who arrive while the upstream is connecting share that one connection.
    if (!this.connecting) {
      const connecting = this.connect().finally(() => {
        if (this.connecting === connecting) this.connecting = null;
      });
      // Each waiting listener handles the failure; this one is for a connection all have left.
      connecting.catch(() => {});
      this.connecting = connecting;
    }
    return this.connecting;
  }

  private connect(): Promise<void> {
    if (this.state !== "reconnecting") this.state = "connecting";
    return new Promise((resolve, reject) => {
      const client = this.url.protocol === "https:" ? https : http;
      const req = client.get(this.url, {
        headers: { "Icy-MetaData": "1", "User-Agent": this.o.userAgent },
      });
      this.request = req;
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        if (this.request === req) this.failed(error);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error("upstream did not answer in time")),
        this.o.connectTimeoutMs,
      );
      req.on("error", fail);
      req.on("close", () => fail(new Error("upstream closed before answering")));
      req.on("response", (res) => {
        const answer = readAnswer(res);
        if ("refused" in answer || settled) {
          res.destroy();
          fail(new Error("refused" in answer ? answer.refused : "upstream answered too late"));
          return;
        }
        settled = true;
        clearTimeout(timer);
        this.accept(req, res, answer);
        resolve();
      });
    });
  }

  /** Notes a title the station names (once per change: stations repeat it every block). */
  private remember(title: string | null): void {
    if (title === null || this.recent[0]?.title === title) return;
    this.recent = [{ title, at: this.o.clock() }, ...this.recent].slice(0, RECENT_TITLES);
  }

  /** The upstream answered with audio: it flows to listeners until it closes or stalls. */
  private accept(req: http.ClientRequest, res: IncomingMessage, stream: Stream): void {
    this.resumeAfter = this.state === "reconnecting" ? this.tail() : null;
    this.state = "connected";
    this.synced = false;
    this.contentType = stream.type;
    const demux = new IcyDemuxer(stream.metaint, (title) => {
      const now = title || null;
      if (now !== this.title) this.o.onTitle(Number(this.url.port), now);
      this.title = now;
      this.remember(this.title);
    });
    const stall = setTimeout(() => {
      this.o.log.warn(
        { upstream: this.url.href, silentMs: this.o.stallTimeoutMs },
        "radio upstream stalled",
      );
      res.destroy();
    }, this.o.stallTimeoutMs);
    res.on("data", (chunk: Buffer) => {
      stall.refresh();
      // Backoff starts over only once audio flows: an upstream that answers and then stalls or
      // closes at once is retried ever more slowly, like one that refuses.
      this.failures = 0;
      this.receive(demux.push(chunk));
    });
    res.on("close", () => {
      clearTimeout(stall);
      if (this.request === req) this.dropped();
    });
  }

  /** The current connection attempt failed: retry while anyone listens, else rest. */
  private failed(error: Error): void {
    this.request = null;
    if (this.state === "reconnecting") this.dropped(error.message);
    else this.state = "idle";
  }

  private receive(audio: Buffer): void {
    if (audio.length === 0) return;
    this.pending.push(audio);
    this.pendingSize += audio.length;
    // Resuming, the station's whole burst is awaited, to find where listeners left off in it.
    const resuming = this.resumeAfter !== null;
    const enough = resuming ? this.o.burstBytes + this.o.flushBytes : this.o.flushBytes;
    if (this.pendingSize >= enough) this.flush();
    else {
      this.flushTimer ??= setTimeout(
        () => this.flush(),
        resuming ? RESUME_HOLD_MS : this.o.flushMs,
      );
    }
  }

  /** The last bytes of audio sent to listeners. */
  private tail(): Buffer | null {
    if (this.burstSize < RESUME_TAIL_BYTES) return null;
    // Gathered from the end and turned round once (unshift would move the whole list each time).
    const last: Buffer[] = [];
    let size = 0;
    for (let i = this.burst.length - 1; i >= 0 && size < RESUME_TAIL_BYTES; i--) {
      const chunk = this.burst[i] as Buffer;
      last.push(chunk);
      size += chunk.length;
    }
    return Buffer.concat(last.reverse()).subarray(-RESUME_TAIL_BYTES);
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.pendingSize === 0) return;
    const block =
      this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingSize = 0;
    let from = 0;
    if (!this.synced) {
      this.synced = true;
      from = this.startOf(block);
    }
    this.broadcast(from > 0 ? block.subarray(from) : block);
  }

  /**
   * Where listeners' audio goes on in the first block of a new upstream connection: after what
   * they already have (a reconnect's burst repeats it), else at its first whole frame (the
   * upstream's first bytes may start mid-frame). Both run once per connection, over one block
   * that receive() bounds (a burst and a flush, plus one socket read): Buffer#indexOf turns to
   * Boyer-Moore when a plain scan does badly, so stays near-linear in it, and frameStart reads
   * its first FRAME_SEARCH_BYTES only.
   */
  private startOf(block: Buffer): number {
    const seen = this.resumeAfter;
    this.resumeAfter = null;
    const at = seen ? block.indexOf(seen) : -1;
    if (seen && at !== -1) return at + seen.length;
    return frameStart(block, this.contentType);
  }

  private broadcast(audio: Buffer): void {
    // Each block enters the burst once and leaves it once: trimming costs nothing per byte.
    this.burst.push(audio);
    this.burstSize += audio.length;
    while (this.burstSize - (this.burst[0]?.length ?? 0) >= this.o.burstBytes) {
      this.burstSize -= this.burst.shift()?.length ?? 0;
    }
    for (const listener of this.listeners) {
      // Straight to the socket: the headers are sent and the body is the socket's until it
      // closes (no chunked framing), so the HTTP layer has nothing to add to each block.
      const socket = listener.socket;
      if (!socket || socket.writableLength > this.o.maxBacklogBytes) {
        this.o.log.warn({ backlog: socket?.writableLength }, "radio listener dropped: too slow");
        this.listeners.delete(listener);
        listener.destroy();
        continue;
      }
      socket.write(audio);
    }
  }

  /** The upstream closed (or a reconnect failed): reconnect with backoff while anyone listens. */
  private dropped(reason = "closed"): void {
    this.request = null;
    this.flush();
    if (this.occupancy === 0) {
      this.close();
      return;
    }
    this.state = "reconnecting";
    const delay = Math.min(this.o.reconnectBaseMs * 2 ** this.failures, MAX_RECONNECT_MS);
    this.failures++;
    this.o.log.warn(
      { upstream: this.url.href, reason, retryInMs: delay },
      "radio upstream dropped",
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.occupancy === 0) this.close();
      // A failure comes back through failed(), which schedules the next try.
      else this.connect().catch(() => {});
    }, delay);
  }

  /** Adds a listener whose headers are sent: it gets the burst at once, then the live audio. */
  add(listener: RadioListener): void {
    this.listeners.add(listener);
    if (this.burstSize > 0) {
      // The burst, from its first whole frame (players refuse a stream that starts mid-frame).
      // The search is made once per burst head, not per listener.
      const burst = Buffer.concat(this.burst, this.burstSize);
      if (this.burst[0] !== this.burstHead) {
        this.burstHead = this.burst[0];
        this.burstFrame = frameStart(burst, this.contentType);
      }
      listener.socket?.write(this.burstFrame > 0 ? burst.subarray(this.burstFrame) : burst);
    }
    listener.on("close", () => this.remove(listener));
  }

  private remove(listener: RadioListener): void {
    this.listeners.delete(listener);
    this.idleIfEmpty();
  }

  /**
   * Starts the idle close once no one listens or waits, whatever the upstream is doing: one that
   * is still connecting when its last listener leaves is closed too (the connection is aborted,
   * or closed once it is made), never left open for no one.
   */
  private idleIfEmpty(): void {
    if (this.occupancy > 0 || this.idleTimer || this.state === "idle") return;
    this.idleTimer = setTimeout(() => this.close(), this.o.idleCloseMs);
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Closes the upstream: no one listens or waits any more (or, forced, the hub shuts down). */
  close(force = false): void {
    this.stopIdleTimer();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.occupancy > 0 && !force) return;
    const req = this.request;
    this.request = null;
    // A listener who comes next starts a new connection rather than await this one's end.
    this.connecting = null;
    this.state = "idle";
    this.failures = 0;
    this.resumeAfter = null;
    // Without a connection the title is not known: an old one would go on showing as live.
    this.title = null;
    this.burst = [];
    this.burstSize = 0;
    this.burstHead = undefined;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pending = [];
    this.pendingSize = 0;
    req?.destroy();
  }

  shutdown(): void {
    for (const l of this.listeners) l.destroy();
    this.listeners.clear();
    this.close(true);
  }
}

/** Parses ?port=: digits only, 1 to 65535, on the allowlist. */
export function parsePort(raw: unknown, allowed: readonly number[]): number | null {
  if (typeof raw !== "string" || !/^\d{1,5}$/.test(raw)) return null;
  const port = Number(raw);
  return port >= 1 && port <= 65535 && allowed.includes(port) ? port : null;
}

/**
 * The live radio relay: one upstream connection per allowed port feeds every listener, ICY
 * metadata is stripped from the audio and its title kept, slow listeners are dropped, and the
 * upstream closes a few seconds after the last listener leaves.
 */
export class RadioHub {
  private readonly channels = new Map<number, Channel>();
  private readonly o: Settings;

  constructor(private readonly options: RadioHubOptions) {
    this.o = {
      log: options.log,
      userAgent: options.userAgent,
      maxListeners: options.maxListeners ?? 200,
      burstBytes: options.burstBytes ?? 64 * 1024,
      maxBacklogBytes: options.maxBacklogBytes ?? 512 * 1024,
      idleCloseMs: options.idleCloseMs ?? 5_000,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      reconnectBaseMs: options.reconnectBaseMs ?? 1_000,
      stallTimeoutMs: options.stallTimeoutMs ?? 10_000,
      clock: options.clock ?? Date.now,
      flushBytes: options.flushBytes ?? 8192,
      flushMs: options.flushMs ?? 250,
      onTitle: options.onTitle ?? (() => undefined),
    };
  }

  private channel(port: number): Channel {
    let channel = this.channels.get(port);
    if (!channel) {
      const url = new URL(this.options.upstream);
      url.port = String(port);
      channel = new Channel(url, this.o);
      this.channels.set(port, channel);
    }
    return channel;
  }

  /** Listeners on every channel, with those whose upstream is still connecting. */
  get listeners(): number {
    return this.occupancy();
  }

  /** Listeners on every channel, with those whose upstream is still connecting. */
  private occupancy(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.occupancy;
    return n;
  }

  /** The ports a listener may ask for (the only upstreams this relay will ever open). */
  get ports(): readonly number[] {
    return this.options.ports;
  }

  /** Whether the relay has a station to relay: without one, no listener can be served. */
  get configured(): boolean {
    return Boolean(this.options.upstream);
  }

  /** Whether the relay holds as many listeners as it may, those still connecting counted. */
  get full(): boolean {
    return this.occupancy() >= this.o.maxListeners;
  }

  /** The audio type a port's station sends (audio/mpeg until it has answered). */
  contentType(port: number): string {
    return this.channel(port).contentType;
  }

  /**
   * Joins a listener to a port's audio: its place is taken at once, the station's upstream is
   * opened if need be, then `start` is told the audio's type (the listener's answer begins) and
   * the audio flows to the listener until it leaves or falls behind.
   */
  async join(
    port: number,
    listener: RadioListener,
    start: (contentType: string) => void,
  ): Promise<Joined> {
    const channel = this.channel(port);
    // The place is taken before the first await, so the limit counts every listener that has
    // passed it, connected or not: checked, then awaited, 200 arrivals at an idle upstream all got
    // in. A listener who leaves while the upstream connects gives it back at once.
    const release = channel.reserve();
    let gone = false;
    const leave = () => {
      gone = true;
      release();
    };
    listener.once("close", leave);
    try {
      await channel.open();
    } catch (error) {
      release();
      this.o.log.warn({ port, error: (error as Error).message }, "radio upstream unavailable");
      return gone ? "left" : "unavailable";
    }
    if (gone) return "left";
    listener.off("close", leave);
    start(channel.contentType);
    channel.add(listener);
    // Given back only once it listens: in between, the channel would look empty and idle.
    release();
    return "listening";
  }

  /** What a port's station plays now, what it played, and who listens (the now-playing API). */
  nowPlaying(port = this.options.ports[0] ?? 0): NowPlaying {
    const channel = this.channels.get(port);
    return {
      title: channel?.title ?? null,
      recent: channel?.recent ?? [],
      listeners: channel?.listeners.size ?? 0,
      upstream: channel?.state ?? "idle",
    };
  }

  shutdown(): void {
    for (const c of this.channels.values()) c.shutdown();
  }
}
