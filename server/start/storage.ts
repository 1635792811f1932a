import { sql } from "kysely";
import type { Logger } from "pino";
import type { Env } from "../settings/env";
import { Readiness } from "../http/ready";
import { adoptLegacyFiles, claimLegacyMessages, legacyCity } from "../db/legacy";
import { networkDatabaseFile, openDatabase, type Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { openMessageStore } from "../messages/store";

/**
 * The process's databases, opened at start: the network's (PostgreSQL with DATABASE_URL, else
 * SQLite in DATA_DIR, adopting a one-city DATA_DIR of old), the readers' messages' own, and what
 * /readyz checks of them.
 */

/**
 * What /readyz checks (http/ready.ts): a SELECT 1 on the network's database (the health
 * tracker's view first, on PostgreSQL) and the cities served. The schema was migrated as the
 * database was opened, before this.
 */
export function readinessOf(db: Store, served: readonly string[]): Readiness {
  const health = db.health;
  return new Readiness({
    queryDatabase: () => sql`SELECT 1`.execute(db.db),
    databaseAvailable: health ? () => health.available : undefined,
    cities: () => served.length,
  });
}

/**
 * The readers' messages: a connection of their own, with synchronous FULL on SQLite, so that an
 * acknowledged message survives power loss.
 */
export function openMessages(env: Env) {
  return openMessageStore({
    dataDir: env.DATA_DIR,
    secret: env.CONTACT_KEY_SECRET,
    databaseUrl: env.DATABASE_URL,
  });
}

/** The database: PostgreSQL with DATABASE_URL, or SQLite in DATA_DIR (openEmbedded). */
export async function openStore(
  env: Env,
  served: readonly string[],
  logger: Logger,
): Promise<Store> {
  const db = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, {
        poolSize: env.DATABASE_POOL_SIZE,
        // Its outages and their ends are logged (db/health.ts), the message store's pool's too.
        log: logger.child({ part: "database" }),
      })
    : await openEmbedded(env.DATA_DIR, served, env.DEFAULT_SITE, logger);
  logger.info({ database: db.dialect }, "database ready");
  return db;
}

/**
 * The embedded database: SQLite in DATA_DIR. A DATA_DIR of the days of one city per process
 * becomes the network's (db/legacy.ts).
 */
async function openEmbedded(
  dataDir: string,
  served: readonly string[],
  defaultSite: string | undefined,
  logger: Logger,
): Promise<Store> {
  const legacy = legacyCity(dataDir, served, defaultSite);
  if (legacy.ambiguous.length > 1) {
    // Not guessed: the operator says which city's news and messages become the network's.
    logger.error(
      { found: legacy.ambiguous },
      "Several one-city databases in DATA_DIR: set DEFAULT_SITE to the one to adopt, or move them",
    );
    throw new Error("Several one-city databases in DATA_DIR and no DEFAULT_SITE to choose one");
  }
  const adopted = legacy.city !== undefined && adoptLegacyFiles(dataDir, legacy.city);
  const db = await openDatabase(networkDatabaseFile(dataDir));
  if (adopted && legacy.city && db.sqlite) {
    logger.info(
      { site: legacy.city, messages: claimLegacyMessages(db.sqlite, legacy.city) },
      "adopted the one-city database",
    );
  }
  return db;
}
