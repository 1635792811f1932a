import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { SocialImages, drawSocialImage, socialImageSvg } from "./social-image";

const AUSTIN = { name: "Austin City Wire", city: "Austin", state: "Texas" };
const HOUSTON = { name: "Houston City Wire", city: "Houston", state: "Texas" };

/** Whether the card's right margin (past the 80px padding, under the band) is background only. */
async function rightMarginIsEmpty(png: Buffer): Promise<boolean> {
  // Read as pixels: stats() would describe the whole picture, whatever was extracted.
  const margin = await sharp(png)
    .extract({ left: 1121, top: 24, width: 79, height: 606 })
    .removeAlpha()
    .raw()
    .toBuffer();
  return margin.every((value, i) => value === margin[i % 3]);
}

describe("drawSocialImage", () => {
  it("draws a 1200×630 PNG under 100 KB", async () => {
    const png = await drawSocialImage(AUSTIN);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    expect(png.length).toBeLessThan(100 * 1024);
  });

  it("draws each city its own card", async () => {
    const [austin, houston] = await Promise.all([
      drawSocialImage(AUSTIN),
      drawSocialImage(HOUSTON),
    ]);
    expect(austin.equals(houston)).toBe(false);
  });

  it("writes the line under the name in the site's language", () => {
    expect(socialImageSvg(AUSTIN)).toContain("Local news, weather, sports");
    const spanish = socialImageSvg({ ...AUSTIN, locale: "es-US" });
    expect(spanish).toContain("Noticias locales, clima, deportes");
    expect(spanish).not.toContain("Local news");
  });

  it("escapes the text it draws", async () => {
    const png = await drawSocialImage({ name: `The <&> "Wire"'s`, city: "A&B", state: "<C>" });
    expect((await sharp(png).metadata()).width).toBe(1200);
  });

  it("fits a long name and place inside the margins", async () => {
    const long = "The Greater Metropolitan Springfield and Shelbyville Evening Chronicle & Herald";
    const wide = "W".repeat(80);
    for (const name of [long.padEnd(80, "!"), wide, "M".repeat(30)]) {
      const png = await drawSocialImage({ name, city: wide, state: "Mmmmmmmmmmmmmmmmmmmm" });
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
      expect(await rightMarginIsEmpty(png)).toBe(true);
    }
  });
});

describe("SocialImages", () => {
  const fakeDraw = (body = Buffer.from("png")) => vi.fn(() => Promise.resolve(body));

  it("keeps a card: the second get is the same buffer, drawn once", async () => {
    const draw = fakeDraw();
    const images = new SocialImages({ draw });
    const first = await images.get("austin", AUSTIN);
    const second = await images.get("austin", AUSTIN);
    expect(second.body).toBe(first.body);
    expect(second.etag).toMatch(/^"[\w-]{22}"$/);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it("draws once for concurrent gets of the same city", async () => {
    const draw = fakeDraw();
    const images = new SocialImages({ draw });
    const [a, b] = await Promise.all([images.get("austin", AUSTIN), images.get("austin", AUSTIN)]);
    expect(a.body).toBe(b.body);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it("draws each city, and a renamed one again", async () => {
    const draw = vi.fn((site: { name: string }) => Promise.resolve(Buffer.from(site.name)));
    const images = new SocialImages({ draw });
    await images.get("austin", AUSTIN);
    await images.get("houston", HOUSTON);
    const renamed = await images.get("austin", { ...AUSTIN, name: "Austin Wire" });
    expect(renamed.body.toString()).toBe("Austin Wire");
    expect(draw).toHaveBeenCalledTimes(3);
    // A site whose language changed is drawn again too.
    await images.get("houston", { ...HOUSTON, locale: "es-US" });
    expect(draw).toHaveBeenCalledTimes(4);
  });

  it("forgets the least recently asked for beyond maxEntries", async () => {
    const draw = fakeDraw();
    const images = new SocialImages({ maxEntries: 1, draw });
    await images.get("austin", AUSTIN);
    await images.get("houston", HOUSTON);
    await images.get("austin", AUSTIN);
    expect(draw).toHaveBeenCalledTimes(3);
  });

  it("does not keep a failed draw: the next get draws again", async () => {
    const draw = vi
      .fn<() => Promise<Buffer>>()
      .mockRejectedValueOnce(new Error("no fonts"))
      .mockResolvedValue(Buffer.from("png"));
    const images = new SocialImages({ draw });
    await expect(images.get("austin", AUSTIN)).rejects.toThrow("no fonts");
    await expect(images.get("austin", AUSTIN)).resolves.toMatchObject({ body: Buffer.from("png") });
    expect(draw).toHaveBeenCalledTimes(2);
  });
});
