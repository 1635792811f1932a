import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./index";
import { RELATIVE_WORDS, relativeWords, relativeWordsOf } from "./relative";

describe("the words of relative dates", () => {
  it("are those of every catalogue, and of no language without one", () => {
    expect(Object.keys(RELATIVE_WORDS).sort()).toEqual(Object.keys(CATALOGUES).sort());
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      expect(RELATIVE_WORDS[language], language).toEqual(relativeWords(catalogue));
    }
  });

  it("are found by a locale's language, English where it has no catalogue (as catalogueFor)", () => {
    expect(relativeWordsOf("es-US")["time.yesterday"]).toBe("ayer");
    expect(relativeWordsOf("es")["time.justNow"]).toBe("ahora mismo");
    expect(relativeWordsOf("en-GB")).toBe(RELATIVE_WORDS.en);
    expect(relativeWordsOf("de-DE")).toBe(RELATIVE_WORDS.en);
  });
});
