// Opens (and so migrates) the network's database named on the command line, as a second
// process would: `node --import tsx tests/support/open-database.ts <sqlite file | postgres URL>`.
// Prints the migrations recorded, one name a line.
import { sql } from "kysely";
import { openDatabase } from "../../server/db/open";
import { openPostgres } from "../../server/db/postgres";

const where = process.argv[2] ?? "";
const store = where.startsWith("postgres")
  ? await openPostgres(where, { poolSize: 1 })
  : await openDatabase(where);
const { rows } = await sql<{
  name: string;
}>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db);
process.stdout.write(rows.map((r) => `${r.name}\n`).join(""));
await store.close();
