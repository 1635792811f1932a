import { describe, expect, it } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import { decodeFeed } from "./decode";
import { plainText } from "./normalize";
import { parseFeed } from "./parse";
import { repairText } from "./repair";

describe("repairText: text double-encoded at the source", () => {
  it.each([
    ["invitÃ©s", "invités"],
    ["nâ€™est pas", "n’est pas"],
    ["â€œQuotedâ€\u009d and â€˜singleâ€™", "“Quoted” and ‘single’"],
    ["Ãœber die BrÃ¼cke", "Über die Brücke"],
    ["Â£5 off, 20Â°C, NÂº 5", "£5 off, 20°C, Nº 5"],
    ["priceâ€¦ 10â‚¬", "price… 10€"],
    ["ÐŸÑ€Ð¸Ð²ÐµÑ‚", "Привет"],
    ["Å‚Ã³dÅº", "łódź"],
    ["ÎºÎ±Î»Î·Î¼Î­Ï\u0081Î±", "καλημέρα"],
    // twice over
    ["Ã\u0083Â©tÃ\u0083Â©", "été"],
    // read as Latin-1 rather than windows-1252: C1 codes where the punctuation was
    ["nâ\u0080\u0099est", "n’est"],
    // a part that cannot be repaired does not stop the rest
    ["Ã©lan – 東京 nâ€™est", "élan – 東京 n’est"],
  ])("%j → %j", (broken, fixed) => {
    expect(repairText(broken)).toBe(fixed);
  });

  it.each([
    "São Paulo",
    "São Tomé e Príncipe",
    "âge d'or",
    "L'ÂME DU CÂBLE",
    "Ã",
    "Ãbc",
    "Le café…” dit-il",
    "voilà »",
    "L'ÉTÉ\u00a0»",
    "Ça va, Â?",
    "ÑANDÚ",
    "plain text, no accents",
    "Ã  Paris", // "à" whose no-break space became a space: not unambiguous
    "東京 — 大阪",
  ])("leaves ordinary text alone: %j", (text) => {
    expect(repairText(text)).toBe(text);
  });
});

describe("repairText: C1 control characters in UTF-8 text", () => {
  it.each([
    ["don\u0092t", "don’t"],
    ["\u0093Bayou\u0094 festival \u0096 caf\u00e9 \u00805", "“Bayou” festival – café €5"],
    ["a\u0081b\u008dc\u008fd\u0090e\u009df", "abcdef"],
  ])("%j → %j", (text, fixed) => {
    expect(repairText(text)).toBe(fixed);
  });
});

describe("repaired text from real feeds", () => {
  it("shows the Japan Times' captured mojibake as the punctuation it was", () => {
    const feed = parseFeed(decodeFeed(readFixture("japantimes-latest.rss.xml")));
    const texts = feed.items.map((i) => plainText(i.description));
    expect(texts.join(" ")).not.toMatch(/â€/);
    expect(texts.some((t) => t.includes("’"))).toBe(true);
  });
});
