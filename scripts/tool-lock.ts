import { DataFolderBusyError, holdDataFolder } from "../server/db/data-lock";

/**
 * DATA_DIR's lock (server/db/data-lock.ts) for a tool that opens its database (npm run briefing,
 * feeds, messages; nothing with DATABASE_URL, whose database is PostgreSQL's), SHARED as a
 * site's and held until the tool ends: a restore refuses while the tool runs (a tool's idle
 * connection is as invisible to SQLite's own locks as a site's), and the tool refuses at once,
 * saying so and exiting 1, while a restore is under way. `tool` is how the operator runs it.
 */
export function holdDataFolderForTool(
  env: { DATA_DIR: string; DATABASE_URL?: string | undefined },
  tool: string,
): void {
  if (env.DATABASE_URL) return;
  try {
    holdDataFolder(env.DATA_DIR, { timeoutMs: 0, then: `run ${tool} again once it is done` });
  } catch (error) {
    if (!(error instanceof DataFolderBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
