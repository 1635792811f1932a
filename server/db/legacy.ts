import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import type { Db } from "./open";
import { networkDatabaseFile } from "./open";

/**
 * A DATA_DIR from the days of one city per process holds `<city>.db` (its news and messages) and
 * its generated keys `<city>.contact-key` and `<city>.image-key`. When the network's database does
 * not exist yet, that city's files become the network's, renamed (the database with its WAL and
 * shared-memory files, none of them open yet): nothing is copied and nothing is lost. Returns
 * whether they were adopted; `claimLegacyMessages` then gives the city its messages.
 */
export function adoptLegacyFiles(dataDir: string, cityId: string): boolean {
  const target = networkDatabaseFile(dataDir);
  const legacy = path.join(dataDir, `${cityId}.db`);
  if (existsSync(target) || !existsSync(legacy)) return false;
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(legacy + suffix)) renameSync(legacy + suffix, target + suffix);
  }
  renameSync(legacy, target);
  for (const kind of ["contact-key", "image-key"]) {
    const old = path.join(dataDir, `${cityId}.${kind}`);
    const now = path.join(dataDir, `network.${kind}`);
    if (existsSync(old) && !existsSync(now)) renameSync(old, now);
  }
  return true;
}

/**
 * Which city's one-city files to adopt into a new network database: DEFAULT_SITE's when it has
 * a `<city>.db`, else the one served city that has one; none when the network's database exists,
 * or when several served cities have one and no DEFAULT_SITE says which (`ambiguous` lists them,
 * for the operator's log).
 */
export function legacyCity(
  dataDir: string,
  served: readonly string[],
  defaultSite?: string,
): { city?: string; ambiguous: string[] } {
  if (existsSync(networkDatabaseFile(dataDir))) return { ambiguous: [] };
  const found = served.filter((id) => existsSync(path.join(dataDir, `${id}.db`)));
  if (defaultSite && found.includes(defaultSite)) return { city: defaultSite, ambiguous: [] };
  return found.length === 1 ? { city: found[0], ambiguous: [] } : { ambiguous: found };
}

/** Messages stored before they named their city (step 8: db/legacy-schema.ts) are `cityId`'s. */
export function claimLegacyMessages(db: Db, cityId: string): number {
  return db.prepare("UPDATE messages SET site = ? WHERE site = ''").run(cityId).changes;
}
