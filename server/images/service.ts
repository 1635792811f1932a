import { createHash } from "node:crypto";
import path from "node:path";
import type { NewsStore } from "../news/store";
import type { PictureFailures } from "./failures";
import { LRUCache } from "lru-cache";
import { Limiter, type LimiterOptions } from "../limiter";
import type { OutboundGuard } from "../net/outbound";
import { fetchFeed } from "../news/fetcher";
import type { StoredArticle } from "../news/store";
import { loadSecretFile } from "../settings/secret-file";
import { imagePath, type ImageWidth } from "../../common/images";
import { DiskCache } from "./disk-cache";
import {
  ENCODING_VERSION,
  EXTENSIONS,
  MAX_INPUT_PIXELS,
  UnusableImageError,
  makeMaster,
  makeVariant,
  type ImageFormat,
  type Master,
} from "./encode";
import { ImageSigner, configuredHash, parseImageId } from "./sign";

/** The limits of one original's fetch: the feed fetcher's deadline and redirects, a larger cap. */
export const IMAGE_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 15 * 1024 * 1024,
  maxRedirects: 5,
  maxPixels: MAX_INPUT_PIXELS,
};

/**
 * How long a failed original is not asked for again: briefly after a passing failure (the
 * publisher may be back), longer after a lasting one (not a picture, too large), and for as
 * long as the process runs after a permanent one: a URL the site will never fetch (with
 * credentials, not http(s)) stays so.
 */
export const FAILURE_TTL_MS = { passing: 10 * 60_000, lasting: 6 * 3600_000, permanent: Infinity };
/** The most failures remembered (the least recently asked for are forgotten first). */
const MAX_FAILURES = 10_000;

type FailureKind = keyof typeof FAILURE_TTL_MS;

/**
 * Image work at once and waiting: two pictures resized at a time (one libvips thread each) on a
 * 2-core machine that also renders pages; originals fetched at once (each up to 15 MB in memory).
 */
export const DEFAULT_WORK_LIMITS: LimiterOptions = { concurrency: 2, queue: 256 };
export const DEFAULT_FETCH_LIMITS: LimiterOptions = { concurrency: 4, queue: 256 };

const IMAGE_ACCEPT = "image/avif, image/webp, image/jpeg, image/png, image/gif;q=0.8, */*;q=0.1";

/** A picture the route may fetch, and what readers get when it cannot be had. */
export interface ImageSource {
  url: string;
  fallback: string;
}

/** What the route answers for a picture. */
export type ImageAnswer =
  { kind: "image"; body: Buffer; etag: string } | { kind: "fallback"; location: string };

export interface ImageServiceOptions {
  /** Signs the ids (IMAGE_KEY_SECRET or the key generated into DATA_DIR). */
  signer: ImageSigner;
  /**
   * The failed-picture memory that instances share (PictureFailures); unset, this instance's
   * own memory alone.
   */
  sharedFailures?: Pick<PictureFailures, "until" | "remember">;
  /** A stored article's picture URL, or null when the article is gone or has the default one. */
  articleImage: (articleId: number) => Promise<string | null>;
  /** Pictures named by the site's content (book covers), each with its own fallback picture. */
  configured?: readonly ImageSource[];
  /** The site's default picture: what a story's failed picture becomes. */
  defaultImage: string;
  /** Where variants and masters are kept (DATA_DIR/images), and the most they may hold. */
  cache: DiskCache | { dir: string; maxBytes: number };
  /** The outbound guard of the feeds (ALLOW_PRIVATE_HOSTS): every hop of a fetch goes through it. */
  guard: OutboundGuard;
  userAgent: string;
  limits?: Partial<typeof IMAGE_FETCH_LIMITS>;
  work?: LimiterOptions;
  fetches?: LimiterOptions;
  log: { warn(obj: object, msg: string): void };
  clock?: () => number;
}

/**
 * What kind of failure a fetch's reason is: passing (worth trying again soon), permanent (no
 * retry can change it: the URL itself is refused), else lasting.
 */
