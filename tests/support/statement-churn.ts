// Prepares and drops many SQLite statements while forcing garbage collections, the way a long-lived
// server does over days, then closes the store and exits: the class of failure that a native
// module built against other headers met (a statement freed by the collector with no context
// entered aborted the process). Run under `node --expose-gc --import tsx`, with the database file:
//   node --expose-gc --import tsx tests/support/statement-churn.ts <file>
// Prints what it did as JSON; any exit but 0 is the failure.
import { sql } from "kysely";
import { openDatabase, STATEMENT_CACHE_SIZE } from "../../server/db/open";

const gc = globalThis.gc;
if (!gc) throw new Error("run with --expose-gc");

const ROUNDS = 20;
/** Distinct texts a round, so that the store's statement cache (LRU) drops some every round. */
const TEXTS_A_ROUND = STATEMENT_CACHE_SIZE + 64;

const store = await openDatabase(process.argv[2] ?? ":memory:");
const raw = store.sqlite;
if (!raw) throw new Error("not a SQLite store");
let prepared = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < TEXTS_A_ROUND; i++) {
    // Through Kysely and the store's cache: a new text every time, older ones evicted.
    const n = round * TEXTS_A_ROUND + i;
    await sql`SELECT ${sql.raw(String(n))} AS n, ${n} AS m`.execute(store.db);
    // Straight on the connection, its statement dropped at once.
    raw.prepare(`SELECT ${n} + ? AS n`).get(1);
    prepared += 2;
  }
  // A collection now, inside this context, and one the engine runs as a task of its own.
  gc();
  await gc({ type: "major", execution: "async" });
}
// Statements left for the collector and the environment's teardown to free.
for (let i = 0; i < 1000; i++) raw.prepare(`SELECT ${i} AS last`);
await store.close();
gc();
process.stdout.write(JSON.stringify({ prepared, rounds: ROUNDS }) + "\n");
