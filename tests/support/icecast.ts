import { spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { STATION_MP3 } from "../fixture-servers/radio-upstream";
import { freePort } from "./ports";

/**
 * A real Icecast 2 server (Debian's icecast2) on 127.0.0.1, fed the fixture station's MP3 in a
 * loop by ffmpeg, for the integration test and `npm run bench:radio`. Icecast refuses to run as
 * root, so as root it runs as the package's own user.
 */
export interface Icecast {
  port: number;
  /** The mount's URL. */
  url: string;
  /** The icecast2 process (its CPU and memory are measured by the benchmark). */
  pid: number;
  /** Sets the title Icecast sends as ICY metadata, through its admin interface. */
  setTitle(title: string): Promise<void>;
  stop(): Promise<void>;
}

const PASSWORD = "fixture-only";
export const ICECAST_BINARY = "/usr/bin/icecast2";
export const FFMPEG_BINARY = "/usr/bin/ffmpeg";

/** Which of icecast2 and ffmpeg this machine lacks. */
export function missingIcecastBinaries(): string[] {
  return [ICECAST_BINARY, FFMPEG_BINARY].filter((binary) => !existsSync(binary));
}

/** What to tell someone whose machine lacks them. */
export function missingMessage(missing: readonly string[]): string {
  return `${missing.join(" and ")} missing: apt-get install -y --no-install-recommends icecast2 ffmpeg (npm run test:all does it)`;
}

function config(dir: string, port: number, clients: number): string {
  return `<icecast>
  <location>127.0.0.1</location>
  <admin>fixture@localhost</admin>
  <limits>
    <clients>${clients}</clients>
    <sources>2</sources>
    <queue-size>524288</queue-size>
    <client-timeout>30</client-timeout>
    <header-timeout>15</header-timeout>
    <source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect>
    <burst-size>65536</burst-size>
  </limits>
  <authentication>
    <source-password>${PASSWORD}</source-password>
    <admin-user>admin</admin-user>
    <admin-password>${PASSWORD}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket>
    <port>${port}</port>
    <bind-address>127.0.0.1</bind-address>
  </listen-socket>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir>
    <logdir>${dir}</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
    <pidfile>${dir}/icecast.pid</pidfile>
  </paths>
  <logging>
    <accesslog>access.log</accesslog>
    <errorlog>error.log</errorlog>
    <loglevel>2</loglevel>
  </logging>
  <security>
    <chroot>0</chroot>
  </security>
</icecast>
`;
}

/**
 * Polls `check` until it holds. A check that throws counts as not yet, unless `fatal` says the
 * error ends the wait (then it is thrown at once).
 */
async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 15_000,
  fatal: (error: unknown) => boolean = () => false,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const done = await check().catch((error: unknown) => {
      if (fatal(error)) throw error;
      return false;
    });
    if (done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Icecast: ${what} did not happen within ${timeoutMs / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Icecast answering on its port, and how to stop it and clean up after it. */
interface Started {
  server: ChildProcess;
  stop: () => Promise<void>;
}

/** An icecast2 that exited while it started, which a new start (on a new port) may get past. */
class StartCrash extends Error {}
/** ffmpeg, Icecast's source, exited: a new start would not help. */
class SourceExit extends Error {}

/**
 * Starts icecast2 with its own config and folder and waits until it answers. A failure says what
 * Icecast wrote to stderr and to its error log, and whether it exited.
 */
async function launch(port: number, clients: number): Promise<Started> {
  const dir = mkdtempSync(path.join(tmpdir(), "icecast-"));
  const file = path.join(dir, "icecast.xml");
  writeFileSync(file, config(dir, port, clients));
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, uidOf("icecast2"), 0);
  const server = asRoot
    ? spawn(
        "setpriv",
        ["--reuid=icecast2", "--regid=icecast", "--init-groups", ICECAST_BINARY, "-c", file],
        {
          stdio: ["ignore", "ignore", "pipe"],
        },
      )
    : spawn(ICECAST_BINARY, ["-c", file], { stdio: ["ignore", "ignore", "pipe"] });
  let serverErrors = "";
  server.stderr?.on("data", (c: Buffer) => (serverErrors += c.toString()));
  const stop = async () => {
    await stopProcess(server);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(
      "start",
      async () => {
        if (exitedOf(server) !== null) throw new StartCrash();
        return (await fetch(`http://127.0.0.1:${port}/status-json.xsl`)).ok;
      },
      15_000,
      (error) => error instanceof StartCrash,
    );
    return { server, stop };
  } catch (error) {
    // What Icecast said: it writes its errors to its own log.
    const exited = exitedOf(server);
    let log = "";
    try {
      log = readFileSync(path.join(dir, "error.log"), "utf8").slice(-2000);
    } catch {
      // No log written.
    }
    await stop();
    const said = `${exited === null ? "" : ` (icecast2 exited: ${exited})`}\n${serverErrors}${log}`;
    throw error instanceof StartCrash
      ? new StartCrash(`Icecast: it exited while starting${said}`)
      : new Error(`${(error as Error).message}${said}`);
  }
}

/**
 * Why a start is made again: icecast2 exited before its mount answered. Debian's icecast2 2.4.4
 * now and then dies of a segfault (a NULL read in libc) while it starts (4 of about 60 starts
 * under the test on this machine); and the port it was given may have been taken in the
 * meantime, which it reports by exiting ("Could not create listener socket"). Each new start
 * gets a new port. A crash after the start fails as before.
 */
const START_ATTEMPTS = 4;

export interface IcecastOptions {
  /** One fixed port, for every attempt (by default each attempt takes a new free port). */
  port?: number;
  /** Listeners Icecast accepts. */
  clients?: number;
  /** Where each attempt's port comes from, when `port` is not given (default `freePort`). */
  nextPort?: () => Promise<number>;
}

export async function startIcecast(options: IcecastOptions = {}): Promise<Icecast> {
  const missing = missingIcecastBinaries();
  if (missing.length > 0) throw new Error(missingMessage(missing));
  const nextPort = options.nextPort ?? (() => freePort());
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options.port ?? (await nextPort()), options.clients ?? 100);
    } catch (error) {
      if (!(error instanceof StartCrash) || attempt === START_ATTEMPTS) throw error;
      console.warn(`${(error as Error).message.split("\n")[0]}; starting it again`);
    }
  }
}