export function failureKind(reason: string): FailureKind {
  if (/^(Timed out|Network error|HTTP (5\d\d|429|408))/.test(reason)) return "passing";
  if (/^(Refused a URL with credentials|Refused a non-http|Invalid picture URL)/.test(reason))
    return "permanent";
  return "lasting";
}

/** Work that several readers may wait for, and how many still do. */
interface Job<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiting: number;
}

/**
 * Runs `make` once for concurrent callers of the same key. Each caller may bring the signal of
 * its reader: when every caller's reader has gone, the job's own signal aborts, and work it
 * still waits to start (a slot in a limiter) is dropped; work already running goes on, and its
 * result is kept. A caller without a signal keeps the job wanted.
 */
function coalesce<T>(
  inFlight: Map<string, Job<T>>,
  key: string,
  signal: AbortSignal | undefined,
  make: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  let job = inFlight.get(key);
  if (!job) {
    const controller = new AbortController();
    const created: Job<T> = { controller, waiting: 0, promise: Promise.resolve() as Promise<T> };
    created.promise = make(controller.signal).finally(() => {
      if (inFlight.get(key) === created) inFlight.delete(key);
    });
    inFlight.set(key, created);
    job = created;
  }
  const wanted = job;
  wanted.waiting++;
  if (signal) {
    const leave = () => {
      if (--wanted.waiting === 0) {
        wanted.controller.abort();
        // A later reader starts afresh rather than joining work that is being dropped.
        if (inFlight.get(key) === wanted) inFlight.delete(key);
      }
    };
    if (signal.aborted) leave();
    else signal.addEventListener("abort", leave, { once: true });
  }
  return wanted.promise;
}

/**
 * The pictures of the image route: which ids exist (signed, of stored articles and configured
 * pictures only), and their variants, made once each and kept on disk. Each original is fetched
 * once, through the outbound guard, with the fetcher's limits, even when many readers ask at
 * once; a failure is remembered for a while and answered with the fallback picture.
 */
export class ImageService {
  private readonly signer: ImageSigner;
  private readonly cache: DiskCache;
  private readonly configured = new Map<string, ImageSource>();
  private readonly failures = new LRUCache<string, number>({ max: MAX_FAILURES });
  private readonly masters = new Map<string, Job<Master | null>>();
  private readonly variants = new Map<string, Job<ImageAnswer>>();
  private readonly work: Limiter;
  private readonly fetches: Limiter;
  private readonly limits: typeof IMAGE_FETCH_LIMITS;
  private readonly clock: () => number;

  constructor(private readonly options: ImageServiceOptions) {
    this.signer = options.signer;
    this.cache = options.cache instanceof DiskCache ? options.cache : new DiskCache(options.cache);
    for (const source of options.configured ?? [])
      this.configured.set(configuredHash(source.url), source);
    this.work = new Limiter(options.work ?? DEFAULT_WORK_LIMITS);
    this.fetches = new Limiter(options.fetches ?? DEFAULT_FETCH_LIMITS);
    this.limits = { ...IMAGE_FETCH_LIMITS, ...options.limits };
    this.clock = options.clock ?? Date.now;
  }

