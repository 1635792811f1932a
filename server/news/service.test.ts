import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { SITES } from "../../sites/registry";
import { NO_FEEDS } from "./feed-report";
import { createNewsService } from "./service";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(feeds: object) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "news-service-"));
  dirs.push(dir);
  const feedsFile = path.join(dir, "feeds.json");
  writeFileSync(feedsFile, JSON.stringify(feeds));
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const { db } = createNewsService({
    site: SITES.houston,
    siteUrl: "https://news.example.test",
    dataDir: dir,
    feedsFile,
    refreshSeconds: 600,
    backoffBaseSeconds: 60,
    retention: { days: 30, minPerFeed: 50 },
    logger,
  });
  db.close();
  return { logs, feedsFile };
}

describe("createNewsService", () => {
  it("warns at start-up, naming the feed list, when it lists no feed at all", () => {
    const { logs, feedsFile } = start({});
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 40, msg: NO_FEEDS, site: "houston", feedsFile }),
    );
  });

  it("says nothing of the kind when there are feeds", () => {
    const { logs } = start({ local: ["https://news.example.test/local.xml"] });
    expect(logs.filter((l) => l.msg === NO_FEEDS)).toEqual([]);
  });
});
