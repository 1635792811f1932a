import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPictureServer, type PictureServer } from "../../tests/support/picture-server";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { openDatabase, type Store } from "../db/open";
import { openPostgres } from "../db/postgres";
import { createOutboundGuard } from "../net/outbound";
import { PictureFailures } from "./failures";
import { FAILURE_TTL_MS, ImageService } from "./service";
import { ImageSigner } from "./sign";

// The failed-picture memory in the shared database: what one instance could not get, another
// does not ask the publisher for again until it is forgotten.

let postgres: TestPostgres;
let pictures: PictureServer;
const dirs: string[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
  pictures = await startPictureServer({
    "/page.html": { body: "<!doctype html><title>Not a picture</title>", type: "text/html" },
  });
}, 60_000);
afterAll(async () => {
  postgres?.stop();
  await pictures?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

const T0 = Date.parse("2026-11-25T12:00:00Z");

describe.each(["sqlite", "postgres"] as const)("PictureFailures on %s", (dialect) => {
  async function failures(): Promise<PictureFailures> {
    const store =
      dialect === "postgres"
        ? await openPostgres(postgres.createDatabase(), { poolSize: 2 })
        : await openDatabase(":memory:");
    stores.push(store);
    return new PictureFailures(store);
  }

  it("remembers a failure until its time, a permanent one for good, and prunes the past", async () => {
    const memory = await failures();
    await memory.remember("a1.x", T0 + 600_000, "HTTP 404");
    await memory.remember("a2.x", Infinity, "Not http(s)");
    expect(await memory.until("a1.x", T0)).toBe(T0 + 600_000);
    expect(await memory.until("a1.x", T0 + 600_000)).toBeUndefined();
    expect(await memory.until("a2.x", T0 + 10 * 365 * 86_400_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(await memory.until("a3.x", T0)).toBeUndefined();
    // A later failure of the same picture replaces the earlier one.
    await memory.remember("a1.x", T0 + 3_600_000, "Timed out");
    expect(await memory.until("a1.x", T0 + 600_000)).toBe(T0 + 3_600_000);
    expect(await memory.prune(T0 + 7_200_000)).toBe(1);
    expect(await memory.until("a2.x", T0)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("two instances sharing the memory (PostgreSQL)", () => {
  it("the second serves the fallback of a picture the first could not get, without asking for it", async () => {
    const url = postgres.createDatabase();
    const signer = new ImageSigner("s".repeat(64));
    const picture = `${pictures.url}/page.html`;
    const guard = createOutboundGuard({ allowPrivateHosts: ["127.0.0.1"] });
    const instance = async () => {
      const store = await openPostgres(url, { poolSize: 2 });
      stores.push(store);
      const dir = mkdtempSync(path.join(os.tmpdir(), "picture-failures-"));
      dirs.push(dir);
      return new ImageService({
        signer,
        articleImage: async () => picture,
        sharedFailures: new PictureFailures(store),
        defaultImage: "/images/default-news.svg",
        cache: { dir, maxBytes: 1024 * 1024 },
        guard,
        userAgent: "test",
        log: { warn: () => {} },
        clock: () => T0,
      });
    };
    const [first, second] = [await instance(), await instance()];
    const id = signer.articleId(7, picture);
    const source = { url: picture, fallback: "/images/default-news.svg" };
    expect(await first.variant(id, source, 640, "webp")).toEqual({
      kind: "fallback",
      location: "/images/default-news.svg",
    });
    expect(pictures.hits.get("/page.html")).toBe(1);
    await expect
      .poll(() => new PictureFailures(stores[0] as Store).until(id, T0))
      .toBe(T0 + FAILURE_TTL_MS.lasting);
    expect(await second.variant(id, source, 640, "webp")).toMatchObject({ kind: "fallback" });
    expect(pictures.hits.get("/page.html")).toBe(1);
    expect(second.hasFailed(id)).toBe(true);
    await guard.close();
  });
});
