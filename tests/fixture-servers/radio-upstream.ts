import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import CodecParser from "codec-parser";

/**
 * A stand-in for the station's Icecast server. It plays a committed MP3 (five seconds of notes,
 * made by scripts/make-radio-fixture.sh) in a loop, live: every listener hears the same point of
 * the stream, sent in real time at the file's bitrate (or `speed` times faster), after a burst of
 * recent audio the way Icecast does it. It inserts ICY metadata every `metaint` bytes for a
 * listener who asks (Icy-MetaData: 1): the title when it changed, else an empty block, and it
 * moves to the next title every `titleIntervalMs`. It can be told to drop every connection or to
 * refuse new ones, in code or, for a station in another process, over HTTP:
 *
 *   POST /control?drop=1         closes every listener's connection
 *   POST /control?refuse=1|0     refuses (resets) new connections, or stops refusing
 *   POST /control?title=TEXT     sets the title now
 */
export interface RadioStation {
  url: string;
  port: number;
  /** The looped audio: every byte a listener gets comes from this, in order. */
  audio: Buffer;
  /** Bytes per second at normal speed. */
  bytesPerSecond: number;
  /** How many stream connections it has accepted. */
  readonly connections: number;
  /** How many are open now. */
  open(): number;
  readonly title: string;
  setTitle(title: string): void;
  /** Closes every current connection (the station "drops"). */
  drop(): void;
  /** While on, a new connection is reset before any answer. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export interface RadioStationOptions {
  port?: number;
  /** Bytes of audio between two metadata blocks (Icecast's default is 16000). */
  metaint?: number;
  /** How many times faster than real time it plays (tests of slow listeners use a fast one). */
  speed?: number;
  /** Bytes of recent audio a new listener gets at once. */
  burstBytes?: number;
  titles?: string[];
  titleIntervalMs?: number;
  /**
   * The station's clock in ms (performance.now by default): how much audio is due comes from it,
   * so a test with a clock of its own knows to the byte what a listener gets.
   */
  clock?: () => number;
  /**
   * Start each listener on an MP3 frame, as Icecast does (default). Off, a listener's audio starts
   * wherever the live position is: mid-frame, as a careless upstream might send it.
   */
  alignToFrames?: boolean;
}

export const STATION_MP3 = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../fixtures/radio/station.mp3",
);
/** The fixture is 128 kbps CBR. */
export const STATION_BITRATE = 128_000;
export const STATION_TITLES = [
  "Morning Drive with the Newsroom",
  "City Desk at Noon",
  "Evening Jazz Hour",
];
const TICK_MS = 20;

/** Where each MP3 frame of `audio` starts (the file is bare frames from its first byte). */
export function frameOffsets(audio: Buffer): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const frame of new CodecParser("audio/mpeg", { enableLogging: false }).parseAll(audio)) {
    offsets.push(at);
    at += frame.data.length;
  }
  return offsets;
}

/**
 * The ICY metadata block carrying `title` (and a StreamUrl field when given, as some stations
 * send): a length byte (×16), then the padded text. No title: an empty block, one zero byte.
 */
