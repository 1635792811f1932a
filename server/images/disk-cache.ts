import { randomBytes } from "node:crypto";
import { readdirSync, statSync, unlinkSync } from "node:fs";
import { readFile, rename, unlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { privateDir } from "../settings/private-files";

/** A cached file's entry: its size, and when its mtime was last set (the LRU order on disk). */
interface Entry {
  size: number;
  touchedMs: number;
}

/** How often a read file's mtime is brought forward (the order eviction follows after a restart). */
const TOUCH_EVERY_MS = 3600_000;

/** A name the cache accepts: no folder, nothing hidden, nothing temporary. */
const NAME = /^[\w-]+\.[a-z]{3,4}$/;

export interface DiskCacheOptions {
  dir: string;
  /** The most the files may hold together; past it the least recently used go. */
  maxBytes: number;
  clock?: () => number;
}

/**
 * Files in one folder with a total size cap and least-recently-used eviction. The index lives in
 * memory (a Map in LRU order: reading a file moves it to the end) and is rebuilt from the folder
 * at start, oldest mtime first; files are written whole under a temporary name and renamed, so a
 * reader never sees half a file. The process owns the folder: files removed behind its back are
 * simply misses.
 */
export class DiskCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private readonly clock: () => number;

  constructor(private readonly options: DiskCacheOptions) {
    this.clock = options.clock ?? Date.now;
    privateDir(options.dir);
    const found: [string, Entry][] = [];
    for (const name of readdirSync(options.dir)) {
      const file = path.join(options.dir, name);
      if (!NAME.test(name)) {
        // Left by a write that a crash interrupted.
        if (name.endsWith(".tmp")) unlinkSync(file);
        continue;
      }
      const stat = statSync(file);
      if (stat.isFile()) found.push([name, { size: stat.size, touchedMs: stat.mtimeMs }]);
    }
    found.sort((a, b) => a[1].touchedMs - b[1].touchedMs);
    for (const [name, entry] of found) {
      this.entries.set(name, entry);
      this.total += entry.size;
    }
    this.evict();
  }

  /** The folder of the files. */
  get dir(): string {
    return this.options.dir;
  }

  /** The bytes the cached files hold together. */
  get size(): number {
    return this.total;
  }

  /** How many files are cached. */
  get count(): number {
    return this.entries.size;
  }

  /** Whether `name` is cached (without counting as a use). */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The file's bytes, or null when it is not cached; a read makes it the most recently used. */
  async get(name: string): Promise<Buffer | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    this.entries.delete(name);
    this.entries.set(name, entry);
    const file = path.join(this.options.dir, name);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      this.forget(name);
      return null;
    }
    const now = this.clock();
    if (now - entry.touchedMs > TOUCH_EVERY_MS) {
      entry.touchedMs = now;
      utimes(file, now / 1000, now / 1000).catch(() => {});
    }
    return body;
  }

  /** Stores `body` under `name` (replacing any file of that name), then evicts past the cap. */
  async put(name: string, body: Uint8Array): Promise<void> {
    if (!NAME.test(name)) throw new Error(`Not a cache file name: ${name}`);
    const file = path.join(this.options.dir, name);
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
    this.forget(name);
    this.entries.set(name, { size: body.byteLength, touchedMs: this.clock() });
    this.total += body.byteLength;
    this.evict();
  }

  private forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.total -= entry.size;
  }

  /** Removes the least recently used files until the total is within the cap. */
  private evict(): void {
    for (const [name] of this.entries) {
      if (this.total <= this.options.maxBytes) return;
      this.forget(name);
      unlink(path.join(this.options.dir, name)).catch(() => {});
    }
  }
}
