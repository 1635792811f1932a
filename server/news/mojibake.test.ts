import { describe, expect, it } from "vitest";
import { readFixture } from "../../tests/support/fixtures";
import { decodeFeed } from "./decode";
import { plainText } from "./normalize";
import { parseFeed } from "./parse";
import { repairText } from "./mojibake";

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

  it("repairs Le Figaro's double-encoded à and no-break spaces (a second byte of U+00A0)", () => {
    // The fixture's bytes: "Ã" U+00A0 (C3 83 C2 A0) for "à", "Â" U+00A0 for a no-break space.
    const bytes = readFixture("lefigaro-culture.rss.xml");
    expect(bytes.includes(Buffer.from("Le film \u00c3\u00a0 voir", "utf8"))).toBe(true);
    const feed = parseFeed(decodeFeed(bytes));
    const titles = feed.items.map((i) => plainText(i.title));
    expect(titles).toContain("Le film à voir ce soir: Legend");
    const letter = titles.find((t) => t.startsWith("Letter to"));
    expect(letter).toBe("Letter to a Man : Mikhail Baryshnikov, à la folie");
    expect(titles.join(" ")).not.toMatch(/[ÃÂ]/);
  });
});

describe("repairText: sequences whose second character is a no-break space", () => {
  it.each([
    ["Ã\u00a0 la folie", "à la folie"],
    ["toÂ\u00a0aÂ\u00a0Man", "to\u00a0a\u00a0Man"],
  ])("repairs %j", (text, fixed) => {
    expect(repairText(text)).toBe(fixed);
  });

  it("leaves a real no-break space after a letter alone", () => {
    expect(repairText("São\u00a0Paulo")).toBe("São\u00a0Paulo");
    expect(repairText("prix\u00a0: 10\u00a0€")).toBe("prix\u00a0: 10\u00a0€");
  });
});
