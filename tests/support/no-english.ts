import { expect } from "vitest";
import { wordsLeft, type WordsLeftOptions } from "./english-words";

/** A page's HTML or text, or several texts (joined by new lines). */
type Text = string | readonly string[];

/**
 * Expects a page of another language to hold none of the English `words`, found as `options`
 * say (tests/support/english-words.ts); a failure lists every word left.
 */
export function expectNoEnglish(
  text: Text,
  words: readonly string[],
  options: WordsLeftOptions = {},
): void {
  const joined = typeof text === "string" ? text : text.join("\n");
  expect(wordsLeft(joined, words, options), "English words left").toEqual([]);
}

/** expectNoEnglish for one test file's list of English words: `expectNoEnglishOf(ENGLISH)(html)`. */
export function expectNoEnglishOf(
  words: readonly string[],
  options: WordsLeftOptions = {},
): (text: Text) => void {
  return (text) => expectNoEnglish(text, words, options);
}
