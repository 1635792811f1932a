import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { charsetOf, decodeFeed, decodeUtf8Leniently, sniffEncoding } from "./decode";
import { normalizeItem } from "./normalize";
import { parseFeed } from "./parse";

const DIR = path.resolve(import.meta.dirname, "../../tests/fixtures/encodings");
const fixture = (name: string) => readFileSync(path.join(DIR, name));

/** The WHATWG windows-1252 decoding of 0x80-0x9F (the five unassigned bytes stay C1 codes). */
const C1_ROW = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const BAYOU = "“Bayou” festival – café €5";

/** Every label the Encoding Standard maps to windows-1252. */
const WINDOWS_1252_LABELS = [
  "ansi_x3.4-1968",
  "ascii",
  "cp1252",
  "cp819",
  "csisolatin1",
  "ibm819",
  "iso-8859-1",
  "iso-ir-100",
  "iso8859-1",
  "iso88591",
  "iso_8859-1",
  "iso_8859-1:1987",
  "l1",
  "latin1",
  "us-ascii",
  "windows-1252",
  "x-cp1252",
  "ISO-8859-1",
  "Windows-1252",
];

function titleAndDescription(xml: string) {
  const [item] = parseFeed(xml).items;
  return { title: item?.title, description: item?.description };
}

describe("decodeFeed: windows-1252 and every label that means it", () => {
  const bytes = fixture("c1-row.rss.xml");

  it.each(WINDOWS_1252_LABELS)(
    "reads every byte 0x80-0x9F under Content-Type charset=%s",
    (label) => {
      const text = decodeFeed(bytes, `application/rss+xml; charset=${label}`);
      expect(titleAndDescription(text)).toEqual({
        title: `Every C1 byte: [${C1_ROW}]`,
        description: BAYOU,
      });
    },
  );

  it.each(WINDOWS_1252_LABELS)(
    "reads every byte 0x80-0x9F under encoding=%s in the XML declaration",
    (label) => {
      const declared = Buffer.concat([
        Buffer.from(`<?xml version="1.0" encoding="${label}"?>\n`),
        bytes,
      ]);
      expect(titleAndDescription(decodeFeed(declared, "application/rss+xml"))).toEqual({
        title: `Every C1 byte: [${C1_ROW}]`,
        description: BAYOU,
      });
    },
  );

  it("reads undeclared bytes that are not UTF-8 as windows-1252", () => {
    expect(sniffEncoding(bytes)).toEqual({ encoding: "windows-1252", source: "detected" });
    expect(titleAndDescription(decodeFeed(bytes)).description).toBe(BAYOU);
  });

  it("shows the five unassigned codes as nothing, the others as their characters", () => {
    const [item] = parseFeed(decodeFeed(bytes, "text/xml; charset=latin1")).items;
    if (!item) throw new Error("the fixture has an item");
    const article = normalizeItem(item, {
      key: "local",
      feedUrl: "https://feeds.example.org/f",
      defaultImage: "/d.svg",
      now: Date.parse("2026-11-22T12:00:00Z"),
      timeZone: "America/Chicago",
    });
    expect(article?.title).toBe("Every C1 byte: [€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]");
    expect(article?.summary).toBe(BAYOU);
  });
});

