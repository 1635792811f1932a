import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { brandOf } from "../../sites/brand";
import { drawIcon, iconAt, iconPath, iconSvg } from "./icons";
import { webManifest } from "./manifest";

// The offline storm kit's manifest and icons (issue 52, point 5): everything from the city's data
// and the edition. The HTTP side (headers, the pages' links) is in server/http/offline.test.ts.

const BRAND = { color: "#123456", background: "#fafafa", shortName: "{city} Ledger" };
const CITY = fixtureCity({ brand: BRAND });
const SPANISH = fixtureCity({
  brand: BRAND,
  locale: "es-US",
  tagline: "Noticias de {city}, una ciudad de prueba.",
});

describe("webManifest", () => {
  it("names the city's default edition's app from its data", () => {
    const manifest = webManifest(CITY, { path: "" });
    expect(manifest).toMatchObject({
      id: "/",
      name: "Fixtureville Ledger",
      short_name: "Fixtureville Ledger",
      description: CITY.tagline,
      lang: "en-US",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#123456",
      background_color: "#fafafa",
      shortcuts: [{ name: "Weather", url: "/weather" }],
    });
  });

  it("gives each edition its language, words, home and weather page", () => {
    const manifest = webManifest(SPANISH, { path: "/es", slugs: { weather: "clima" } });
    expect(manifest).toMatchObject({
      id: "/es/",
      lang: "es-US",
      description: "Noticias de Fixtureville, una ciudad de prueba.",
      start_url: "/es/",
      scope: "/es/",
      shortcuts: [{ name: "Clima", url: "/es/clima" }],
      offline_note: {
        saved_at: "Guardada a las {time}",
        saved_on: "Guardada el {date} a las {time}",
        time_zone: "America/Chicago",
      },
    });
  });

  it("lists 192 and 512 px icons, plain and maskable", () => {
    expect(webManifest(CITY, { path: "/es" }).icons).toEqual([
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
  });
});

describe("brandOf", () => {
  it("takes the city's brand, its letters the city's initial unless given", () => {
    expect(brandOf(CITY)).toEqual({
      color: "#123456",
      background: "#fafafa",
      shortName: "Fixtureville Ledger",
      mark: "F",
    });
    expect(brandOf(fixtureCity({ brand: { ...BRAND, mark: "FL" } })).mark).toBe("FL");
  });

  it("falls back to the stylesheet's colours and the site's name", () => {
    const bare = fixtureCity({ brand: null });
    expect(brandOf(bare)).toEqual({
      color: "#8a1c1c",
      background: "#fdfcf9",
      shortName: bare.name,
      mark: "F",
    });
  });
});

describe("the icons", () => {
  it("are served at one path per kind, and no other size is", () => {
    expect(iconPath({ size: 192, maskable: false })).toBe("/icon-192.png");
    expect(iconAt("/icon-maskable-512.png")).toEqual({ size: 512, maskable: true });
    expect(iconAt("/icon-192.png")).toEqual({ size: 192, maskable: false });
    expect(iconAt("/icon-100.png")).toBeUndefined();
    expect(iconAt("/icon-192.png/x")).toBeUndefined();
  });

  it("escapes the letters they draw", () => {
    expect(iconSvg({ ...brandOf(CITY), mark: "<&>" }, { size: 192, maskable: false })).toContain(
      "&lt;&amp;&gt;</text>",
    );
  });

  it.each([192, 512] as const)("draws %i px PNGs", async (size) => {
    for (const maskable of [false, true]) {
      const png = await drawIcon(brandOf(CITY), { size, maskable });
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
    }
  });

  it("keeps a maskable icon's letters in the safe zone, its corners full bleed", async () => {
    const size = 512;
    const brand = { ...brandOf(CITY), mark: "WWW" };
    const { data, info } = await sharp(await drawIcon(brand, { size, maskable: true }))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const background = [0x12, 0x34, 0x56];
    // Every pixel outside the circle of 80 % of the side (the W3C safe zone) is the background.
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= 0.4 * size) continue;
        const i = (y * size + x) * info.channels;
        expect([data[i], data[i + 1], data[i + 2]], `${x},${y}`).toEqual(background);
      }
    }
  });

  it("rounds a plain icon's corners (transparent) and fills a maskable one's", async () => {
    const corner = async (maskable: boolean) => {
      const { data } = await sharp(await drawIcon(brandOf(CITY), { size: 192, maskable }))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[3];
    };
    expect(await corner(false)).toBe(0);
    expect(await corner(true)).toBe(255);
  });
});
