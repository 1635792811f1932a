import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePixelBomb, makeZeroPng } from "../../tests/support/picture-server";
import {
  DECODE_BUDGET,
  decodeCostProblem,
  makeMaster,
  makeVariant,
  negotiateFormat,
  UnusableImageError,
} from "./encode";

describe("negotiateFormat", () => {
  it.each([
    ["Chromium's", "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "avif"],
    [
      "Safari 15's",
      "image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5",
      "webp",
    ],
    ["a refused AVIF", "image/avif;q=0, image/webp", "webp"],
    ["AVIF with a weight", "image/avif;q=0.9", "avif"],
    ["anything", "*/*", "jpeg"],
    ["no Accept", undefined, "jpeg"],
  ])("answers %s Accept with %s", (_name, accept, format) => {
    expect(negotiateFormat(accept)).toBe(format);
  });
});

describe("makeMaster", () => {
  it("shrinks a large picture to the widest width served, upright", async () => {
    const original = await sharp({
      create: { width: 1500, height: 3000, channels: 3, background: "#336699" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const master = await makeMaster(original);
    expect(master.ext).toBe("jpg");
    // Orientation 6 turns it a quarter: 3000 × 1500, then 1280 wide.
    const meta = await sharp(master.body).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 640]);
  });

  it("keeps transparency in a WebP master, and flattens it onto white for JPEG", async () => {
    const original = await sharp({
      create: { width: 100, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const master = await makeMaster(original);
    expect(master.ext).toBe("webp");
    const jpeg = await makeVariant(master.body, 320, "jpeg");
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(250);
    // Never enlarged past the original's width.
    expect((await sharp(jpeg).metadata()).width).toBe(100);
  });

  it.each([
    ["text", Buffer.from("<!doctype html><p>hello")],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ["a truncated JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
  ])("refuses %s", async (_name, body) => {
    await expect(makeMaster(body)).rejects.toBeInstanceOf(UnusableImageError);
  });

  it("refuses more pixels than the limit before decoding them", async () => {
    const original = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    await expect(makeMaster(original, 1_000_000)).rejects.toThrow(/Too many pixels/);
  });
});

describe("decodeCostProblem", () => {
  it.each([
    // The attack's pictures: under the pixel limit, yet a line of them is hundreds of megabytes.
    ["39,000,000 × 1, 16-bit RGBA", 39_000_000, 1, 4, "ushort", /^A side is longer than 12000 px/],
    ["1 × 39,000,000, 8-bit RGBA", 1, 39_000_000, 4, "uchar", /^A side is longer than 12000 px/],
    ["8,000 × 6,000 (48 MP)", 8000, 6000, 3, "uchar", /^Too many pixels/],
    ["11,000 × 400 (a strip)", 11_000, 400, 3, "uchar", /^Too narrow or too tall/],
    ["6,000 × 6,000, 16-bit RGBA (288 MB)", 6000, 6000, 4, "ushort", /^Too costly to decode/],
    ["6,000 × 6,000, 32-bit float RGB", 6000, 6000, 3, "float", /^Too costly to decode/],
    ["no dimensions", 0, 0, 3, "uchar", /^No dimensions/],
  ])("refuses %s", (_name, width, height, channels, depth, problem) => {
    expect(decodeCostProblem({ width, height, channels, depth })).toMatch(problem);
  });

  it.each([
    ["a 7,728 × 5,152 photo (40 MP, 8-bit RGB)", 7728, 5152, 3, "uchar"],
    ["a 4000 × 2250 photo with alpha", 4000, 2250, 4, "uchar"],
    ["a 1,200 × 12,000 infographic", 1200, 12_000, 3, "uchar"],
    ["a 4,000 × 3,000 16-bit RGBA scan (92 MB)", 4000, 3000, 4, "ushort"],
  ])("accepts %s", (_name, width, height, channels, depth) => {
    expect(decodeCostProblem({ width, height, channels, depth })).toBeNull();
  });

  it("bounds each side, the aspect ratio and the samples, with a time limit for the rest", () => {
    expect(DECODE_BUDGET).toEqual({
      maxSide: 12_000,
      maxAspect: 25,
      maxDecodedBytes: 160 * 1024 * 1024,
      timeoutSeconds: 4,
    });
  });
});

describe("makeMaster under the decode budget", () => {
  it("refuses the 39,000,000 × 1 16-bit PNG from its header, before decoding it", async () => {
    const header = await makePixelBomb(39_000_000, 1, { bitDepth: 16, colorType: 6 });
    await expect(makeMaster(header)).rejects.toThrow(/A side is longer than 12000 px/);
  });

  it("refuses a real 16-bit PNG too costly to decode, and decodes a smaller one", async () => {
    // 7,000 × 5,000 16-bit RGBA: 35 MP, under the pixel limit; 267 MB of samples.
    const costly = await makeZeroPng(7000, 5000, { bitDepth: 16 });
    expect(costly.length).toBeLessThan(1024 * 1024);
    await expect(makeMaster(costly)).rejects.toThrow(/Too costly to decode \(267 MB/);
    const fine = await makeZeroPng(800, 600, { bitDepth: 16 });
    const master = await makeMaster(fine);
    expect(master.ext).toBe("webp");
  }, 30_000);
});
