import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeNoisyPhoto,
  makePixelBomb,
  startPictureServer,
  type PictureServer,
} from "../../tests/support/picture-server";
import { BOOK_PLACEHOLDER, imagePath, type ImageWidth } from "../../common/images";
import { DatabaseUnavailableError } from "../db/health";
import { createOutboundGuard, type OutboundGuard } from "../net/outbound";
import { DiskCache } from "../images/disk-cache";
import { ImageService, failureKind, type ImageServiceOptions } from "../images/service";
import { ImageSigner } from "../images/sign";
import type { CityExchange } from "./exchange";
import { createImageRoute, imageRoute } from "./images";

// The image route over real HTTP: a publisher's picture server on loopback (counting requests),
// the route in front of it with the outbound guard (loopback allowed, as ALLOW_PRIVATE_HOSTS
// would), and a disk cache in a fresh folder.

const DEFAULT_IMAGE = "/images/default-news.svg";
const ACCEPT = {
  avif: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
  webp: "image/webp,*/*",
  jpeg: "image/*",
};

const signer = new ImageSigner("k".repeat(64));
const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
let pictures: PictureServer;
let allowLoopback: OutboundGuard;
let photo: Buffer;
/** The stored articles' pictures, by article id (what the database would answer). */
const articles = new Map<number, string>();
/** What the route logged about pictures it could not get. */
const warnings: { reason: string }[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "image-route-"));
  dirs.push(dir);
  return dir;
}

