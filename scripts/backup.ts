// npm run backup -- FILE [--force]: a consistent copy of the network's SQLite database
// (DATA_DIR/network.db) while the site runs, checked before it is given its name.
// With DATABASE_URL (PostgreSQL) there is nothing here to copy: use pg_dump (README, Backups).
import { parseArgs } from "node:util";
import { BackupError, backupDatabase } from "../server/db/backup";
import { networkDatabaseFile } from "../server/db/open";
import { readEnv, withEnvFile } from "../server/settings/env";

const USAGE = "Usage: npm run backup -- FILE [--force]";

function readOptions(): { file: string; force: boolean } {
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: "boolean" } },
      allowPositionals: true,
    });
    const [file, ...rest] = positionals;
    if (!file || rest.length > 0) throw new Error("name one file to write the backup to");
    return { file, force: values.force ?? false };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const options = readOptions();
const env = readEnv(withEnvFile());
if (env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: the site's data is in PostgreSQL. Back it up with pg_dump -Fc (README, Backups).",
  );
  process.exit(1);
}
const source = networkDatabaseFile(env.DATA_DIR);
try {
  await backupDatabase(source, options.file, { force: options.force });
  console.log(`Backed up ${source} to ${options.file}`);
} catch (error) {
  // One line for the operator, never a stack trace: a BackupError says what to do; anything else
  // (a disk full, a file it may not read) is named by its message.
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof BackupError ? message : `Backup failed: ${message}`);
  process.exit(1);
}
