import { data } from "franc-min/data.js";
import { expressions } from "franc-min/expressions.js";

// franc-min's francAll, computed the same way to the last bit, several times faster.
//
// franc scores each language of the text's script by a distance: for each distinct trigram of
// the text, the gap between the text's count of it and its rank in the language's model, or 300
// when the model lacks it. It walks every language's model for every trigram (for a Latin
// text, 44 languages) and makes a string of every trigram, which made the guess the costliest
// step of reading a feed. Here each script's models are turned once into one index, trigram to
// (language, rank) pairs, so only the trigrams a language has cost anything: its distance is 300
// for each trigram, less what each trigram it has takes off. Trigrams are numbers (their three
// UTF-16 code units, as franc slices them) in hash tables of typed arrays, and the text's table
// is one, reused. The sums are of whole numbers, so they are franc's exactly, and the ranking and
// scores after them are franc's own steps (franc-rank.test.ts compares the two).

/** franc's: how much of a text is read, and the distance of a trigram a model lacks. */
const MAX_LENGTH = 2048;
const MAX_DIFFERENCE = 300;

/** A language and its score (1 for the best; franc's TrigramTuple). */
export type LanguageScore = [string, number];

/** A trigram as one number: its three UTF-16 code units, 16 bits each (exact in a double). */
function keyOf(a: number, b: number, c: number): number {
  return a * 0x1_0000_0000 + b * 0x1_0000 + c;
}

/** A trigram's hash: where its search starts in a table (masked to the table's size). */
function hashOf(a: number, b: number, c: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  return h ^ (h >>> 15);
}

/** A table's size (a power of two) for `entries` trigrams, at most half full. */
function capacityFor(entries: number): number {
  let size = 16;
  while (size < entries * 2) size *= 2;
  return size;
}

/** The empty slot of a table (a trigram's key is never negative). */
const EMPTY = -1;

/**
 * A script's languages (in franc's order), and their models indexed by trigram: a slot of `keys`
 * (found from the trigram's hash, then the next ones) holds a trigram, and pairs[starts[slot],
 * ends[slot]) its [language index, rank] pairs.
 */
interface ScriptIndex {
  languages: string[];
  mask: number;
  keys: Float64Array;
  starts: Int32Array;
  ends: Int32Array;
  pairs: Int32Array;
}

/** The [language index, rank] pairs of each trigram of a script's models. */
function ranksOf(models: Record<string, string>, languages: string[]): Map<string, number[]> {
  const ranks = new Map<string, number[]>();
  languages.forEach((language, index) => {
    const trigrams = (models[language] as string).split("|");
    for (let rank = 0; rank < trigrams.length; rank++) {
      const trigram = trigrams[rank] as string;
      const found = ranks.get(trigram);
      if (!found) ranks.set(trigram, [index, rank]);
      // (a trigram a model lists twice ranks where it is first, as in franc)
      else if (found[found.length - 2] !== index) found.push(index, rank);
    }
  });
  return ranks;
}

/** A script's index (see ScriptIndex), made from its models. */
function indexModels(models: Record<string, string>): ScriptIndex {
  const languages = Object.keys(models);
  const ranks = ranksOf(models, languages);
  const size = capacityFor(ranks.size);
  const index: ScriptIndex = {
    languages,
    mask: size - 1,
    keys: new Float64Array(size).fill(EMPTY),
    starts: new Int32Array(size),
    ends: new Int32Array(size),
    pairs: new Int32Array([...ranks.values()].reduce((n, pairs) => n + pairs.length, 0)),
  };
  let next = 0;
  for (const [trigram, pairs] of ranks) {
    const [a, b, c] = [0, 1, 2].map((i) => trigram.charCodeAt(i)) as [number, number, number];
    let slot = hashOf(a, b, c) & index.mask;
    while (index.keys[slot] !== EMPTY) slot = (slot + 1) & index.mask;
    index.keys[slot] = keyOf(a, b, c);
    index.starts[slot] = next;
    index.pairs.set(pairs, next);
    next += pairs.length;
    index.ends[slot] = next;
  }
  return index;
}

const INDEXES = new Map<string, ScriptIndex>();

/** The index of a script's models, made on first use; none for a script of one language. */
function indexOf(script: string): ScriptIndex | undefined {
  const cached = INDEXES.get(script);
  if (cached || !Object.hasOwn(data, script)) return cached;
  const index = indexModels(data[script] as Record<string, string>);
  INDEXES.set(script, index);
  return index;
}

/**
 * How often each trigram of a text occurs (trigram-utils' asDictionary): a hash table, made
 * once and grown when a text needs it, whose slots used are listed in `used` (and emptied after).
 */
class TrigramCounts {
  mask = 0;
  keys = new Float64Array(0);
  counts = new Int32Array(0);
  hashes = new Int32Array(0);
  used = new Int32Array(0);
  /** How many distinct trigrams the table holds. */
  size = 0;

  /** Counts the trigrams of `text` (the table empty before). */
  count(text: string): void {
    if (text.length * 2 > this.keys.length) this.grow(capacityFor(text.length));
    const { keys, counts, hashes, used, mask } = this;
    let a = text.charCodeAt(0);
    let b = text.charCodeAt(1);
    for (let i = 2; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const hash = hashOf(a, b, c);
      const key = keyOf(a, b, c);
      let slot = hash & mask;
      while (keys[slot] !== key && keys[slot] !== EMPTY) slot = (slot + 1) & mask;
      if (keys[slot] === key) counts[slot] = (counts[slot] as number) + 1;
      else {
        keys[slot] = key;
        counts[slot] = 1;
        hashes[slot] = hash;
        used[this.size++] = slot;
      }
      a = b;
      b = c;
    }
  }

