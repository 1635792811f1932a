import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db, type Store } from "../db/open";
import { NO_FEEDS } from "./feed-report";
import { NewsEngine } from "./engine";
import { Subscriptions } from "./subscriptions";
import { createNewsService } from "./service";

const dbs: Store[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close()));
});

async function start(feeds: ConstructorParameters<typeof Subscriptions>[0]) {
  const db = await openDatabase(":memory:");
  dbs.push(db);
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const engine = await createNewsService({
    db,
    subscriptions: new Subscriptions(feeds),
    userAgent: "City Wire Network news reader (+https://network.example.test)",
    defaultImage: "/images/default-news.svg",
    refreshSeconds: 600,
    backoffBaseSeconds: 60,
    retention: { days: 30, minPerFeed: 50 },
    logger,
  });
  return { logs, engine, db };
}

describe("createNewsService", () => {
  it("warns at start-up, naming the cities served, when they list no feed at all", async () => {
    const { logs } = await start([
      { id: "houston", timeZone: "America/Chicago", feeds: {} },
      { id: "anchorage", timeZone: "America/Anchorage", feeds: { local: [] } },
    ]);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 40, msg: NO_FEEDS, cities: ["houston", "anchorage"] }),
    );
  });

  it("says nothing of the kind when a city lists a feed", async () => {
    const { logs } = await start([
      { id: "houston", timeZone: "America/Chicago", feeds: {} },
      {
        id: "anchorage",
        timeZone: "America/Anchorage",
        feeds: { local: ["https://news.example.test/local.xml"] },
      },
    ]);
    expect(logs.filter((l) => l.msg === NO_FEEDS)).toEqual([]);
  });

  it("returns the network's engine (not started), its feeds stored once per URL", async () => {
    const shared = "https://news.example.test/world.xml";
    const { engine, db } = await start([
      { id: "houston", timeZone: "America/Chicago", feeds: { world: [shared] } },
      { id: "anchorage", timeZone: "America/Anchorage", feeds: { world: [{ url: shared }] } },
    ]);
    expect(engine).toBeInstanceOf(NewsEngine);
    expect((db.sqlite as Db).prepare("SELECT url FROM feeds").all()).toEqual([{ url: shared }]);
    // Nothing fetched yet: each city's category is loading.
    expect((await engine.city("houston").getCategory("world")).state).toBe("loading");
    expect((await engine.city("anchorage").getCategory("world")).state).toBe("loading");
  });
});
