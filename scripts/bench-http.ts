// npm run bench:http: requests/s and p99 latency of / and /local-news (server-rendered from the
// store) next to a static file served by the same server, in the same run, with autocannon.
// Figures, not a test.
import autocannon from "autocannon";
import { startBenchSite } from "./bench-site";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

const site = await startBenchSite();
try {
  const rows: { path: string; rps: number; p99: number }[] = [];
  for (const path of ["/favicon.svg", "/", "/local-news"]) {
    const result = await autocannon({
      url: `${site.url}${path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { "accept-encoding": "br, gzip" },
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    rows.push({ path, rps: result.requests.average, p99: result.latency.p99 });
  }
  const staticRps = rows[0]?.rps ?? 1;
  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log("path            req/s    p99 ms   vs static");
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} ${r.p99.toFixed(0).padStart(9)} ${(r.rps / staticRps).toFixed(2).padStart(10)}`,
    );
  }
} finally {
  await site.close();
}
