import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeMaster, makeVariant, negotiateFormat, UnusableImageError } from "./encode";

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
