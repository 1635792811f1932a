// npm run feeds: each feed's state for the newsroom (last success, last error and its reason,
// consecutive failures, next attempt, items stored), read from the network's database: the
// feeds one city lists with --site, every served city's without (each URL once).
//   npm run feeds [-- --site ID] [-- --json]
// Colour where the terminal supports it (NO_COLOR and FORCE_COLOR are honoured).
import { existsSync } from "node:fs";
import { parseArgs, styleText } from "node:util";
import { CityDirectory } from "../server/cities/directory";
import { defaultCityOverrides } from "../server/cities/overrides";
import { networkDatabaseFile, openDatabase } from "../server/db/open";
import { openPostgres } from "../server/db/postgres";
import { readEnv, withEnvFile } from "../server/settings/env";
import { escapeControls } from "../server/messages/format";
import { describeFeeds, formatFeeds, type ListedFeed } from "../server/news/feed-report";
import { feedSources } from "../server/news/sources";
import { NewsStore } from "../server/news/store";
import { holdDataFolderForTool } from "./tool-lock";

const USAGE = "Usage: npm run feeds [-- --site ID] [-- --json]";
let options: { site?: string; json?: boolean };
try {
  ({ values: options } = parseArgs({
    options: { site: { type: "string" }, json: { type: "boolean" } },
  }));
} catch (error) {
  console.error(`${(error as Error).message}
${USAGE}`);
  process.exit(2);
}
const env = readEnv(withEnvFile());
// FEEDS_FILE replaces the default city's feeds, as in the server (and needs DEFAULT_SITE).
let overrides: ReturnType<typeof defaultCityOverrides>;
try {
  overrides = defaultCityOverrides(env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const directory = new CityDirectory({
  dir: env.CITIES_DIR,
  networkFile: env.NETWORK_FILE,
  only: options.site ? [options.site] : env.SITES,
  overrides,
});
if (options.site && !directory.has(options.site)) {
  console.error(`No city "${options.site}" in ${env.CITIES_DIR}.
${USAGE}`);
  process.exit(2);
}
const file = networkDatabaseFile(env.DATA_DIR);
if (!env.DATABASE_URL && !existsSync(file)) {
  console.error(`No database at ${file}: start the site once (it fetches the feeds).`);
  process.exit(1);
}
// Each URL once, under the first category listing it.
const listed = new Map<string, ListedFeed>();
for (const city of directory.feeds()) {
  for (const feed of feedSources(city.feeds)) if (!listed.has(feed.url)) listed.set(feed.url, feed);
}
// DATA_DIR's lock, held while this runs as a site holds it: `npm run restore` refuses meanwhile.
holdDataFolderForTool(env, "npm run feeds");
// The database the server uses: PostgreSQL when DATABASE_URL names it, else DATA_DIR's.
const db = env.DATABASE_URL
  ? await openPostgres(env.DATABASE_URL, { poolSize: 2 })
  : await openDatabase(file);
const feeds = await describeFeeds(new NewsStore(db), [...listed.values()]);
await db.close();
if (options.json) {
  process.stdout.write(`${JSON.stringify(feeds, null, 2)}\n`);
} else {
  const colour = process.stdout.isTTY === true && process.stdout.hasColors();
  process.stdout.write(
    formatFeeds(feeds, Date.now(), {
      paint: colour ? (style, text) => styleText(style, text) : (_style, text) => text,
      escape: escapeControls,
    }),
  );
}
