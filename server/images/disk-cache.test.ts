import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DiskCache } from "./disk-cache";

const root = mkdtempSync(path.join(os.tmpdir(), "disk-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => path.join(root, String(folders++));
const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe("DiskCache", () => {
  it("keeps what it is given and reads it back", async () => {
    const cache = new DiskCache({ dir: folder(), maxBytes: 1000 });
    await cache.put("abc-640.webp", bytes(100, 7));
    expect(cache.has("abc-640.webp")).toBe(true);
    expect(await cache.get("abc-640.webp")).toEqual(bytes(100, 7));
    expect(await cache.get("abc-320.webp")).toBeNull();
    expect(cache.size).toBe(100);
    // Replacing a file counts its new size only.
    await cache.put("abc-640.webp", bytes(50));
    expect([cache.size, cache.count]).toEqual([50, 1]);
  });

  it("evicts the least recently used files past its cap, on disk too", async () => {
    const cache = new DiskCache({ dir: folder(), maxBytes: 300 });
    await cache.put("a-320.jpg", bytes(100));
    await cache.put("b-320.jpg", bytes(100));
    await cache.put("c-320.jpg", bytes(100));
    // A read makes "a" the most recently used: "b" goes first.
    await cache.get("a-320.jpg");
    await cache.put("d-320.jpg", bytes(100));
    expect(["a", "b", "c", "d"].map((n) => cache.has(`${n}-320.jpg`))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(cache.size).toBe(300);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(cache.dir).sort()).toEqual(["a-320.jpg", "c-320.jpg", "d-320.jpg"]);
  });

  it("rebuilds its index from the folder at start, oldest first, and drops leftovers", async () => {
    const dir = folder();
    const first = new DiskCache({ dir, maxBytes: 1000 });
    await first.put("old-320.jpg", bytes(100));
    await first.put("new-320.jpg", bytes(100));
    utimesSync(path.join(dir, "old-320.jpg"), 1_000, 1_000);
    writeFileSync(path.join(dir, "half-320.jpg.1a2b.tmp"), "partial");
    const second = new DiskCache({ dir, maxBytes: 150 });
    expect([second.has("old-320.jpg"), second.has("new-320.jpg")]).toEqual([false, true]);
    expect(second.size).toBe(100);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(dir)).toEqual(["new-320.jpg"]);
  });

  it("treats a file removed behind its back as a miss", async () => {
    const cache = new DiskCache({ dir: folder(), maxBytes: 1000 });
    await cache.put("gone-320.jpg", bytes(10));
    rmSync(path.join(cache.dir, "gone-320.jpg"));
    expect(await cache.get("gone-320.jpg")).toBeNull();
    expect([cache.has("gone-320.jpg"), cache.size]).toEqual([false, 0]);
  });

  it("refuses a name that could leave its folder", async () => {
    const cache = new DiskCache({ dir: folder(), maxBytes: 1000 });
    await expect(cache.put("../x.jpg", bytes(1))).rejects.toThrow(/Not a cache file name/);
  });
});
