import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { lockDataFolderExclusively } from "../../server/db/data-lock";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * What a site does at start-up (server/index.ts): DATA_DIR's lock, then, with `database`, its
 * database opened and left idle; then it waits, and ends with its stdin.
 */
function siteScript(database: boolean): string {
  return [
    'import { holdDataFolder } from "./server/db/data-lock.ts";',
    'import { networkDatabaseFile, openDatabase } from "./server/db/open.ts";',
    "holdDataFolder(process.env.DATA_DIR);",
    database ? "await openDatabase(networkDatabaseFile(process.env.DATA_DIR));" : "",
    'console.log("locked");',
    'process.stdin.on("end", () => process.exit(0));',
    "process.stdin.resume();",
  ].join("\n");
}

/**
 * A site's hold on `dir` in a process of its own (started through tsx), once it has printed
 * "locked"; `kill` ends it as a crash would (SIGKILL) and resolves once it has gone.
 */
export async function siteElsewhere(
  dir: string,
  { database = false }: { database?: boolean } = {},
): Promise<{ kill(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", siteScript(database)],
    { cwd: ROOT, env: { PATH: process.env.PATH, DATA_DIR: dir }, stdio: ["pipe", "pipe", "pipe"] },
  );
  const exited = once(child, "exit");
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("locked\n")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the site ended (${code}): ${out}${err}`)));
  });
  return {
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Runs `work` while this process holds `dir`'s lock as a restore does (EXCLUSIVE), then lets it
 * go: what a tool does while a restore is under way. Resolves with what `work` gave.
 */
export async function whileRestoring<T>(dir: string, work: () => T | Promise<T>): Promise<T> {
  const restore = lockDataFolderExclusively(dir);
  if (!restore) throw new Error(`${dir} is held: no restore could take it`);
  try {
    return await work();
  } finally {
    restore.release();
  }
}
