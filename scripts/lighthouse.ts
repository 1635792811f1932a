// Lighthouse (mobile, simulated throttling) on one page, with the OS's Chromium, and the bare
// page every benchmark measures beside the site in the same run: npm run bench:lighthouse and
// npm run bench:bytes.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { CHROMIUM_PATH } from "../tests/chromium.mjs";

/** The floor: what a page with nothing but text costs under the same throttling. */
export const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="A bare static page"></head><body><h1>City News</h1><p>${"A paragraph of plain text, the kind a news page leads with. ".repeat(8)}</p></body></html>`;
const FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";

export interface Report {
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
export async function runLighthouse(url: string, attempts = 3): Promise<Report> {
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

/** A report's figure (milliseconds, or a score's unit), NaN when it has none. */
export function figure(report: Report, audit: string): number {
  return report.audits[audit]?.numericValue ?? NaN;
}

/** Serves BARE_PAGE on a free loopback port; resolves with its URL and server. */
export async function serveBarePage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(BARE_PAGE),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** Chromium's Accept for an <img>: the image route answers (and keeps) one variant per format. */
const IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

/**
 * Renders the page into the page cache (brotli, as Chromium asks), reads it a second time (the
 * cache then compresses it at brotli 11 in the background, as for any page more than one reader
 * asks for) and resizes its pictures: the page as most readers get it.
 */
export async function warm(url: string): Promise<void> {
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