export function icyBlock(title: string | null, streamUrl?: string): Buffer {
  if (title === null) return Buffer.alloc(1);
  const quote = (value: string) => value.replace(/'/g, "’");
  const url = streamUrl === undefined ? "" : `StreamUrl='${quote(streamUrl)}';`;
  const text = Buffer.from(`StreamTitle='${quote(title)}';${url}`);
  const blocks = Math.min(255, Math.ceil(text.length / 16));
  const block = Buffer.alloc(1 + blocks * 16);
  block[0] = blocks;
  text.copy(block, 1, 0, blocks * 16);
  return block;
}

interface Listener {
  res: ServerResponse;
  /** Bytes until the next metadata block; 0 for a listener without metadata. */
  untilMeta: number;
  sentTitle: string | null;
}

export async function startRadioStation(options: RadioStationOptions = {}): Promise<RadioStation> {
  const audio = readFileSync(STATION_MP3);
  const bytesPerSecond = STATION_BITRATE / 8;
  const metaint = options.metaint ?? 16_000;
  const speed = options.speed ?? 1;
  const burstBytes = options.burstBytes ?? 32 * 1024;
  const titles = options.titles ?? STATION_TITLES;
  const frames = options.alignToFrames === false ? null : frameOffsets(audio);
  /** The stream position of the first frame at or after `at`. */
  const nextFrame = (at: number): number => {
    if (!frames) return at;
    const loop = at - (at % audio.length);
    const next = frames.find((offset) => offset >= at % audio.length);
    return next === undefined ? loop + audio.length : loop + next;
  };
  let titleIndex = 0;
  let title = titles[0] ?? "";
  let refusing = false;
  let connections = 0;
  const listeners = new Set<Listener>();

  /** The audio from stream position `from` (bytes since the start, looping) to `to`. */
  const slice = (from: number, to: number): Buffer => {
    const parts: Buffer[] = [];
    for (let at = from; at < to;) {
      const offset = at % audio.length;
      const take = Math.min(audio.length - offset, to - at);
      parts.push(audio.subarray(offset, offset + take));
      at += take;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  };

  /** Writes audio to a listener, with a metadata block every `metaint` bytes if it asked. */
  const send = (listener: Listener, bytes: Buffer): void => {
    if (listener.untilMeta === 0) {
      listener.res.write(bytes);
      return;
    }
    const parts: Buffer[] = [];
    for (let i = 0; i < bytes.length;) {
      const take = Math.min(listener.untilMeta, bytes.length - i);
      parts.push(bytes.subarray(i, i + take));
      i += take;
      listener.untilMeta -= take;
      if (listener.untilMeta === 0) {
        parts.push(icyBlock(listener.sentTitle === title ? null : title));
        listener.sentTitle = title;
        listener.untilMeta = metaint;
      }
    }
    listener.res.write(Buffer.concat(parts));
  };

  // The live position: bytes of audio played since the station started. It starts a burst ahead
  // so that the first listener also gets its burst.
  const now = options.clock ?? (() => performance.now());
  const started = now();
  let position = burstBytes;
  const clock = setInterval(() => {
    const due = burstBytes + Math.floor(((now() - started) / 1000) * bytesPerSecond * speed);
    if (due <= position) return;
    const bytes = slice(position, due);
    position = due;
    for (const listener of listeners) send(listener, bytes);
  }, TICK_MS);
  const rotation = setInterval(() => {
    titleIndex = (titleIndex + 1) % titles.length;
    title = titles[titleIndex] ?? title;
  }, options.titleIntervalMs ?? 20_000);

  const control = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void => {
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    if (query.get("drop") === "1") station.drop();
    if (query.has("refuse")) station.refuse(query.get("refuse") === "1");
    const newTitle = query.get("title");
    if (newTitle) station.setTitle(newTitle);
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ title, refusing, listeners: listeners.size }));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://station");
    if (url.pathname === "/control") {
      control(req, res, url.searchParams);
      return;
    }
    if (refusing) {
      req.socket.destroy();
      return;
    }
    connections++;
    const wantsMeta = req.headers["icy-metadata"] === "1";
    res.writeHead(200, {
      "Content-Type": "audio/mpeg",
      "Cache-Control": "no-cache, no-store",
      "icy-name": "Fixture FM",
      "icy-br": String(STATION_BITRATE / 1000),
      ...(wantsMeta ? { "icy-metaint": String(metaint) } : {}),
    });
    const listener: Listener = { res, untilMeta: wantsMeta ? metaint : 0, sentTitle: null };
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    listeners.add(listener);
    res.on("close", () => listeners.delete(listener));
    send(listener, slice(nextFrame(Math.max(0, position - burstBytes)), position));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const station: RadioStation = {
    url: `http://127.0.0.1:${port}/stream`,
    port,
    audio,
    bytesPerSecond,
    get connections() {
      return connections;
    },
    open: () => listeners.size,
    get title() {
      return title;
    },
    setTitle: (t) => {
      title = t;
    },
    drop: () => {
      for (const l of listeners) l.res.destroy();
    },
    refuse: (on) => {
      refusing = on;
    },
    close: () =>
      new Promise((resolve) => {
        clearInterval(clock);
        clearInterval(rotation);
        for (const l of listeners) l.res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return station;
}

/**
 * Where `received` (audio a listener got) starts in the station's loop, or -1 when it is not one
 * unbroken run of the loop's bytes (a byte lost, added or changed: a leaked metadata block, say).
 */
export function offsetInLoop(audio: Buffer, received: Buffer): number {
  if (received.length === 0) return 0;
  const probe = received.subarray(0, Math.min(256, received.length));
  const doubled = Buffer.concat([audio, audio]);
  for (let start = doubled.indexOf(probe); start !== -1 && start < audio.length;) {
    let ok = true;
    for (let i = 0; i < received.length && ok; i += audio.length) {
      const end = Math.min(received.length, i + audio.length);
      const want = doubled.subarray(
        (start + i) % audio.length,
        ((start + i) % audio.length) + (end - i),
      );
      ok = want.equals(received.subarray(i, end));
    }
    if (ok) return start;
    start = doubled.indexOf(probe, start + 1);
  }
  return -1;
}
