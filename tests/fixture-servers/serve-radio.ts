// Runs the fixture radio station on its own: npx tsx tests/fixture-servers/serve-radio.ts [PORT]
import { startRadioStation } from "./radio-upstream";

const station = await startRadioStation({ port: Number(process.argv[2] ?? 8076) });
console.log(`fixture radio on ${station.url} (POST /control?drop=1, ?refuse=1|0, ?title=…)`);
const stop = () => void station.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
