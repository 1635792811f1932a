import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { startSiteProcess, type SiteProcess } from "../support/site-process";

// Pages are made on render worker threads (server/render/), not on the thread that answers
// cache hits; RENDER_WORKERS=0 makes them on that thread. Each process's log says, for every
// page it made, which thread made it.

test.describe.configure({ mode: "serial" });

const PAGES = ["/", "/local-news", "/contact", "/search?q=houston", "/no-such-page"];

/** The "page rendered" lines a process has logged so far. */
function renders(site: SiteProcess): { thread?: number; status: number; req: { url: string } }[] {
  return site
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"page rendered"'))
    .map((line) => JSON.parse(line) as { thread?: number; status: number; req: { url: string } });
}

/** Each thread of process `pid` and its nice value (Linux: /proc/PID/task/TID/stat, field 19). */
function niceValues(pid: number): Map<number, number> {
  const values = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    // The fields after the command's closing parenthesis start at field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    values.set(Number(tid), Number(fields[19 - 3]));
  }
  return values;
}

/** Asks `site` for every page of PAGES (each its first time: every one is rendered). */
async function visit(site: SiteProcess): Promise<string[]> {
  const bodies: string[] = [];
  for (const page of PAGES) {
    const res = await fetch(site.url + page);
    expect(res.status).toBe(page === "/no-such-page" ? 404 : 200);
    bodies.push(await res.text());
  }
  return bodies;
}

test("by default every page is made on one of the worker threads", async () => {
  const site = await startSiteProcess({
    env: { LOG_LEVEL: "info", RENDER_WORKERS: "2" },
    keepOutput: true,
  });
  try {
    const bodies = await visit(site);
    expect(bodies[0]).toContain("Houston City Wire");
    const lines = renders(site);
    expect(lines.map((l) => l.req.url)).toEqual(PAGES);
    const threads = new Set(lines.map((l) => l.thread));
    for (const thread of threads) {
      // The main thread's threadId is 0; a worker's is a positive number.
      expect(thread).toBeGreaterThan(0);
    }
    expect(threads.size).toBeLessThanOrEqual(2);
    expect(site.output()).toContain('"renderWorkers":2');
    // The workers yield the CPU to the request thread (Linux: each thread's own nice value).
    const nice = niceValues(site.pid);
    const main = nice.get(site.pid) ?? Number.NaN;
    expect([...nice.values()].filter((value) => value === Math.min(main + 10, 19))).toHaveLength(2);
  } finally {
    await site.stop();
  }
});

test("RENDER_WORKERS=0 makes the same pages on the request thread", async () => {
  const site = await startSiteProcess({
    env: { LOG_LEVEL: "info", RENDER_WORKERS: "0" },
    keepOutput: true,
  });
  try {
    const bodies = await visit(site);
    expect(bodies[0]).toContain("Houston City Wire");
    const lines = renders(site);
    expect(lines).toHaveLength(PAGES.length);
    for (const line of lines) expect(line.thread).toBeUndefined();
    expect(site.output()).toContain('"renderWorkers":0');
  } finally {
    await site.stop();
  }
});
