// npm run messages: prints the contact messages (newest first) for the newsrooms: one city's
// with --site, every city's without.
//   npm run messages [-- --site ID] [-- --limit N] [-- --json]
// The text form escapes every control character a sender could use against the terminal
// (server/messages/format.ts); --json prints one array of the messages exactly as stored, for
// scripts (createdAt in ms since the epoch).
import { parseArgs } from "node:util";
import { readEnv, withEnvFile } from "../server/settings/env";
import { formatAsJson, formatForTerminal } from "../server/messages/format";
import { openMessageStore } from "../server/messages/store";
import { holdDataFolderForTool } from "./tool-lock";

const USAGE = "Usage: npm run messages [-- --site ID] [-- --limit N] [-- --json]";

function readOptions(): { limit: number; json: boolean; site?: string } {
  try {
    const { values } = parseArgs({
      options: {
        limit: { type: "string", default: "100" },
        json: { type: "boolean" },
        site: { type: "string" },
      },
    });
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new Error("--limit must be a whole number");
    if (values.site !== undefined && !/^[a-z][a-z0-9-]{0,62}$/.test(values.site)) {
      throw new Error("--site must be a city id (a file name in CITIES_DIR)");
    }
    return { limit, json: values.json ?? false, site: values.site };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const options = readOptions();
const env = readEnv(withEnvFile());
// DATA_DIR's lock, held while this runs as a site holds it: `npm run restore` refuses meanwhile.
holdDataFolderForTool(env, "npm run messages");
// The same store and connection the server uses, so this reads wherever messages are kept.
const { store, db } = await openMessageStore({
  dataDir: env.DATA_DIR,
  secret: env.CONTACT_KEY_SECRET,
  databaseUrl: env.DATABASE_URL,
});
const messages = await store.list(options.limit, options.site);
await db.close();
process.stdout.write(options.json ? formatAsJson(messages) : formatForTerminal(messages));
