// npm run bench:parse: parses the whole fixture corpus repeatedly with this project's parser
// (decode + parse + normalize) and with rss-parser, in the same run, and prints MB/s, items/s and
// the ratio. A figure, not a test.
import Parser from "rss-parser";
import { readFeed } from "../server/news/read";
import { WELL_FORMED, readFixture } from "../tests/support/fixtures";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const corpus = WELL_FORMED.map((name) => ({ name, bytes: readFixture(name) }));
const totalBytes = corpus.reduce((n, f) => n + f.bytes.length, 0);

async function measure(label: string, run: (bytes: Buffer) => Promise<number> | number) {
  for (const f of corpus) await run(f.bytes); // warm-up
  let items = 0;
  const started = process.hrtime.bigint();
  for (let r = 0; r < ROUNDS; r++) for (const f of corpus) items += await run(f.bytes);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const mbps = (totalBytes * ROUNDS) / 1048576 / seconds;
  const ips = items / seconds;
  console.log(
    `${label.padEnd(12)} ${mbps.toFixed(1).padStart(7)} MB/s ${Math.round(ips).toString().padStart(9)} items/s`,
  );
  return mbps;
}

console.log(
  `corpus: ${corpus.length} feeds, ${(totalBytes / 1048576).toFixed(2)} MB, ${ROUNDS} rounds`,
);
// The engine's whole path for one response: decode, parse every item, pick the newest 15, normalize.
const options = {
  key: "local" as const,
  feedUrl: "https://feeds.example.org/feed.xml",
  defaultImage: "/d.svg",
  now: Date.now(),
  timeZone: "America/Chicago",
};
const ours = await measure("this parser", (bytes) => readFeed(bytes, null, options).itemCount);
const rssParser = new Parser();
const theirs = await measure("rss-parser", async (bytes) => {
  try {
    return (await rssParser.parseString(bytes.toString("utf8"))).items.length;
  } catch {
    return 0;
  }
});
console.log(`ratio: ${(ours / theirs).toFixed(2)}× rss-parser (target: at least 2×)`);
