/**
 * How a word of a list counts as found in a text:
 * - "anywhere": as a substring (a list of markup such as ">News Feed<" wants this);
 * - "word": between word boundaries (\b), so that "Wind" is not found in "Windows";
 * - "letters": not touching a letter of any alphabet, so that "Contact" is not found in
 *   "Contacto" nor "Radio" in "Radió" (\b knows only ASCII letters).
 */
export type WordMatch = "anywhere" | "word" | "letters";

export interface WordsLeftOptions {
  /** How a word is found ("anywhere" unless told). */
  match?: WordMatch;
  /** Whether case is ignored (it counts unless told). */
  ignoreCase?: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The pattern that finds `word` in a text as `match` says. */
function patternOf(word: string, match: WordMatch, ignoreCase: boolean): RegExp {
  const escaped = escapeRegExp(word);
  if (match === "letters") {
    return new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, ignoreCase ? "iu" : "u");
  }
  const source = match === "word" ? `\\b${escaped}\\b` : escaped;
  return new RegExp(source, ignoreCase ? "i" : "");
}

/**
 * The words of `words` that `text` holds, in the list's order: what a page of another language
 * left in English. Plain (no test runner's `expect`), so that unit tests and Playwright's
 * specs share it; unit tests assert with expectNoEnglish (tests/support/no-english.ts).
 */
export function wordsLeft(
  text: string,
  words: readonly string[],
  options: WordsLeftOptions = {},
): string[] {
  const { match = "anywhere", ignoreCase = false } = options;
  return words.filter((word) => patternOf(word, match, ignoreCase).test(text));
}
