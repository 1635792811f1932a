import http from "node:http";
import https from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_CONTROL } from "../../app/lib/http";
import { SECURITY_HEADERS } from "../security";
import { IcyDemuxer } from "./icy";
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
   * Audio is sent to listeners in blocks of at least this many bytes, or after `flushMs`: one
   * write per listener per block rather than one per upstream packet (an MP3 frame is ~400 bytes).
   */
  flushBytes?: number;
  flushMs?: number;
}

export type UpstreamState = "idle" | "connecting" | "connected" | "reconnecting";

export interface NowPlaying {
  title: string | null;
  listeners: number;
  upstream: UpstreamState;
}

const MAX_RECONNECT_MS = 30_000;
/** After a reconnect, how long the first audio is held to find where listeners left off. */
const RESUME_HOLD_MS = 500;
/** How much of the last audio sent identifies where listeners left off. */
const RESUME_TAIL_BYTES = 1024;

/** One upstream connection and everyone listening to it. */
class Channel {
  listeners = new Set<ServerResponse>();
  state: UpstreamState = "idle";
  title: string | null = null;
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
  private request: http.ClientRequest | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly url: URL,
    private readonly o: Required<Omit<RadioHubOptions, "upstream" | "ports">>,
  ) {}

  /** Connects (if not connected) and resolves when audio can flow, or rejects. */
  open(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.state === "connected" || this.state === "reconnecting") return Promise.resolve();
    // Listeners who arrive while the upstream is connecting share that one connection.
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private connect(): Promise<void> {
    this.state = this.state === "reconnecting" ? "reconnecting" : "connecting";
    return new Promise((resolve, reject) => {
      const client = this.url.protocol === "https:" ? https : http;
      const req = client.get(this.url, {
        headers: { "Icy-MetaData": "1", "User-Agent": this.o.userAgent },
      });
      this.request = req;
      const timer = setTimeout(
        () => req.destroy(new Error("upstream did not answer in time")),
        this.o.connectTimeoutMs,
      );
      req.on("response", (res) => {
        clearTimeout(timer);
        if ((res.statusCode ?? 500) >= 400) {
          res.resume();
          req.destroy();
          this.state = "idle";
          reject(new Error(`upstream answered HTTP ${res.statusCode}`));
          return;
        }
        this.resumeAfter = this.state === "reconnecting" ? this.tail() : null;
        this.state = "connected";
        this.failures = 0;
        this.synced = false;
        this.contentType =
          String(res.headers["content-type"] ?? "audio/mpeg").split(";")[0] ?? "audio/mpeg";
        const demux = new IcyDemuxer(Number(res.headers["icy-metaint"] ?? 0), (title) => {
          this.title = title || null;
        });
        res.on("data", (chunk: Buffer) => this.receive(demux.push(chunk)));
        res.on("close", () => this.dropped());
        resolve();
      });
      req.on("error", (error) => {
        clearTimeout(timer);
        if (this.state === "connecting") {
          this.state = "idle";
          reject(error);
        }
      });
    });
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
    const last: Buffer[] = [];
    let size = 0;
    for (let i = this.burst.length - 1; i >= 0 && size < RESUME_TAIL_BYTES; i--) {
      const chunk = this.burst[i] as Buffer;
      last.unshift(chunk);
      size += chunk.length;
    }
    return Buffer.concat(last).subarray(-RESUME_TAIL_BYTES);
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
   * upstream's first bytes may start mid-frame).
   */
  private startOf(block: Buffer): number {
    const seen = this.resumeAfter;
    this.resumeAfter = null;
    const at = seen ? block.indexOf(seen) : -1;
    if (seen && at !== -1) return at + seen.length;
    return frameStart(block, this.contentType);
  }

  private broadcast(audio: Buffer): void {
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

  /** The upstream closed: reconnect with backoff while anyone listens. */
  private dropped(): void {
    this.request = null;
    this.flush();
    if (this.listeners.size === 0) {
      this.state = "idle";
      return;
    }
    this.state = "reconnecting";
    const delay = Math.min(this.o.reconnectBaseMs * 2 ** this.failures, MAX_RECONNECT_MS);
    this.failures++;
    this.o.log.warn({ upstream: this.url.href, retryInMs: delay }, "radio upstream dropped");
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.listeners.size === 0) {
        this.state = "idle";
        return;
      }
      this.connect().catch(() => this.dropped());
    }, delay);
  }

  add(listener: ServerResponse): void {
    this.listeners.add(listener);
    if (this.burstSize > 0) {
      // The burst, from its first whole frame (players refuse a stream that starts mid-frame).
      const burst = Buffer.concat(this.burst, this.burstSize);
      if (this.burst[0] !== this.burstHead) {
        this.burstHead = this.burst[0];
        this.burstFrame = frameStart(burst.subarray(0, 16 * 1024), this.contentType);
      }
      listener.socket?.write(this.burstFrame > 0 ? burst.subarray(this.burstFrame) : burst);
    }
    listener.on("close", () => this.remove(listener));
  }

  private remove(listener: ServerResponse): void {
    this.listeners.delete(listener);
    if (this.listeners.size > 0 || this.idleTimer) return;
    this.idleTimer = setTimeout(() => this.close(), this.o.idleCloseMs);
  }

  /** Closes the upstream (no one listens any more). */
  close(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.idleTimer = this.retryTimer = null;
    if (this.listeners.size > 0) return;
    const req = this.request;
    this.request = null;
    this.state = "idle";
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
    this.close();
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
  private readonly o: Required<Omit<RadioHubOptions, "upstream" | "ports">>;

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
      flushBytes: options.flushBytes ?? 8192,
      flushMs: options.flushMs ?? 250,
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

  private listenerCount(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.listeners.size;
    return n;
  }

  /** GET/HEAD /api/stream?port=N */
  stream = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const json = (status: number, body: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        ...SECURITY_HEADERS,
        "Cache-Control": CACHE_CONTROL.stream,
        "Content-Type": "application/json; charset=utf-8",
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const ports = new URL(req.url ?? "/", "http://relay").searchParams.getAll("port");
    const port = parsePort(ports.length === 1 ? ports[0] : undefined, this.options.ports);
    if (port === null) {
      json(400, { error: `port must be one of: ${this.options.ports.join(", ")}` });
      return;
    }
    if (!this.options.upstream) {
      json(503, { error: "The radio stream is not configured." });
      return;
    }
    const channel = this.channel(port);
    const audioHeaders = {
      ...SECURITY_HEADERS,
      "Cache-Control": CACHE_CONTROL.stream,
      "Content-Type": channel.contentType,
    };
    if (req.method === "HEAD") {
      res.writeHead(200, audioHeaders);
      res.end();
      return;
    }
    if (this.listenerCount() >= this.o.maxListeners) {
      json(
        503,
        { error: "Too many listeners. Please try again shortly." },
        { "Retry-After": "30" },
      );
      return;
    }
    try {
      await channel.open();
    } catch (error) {
      this.o.log.warn({ port, error: (error as Error).message }, "radio upstream unreachable");
      json(502, { error: "The radio stream is unavailable." });
      return;
    }
    if (res.destroyed) return;
    // An endless body ends when the connection closes, as Icecast's do: no chunked framing
    // around every block.
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, { ...audioHeaders, "X-Accel-Buffering": "no" });
    res.flushHeaders();
    channel.add(res);
  };

  /** GET /api/radio/now-playing */
  nowPlaying(port = this.options.ports[0] ?? 0): NowPlaying {
    const channel = this.channels.get(port);
    return {
      title: channel?.title ?? null,
      listeners: channel?.listeners.size ?? 0,
      upstream: channel?.state ?? "idle",
    };
  }

  shutdown(): void {
    for (const c of this.channels.values()) c.shutdown();
  }
}
