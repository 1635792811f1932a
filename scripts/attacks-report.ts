// What every part of bench:attacks' round 4 shares: its figure lines, and the package's own
// scripts (backup, restore) run as an operator runs them.
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** One labelled figure line. */
export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(58)} ${value}`);
}

/** Runs one of the package's scripts (backup, restore) as an operator would, on `dataDir`. */
export function runScript(script: string, dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
}
