// npm run bench:parse: parses the whole fixture corpus repeatedly with this project's parser
// (decode + parse + pick the newest 15 + normalize) and with rss-parser, in the same run: each
// in two blocks of rounds, the blocks alternating (so that a slow spell of the machine is shared;
// rounds of one never interleave with the other's, whose garbage it would collect). Prints MB/s,
// items/s and the ratio of their median rounds. A figure, not a test.
import Parser from "rss-parser";
import { readFeed } from "../server/news/read";
import { WELL_FORMED, readFixture } from "../tests/support/fixtures";
import { recordFigures } from "./bench-report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const corpus = WELL_FORMED.map((name) => ({ name, bytes: readFixture(name) }));
const totalBytes = corpus.reduce((n, f) => n + f.bytes.length, 0);

// The engine's whole path for one response: decode, parse every item, pick the newest 15, normalize.
const options = {
  key: "local" as const,
  feedUrl: "https://feeds.example.org/feed.xml",
  defaultImage: "/d.svg",
  now: Date.now(),
  timeZone: "America/Chicago",
};
const rssParser = new Parser();
const contenders: { label: string; run: (bytes: Buffer) => Promise<number> | number }[] = [
  { label: "this parser", run: (bytes) => readFeed(bytes, null, options).itemCount },
  {
    label: "rss-parser",
    run: async (bytes) => {
      try {
        return (await rssParser.parseString(bytes.toString("utf8"))).items.length;
      } catch {
        return 0;
      }
    },
  },
];

/** One pass over the corpus: seconds taken and items read. */
async function round(run: (bytes: Buffer) => Promise<number> | number) {
  let items = 0;
  const started = process.hrtime.bigint();
  for (const f of corpus) items += await run(f.bytes);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, items };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

console.log(
  `corpus: ${corpus.length} feeds, ${(totalBytes / 1048576).toFixed(2)} MB, ${ROUNDS} rounds each`,
);
for (const c of contenders) for (let w = 0; w < 2; w++) await round(c.run); // warm-up
const results = contenders.map(() => ({ seconds: [] as number[], items: 0 }));
for (let block = 0; block < 2; block++) {
  for (const [i, c] of contenders.entries()) {
    for (let r = 0; r < Math.ceil(ROUNDS / 2); r++) {
      const { seconds, items } = await round(c.run);
      results[i]?.seconds.push(seconds);
      if (results[i]) results[i].items = items;
    }
  }
}
// The figures, also written to docs/benchmarks.md.
await recordFigures("parse", () => {
  const speeds = results.map(({ seconds, items }, i) => {
    const s = median(seconds);
    const mbps = totalBytes / 1048576 / s;
    console.log(
      `${(contenders[i]?.label ?? "").padEnd(12)} ${mbps.toFixed(1).padStart(7)} MB/s ${Math.round(
        items / s,
      )
        .toString()
        .padStart(9)} items/s (median round ${(s * 1000).toFixed(1)} ms)`,
    );
    return mbps;
  });
  console.log(
    `ratio: ${((speeds[0] ?? 0) / (speeds[1] ?? 1)).toFixed(2)}× rss-parser (target: at least 3×)`,
  );
});