/** A site in front of an image service: its base URL and the service. */
async function startSite(options: Partial<ImageServiceOptions> = {}) {
  const service = new ImageService({
    signer,
    articleImage: async (id) => articles.get(id) ?? null,
    configured: [{ url: `${pictures.url}/cover.jpg`, fallback: BOOK_PLACEHOLDER }],
    defaultImage: DEFAULT_IMAGE,
    cache: { dir: tempDir(), maxBytes: 64 * 1024 * 1024 },
    guard: allowLoopback,
    userAgent: "Test City Wire pictures (+https://news.example.test)",
    log: { warn: (fields) => warnings.push(fields as { reason: string }) },
    ...options,
  });
  const route = createImageRoute(service, { error: () => {} });
  const server = http.createServer((req, res) =>
    route(req, res, (req.url ?? "/").split("?")[0] ?? "/"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, service };
}

/** An article's picture path at `width` (the article is stored with `file` as its picture). */
function articlePicture(articleId: number, file: string, width: ImageWidth = 800): string {
  const url = `${pictures.url}${file}`;
  articles.set(articleId, url);
  return imagePath(signer.articleId(articleId, url), width);
}

async function get(base: string, pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${pathname}`, { headers, redirect: "manual" });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

let site: Awaited<ReturnType<typeof startSite>>;

beforeAll(async () => {
  photo = await makeNoisyPhoto(4000, 2250);
  pictures = await startPictureServer({
    "/photo.jpg": { body: photo, type: "image/jpeg" },
    "/burst.jpg": { body: photo, type: "image/jpeg" },
    "/formats.jpg": { body: photo, type: "image/jpeg" },
    "/cover.jpg": { body: photo, type: "image/jpeg" },
    "/page.html": { body: "<!doctype html><title>Not a picture</title>", type: "text/html" },
    "/huge.jpg": { body: randomBytes(16 * 1024 * 1024), type: "image/jpeg" },
    "/bomb.png": { body: await makePixelBomb(100_000, 100_000), type: "image/png" },
    "/line.png": {
      body: await makePixelBomb(39_000_000, 1, { bitDepth: 16, colorType: 6 }),
      type: "image/png",
    },
  });
  allowLoopback = createOutboundGuard({ allowPrivateHosts: ["127.0.0.1"] });
  site = await startSite();
}, 60_000);

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await pictures.close();
  await allowLoopback.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the image route", () => {
  it("makes the 800 px variant of a 4000 px JPEG at most 120 KB, cached for a year", async () => {
    const { res, body } = await get(site.base, articlePicture(1, "/photo.jpg"), {
      accept: ACCEPT.jpeg,
    });
    expect(res.status).toBe(200);
    expect(photo.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    expect(body.byteLength).toBeLessThanOrEqual(120 * 1024);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toBe("Accept");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{20}-800-jpeg-\d+"$/);
    expect(res.headers.get("content-length")).toBe(String(body.byteLength));
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 800, 450]);
  }, 30_000);

  it("never asks the publisher again for a picture it has", async () => {
    const picture = articlePicture(1, "/photo.jpg");
    await get(site.base, picture, { accept: ACCEPT.jpeg });
    const before = pictures.hits.get("/photo.jpg");
    const again = await get(site.base, picture, { accept: ACCEPT.jpeg });
    expect(again.res.status).toBe(200);
    // Another width and format come from the master kept on disk, not from the publisher.
    const other = await get(site.base, articlePicture(1, "/photo.jpg", 320), {
      accept: ACCEPT.webp,
    });
    expect(other.res.status).toBe(200);
    expect(pictures.hits.get("/photo.jpg")).toBe(before);
    expect(before).toBe(1);
  }, 30_000);

  it("fetches an original once when many readers ask for it at once", async () => {
    const widths: ImageWidth[] = [320, 640, 800, 960, 1280];
    const requests = widths.flatMap((width) =>
      Object.values(ACCEPT).flatMap((accept) => [
        get(site.base, articlePicture(2, "/burst.jpg", width), { accept }),
        get(site.base, articlePicture(2, "/burst.jpg", width), { accept }),
      ]),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.res.status)).toEqual(answers.map(() => 200));
    expect(pictures.hits.get("/burst.jpg")).toBe(1);
    // The same URL and Accept get the same bytes (one encode each).
    expect(answers[0]?.body.equals(answers[1]?.body ?? Buffer.alloc(0))).toBe(true);
  }, 60_000);

  it.each([
    ["AVIF", ACCEPT.avif, "image/avif", "heif"],
    ["WebP", ACCEPT.webp, "image/webp", "webp"],
    ["JPEG", ACCEPT.jpeg, "image/jpeg", "jpeg"],
    ["JPEG without an Accept", "", "image/jpeg", "jpeg"],
    [
      "JPEG when AVIF and WebP are refused",
      "image/avif;q=0, image/webp;q=0, */*",
      "image/jpeg",
      "jpeg",
    ],
  ])(
    "answers %s by the reader's Accept",
    async (_name, accept, type, format) => {
      const { res, body } = await get(
        site.base,
        articlePicture(3, "/formats.jpg", 640),
        accept ? { accept } : {},
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect((await sharp(body).metadata()).format).toBe(format);
    },
    30_000,
  );

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const picture = articlePicture(1, "/photo.jpg");
    const first = await get(site.base, picture, { accept: ACCEPT.webp });
    const etag = first.res.headers.get("etag") ?? "";
    const second = await get(site.base, picture, { accept: ACCEPT.webp, "if-none-match": etag });
    expect(second.res.status).toBe(304);
    expect(second.res.headers.get("etag")).toBe(etag);
    expect(second.body.byteLength).toBe(0);
    // Another format is another ETag: the JPEG is not "not modified".
    const jpeg = await get(site.base, picture, { accept: ACCEPT.jpeg, "if-none-match": etag });
    expect(jpeg.res.status).toBe(200);
    const head = await fetch(`${site.base}${picture}`, {
      method: "HEAD",
      headers: { accept: ACCEPT.webp },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(first.body.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  }, 30_000);

  it.each([
    [
      "an id of no stored article",
      () => imagePath(signer.articleId(999, `${pictures.url}/photo.jpg`)),
    ],
    [
      "a tampered signature",
      () => {
        const id = signer.articleId(1, `${pictures.url}/photo.jpg`);
        return imagePath(`${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`);
      },
    ],
    [
      "another article's signature",
      () => imagePath(`a2.${signer.articleId(1, "x").split(".")[1]}`),
    ],
    [
      "an id signed with another key",
      () => imagePath(new ImageSigner("z".repeat(64)).articleId(1, `${pictures.url}/photo.jpg`)),
    ],
    [
      "a width the cards never use",
      () => `/img/801/${signer.articleId(1, `${pictures.url}/photo.jpg`)}`,
    ],
    ["an id that is no id", () => "/img/640/..%2f..%2fetc%2fpasswd"],
    [
      "a configured URL that is not configured",
      () => imagePath(signer.configuredId(`${pictures.url}/photo.jpg`)),
    ],
  ])("answers 404 to %s, asking nobody", async (_name, pathOf) => {
    articles.set(1, `${pictures.url}/photo.jpg`);
    const total = () => [...pictures.hits.values()].reduce((a, b) => a + b, 0);
    const before = total();
    const { res } = await get(site.base, pathOf());
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(total()).toBe(before);
  });

  it("answers an id of the old form (a 22-character MAC) as today's id: the same picture and ETag", async () => {
    const url = `${pictures.url}/photo.jpg`;
    const today = articlePicture(1, "/photo.jpg");
    const first = await get(site.base, today, { accept: ACCEPT.webp });
    const before = pictures.hits.get("/photo.jpg");
    // What ids were before 2026-12-05: HMAC-SHA-256 of "a1\n<url>", 22 base64url characters.
    const mac = createHmac("sha256", "k".repeat(64)).update(`a1\n${url}`).digest("base64url");
    const old = imagePath(`a1.${mac.slice(0, 22)}`, 800);
    expect(old).not.toBe(today);
    expect(old.startsWith(today)).toBe(true);
    const again = await get(site.base, old, { accept: ACCEPT.webp });
    expect(again.res.status).toBe(200);
    expect(again.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
    expect(again.body.equals(first.body)).toBe(true);
    expect(pictures.hits.get("/photo.jpg")).toBe(before);
    // Its MAC is checked whole: a change in the characters today's ids leave out is refused.
    const tampered = `${old.slice(0, -1)}${old.endsWith("A") ? "B" : "A"}`;
    expect((await get(site.base, tampered)).res.status).toBe(404);
  }, 30_000);

  it("stops serving an article's old id when its picture changes", async () => {
    const old = articlePicture(4, "/photo.jpg");
    expect((await get(site.base, old)).res.status).toBe(200);
    articlePicture(4, "/burst.jpg");
    expect((await get(site.base, old)).res.status).toBe(404);
  }, 30_000);

  it("serves a configured picture (a book cover)", async () => {
    const { res } = await get(
      site.base,
      imagePath(signer.configuredId(`${pictures.url}/cover.jpg`), 320),
    );
    expect(res.status).toBe(200);
  }, 30_000);
});

describe("a picture that cannot be had", () => {
  it.each([
    ["is not a picture", 20, "/page.html", /^Not a picture$/],
    ["is larger than 15 MB", 21, "/huge.jpg", /^Picture larger than 15 MB$/],
    ["claims 10 gigapixels (a decompression bomb)", 22, "/bomb.png", /^Too many pixels/],
    [
      "is 39,000,000 × 1 pixels of 16-bit RGBA (under the pixel limit)",
      24,
      "/line.png",
      /^A side is longer than/,
    ],
    ["is a 404 at the publisher", 23, "/gone.jpg", /^HTTP 404$/],
  ])(
    "answers the default picture when the original %s, and is not asked for again",
    async (_name, articleId, file, reason) => {
      const picture = articlePicture(articleId, file, 640);
      const { res } = await get(site.base, picture, { accept: ACCEPT.avif });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(DEFAULT_IMAGE);
      expect(res.headers.get("cache-control")).toBe("public, max-age=600");
      // Remembered: more readers and other widths do not make the server ask again.
      await get(site.base, picture);
      await get(site.base, articlePicture(articleId, file, 320));
      expect(pictures.hits.get(file)).toBe(1);
      expect(warnings.at(-1)?.reason).toMatch(reason);
    },
    30_000,
  );

  it("answers a cover's own fallback (the books placeholder)", async () => {
    const other = await startSite({
      configured: [{ url: `${pictures.url}/page.html`, fallback: BOOK_PLACEHOLDER }],
    });
    const { res } = await get(
      other.base,
      imagePath(signer.configuredId(`${pictures.url}/page.html`)),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(BOOK_PLACEHOLDER);
    // From then on, while its failure is remembered, pages name the fallback itself: no
    // request for a redirect first.
    expect(other.service.configuredPath(`${pictures.url}/page.html`)).toBe(BOOK_PLACEHOLDER);
    expect(other.service.configuredPath(`${pictures.url}/cover.jpg`)).toBe("");
    expect(site.service.configuredPath(`${pictures.url}/cover.jpg`)).toMatch(/^\/img\//);
    expect(other.service.configuredFailed(`${pictures.url}/page.html`)).toBe(true);
    expect(site.service.configuredFailed(`${pictures.url}/cover.jpg`)).toBe(false);
  }, 30_000);

  it("is refused at a private address the allowlist does not name (SSRF guard)", async () => {
    const publicOnly = createOutboundGuard();
    closers.push(() => publicOnly.close());
    const guarded = await startSite({ guard: publicOnly });
    const before = pictures.hits.get("/photo.jpg") ?? 0;
    const { res } = await get(guarded.base, articlePicture(1, "/photo.jpg"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(DEFAULT_IMAGE);
    expect(pictures.hits.get("/photo.jpg") ?? 0).toBe(before);
    expect(warnings.at(-1)?.reason).toBe("Refused a private address (127.0.0.1)");
  }, 30_000);
});

describe("If-None-Match: *", () => {
  it("is 304 for a picture that exists, and the fallback's short redirect for one that failed", async () => {
    const good = await get(site.base, articlePicture(30, "/photo.jpg", 320), {
      "if-none-match": "*",
    });
    expect(good.res.status).toBe(304);
    const failed = articlePicture(31, "/page.html", 320);
    expect((await get(site.base, failed)).res.status).toBe(302);
    const again = await get(site.base, failed, { "if-none-match": "*" });
    expect(again.res.status).toBe(302);
    expect(again.res.headers.get("location")).toBe(DEFAULT_IMAGE);
    expect(again.res.headers.get("cache-control")).toBe("public, max-age=600");
  }, 30_000);
});

describe("a picture URL with credentials", () => {
  it("is refused without being fetched, and remembered as refused for good", async () => {
    const clock = { now: Date.parse("2026-11-24T12:00:00Z") };
    const own = await startSite({ clock: () => clock.now });
    const before = warnings.length;
    const withCredentials = `${pictures.url.replace("://", "://reader:secret@")}/photo.jpg`;
    articles.set(40, withCredentials);
    const picture = imagePath(signer.articleId(40, withCredentials), 640);
    const { res } = await get(own.base, picture);
    expect(res.status).toBe(302);
    expect(warnings.at(-1)?.reason).toBe("Refused a URL with credentials");
    // A passing failure is tried again after 10 minutes, a lasting one after 6 hours; this one
    // never while the process runs: no new attempt, no new warning, a day later.
    clock.now += 24 * 3600_000;
    expect((await get(own.base, picture)).res.status).toBe(302);
    expect(warnings.length).toBe(before + 1);
  }, 30_000);

  it("is a permanent failure; timeouts and 5xx pass, other refusals last", () => {
    expect(failureKind("Refused a URL with credentials")).toBe("permanent");
    expect(failureKind("Refused a non-http(s) URL (ftp:)")).toBe("permanent");
    expect(failureKind("Timed out after 10 s")).toBe("passing");
    expect(failureKind("HTTP 503")).toBe("passing");
    expect(failureKind("HTTP 404")).toBe("lasting");
    expect(failureKind("Not a picture")).toBe("lasting");
  });
});

describe("picture work whose readers have gone", () => {
  it("is dropped from the queue; a new reader's picture is made at once after the work running", async () => {
    // A publisher that holds /slow.jpg until told, and serves the photo at other paths.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const fetched: string[] = [];
    const publisher = http.createServer((req, res) => {
      fetched.push(req.url ?? "");
      const send = () => res.writeHead(200, { "Content-Type": "image/jpeg" }).end(photo);
      if (req.url === "/slow.jpg") void held.then(send);
      else send();
    });
    await new Promise<void>((r) => publisher.listen(0, "127.0.0.1", r));
    closers.push(
      () =>
        new Promise<void>((r) => {
          publisher.closeAllConnections();
          publisher.close(() => r());
        }),
    );
    const origin = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
    // One fetch at a time: the slow one holds it; the others wait in the queue.
    const own = await startSite({ fetches: { concurrency: 1, queue: 50 } });
    const pictureOf = (id: number, file: string) => {
      articles.set(id, `${origin}${file}`);
      return imagePath(signer.articleId(id, `${origin}${file}`), 640);
    };
    const slow = fetch(`${own.base}${pictureOf(50, "/slow.jpg")}`);
    await expect.poll(() => fetched).toEqual(["/slow.jpg"]);
    // Ten readers ask for new pictures and leave before their turn comes.
    const leaving = Array.from({ length: 10 }, (_, i) => {
      const gone = new AbortController();
      const request = fetch(`${own.base}${pictureOf(60 + i, `/left-${i}.jpg`)}`, {
        signal: gone.signal,
      }).catch(() => "left");
      return { gone, request };
    });
    await new Promise((r) => setTimeout(r, 100));
    for (const { gone } of leaving) gone.abort();
    await Promise.all(leaving.map((l) => l.request));
    // A reader who stays asks for a new picture: it comes right after the slow one.
    const staying = fetch(`${own.base}${pictureOf(70, "/stays.jpg")}`);
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect((await slow).status).toBe(200);
    expect((await staying).status).toBe(200);
    // Nothing was fetched for the readers who left.
    expect(fetched).toEqual(["/slow.jpg", "/stays.jpg"]);
  }, 30_000);
});

describe("a picture looked up while the database is away", () => {
  it("is a 503 to ask again later, not a 500", async () => {
    const away = () =>
      Promise.reject(
        new DatabaseUnavailableError(
          Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
            code: "ECONNREFUSED",
          }),
        ),
      );
    // The article's picture (its row), or the failures the instances share, cannot be read.
    for (const options of [
      { articleImage: away },
      { sharedFailures: { until: away, remember: away } },
    ]) {
      const { base } = await startSite(options);
      const { res } = await get(base, articlePicture(900, "/photo.jpg"));
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
    }
  });
});

describe("the disk cache of the route", () => {
  it("stays within its cap, evicting the least recently used", async () => {
    // Room for the master (about 210 KB) and a few variants, not for all of them.
    const cap = 400 * 1024;
    const cache = new DiskCache({ dir: tempDir(), maxBytes: cap });
    const small = await startSite({ cache });
    for (const width of [320, 640, 800, 960, 1280] as const) {
      const { res } = await get(small.base, articlePicture(1, "/photo.jpg", width), {
        accept: ACCEPT.jpeg,
      });
      expect(res.status).toBe(200);
      expect(cache.size).toBeLessThanOrEqual(cap);
    }
    // Evicted files are deleted in the background.
    await expect.poll(() => readdirSync(cache.dir).length).toBe(cache.count);
    expect(cache.count).toBeLessThan(6);
  }, 60_000);
});

/** An exchange for a GET of `pathname` from `address` (no socket: the route is a fake). */
function exchange(pathname: string, address: string): CityExchange {
  const req = { method: "GET", headers: {}, address } as unknown as IncomingMessage;
  return {
    req,
    res: {} as ServerResponse,
    pathname,
    base: "",
    site: "a",
    city: () => ({}) as never,
  };
}

describe("imageRoute", () => {
  it("hands the picture's work the reader it is for: an IPv4 address, or an IPv6 /64", () => {
    const readers: (string | undefined)[] = [];
    const handle = imageRoute(
      (_req, _res, _pathname, reader) => readers.push(reader),
      (req) => (req as unknown as { address: string }).address,
    );
    for (const address of [
      "2001:db8:1:2::10",
      "2001:db8:1:2:ffff::1",
      "2001:db8:1:3::10",
      "203.0.113.5",
      "::ffff:203.0.113.5",
    ])
      expect(handle(exchange("/img/400/abc", address))).toBe(true);
    expect(readers).toEqual([
      "2001:db8:1:2::/64",
      "2001:db8:1:2::/64",
      "2001:db8:1:3::/64",
      "203.0.113.5",
      "203.0.113.5",
    ]);
    // Not a picture: not its route.
    expect(handle(exchange("/faq", "203.0.113.5"))).toBe(false);
  });
});
