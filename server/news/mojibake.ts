import { isUtf8 } from "node:buffer";
import { WINDOWS_1252_C1 } from "./decode";

// Text that a publisher's system broke before it reached the feed, repaired where the repair is
// unambiguous (as the Python library ftfy does, more cautiously):
//  - mojibake: UTF-8 read as windows-1252 (or Latin-1) and written out again as UTF-8, so that
//    "invités" arrives as "invitÃ©s" and "n’est" as "nâ€™est";
//  - C1 control characters (U+0080-U+009F) in UTF-8 text: windows-1252 bytes that went through a
//    Latin-1 decoder ("don\u0092t"); feed readers show them as the windows-1252 characters.

/** windows-1252's characters of the 0x80-0x9F row, back to their bytes. */
const BYTE_OF_SPECIAL = new Map<string, number>(
  [...WINDOWS_1252_C1].map((c, i) => [c, 0x80 + i] as const),
);

/** The byte windows-1252 (or Latin-1, for C1 controls) writes a character as, or -1. */
function byteOf(c: string): number {
  const code = c.charCodeAt(0);
  if (code < 0x100) return code;
  return BYTE_OF_SPECIAL.get(c) ?? -1;
}

/** Characters that begin a mojibake sequence this repairs, and what may follow them. */
const SUSPECT =
  /[\u00c2-\u00c5\u00ce\u00cf\u00d0\u00d1\u00e2][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/;

/**
 * Whether `decoded`, what a run decodes to, holds only what mojibake of these kinds stands for:
 * Latin-1 letters and signs, Latin Extended-A (Polish, Czech, Turkish…), Greek, Cyrillic, and
 * the punctuation, currency and letterlike signs of U+2000-U+214F ("’", "…", "€", "™"). A
 * decoding to anything else (CJK from "é…”", say) means the text was not mojibake: left alone.
 */
function plausible(decoded: string): boolean {
  for (const c of decoded) {
    const code = c.codePointAt(0) ?? 0;
    if (code < 0x80) continue;
    const ok =
      (code >= 0xa0 && code <= 0x17f) ||
      (code >= 0x370 && code <= 0x3ff) ||
      (code >= 0x400 && code <= 0x45f) ||
      (code >= 0x2000 && code <= 0x214f);
    if (!ok) return false;
  }
  return true;
}

/** Lead characters of the sequences repaired, and how many continuation characters follow. */
const LEADS = new Map<string, number>([
  ...[..."\u00c2\u00c3\u00c4\u00c5\u00ce\u00cf\u00d0\u00d1"].map((c) => [c, 1] as const),
  ["\u00e2", 2],
]);

/**
 * Repairs the mojibake sequences of a run of text windows-1252 can write, one by one: a lead
 * character, then characters whose windows-1252 bytes continue a UTF-8 sequence, decoding to a
 * plausible character. Everything else (an "é" followed by "…”", a lone "Ã") stays as it is.
 */
function repairRun(run: string): string {
  if (!SUSPECT.test(run)) return run;
  const chars = Array.from(run);
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const follow = LEADS.get(c);
    if (follow !== undefined) {
      const sequence = chars.slice(i, i + follow + 1);
      const bytes = Buffer.from(sequence.map(byteOf));
      if (sequence.length === follow + 1 && isUtf8(bytes)) {
        const decoded = bytes.toString("utf8");
        if (plausible(decoded)) {
          out += decoded;
          i += follow;
          continue;
        }
      }
    }
    out += c;
  }
  return out;
}

/** Characters windows-1252 cannot write: they split a text into runs repaired one by one. */
const NOT_1252 =
  // eslint-disable-next-line no-control-regex -- the whole Latin-1 range, controls included
  /[^\u0000-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]+/;

/** The C1 control characters. */
const C1 = /[\u0080-\u009f]/g;
/** Splits a text into runs windows-1252 can write (even places) and runs it cannot (odd). */
const SPLIT = new RegExp(`(${NOT_1252.source})`);

/**
 * Repairs double-encoded text (twice over at most: some systems did it twice) and C1 control
 * characters; text with neither is returned as it is, at the cost of one regular expression.
 */
export function repairText(text: string): string {
  let out = text;
  for (let pass = 0; pass < 2 && SUSPECT.test(out); pass++) {
    const repaired = out
      .split(SPLIT)
      .map((part, i) => (i % 2 === 0 ? repairRun(part) : part))
      .join("");
    if (repaired === out) break;
    out = repaired;
  }
  // What is left of the C1 range: windows-1252's characters (its five unassigned codes dropped).
  return out.replace(C1, (c) => {
    const mapped = WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] ?? "";
    return mapped.charCodeAt(0) < 0xa0 ? "" : mapped;
  });
}
