// npm run messages: prints the contact messages (newest first) for the newsroom.
//   npm run messages [-- --limit N] [-- --json]
// The text form escapes every control character a sender could use against the terminal
// (server/messages/format.ts); --json prints one array of the messages exactly as stored, for
// scripts (createdAt in ms since the epoch).
import { parseArgs } from "node:util";
import { readEnv, withEnvFile } from "../server/env";
import { formatAsJson, formatForTerminal } from "../server/messages/format";
import { openMessageStore } from "../server/messages/store";

const USAGE = "Usage: npm run messages [-- --limit N] [-- --json]";

function readOptions(): { limit: number; json: boolean } {
  try {
    const { values } = parseArgs({
      options: { limit: { type: "string", default: "100" }, json: { type: "boolean" } },
    });
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new Error("--limit must be a whole number");
    return { limit, json: values.json ?? false };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const options = readOptions();
const env = readEnv(withEnvFile());
// The same store and connection the server uses, so this reads wherever messages are kept.
const { store, db } = openMessageStore({
  dataDir: env.DATA_DIR,
  siteId: env.SITE,
  secret: env.CONTACT_KEY_SECRET,
});
const messages = store.list(options.limit);
db.close();
process.stdout.write(options.json ? formatAsJson(messages) : formatForTerminal(messages));
