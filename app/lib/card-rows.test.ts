import { describe, expect, it } from "vitest";
import { PARTNER_REACH, pairByKind, spansRow } from "./card-rows";

/** Stories named by kind and place: "P0" a picture card, "T1" a text card. */
const stories = (kinds: string) => [...kinds].map((k, i) => `${k}${i}`);
const pictured = (s: string) => s.startsWith("P");
const order = (kinds: string) => pairByKind(stories(kinds), pictured).join(" ");

describe("pairByKind", () => {
  it("keeps a list whose rows are already two of a kind as it is", () => {
    expect(order("PPTTPP")).toBe("P0 P1 T2 T3 P4 P5");
    expect(order("PPPPP")).toBe("P0 P1 P2 P3 P4");
    expect(order("")).toBe("");
  });

  it("brings the next card of a kind beside one that would sit beside the other kind", () => {
    // Picture, text, picture, text: each row two of a kind, no story moved more than a place
    // (the last picture card after the last text card, which is alone).
    expect(order("PTPTPT")).toBe("P0 P2 T1 T3 T5 P4");
    expect(order("TPTP")).toBe("T0 T2 P1 P3");
  });

  it(`leaves a text card alone when no other is within ${PARTNER_REACH} places`, () => {
    expect(order("PTPPPPPT")).toBe("P0 P2 T1 P3 P4 P5 P6 T7");
    expect(order("TPPPT")).toBe("T0 P1 P2 T4 P3");
    expect(order("TPPT")).toBe("T0 T3 P1 P2");
  });

  it("puts a picture card with no partner last, after the text cards, but never the first story", () => {
    expect(order("PPPTTTT")).toBe("P0 P1 T3 T4 T5 T6 P2");
    expect(order("PTT")).toBe("P0 T1 T2");
  });

  it("shows every story once", () => {
    const kinds = "PTTPTPPPTTTPTPPT";
    expect([...pairByKind(stories(kinds), pictured)].sort()).toEqual(stories(kinds).sort());
  });
});

describe("spansRow", () => {
  const spans = (kinds: string) =>
    spansRow([...kinds].map((k) => k === "P"))
      .map((s, i) => (s ? `${kinds[i]}${i}` : ""))
      .filter(Boolean)
      .join(" ");

  it("spans a text card that would start a row beside a picture card or nothing", () => {
    expect(spans("PPTPP")).toBe("T2");
    expect(spans("PPTTPP")).toBe("");
    expect(spans("TPPT")).toBe("T0 T3");
  });

  it("leaves a text card in a row's second place as it is (beside whatever is first)", () => {
    expect(spans("PTPP")).toBe("");
  });

  it("lays out pairByKind's order with every row two of a kind or one text card alone", () => {
    const kinds = "PTPPPPPTTPTTTP";
    const shown = pairByKind(stories(kinds), pictured);
    const wide = spansRow(shown.map(pictured));
    const rows: string[][] = [];
    shown.forEach((s, i) => {
      const row = rows.at(-1);
      if (!wide[i] && row && row.length === 1 && !wide[i - 1]) row.push(s);
      else rows.push([s]);
    });
    for (const row of rows.slice(0, -1)) {
      expect(row.length === 2 ? pictured(row[0] ?? "") === pictured(row[1] ?? "") : true).toBe(
        true,
      );
      if (row.length === 1) expect(pictured(row[0] ?? "")).toBe(false);
    }
  });
});
