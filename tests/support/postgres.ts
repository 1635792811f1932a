import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

/** Where Debian's postgresql package puts its programs (the newest version installed). */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], "bin");
}

/** What to tell someone whose machine lacks PostgreSQL. */
export const POSTGRES_MISSING =
  "PostgreSQL missing: apt-get install -y postgresql (npm run test:all does it)";

/** A throwaway PostgreSQL cluster on 127.0.0.1, its data in a temp folder. */
export interface TestPostgres {
  /** A superuser's URL of the database `postgres`. */
  adminUrl: string;
  /** Makes a fresh empty database owned by a plain (not super) user; returns its URL. */
  createDatabase(): string;
  /** Runs SQL as the superuser (in database `postgres` unless told); returns what psql printed. */
  psql(sql: string, db?: string): string;
  /**
   * Stops the server, its data kept (`pg_ctl stop -m fast` unless told: every session is ended
   * with 57P01, as an operator's restart does); `resume()` starts it again on the same port.
   */
  halt(mode?: "smart" | "fast" | "immediate"): void;
  resume(): void;
  stop(): void;
}

let databases = 0;

/**
 * Starts a PostgreSQL cluster of its own on a free loopback port (no Unix socket outside its
 * folder, nothing else on the machine touched), PostgreSQL's own defaults otherwise (shared
 * buffers 128 MB). PostgreSQL refuses to run as root: as root, its
 * programs run as the `postgres` user (setpriv), which owns the folder.
 */
export async function startPostgres(options: { fsync?: boolean } = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const root = mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  chmodSync(root, 0o755);
  const data = path.join(root, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const command = asRoot ? "setpriv" : path.join(bin, program);
    const full = asRoot
      ? ["--reuid=postgres", "--regid=postgres", "--init-groups", path.join(bin, program), ...args]
      : args;
    return execFileSync(command, full, { stdio: ["ignore", "pipe", "pipe"], cwd: root }).toString();
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(root, uid, gid);
  }
  const superuser = asRoot ? "postgres" : os.userInfo().username;
  run("initdb", ["-D", data, "-U", superuser, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(root, "log"),
      "-w",
      "-o",
      // Tests need no durability (fsync off: faster); the benchmark measures with it on.
      `-p ${port} -h 127.0.0.1 -k ${root}${options.fsync ? "" : " -c fsync=off -c full_page_writes=off"}`,
      "start",
    ]);
  start();
  let running = true;
  const psql = (db: string, sql: string) =>
    run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", superuser, "-d", db, "-qAtc", sql]);
  psql("postgres", "CREATE ROLE site LOGIN");
  return {
    adminUrl: `postgres://${superuser}@127.0.0.1:${port}/postgres`,
    createDatabase() {
      const name = `site_${process.pid}_${++databases}`;
      // Owned by a plain role, as a production site's database would be: it may create the
      // trusted extension unaccent, and nothing a superuser alone may.
      psql("postgres", `CREATE DATABASE ${name} OWNER site`);
      return `postgres://site@127.0.0.1:${port}/${name}`;
    },
    psql: (sql, db = "postgres") => psql(db, sql),
    halt(mode = "fast") {
      run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
      running = false;
    },
    resume() {
      start();
      running = true;
    },
    stop() {
      try {
        if (running) run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