/** Icecast on `port` with ffmpeg as its source, once its mount answers. */
async function startOnce(port: number, clients: number): Promise<Icecast> {
  const started = await launch(port, clients);
  const { server } = started;
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/stream`;
  let source: ChildProcess | undefined;
  const stop = async () => {
    if (source) await stopProcess(source);
    await started.stop();
  };
  try {
    source = spawn(
      FFMPEG_BINARY,
      [
        ...["-nostdin", "-hide_banner", "-loglevel", "error", "-re", "-stream_loop", "-1"],
        ...["-i", STATION_MP3, "-c", "copy", "-id3v2_version", "0", "-write_xing", "0"],
        ...["-content_type", "audio/mpeg", "-f", "mp3"],
        `icecast://source:${PASSWORD}@127.0.0.1:${port}/stream`,
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    const ffmpeg = source;
    await until(
      "the source's mount",
      async () => {
        if (exitedOf(server) !== null) throw new StartCrash(`icecast2 exited: ${exitedOf(server)}`);
        if (exitedOf(ffmpeg) !== null) throw new SourceExit(`ffmpeg exited: ${exitedOf(ffmpeg)}`);
        const res = await fetch(url);
        await res.body?.cancel();
        return res.ok;
      },
      15_000,
      (error) => error instanceof StartCrash || error instanceof SourceExit,
    );
  } catch (error) {
    await stop();
    if (error instanceof StartCrash) {
      throw new StartCrash(
        `Icecast: it exited before the source's mount answered (${error.message})`,
      );
    }
    throw error;
  }
  return {
    port,
    url,
    pid: server.pid ?? 0,
    async setTitle(title) {
      const query = new URLSearchParams({ mount: "/stream", mode: "updinfo", song: title });
      const res = await fetch(`${base}/admin/metadata?${query}`, {
        headers: { Authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString("base64")}` },
      });
      if (!res.ok) throw new Error(`Icecast refused the title: HTTP ${res.status}`);
    },
    stop,
  };
}

/** A process's exit code or signal, or null while it runs. */
function exitedOf(child: ChildProcess): number | string | null {
  return child.exitCode ?? child.signalCode;
}

function uidOf(user: string): number {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${user}:`));
  const uid = Number(line?.split(":")[2]);
  if (!Number.isInteger(uid)) throw new Error(`There is no user ${user}: is icecast2 installed?`);
  return uid;
}
