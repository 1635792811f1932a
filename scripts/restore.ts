// npm run restore -- FILE: puts a backup (npm run backup) back as the network's SQLite database
// (DATA_DIR/network.db). The site must be stopped: the restore refuses while any site process
// holds DATA_DIR's lock (server/db/data-lock.ts) or another process has the database open, and
// refuses a backup holding what the migrations do not make (a trigger of its own, say). The
// database it replaces is kept as network.db.bak-<time>.
// With DATABASE_URL (PostgreSQL): use pg_restore (README, Backups).
import { parseArgs } from "node:util";
import { BackupError, restoreDatabase } from "../server/db/backup";
import { networkDatabaseFile } from "../server/db/open";
import { readEnv, withEnvFile } from "../server/settings/env";

const USAGE = "Usage: npm run restore -- FILE (with the site stopped)";

function readFile(): string {
  try {
    const { positionals } = parseArgs({ allowPositionals: true });
    const [file, ...rest] = positionals;
    if (!file || rest.length > 0) throw new Error("name the one backup file to restore");
    return file;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const file = readFile();
const env = readEnv(withEnvFile());
if (env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: the site's data is in PostgreSQL. Restore it with pg_restore (README, Backups).",
  );
  process.exit(1);
}
const target = networkDatabaseFile(env.DATA_DIR);
try {
  const safetyCopy = await restoreDatabase(file, target);
  console.log(`Restored ${file} to ${target}`);
  if (safetyCopy) console.log(`The database it replaced is kept as ${safetyCopy}`);
} catch (error) {
  // One line for the operator, never a stack trace: a BackupError says what to do; anything else
  // (a disk full, a file it may not read) is named by its message.
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof BackupError ? message : `Restore failed: ${message}`);
  process.exit(1);
}