describe("decodeFeed: the order of evidence", () => {
  const latin1 = Buffer.from(
    '<?xml version="1.0" encoding="windows-1251"?><rss>\xe9</rss>',
    "latin1",
  );

  it("takes a byte-order mark first", () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<rss>é</rss>")]);
    expect(sniffEncoding(bom, "text/xml; charset=iso-8859-1")).toEqual({
      encoding: "UTF-8",
      source: "bom",
    });
    expect(decodeFeed(bom, "text/xml; charset=iso-8859-1")).toBe("<rss>é</rss>");
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("<rss>é</rss>", "utf16le"),
    ]);
    expect(decodeFeed(utf16, "text/xml; charset=utf-8")).toBe("<rss>é</rss>");
  });

  it("then the Content-Type charset, over the XML declaration", () => {
    expect(sniffEncoding(latin1, "text/xml; charset=iso-8859-1")).toEqual({
      encoding: "windows-1252",
      source: "content-type",
    });
    expect(decodeFeed(latin1, "text/xml; charset=iso-8859-1")).toContain("<rss>é</rss>");
  });

  it("then the XML declaration", () => {
    expect(sniffEncoding(latin1, "text/xml")).toEqual({
      encoding: "windows-1251",
      source: "declaration",
    });
    expect(decodeFeed(latin1, "text/xml")).toContain("<rss>й</rss>");
  });

  it("then detection: valid UTF-8 is UTF-8", () => {
    expect(sniffEncoding(Buffer.from("<rss>é</rss>"))).toEqual({
      encoding: "UTF-8",
      source: "detected",
    });
  });

  it("ignores an unknown label and goes on to the next evidence", () => {
    const bogus = Buffer.from('<?xml version="1.0" encoding="klingon"?><rss>é</rss>');
    expect(decodeFeed(bogus, "text/xml; charset=nonsense")).toContain("<rss>é</rss>");
  });
});

describe("decodeFeed: feeds that declare the wrong charset", () => {
  it("reads a feed declared ISO-8859-1 whose bytes are UTF-8 as UTF-8 (für, not fÃ¼r)", () => {
    const bytes = fixture("declared-latin1-but-utf8.rss.xml");
    expect(sniffEncoding(bytes)).toEqual({ encoding: "UTF-8", source: "detected" });
    expect(sniffEncoding(bytes, "text/xml; charset=iso-8859-1").encoding).toBe("UTF-8");
    expect(titleAndDescription(decodeFeed(bytes))).toEqual({
      title: "Neue Regeln für Händler: Größere Märkte",
      description: "Die Börse schließt höher.",
    });
  });

  it("keeps a declared single-byte charset for a feed of ASCII alone", () => {
    const ascii = Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?><rss>plain</rss>');
    expect(sniffEncoding(ascii)).toEqual({ encoding: "windows-1252", source: "declaration" });
  });

  it("keeps a declared windows-1252 feed whose bytes are not valid UTF-8", () => {
    expect(sniffEncoding(fixture("c1-row.rss.xml"), "text/xml; charset=cp1252")).toEqual({
      encoding: "windows-1252",
      source: "content-type",
    });
  });

  it("reads Latin-1 bytes in a feed declared UTF-8 as windows-1252, leaving its UTF-8 whole", () => {
    const text = decodeFeed(fixture("declared-utf8-but-latin1.rss.xml"));
    const titles = parseFeed(text).items.map((i) => i.title);
    expect(titles).toEqual(["Café de la Plaza reopens", "Café Olé keeps UTF-8 “quotes”"]);
    expect(text).not.toContain("\ufffd");
  });
});

describe("decodeUtf8Leniently", () => {
  it.each([
    [[0x63, 0x61, 0x66, 0xe9], "café"],
    [[0xc3, 0xa9, 0xe9], "éé"],
    [[0xe2, 0x80, 0x99, 0x92], "’’"],
    [[0xe0, 0x80, 0x41], "à€A"], // an overlong start is two windows-1252 bytes
    [[0xf0, 0x9f, 0x93, 0xb0], "📰"],
  ])("reads %j as %j", (bytes, text) => {
    expect(decodeUtf8Leniently(Buffer.from(bytes))).toBe(text);
  });
});

describe("charsetOf", () => {
  it.each([
    ["application/rss+xml; charset=ISO-8859-1", "ISO-8859-1"],
    ['text/xml; charset="windows-1252"', "windows-1252"],
    ["text/xml", undefined],
    [null, undefined],
  ])("reads %j", (header, charset) => {
    expect(charsetOf(header)).toBe(charset);
  });
});
