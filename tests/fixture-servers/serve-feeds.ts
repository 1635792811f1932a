// Runs the fixture feed server on its own: npx tsx tests/fixture-servers/serve-feeds.ts [PORT]
// With --feeds-file PATH it also writes a FEEDS_FILE pointing every category at it.
import { writeFileSync } from "node:fs";
import { demoFeedsFile } from "./demo-feeds";
import { startFeedServer } from "./feed-server";

const args = process.argv.slice(2);
const fileIndex = args.indexOf("--feeds-file");
const feedsFile = fileIndex >= 0 ? args.splice(fileIndex, 2)[1] : undefined;
const port = Number(args[0] ?? 4180);
const server = await startFeedServer(port);
if (feedsFile) writeFileSync(feedsFile, JSON.stringify(demoFeedsFile(server.url), null, 2));
console.log(`fixture feeds on ${server.url}/feeds/`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