  /** Empties the table. */
  clear(): void {
    for (let i = 0; i < this.size; i++) this.keys[this.used[i] as number] = EMPTY;
    this.size = 0;
  }

  private grow(size: number): void {
    this.mask = size - 1;
    this.keys = new Float64Array(size).fill(EMPTY);
    this.counts = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.used = new Int32Array(size);
  }
}

const COUNTS = new TrigramCounts();

/** franc's scripts and their expressions, in franc's order. */
const SCRIPTS = Object.entries(expressions);
/**
 * Each expression made to match one whole character. franc's expressions are alternatives of
 * character classes and surrogate pairs: in text without surrogates, each of their matches is
 * one character of a class.
 */
const WHOLE_CHARACTER = SCRIPTS.map(([, expression]) => new RegExp(`^(?:${expression.source})$`));
/** Per BMP character, the scripts (a bit each, by SCRIPTS) whose expression matches it. */
const CHARACTER_SCRIPTS = new Uint32Array(0x1_0000);
/** Set in CHARACTER_SCRIPTS once a character is looked up. */
const LOOKED_UP = 0x8000_0000;
const SURROGATE = /[\uD800-\uDFFF]/;
/** How many characters of the text each script has (reused). */
const SCRIPT_COUNTS = new Int32Array(SCRIPTS.length);

/** The scripts a BMP character is in (see CHARACTER_SCRIPTS), looked up on first sight. */
function scriptsOf(code: number): number {
  let scripts = CHARACTER_SCRIPTS[code] as number;
  if (scripts === 0) {
    const character = String.fromCharCode(code);
    scripts = LOOKED_UP;
    WHOLE_CHARACTER.forEach((expression, i) => {
      if (expression.test(character)) scripts |= 1 << i;
    });
    CHARACTER_SCRIPTS[code] = scripts;
  }
  return scripts & ~LOOKED_UP;
}

/** How many matches each of franc's expressions has in `value`, in SCRIPT_COUNTS. */
function countScripts(value: string): void {
  if (SURROGATE.test(value)) {
    // (franc's own way, for text with characters beyond the BMP)
    SCRIPTS.forEach(
      ([, expression], i) => (SCRIPT_COUNTS[i] = value.match(expression)?.length ?? 0),
    );
    return;
  }
  SCRIPT_COUNTS.fill(0);
  for (let i = 0; i < value.length; i++) {
    for (let scripts = scriptsOf(value.charCodeAt(i)), s = 0; scripts !== 0; scripts >>>= 1, s++) {
      if (scripts & 1) SCRIPT_COUNTS[s] = (SCRIPT_COUNTS[s] as number) + 1;
    }
  }
}

/** franc's getTopScript: the script most of the text is written in, and its share. */
function topScript(value: string): [string | undefined, number] {
  countScripts(value);
  let top: string | undefined;
  let topShare = -1;
  SCRIPTS.forEach(([script], i) => {
    const share = (SCRIPT_COUNTS[i] as number) / value.length || 0;
    if (share > topShare) {
      topShare = share;
      top = script;
    }
  });
  return [top, topShare];
}

const PUNCTUATION_AND_DIGITS = /[\u0021-\u0040]+/g;
const WHITESPACE = /\s+/g;

/** trigram-utils' clean, padded with a space each side as its trigrams() pads it. */
function cleaned(value: string): string {
  const text = value.replace(PUNCTUATION_AND_DIGITS, " ").replace(WHITESPACE, " ");
  return ` ${text.trim().toLowerCase()} `;
}

/** The distance of each language of `index` from the counted trigrams (franc's getDistance). */
function distancesOf(counts: TrigramCounts, index: ScriptIndex): number[] {
  const distances = index.languages.map((): number => MAX_DIFFERENCE * counts.size);
  const { keys, starts, ends, pairs, mask } = index;
  for (let u = 0; u < counts.size; u++) {
    const at = counts.used[u] as number;
    const key = counts.keys[at] as number;
    let slot = (counts.hashes[at] as number) & mask;
    while (keys[slot] !== key && keys[slot] !== EMPTY) slot = (slot + 1) & mask;
    if (keys[slot] === EMPTY) continue;
    const count = counts.counts[at] as number;
    for (let p = starts[slot] as number; p < (ends[slot] as number); p += 2) {
      const language = pairs[p] as number;
      const difference = count - (pairs[p + 1] as number) - 1;
      distances[language] =
        (distances[language] as number) +
        (difference < 0 ? -difference : difference) -
        MAX_DIFFERENCE;
    }
  }
  return distances;
}

/**
 * What franc-min's `francAll(text, { minLength })` answers: the languages of the text's script,
 * best first, each scored from 1 down; [["und", 1]] when the text is too short or has no script.
 */
export function rankLanguages(text: string, minLength: number): LanguageScore[] {
  if (!text || text.length < minLength) return [["und", 1]];
  const value = text.slice(0, MAX_LENGTH);
  const [script, share] = topScript(value);
  const index = script === undefined ? undefined : indexOf(script);
  if (!index) return !script || share === 0 ? [["und", 1]] : [[script, 1]];
  COUNTS.count(cleaned(value));
  const distances = distancesOf(COUNTS, index);
  COUNTS.clear();
  // franc's getDistances' sort (stable: ties stay in franc's order of languages), then normalize
  const ranked = index.languages
    .map((language, i): LanguageScore => [language, distances[i] as number])
    .sort((a, b) => a[1] - b[1]);
  const min = (ranked[0] as LanguageScore)[1];
  const max = value.length * MAX_DIFFERENCE - min;
  for (const entry of ranked) entry[1] = 1 - (entry[1] - min) / max || 0;
  return ranked;
}
