// Runs the fixture radio station on its own: npx tsx tests/fixture-servers/serve-radio.ts [PORT]
import { startRadioUpstream } from "./radio-upstream";

const station = await startRadioUpstream(8192, 4096, Number(process.argv[2] ?? 8076));
console.log(`fixture radio on ${station.url}`);
const stop = () => void station.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
