// npm run bench:lighthouse: Lighthouse (mobile, simulated throttling, /usr/bin/chromium) on /,
// /local-news, /sports, /weather, /radio, /books, /faq and /es/ of the production build with the
// fixture feeds (BENCH_PATHS, comma-separated, picks others), and on a bare
// static page (a heading and a paragraph, served by a bare Node server) in the same run. Prints
// performance, accessibility, LCP (and its ratio to the bare page's), CLS, TBT and the
// JavaScript transferred. Figures, not a test. Each page is measured as most readers get it: from
// the page cache, its pictures resized (one request for each warms them first; the first reader
// after a change waits for the render and the resizes instead). The site is the demo's: the
// fixture feeds with their pictures served locally.
// Targets (issue 55): performance 100, TBT <= 50 ms, LCP <= 1.25x the bare page's, CLS 0.
import { figure, runLighthouse, serveBarePage, warm } from "./lighthouse";
import { startBenchSite } from "./bench-site";
import { recordFigures } from "./bench-report";

const PATHS = process.env.BENCH_PATHS?.split(",") ?? [
  "/",
  "/local-news",
  "/sports",
  "/weather",
  "/radio",
  "/books",
  "/faq",
  "/es/",
];

const { url: bareUrl, server: bare } = await serveBarePage();
const site = await startBenchSite();
try {
  // The figures, also written to docs/benchmarks.md.
  await recordFigures("lighthouse", async () => {
    console.log(
      "page            perf  a11y   LCP ms  LCP/bare   CLS     TBT ms  JS KB (transferred)",
    );
    let bareLcp = NaN;
    for (const p of PATHS) await warm(`${site.url}${p}`);
    await new Promise((r) => setTimeout(r, 1000)); // the strong compressions, one page at a time
    for (const p of ["bare page", ...PATHS]) {
      const report = await runLighthouse(p === "bare page" ? bareUrl : `${site.url}${p}`);
      const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
      const value = (k: string) => figure(report, k);
      const scripts = report.audits["resource-summary"]?.details?.items?.find(
        (i) => i.resourceType === "script",
      );
      const lcp = value("largest-contentful-paint");
      if (p === "bare page") bareLcp = lcp;
      console.log(
        [
          p.padEnd(14),
          String(score("performance")).padStart(5),
          String(score("accessibility")).padStart(5),
          lcp.toFixed(0).padStart(8),
          (lcp / bareLcp).toFixed(2).padStart(9),
          value("cumulative-layout-shift").toFixed(3).padStart(7),
          value("total-blocking-time").toFixed(0).padStart(8),
          ((scripts?.transferSize ?? 0) / 1024).toFixed(1).padStart(7),
        ].join(" "),
      );
    }
    console.log("targets: performance 100, TBT <= 50 ms, LCP <= 1.25x the bare page's, CLS 0");
  });
} finally {
  await site.close();
  bare.close();
}
