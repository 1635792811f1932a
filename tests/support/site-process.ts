import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

/** A production server of this build (build/server-main), in a process of its own. */
export interface SiteProcess {
  url: string;
  port: number;
  pid: number;
  /** Its DATA_DIR: a fresh temporary folder, removed on stop. */
  dataDir: string;
  /** What it wrote to standard output so far (with keepOutput; else empty). */
  output(): string;
  stop(): Promise<void>;
}

export interface SiteProcessOptions {
  /** Settings added to (or replacing) the defaults; a function gets the DATA_DIR first. */
  env?: Record<string, string> | ((dataDir: string) => Record<string, string>);
  /** How long to wait for /healthz. */
  timeoutMs?: number;
  /** Node's own options (e.g. the heap cap `npm start` sets). */
  nodeArgs?: string[];
  /** Keep its standard output (its log lines), for `output()`; dropped unless asked for. */
  keepOutput?: boolean;
}

/**
 * The settings a production server of this build starts with in tests and benchmarks (over the
 * process's own environment): on `port` at loopback, its DATA_DIR `dataDir`, reaching no host
 * past this machine. A caller's settings go on top.
 */
export function siteProcessEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    // Served on 127.0.0.1, which no city names: the default city answers, at this address.
    DEFAULT_SITE: "houston",
    SITE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // No load balancer to wait for: stop() closes at once (server/shutdown.ts).
    SHUTDOWN_GRACE_SECONDS: "0",
    // A test never reaches past this machine: feeds, pictures and covers outside the
    // allowlist (the fixture servers' address, which callers add) fail as if offline.
    ALLOW_PUBLIC_HOSTS: "false",
    // The weather service too: a loopback port nothing listens on (the fixture's address
    // replaces it where a test starts the fixture weather service).
    NWS_API_URL: "http://127.0.0.1:9",
    NWS_RADAR_URL: "http://127.0.0.1:9",
  };
}

/**
 * Starts `node build/server-main/index.js` on a free loopback port with a fresh DATA_DIR and
 * resolves once it answers /healthz (or rejects, with its exit code, if it stops first). It
 * reaches no public host (ALLOW_PUBLIC_HOSTS=false). Its
 * standard output is dropped unless kept (keepOutput); errors go to standard error.
 */
export async function startSiteProcess(options: SiteProcessOptions = {}): Promise<SiteProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `site-${port}-`));
  const url = `http://127.0.0.1:${port}`;
  const extra = typeof options.env === "function" ? options.env(dataDir) : (options.env ?? {});
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), "build/server-main/index.js"],
    {
      env: {
        ...siteProcessEnv(port, dataDir),
        ...extra,
      },
      stdio: ["ignore", options.keepOutput ? "pipe" : "ignore", "inherit"],
    },
  );
  const written: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => written.push(chunk));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const stop = async () => {
    if (exitCode === undefined) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`The site on ${url} stopped with code ${exitCode} before it answered`);
    }
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The site on ${url} did not answer /healthz in time`);
    }
    // The process is starting (no event to await from outside it): look again shortly.
    await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
  }
  const output = () => Buffer.concat(written).toString("utf8");
  return { url, port, pid: child.pid ?? 0, dataDir, output, stop };
}
