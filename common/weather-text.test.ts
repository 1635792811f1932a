import { describe, expect, it } from "vitest";
import { cleanText, cutAtWord } from "./weather-text";

const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
// eslint-disable-next-line no-control-regex -- looking for control characters
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

describe("cleanText: the service's words without controls", () => {
  it("removes bidirectional controls: an override never turns a word around", () => {
    expect(cleanText("\u202eNOITAUCAVE", 100)).toBe("NOITAUCAVE");
    const all =
      "a\u202Ab\u202Bc\u202Cd\u202De\u202Ef\u2066g\u2067h\u2068i\u2069j\u200Ek\u200Fl\u061Cm";
    expect(cleanText(all, 100)).toBe("abcdefghijklm");
  });

  it("removes C0 controls, DEL and C1 controls; a one-line text's breaks and tabs become spaces", () => {
    const text = "Flash\u0000 Flood\u0007\u001b[31m Warning\u007f\u0085\u009b\r\n\tfor\u000bHarris";
    const clean = cleanText(text, 100);
    expect(clean).toBe("Flash Flood[31m Warning for Harris");
    expect(clean).not.toMatch(CONTROLS);
  });

  it("keeps a multi-line text's lines and tabs (CR LF made LF), without other controls", () => {
    const text = "* WHAT...Flooding.\r\n\r\n\r\n\r\n* WHERE...\tHarris\u202e County.\u0000\r";
    expect(cleanText(text, 1000, { multiline: true })).toBe(
      "* WHAT...Flooding.\n\n* WHERE...\tHarris County.",
    );
  });

  it("cuts a 200 KB text at a word boundary, ending with an ellipsis, never longer than asked", () => {
    const huge = "Turn around, don't drown. ".repeat(8000); // 208,000 characters
    const cut = cleanText(huge, 4000, { multiline: true });
    expect(cut.length).toBeLessThanOrEqual(4000);
    expect(cut.length).toBeGreaterThan(3900);
    expect(cut.endsWith("…")).toBe(true);
    // The last word kept is whole.
    const lastWord = cut.slice(0, -1).split(/\s+/).pop();
    expect(["Turn", "around", "don't", "drown"]).toContain(lastWord?.replace(/[,.]$/, ""));
    // Controls after the first few thousand characters cost nothing and show nothing.
    const controls = `Flood ${"\u202e".repeat(100_000)}warning`;
    expect(cleanText(controls, 50)).toBe("Flood…");
    expect(cleanText(controls, 50)).not.toMatch(BIDI);
  });

  it("leaves a short text as it is, trims it, and reads nothing as empty", () => {
    expect(cleanText("  Wind Advisory ", 100)).toBe("Wind Advisory");
    expect(cleanText(null, 100)).toBe("");
    expect(cleanText(undefined, 100)).toBe("");
  });
});

describe("cutAtWord", () => {
  it("cuts at the last word boundary within the room, without dangling punctuation", () => {
    expect(cutAtWord("Flash Flood Warning", 100)).toBe("Flash Flood Warning");
    expect(cutAtWord("Flash Flood Warning", 15)).toBe("Flash Flood…");
    expect(cutAtWord("Flooding, then wind", 12)).toBe("Flooding…");
    // A cut falling just before a space keeps the whole word.
    expect(cutAtWord("Flash Flood Warning", 12)).toBe("Flash Flood…");
  });

  it("cuts inside a word too long to cut at a boundary, never splitting a surrogate pair", () => {
    expect(cutAtWord("A".repeat(50), 10)).toBe(`${"A".repeat(9)}…`);
    const emoji = "🌀".repeat(10); // 20 UTF-16 units
    const cut = cutAtWord(emoji, 6);
    expect(cut).toBe("🌀🌀…");
    expect(cut.length).toBeLessThanOrEqual(6);
  });

  it("marks a text that is only the start of a longer one as cut", () => {
    expect(cutAtWord("Flood warn", 100, true)).toBe("Flood…");
  });
});
