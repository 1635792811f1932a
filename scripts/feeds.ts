// npm run feeds: each feed's state for the newsroom (last success, last error and its reason,
// consecutive failures, next attempt, items stored), read from the site's database.
//   npm run feeds [-- --json]
// Colour where the terminal supports it (NO_COLOR and FORCE_COLOR are honoured).
import { existsSync } from "node:fs";
import path from "node:path";
import { styleText } from "node:util";
import { openDatabase } from "../server/db/open";
import { readEnv, withEnvFile } from "../server/env";
import { escapeControls } from "../server/messages/format";
import { describeFeeds, formatFeeds } from "../server/news/feed-report";
import { NewsStore } from "../server/news/store";

const env = readEnv(withEnvFile());
const file = path.join(env.DATA_DIR, `${env.SITE}.db`);
if (!existsSync(file)) {
  console.error(`No database at ${file}: start the site once (it fetches the feeds).`);
  process.exit(1);
}
const db = openDatabase(file);
const feeds = describeFeeds(new NewsStore(db));
db.close();
if (process.argv.includes("--json")) {
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
