import { francAll } from "franc-min";
import { describe, expect, it } from "vitest";
import { WELL_FORMED, readFixture } from "../../tests/support/fixtures";
import { decodeFeed } from "./decode";
import { rankLanguages } from "./franc-rank";
import { parseFeed } from "./parse";

/** The texts of a fixture's first entries: titles, summaries, bodies, and each joined. */
function textsOf(name: string): string[] {
  return parseFeed(decodeFeed(readFixture(name)))
    .items.slice(0, 20)
    .flatMap((item) => [
      item.title ?? "",
      item.description ?? "",
      item.content ?? "",
      `${item.title ?? ""}. ${(item.description ?? "").slice(0, 400)}`,
    ]);
}

describe("rankLanguages", () => {
  it.each(WELL_FORMED)("ranks the texts of %s exactly as franc does", (name) => {
    for (const text of textsOf(name)) {
      expect(rankLanguages(text, 10)).toEqual(francAll(text, { minLength: 10 }));
    }
  });

  it.each([
    ["nothing", ""],
    ["too short", "Obama"],
    ["digits and punctuation only", "2026-11-27 14:03:00 +0000 (1,234.56) !!! ??? ... 42"],
    ["whitespace only", " \n\t ".repeat(20)],
    [
      "a script of one language (Korean)",
      "서울 시내 곳곳에서 대규모 집회가 열려 교통이 통제되었습니다",
    ],
    ["Chinese", "休斯顿遭遇强烈风暴，数千户家庭停电，市政府呼吁居民注意安全"],
    ["Japanese", "ヒューストンで大規模な停電、数千世帯に影響が出ています"],
    ["Russian", "В Хьюстоне из-за сильного шторма тысячи домов остались без света"],
    ["Hindi", "ह्यूस्टन में तूफान के कारण हजारों घरों की बिजली गुल हो गई है"],
    ["Arabic", "عاصفة قوية تضرب هيوستن وتترك آلاف المنازل دون كهرباء هذا الأسبوع"],
    ["emoji and astral letters", "🌀🌀 Storm 𝐇𝐨𝐮𝐬𝐭𝐨𝐧 update: power out for thousands 🌀 𠀀𠀁𠀂"],
    ["mixed scripts", "Houston Хьюстон 休斯顿 هيوستن storm шторм 风暴 عاصفة power свет"],
    ["longer than franc reads", "The city council met on Tuesday to discuss flooding. ".repeat(60)],
    ["one repeated trigram", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"],
    ["letters that lower-case longer", "İSTANBUL'DA İZMİR İÇİN İKİ İLÇE ".repeat(90)],
    [
      "no two trigrams alike",
      Array.from({ length: 3000 }, (_, i) => String.fromCharCode(0x100 + i)).join(""),
    ],
  ])("ranks %s exactly as franc does", (_what, text) => {
    for (const minLength of [1, 10, 40]) {
      expect(rankLanguages(text, minLength)).toEqual(francAll(text, { minLength }));
    }
  });

  it("ranks every character of the BMP, 200 at a time, exactly as franc does", () => {
    for (let from = 0x20; from < 0x1_0000; from += 200) {
      const codes = Array.from({ length: 200 }, (_, i) => from + i);
      // (lone surrogates aside: text with them is counted franc's own way)
      const text = String.fromCharCode(...codes.filter((c) => c < 0xd800 || c > 0xdfff));
      expect(rankLanguages(text, 10)).toEqual(francAll(text, { minLength: 10 }));
    }
  });

  it("ranks text of characters drawn from across the BMP exactly as franc does", () => {
    // (a fixed sequence of pseudo-random numbers: the same texts on every run)
    let seed = 0x2f6b_1a3d;
    const next = () => (seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b_3c6d) >>> 0);
    for (let n = 0; n < 300; n++) {
      const spans = Array.from({ length: 3 }, () => 0x20 + (next() % 0xd700));
      const codes = Array.from({ length: 40 + (next() % 400) }, () => {
        const pick = next() % 10;
        return pick < 6 ? 0x61 + (next() % 26) : (spans[pick % 3] as number) + (next() % 64);
      });
      const text = String.fromCharCode(...codes);
      expect(rankLanguages(text, 10)).toEqual(francAll(text, { minLength: 10 }));
    }
  });
});
