// npm run messages: prints the contact messages (newest first) for the newsroom.
//   npm run messages [-- --limit N]
import path from "node:path";
import { openDatabase } from "../server/db/open";
import { readEnv, withEnvFile } from "../server/env";
import { MessageStore } from "../server/messages/store";

const env = readEnv(withEnvFile());
const limitIndex = process.argv.indexOf("--limit");
const limit = limitIndex > 0 ? Number(process.argv[limitIndex + 1]) || 100 : 100;
const db = openDatabase(path.join(env.DATA_DIR, `${env.SITE}.db`));
const messages = new MessageStore(db).list(limit);
if (messages.length === 0) console.log("No messages.");
for (const m of messages) {
  console.log(`#${m.id}  ${new Date(m.createdAt).toISOString()}  ${m.name} <${m.email}>`);
  console.log(`Subject: ${m.subject}`);
  console.log(m.message.replace(/^/gm, "  "));
  console.log("");
}
db.close();
