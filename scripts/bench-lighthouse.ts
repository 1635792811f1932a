// npm run bench:lighthouse: Lighthouse (mobile, simulated throttling, /usr/bin/chromium) on /,
// /local-news and /sports of the production build with the fixture feeds. Prints performance,
// accessibility, LCP, CLS, TBT and the JavaScript transferred. Figures, not a test.
// Targets: performance >= 95, CLS <= 0.01, first-load JS <= 120 KB gzip.
import { execFileSync } from "node:child_process";
import { CHROMIUM_PATH } from "../tests/chromium.mjs";
import { startBenchSite } from "./bench-site";

const PATHS = ["/", "/local-news", "/sports"];
const FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART) on a cold browser: try again. */
function runLighthouse(url: string, attempts = 3): Report {
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync(
        "npx",
        [
          "lighthouse",
          url,
          `--chrome-flags=${FLAGS}`,
          "--output=json",
          "--quiet",
          "--only-categories=performance,accessibility",
        ],
        {
          env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
          maxBuffer: 64 * 1024 * 1024,
          stdio: ["ignore", "pipe", "ignore"],
        },
      );
      return JSON.parse(out.toString()) as Report;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

const site = await startBenchSite();
try {
  console.log("page            perf  a11y   LCP ms   CLS     TBT ms  JS KB (transferred)");
  for (const p of PATHS) {
    const report = runLighthouse(`${site.url}${p}`);
    const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
    const value = (k: string) => report.audits[k]?.numericValue ?? NaN;
    const scripts = report.audits["resource-summary"]?.details?.items?.find(
      (i) => i.resourceType === "script",
    );
    console.log(
      [
        p.padEnd(14),
        String(score("performance")).padStart(5),
        String(score("accessibility")).padStart(5),
        value("largest-contentful-paint").toFixed(0).padStart(8),
        value("cumulative-layout-shift").toFixed(3).padStart(7),
        value("total-blocking-time").toFixed(0).padStart(8),
        ((scripts?.transferSize ?? 0) / 1024).toFixed(1).padStart(7),
      ].join(" "),
    );
  }
  console.log("targets: performance >= 95, CLS <= 0.01, first-load JS <= 120 KB");
} finally {
  await site.close();
}
