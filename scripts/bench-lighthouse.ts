// npm run bench:lighthouse: Lighthouse (mobile, simulated throttling, /usr/bin/chromium) on /,
// /local-news, /radio and /books of the production build with the fixture feeds, and on a bare
// static page (a heading and a paragraph, served by a bare Node server) in the same run. Prints
// performance, accessibility, LCP (and its ratio to the bare page's), CLS, TBT and the
// JavaScript transferred. Figures, not a test. Each page is measured as most readers get it: from
// the page cache, its pictures resized (one request for each warms them first; the first reader
// after a change waits for the render and the resizes instead). The site is the demo's: the
// fixture feeds with their pictures served locally.
// Targets: performance 100, LCP <= 1.6x the bare page's, CLS 0, first-load JS <= 100 KB.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CHROMIUM_PATH } from "../tests/chromium.mjs";
import { startBenchSite } from "./bench-site";

const PATHS = ["/", "/local-news", "/radio", "/books"];
/** The floor: what a page with nothing but text costs under the same throttling. */
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="A bare static page"></head><body><h1>City News</h1><p>${"A paragraph of plain text, the kind a news page leads with. ".repeat(8)}</p></body></html>`;
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

const run = promisify(execFile);

/**
 * Lighthouse on one page (asynchronously: the bare page's server lives in this process and must
 * go on answering). It sometimes fails to record a trace (NO_NAVSTART) on a cold browser: try again.
 */
async function runLighthouse(url: string, attempts = 3): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run(
        "npx",
        [
          "lighthouse",
          url,
          `--chrome-flags=${FLAGS}`,
          "--output=json",
          "--quiet",
          "--only-categories=performance,accessibility",
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as Report;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Chromium's Accept for an <img>: the image route answers (and keeps) one variant per format. */
const IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

/**
 * Renders the page into the page cache (brotli, as Chromium asks), reads it a second time (the
 * cache then compresses it at brotli 11 in the background, as for any page more than one reader
 * asks for) and resizes its pictures.
 */
async function warm(url: string): Promise<void> {
  await (await fetch(url, { headers: { "Accept-Encoding": "br" } })).arrayBuffer();
  const res = await fetch(url, { headers: { "Accept-Encoding": "br" } });
  const html = await res.text();
  const pictures = new Set([...html.matchAll(/<img[^>]+src="(\/img\/[^"]+)"/g)].map((m) => m[1]));
  for (const src of pictures) {
    await (
      await fetch(new URL(String(src), url), { headers: { Accept: IMAGE_ACCEPT } })
    ).arrayBuffer();
  }
}

const bare = createServer((_req, res) =>
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(BARE_PAGE),
);
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
const site = await startBenchSite();
try {
  console.log(
    "page            perf  a11y   LCP ms  LCP/bare   CLS     TBT ms  JS KB (transferred)",
  );
  let bareLcp = NaN;
  for (const p of PATHS) await warm(`${site.url}${p}`);
  await new Promise((r) => setTimeout(r, 1000)); // the strong compressions, one page at a time
  for (const p of ["bare page", ...PATHS]) {
    const report = await runLighthouse(p === "bare page" ? bareUrl : `${site.url}${p}`);
    const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
    const value = (k: string) => report.audits[k]?.numericValue ?? NaN;
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
  console.log("targets: performance 100, LCP <= 1.6x the bare page's, CLS 0, JS <= 100 KB");
} finally {
  await site.close();
  bare.close();
}
