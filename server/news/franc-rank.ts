import { data } from "franc-min/data.js";
import { expressions } from "franc-min/expressions.js";

// franc-min's francAll, computed the same way to the last bit, several times faster.
//
// franc scores each language of the text's script by a distance: for each distinct trigram of
// the text, the gap between the text's count of it and its rank in the language's model, or 300
// when the model lacks it. It walks every language's model for every trigram (for a Latin
// text, 44 languages), which made the guess the costliest step of reading a feed. Here each
// script's models are turned once into one index, trigram to (language, rank) pairs, so only the
// trigrams a language has cost anything: its distance is 300 for each trigram, less what each
// trigram it has takes off. The sums are of whole numbers, so they are franc's exactly, and the
// ranking and scores after them are franc's own steps (franc-rank.test.ts compares the two).

/** franc's: how much of a text is read, and the distance of a trigram a model lacks. */
const MAX_LENGTH = 2048;
const MAX_DIFFERENCE = 300;

/** A language and its score (1 for the best; franc's TrigramTuple). */
export type LanguageScore = [string, number];

/** A script's languages (in franc's order) and, per trigram, [language index, rank, …]. */
interface ScriptIndex {
  languages: string[];
  ranks: Map<string, number[]>;
}

const INDEXES = new Map<string, ScriptIndex>();

/** The index of a script's models, made on first use; none for a script of one language. */
function indexOf(script: string): ScriptIndex | undefined {
  const cached = INDEXES.get(script);
  if (cached || !Object.hasOwn(data, script)) return cached;
  const models = data[script] as Record<string, string>;
  const languages = Object.keys(models);
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
  const index = { languages, ranks };
  INDEXES.set(script, index);
  return index;
}

/** franc's getTopScript: the script most of the text is written in, and its share. */
function topScript(value: string): [string | undefined, number] {
  let top: string | undefined;
  let topShare = -1;
  for (const [script, expression] of Object.entries(expressions)) {
    const share = (value.match(expression)?.length ?? 0) / value.length || 0;
    if (share > topShare) {
      topShare = share;
      top = script;
    }
  }
  return [top, topShare];
}

const PUNCTUATION_AND_DIGITS = /[\u0021-\u0040]+/g;
const WHITESPACE = /\s+/g;
/** The trigram counts of the text being read (one map, cleared for each). */
const COUNTS = new Map<string, number>();

/** trigram-utils' asDictionary: how often each trigram of the cleaned text occurs. */
function countTrigrams(value: string): Map<string, number> {
  const cleaned = value
    .replace(PUNCTUATION_AND_DIGITS, " ")
    .replace(WHITESPACE, " ")
    .trim()
    .toLowerCase();
  const padded = ` ${cleaned} `;
  COUNTS.clear();
  for (let i = 0; i + 3 <= padded.length; i++) {
    const trigram = padded.slice(i, i + 3);
    COUNTS.set(trigram, (COUNTS.get(trigram) ?? 0) + 1);
  }
  return COUNTS;
}

/** franc's getDistances, by the index: each language with its distance, nearest first. */
function distancesOf(counts: Map<string, number>, index: ScriptIndex): LanguageScore[] {
  const distances = index.languages.map((): number => MAX_DIFFERENCE * counts.size);
  for (const [trigram, count] of counts) {
    const ranks = index.ranks.get(trigram);
    if (ranks === undefined) continue;
    for (let i = 0; i < ranks.length; i += 2) {
      const language = ranks[i] as number;
      const difference = count - (ranks[i + 1] as number) - 1;
      distances[language] =
        (distances[language] as number) +
        (difference < 0 ? -difference : difference) -
        MAX_DIFFERENCE;
    }
  }
  // (Array.prototype.sort is stable: ties stay in franc's order of languages)
  return index.languages
    .map((language, i): LanguageScore => [language, distances[i] as number])
    .sort((a, b) => a[1] - b[1]);
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
  const ranked = distancesOf(countTrigrams(value), index);
  // franc's normalize
  const min = (ranked[0] as LanguageScore)[1];
  const max = value.length * MAX_DIFFERENCE - min;
  for (const entry of ranked) entry[1] = 1 - (entry[1] - min) / max || 0;
  return ranked;
}