  /** The route path of a stored article's picture; its own image when it has the default one. */
  articlePath(article: Pick<StoredArticle, "id" | "image" | "imageIsDefault">): string {
    if (article.imageIsDefault || !/^https?:\/\//i.test(article.image)) return article.image;
    return imagePath(this.signer.articleId(article.id, article.image));
  }

  /**
   * Adds pictures that a city's content names (its book covers) when the city is loaded; the
   * network's own are given at start. Ids stay signed by URL, so every city naming the same
   * cover shares its id and its variants.
   */
  configure(sources: readonly ImageSource[]): void {
    for (const source of sources) this.configured.set(configuredHash(source.url), source);
  }

  /** Forgets a configured picture (a radar picture of a period gone by). */
  unconfigure(url: string): void {
    this.configured.delete(configuredHash(url));
  }

  /**
   * The route path of a configured picture; "" (no picture) when it was not configured. While
   * it is known to have failed (hasFailed), its fallback's path: the route would only redirect
   * there, so a page names the fallback itself (one request, no redirect, as a radar picture the
   * weather service cannot get: weather/reader.ts).
   */
  configuredPath(url: string): string {
    const source = this.configured.get(configuredHash(url));
    if (!source) return "";
    const id = this.signer.configuredId(url);
    return this.hasFailed(id) ? source.fallback : imagePath(id);
  }

  /** Whether a configured picture is known to have failed lately (hasFailed). */
  configuredFailed(url: string): boolean {
    return (
      this.configured.has(configuredHash(url)) && this.hasFailed(this.signer.configuredId(url))
    );
  }

  /** The picture an id names, when it is well signed and its article or configuration exists. */
  async resolve(id: string): Promise<ImageSource | null> {
    const key = parseImageId(id);
    if (!key) return null;
    const source =
      key.kind === "article"
        ? await this.articleSource(key.articleId)
        : (this.configured.get(key.hash) ?? null);
    return source && this.signer.verify(id, source.url) ? source : null;
  }

  private async articleSource(articleId: number): Promise<ImageSource | null> {
    const url = await this.options.articleImage(articleId);
    return url ? { url, fallback: this.options.defaultImage } : null;
  }

  /** The validator of a variant: its name says what it is (the id is content-addressed). */
  etag(id: string, width: ImageWidth, format: ImageFormat): string {
    return `"${fileKey(id).slice(0, 20)}-${width}-${format}-${ENCODING_VERSION}"`;
  }

  /**
   * The variant of `source` (named by `id`) at `width` in `format`: from disk, else made once
   * from its master. Throws Overloaded when too much image work waits already, and Abandoned
   * when `signal` (the reader's) aborts while the work it waits for has not started and no
   * other reader wants it. `reader` says whose it is (server/net/client-key.ts): picture work is
   * shared fairly between readers, one reader's many pictures never ahead of another's first.
   */
  async variant(
    id: string,
    source: ImageSource,
    width: ImageWidth,
    format: ImageFormat,
    signal?: AbortSignal,
    reader?: string,
  ): Promise<ImageAnswer> {
    if (this.hasFailed(id)) return { kind: "fallback", location: source.fallback };
    const name = `${fileKey(id)}-${width}.${EXTENSIONS[format]}`;
    const etag = this.etag(id, width, format);
    const cached = await this.cache.get(name);
    if (cached) return { kind: "image", body: cached, etag };
    return coalesce(this.variants, name, signal, async (wanted) => {
      // Made by a caller that finished between this one's miss and now?
      const made = await this.cache.get(name);
      if (made) return { kind: "image", body: made, etag };
      const master = await this.master(id, source, wanted, reader);
      if (!master) return { kind: "fallback", location: source.fallback };
      const body = await this.work.run(
        () => makeVariant(master.body, width, format),
        wanted,
        reader,
      );
      await this.keep(name, body);
      return { kind: "image", body, etag };
    });
  }

  /** Whether a picture failed lately (its fallback is served until its failure is forgotten). */
  hasFailed(id: string): boolean {
    const until = this.failures.get(id);
    if (until === undefined) return false;
    if (until > this.clock()) return true;
    this.failures.delete(id);
    return false;
  }

  private async master(
    id: string,
    source: ImageSource,
    signal: AbortSignal,
    reader?: string,
  ): Promise<Master | null> {
    const key = fileKey(id);
    for (const ext of ["jpg", "webp"] as const) {
      const body = this.cache.has(`${key}-m.${ext}`)
        ? await this.cache.get(`${key}-m.${ext}`)
        : null;
      if (body) return { body, ext };
    }
    return coalesce(this.masters, key, signal, async (wanted) => {
      // Another instance may have found it unavailable lately: then its fallback, no fetch.
      const failedUntil = await this.options.sharedFailures?.until(id, this.clock());
      if (failedUntil !== undefined) {
        this.failures.set(id, failedUntil);
        return null;
      }
      const fetched = await this.fetches.run(
        () =>
          fetchFeed(source.url, {
            guard: this.options.guard,
            userAgent: this.options.userAgent,
            accept: IMAGE_ACCEPT,
            label: "Picture",
            timeoutMs: this.limits.timeoutMs,
            maxBytes: this.limits.maxBytes,
            maxRedirects: this.limits.maxRedirects,
          }),
        wanted,
        reader,
      );
      if (fetched.kind !== "ok") {
        const reason = fetched.kind === "error" ? fetched.reason : "Not modified";
        this.fail(id, source, reason, failureKind(reason));
        return null;
      }
      let master: Master;
      try {
        master = await this.work.run(
          () => makeMaster(fetched.body, this.limits.maxPixels),
          wanted,
          reader,
        );
      } catch (error) {
        if (!(error instanceof UnusableImageError)) throw error;
        this.fail(id, source, error.message, "lasting");
        return null;
      }
      await this.keep(`${key}-m.${master.ext}`, master.body);
      return master;
    });
  }

  /** Stores a file; a full or broken disk costs the next reader a new encode, not this answer. */
  private async keep(name: string, body: Buffer): Promise<void> {
    try {
      await this.cache.put(name, body);
    } catch (err) {
      this.options.log.warn({ err, name }, "picture not kept on disk");
    }
  }

  private fail(id: string, source: ImageSource, reason: string, kind: FailureKind): void {
    const ttl = FAILURE_TTL_MS[kind];
    this.failures.set(id, this.clock() + ttl);
    this.options.sharedFailures?.remember(id, this.clock() + ttl, reason).catch((err: unknown) => {
      this.options.log.warn({ err, url: source.url }, "picture failure not shared");
    });
    this.options.log.warn(
      { url: source.url, reason, retryInS: Number.isFinite(ttl) ? ttl / 1000 : null },
      "picture unavailable: the fallback is served",
    );
  }
}

/** The file name stem of an id's files (hex, so any id makes a safe name). */
function fileKey(id: string): string {
  return createHash("sha256").update(id).digest("hex").slice(0, 32);
}

/** Where the image cache lives in DATA_DIR. */
export function imageCacheDir(dataDir: string): string {
  return path.join(dataDir, "images");
}

export interface ImageServiceSetup {
  dataDir: string;
  /** IMAGE_KEY_SECRET; unset, a key generated once into DATA_DIR/network.image-key. */
  secret?: string;
  /** IMAGE_CACHE_MB. */
  cacheMb: number;
  /** The stored articles (their pictures). */
  news: Pick<NewsStore, "articleImage">;
  /** The failed-picture memory instances share (with DATABASE_URL); unset, this one's alone. */
  sharedFailures?: ImageServiceOptions["sharedFailures"];
  guard: OutboundGuard;
  defaultImage: string;
  configured: readonly ImageSource[];
  userAgent: string;
  log: ImageServiceOptions["log"];
}

/** Creates the network's image service over its database, its key and DATA_DIR/images. */
export function openImageService(setup: ImageServiceSetup): ImageService {
  const secret =
    setup.secret ??
    loadSecretFile(path.join(setup.dataDir, "network.image-key"), "IMAGE_KEY_SECRET");
  return new ImageService({
    signer: new ImageSigner(secret),
    articleImage: (id) => setup.news.articleImage(id),
    sharedFailures: setup.sharedFailures,
    configured: setup.configured,
    defaultImage: setup.defaultImage,
    cache: { dir: imageCacheDir(setup.dataDir), maxBytes: setup.cacheMb * 1024 * 1024 },
    guard: setup.guard,
    userAgent: setup.userAgent,
    log: setup.log,
  });
}
