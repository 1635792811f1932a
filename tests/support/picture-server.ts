import http from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";
import sharp from "sharp";

/**
 * A photo-like JPEG: smooth gradients, detail at several scales and sensor noise, so that it is
 * not trivially compressible (a 4000 × 2250 one is about 4 MB at quality 90, like a publisher's
 * original).
 */
export async function makeNoisyPhoto(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const detail = 40 * Math.sin(x / 7) * Math.cos(y / 11) + 30 * Math.sin((x + y) / 23);
      const noise = (random() - 0.5) * 50;
      raw[i] = clamp((x / width) * 200 + detail + noise);
      raw[i + 1] = clamp((y / height) * 200 - detail + noise);
      raw[i + 2] = clamp(128 + 90 * Math.sin(x / 150) * Math.cos(y / 120) + noise);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A decompression bomb: a tiny PNG whose header claims `width` × `height` pixels (the header is
 * rewritten, with its CRC, after a 1 × 1 image was encoded), 8-bit RGB unless `bitDepth` and
 * `colorType` (PNG's: 2 RGB, 6 RGBA) say otherwise.
 */
export async function makePixelBomb(
  width: number,
  height: number,
  { bitDepth = 8, colorType = 2 }: { bitDepth?: 8 | 16; colorType?: 2 | 6 } = {},
): Promise<Buffer> {
  const png = await sharp({
    create: { width: 1, height: 1, channels: 3, background: "#808080" },
  })
    .png()
    .toBuffer();
  // Signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4), bit depth (1),
  // colour type (1), …, CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt8(bitDepth, 24);
  png.writeUInt8(colorType, 25);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * A real, decodable PNG of `width` × `height` pixels, every sample zero, 16-bit RGBA or 8-bit
 * (as the attack's pictures were): its rows deflate about a thousandfold, so a 39-megapixel one
 * is some 300 KB. Written by hand, since no encoder makes pictures this shape.
 */
export async function makeZeroPng(
  width: number,
  height: number,
  { bitDepth = 16 }: { bitDepth?: 8 | 16 } = {},
): Promise<Buffer> {
  const { createDeflate } = await import("node:zlib");
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(bitDepth, 8);
  ihdr.writeUInt8(6, 9); // RGBA
  const rowBytes = 1 + width * 4 * (bitDepth / 8); // a filter byte, then the samples
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((r) => deflate.on("end", r));
  const block = Buffer.alloc(1024 * 1024);
  let left = rowBytes * height;
  while (left > 0) {
    const n = Math.min(left, block.length);
    if (!deflate.write(block.subarray(0, n))) await new Promise((r) => deflate.once("drain", r));
    left -= n;
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.concat(out)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface PictureServer {
  url: string;
  /** How many requests each path received. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A publisher's picture server on loopback (port 0) serving fixed bodies by path, each with its
 * type, and counting the requests each path receives. Unknown paths are 404s.
 */
export async function startPictureServer(
  files: Record<string, { body: Buffer | string; type: string }>,
): Promise<PictureServer> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files[path];
    if (!file) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("Not found");
      return;
    }
    res.writeHead(200, {
      "Content-Type": file.type,
      "Content-Length": Buffer.byteLength(file.body),
    });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
